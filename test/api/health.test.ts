import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { Knex } from 'knex';
import type { AppHandle } from '../../app';
import { markDraining } from '../../controllers/health';
import { testApp } from '../helpers';

describe('health and readiness', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('/healthz: the process is up, never cached', async () => {
    const res = await request(h.app).get('/healthz').expect(200);
    assert.deepEqual(res.body, { status: 'ok' });
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('/readyz: the database answers and the migrations are current', async () => {
    const res = await request(h.app).get('/readyz').expect(200);
    assert.deepEqual(res.body, { status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('health routes are not request-logged and carry no request id, other routes do', async () => {
    const health = await request(h.app).get('/healthz').expect(200);
    assert.equal(health.headers['x-request-id'], undefined);
    const page = await request(h.app).get('/about').expect(200);
    assert.match(page.headers['x-request-id'] ?? '', /^[0-9a-f-]{36}$/);
  });
});

describe('request ids', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test("a proxy's sane X-Request-Id is kept and sent back", async () => {
    const res = await request(h.app).get('/api/projects').set('X-Request-Id', 'nginx.4f2a_9-Z').expect(200);
    assert.equal(res.headers['x-request-id'], 'nginx.4f2a_9-Z');
  });

  test('an id that could forge log lines or is too long is replaced by a fresh UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of ['a b', 'x"}{"level":60', 'x'.repeat(101), '']) {
      const res = await request(h.app).get('/api/projects').set('X-Request-Id', bad).expect(200);
      assert.match(res.headers['x-request-id'] ?? '', uuid, JSON.stringify(bad));
    }
    const ok = await request(h.app).get('/api/projects').set('X-Request-Id', 'y'.repeat(100)).expect(200);
    assert.equal(ok.headers['x-request-id'], 'y'.repeat(100));
    const a = await request(h.app).get('/api/projects');
    const b = await request(h.app).get('/api/projects');
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
  });

  test('TRUST_PROXY reaches express (default: loopback only)', async () => {
    assert.equal(h.app.get('trust proxy'), 'loopback');
    const proxied = await testApp({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' });
    try {
      assert.equal(proxied.app.get('trust proxy'), '10.0.0.5,10.1.0.0/16');
    } finally {
      await proxied.close();
    }
  });
});

describe('readiness failures answer 503 with the failing check', () => {
  test('during shutdown', async () => {
    const h = await testApp();
    try {
      await request(h.app).get('/readyz').expect(200);
      markDraining(h.app);
      const res = await request(h.app).get('/readyz').expect(503);
      assert.equal(res.body.status, 'unavailable');
      await request(h.app).get('/healthz').expect(200);
    } finally {
      await h.close();
    }
  });

  test('a migration this code knows has not run', async () => {
    const h = await testApp();
    try {
      const last = await h.deps.db('knex_migrations').max({ id: 'id' }).first<{ id: number }>();
      await h.deps.db('knex_migrations').where({ id: last.id }).delete();
      const res = await request(h.app).get('/readyz').expect(503);
      assert.deepEqual(res.body, { status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await h.close();
    }
  });

  test('the database does not answer within 2 s', async () => {
    const h = await testApp();
    // Every connection of the pool busy in an open transaction: the check's query cannot start.
    const held: Knex.Transaction[] = [];
    try {
      const max = (h.deps.db.client.pool as { max: number }).max;
      for (let i = 0; i < max; i++) held.push(await h.deps.db.transaction());
      const started = Date.now();
      const res = await request(h.app).get('/readyz').expect(503);
      const took = Date.now() - started;
      assert.equal(res.body.checks.database, 'timeout');
      assert.ok(took >= 1900 && took < 5000, `answered after ${took} ms`);
      await request(h.app).get('/healthz').expect(200);
    } finally {
      for (const trx of held) await trx.rollback();
      await h.close();
    }
  });

  test('the database is gone', async () => {
    const h = await testApp();
    try {
      await h.deps.db.destroy();
      const res = await request(h.app).get('/readyz').expect(503);
      assert.deepEqual(res.body, { status: 'unavailable', checks: { database: 'unreachable', migrations: 'unknown' } });
      await request(h.app).get('/healthz').expect(200);
    } finally {
      // Shutting down does not wait for a job stuck on the lost database past the jobs' grace (8 s;
      // it used to wait for the pool's own 60 s).
      const started = Date.now();
      await h.close();
      assert.ok(Date.now() - started < 15_000, `closed after ${Date.now() - started} ms`);
    }
  });
});
