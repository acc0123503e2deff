import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

describe('server errors', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('a failing database gives a friendly page and a JSON error, never a stack trace', async () => {
    // Break the data layer for real: drop a table the home page reads.
    await h.deps.db.schema.renameTable('team_members', 'team_members_gone');
    try {
      const page = await request(h.app).get('/').expect(500);
      assert.ok(page.text.includes('Something went wrong'));
      assert.ok(!/at .*\.ts:\d+/.test(page.text), 'no stack trace');
      assert.ok(!page.text.includes('SQLITE_ERROR'));
      const api = await request(h.app).get('/api/team').expect(500);
      assert.equal(api.body.error, 'Something went wrong on our side. Please try again later.');
      assert.equal(api.body.code, 'internal');
    } finally {
      await h.deps.db.schema.renameTable('team_members_gone', 'team_members');
    }
  });
});

test('a database that cannot be reached gives 503 with Retry-After, not a 500', async () => {
  const h = await testApp();
  // Its connection pool gone (as while the database restarts): every query fails to connect.
  await h.deps.jobs.stop();
  await h.deps.db.destroy();
  const api = await request(h.app).get('/api/projects');
  assert.equal(api.status, 503);
  assert.equal(api.headers['retry-after'], '5');
  assert.equal(api.body.error, 'The site is briefly unavailable. Please try again in a moment.');
  assert.equal(api.body.code, 'unavailable');
  const page = await request(h.app).get('/news');
  assert.equal(page.status, 503);
  assert.ok(!/at .*\.ts:\d+/.test(page.text), 'no stack trace');
  await h.close().catch(() => undefined);
});
