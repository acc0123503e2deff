// SQLite has one writer at a time. While another connection holds the write lock (a second
// process during a restart, a backup, a script), a write waits for it (busy_timeout) instead of
// failing at once with SQLITE_BUSY; a lock held longer than that is a 503 with Retry-After.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import Stripe from 'stripe';
import knexFactory, { type Knex } from 'knex';
import type { AppHandle } from '../../app';
import { ON_POSTGRES, testApp } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';

describe('a write while another connection holds the SQLite write lock', { skip: ON_POSTGRES }, () => {
  let dir: string;
  let fake: FakeStripe;
  let h: AppHandle;
  let other: Knex;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-busy-'));
    const file = path.join(dir, 'site.sqlite3');
    fake = await startFakeStripe();
    h = await testApp({ ...fake.env(), DATABASE_URL: `sqlite:${file}` });
    // Another process's connection to the same file.
    other = knexFactory({ client: 'sqlite3', connection: { filename: file }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  });
  after(async () => {
    await other?.destroy();
    await h?.close();
    await fake?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deliver = (intentId: string) => {
    const intent = fake.intents.get(intentId)!;
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    return request(h.app)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }))
      .send(payload);
  };

  test('a webhook waits for a lock held for 2.5 s (longer than the driver default of 1 s) and is applied, not a 500', async () => {
    const project = await h.deps.db('projects').orderBy('id').first();
    const intent = fake.addIntent({ amount: 2500, status: 'succeeded', metadata: { projectId: String(project.id), language: 'en' } });
    // The other connection takes the write lock and keeps it for 2.5 s.
    const held = other.transaction(async (trx) => {
      await trx.raw("update app_settings set value = value where key = 'session_secret'");
      await new Promise((r) => setTimeout(r, 2500));
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await deliver(intent.id);
    await held;
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.applied, true);
    const after = await h.deps.db('projects').where({ id: project.id }).first();
    assert.equal(Number(after.raisedCents), Number(project.raisedCents) + 2500);
  });

  test('a lock held longer than the wait gives 503 with Retry-After (Stripe delivers again later)', async () => {
    const project = await h.deps.db('projects').orderBy('id').first();
    const intent = fake.addIntent({ amount: 700, status: 'succeeded', metadata: { projectId: String(project.id), language: 'en' } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = other.transaction(async (trx) => {
      await trx.raw("update app_settings set value = value where key = 'session_secret'");
      await released;
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await deliver(intent.id);
    release();
    await held;
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.equal(res.headers['retry-after'], '5');
    // Stripe's redelivery, once the lock is gone, applies it exactly once.
    const again = await deliver(intent.id);
    assert.equal(again.status, 200);
    assert.equal(again.body.applied, true);
  });
});
