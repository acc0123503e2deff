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
    } finally {
      await h.deps.db.schema.renameTable('team_members_gone', 'team_members');
    }
  });
});
