// Machine translation drafts, the last rough edges: a text over the limit is refused with a field
// code the admin page can say in its language; a glossary retry that runs out of time keeps the
// first draft (never a 504 for a usable draft); a client that goes away cancels the parts still
// asked; two instances adding one term in two cases at once get one 201 and one 409 (a unique
// folded key, filled in by the migration for the terms already there). The real openai SDK talks
// to the fake in test/fakes/openai.ts.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { freshDatabase, testApp, testAppWithAI } from '../helpers';
import type { AppHandle } from '../../app';
import type { FakeOpenAI } from '../fakes/openai';
import { createAssistant, foldTerm, markdownChunks } from '../../models/providers/assistant';
import { openDatabase, schemaOf } from '../../db/connection';
import { migrationSource } from '../../db/migrations/index';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('translation drafts: limits, retries and cancelling', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, ai, close } = await testAppWithAI());
    await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital' }).expect(201);
  });
  after(() => close());

  test('a text over the limit: 400 with the field code too_long and its limit', async () => {
    ai.requests.length = 0;
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'x'.repeat(20_001), from: 'en', to: 'de' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.fieldErrors.text, { code: 'too_long', params: { max: 20_000 } });
    assert.equal(ai.requests.length, 0);
  });

  test('a glossary retry that runs out of the round\'s time keeps the first draft with glossaryMissing', async () => {
    // 1.5 s per attempt, 2 s for the round: the first answer (1.2 s) fits, a retry (another 1.2 s) does not.
    const saved = h.deps.assistant;
    h.deps.assistant = await createAssistant({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-test', log: h.deps.log, timeoutMs: 1_500, totalTimeoutMs: 2_000 });
    ai.mode = 'skip_glossary';
    ai.delayMs = 1_200;
    ai.requests.length = 0;
    try {
      const started = Date.now();
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water for the Mission Hospital', from: 'en', to: 'de' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.text, 'Wasser für die Mission Hospital');
      assert.deepEqual(res.body.glossaryMissing, ['Missionsspital']);
      assert.equal(ai.requests.length, 2, 'the retry was asked');
      assert.ok(Date.now() - started < 2_000, 'answered before the round\'s deadline');
    } finally {
      ai.mode = 'ok';
      ai.delayMs = 0;
      h.deps.assistant = saved;
    }
  });

  test('a client that goes away: no further part is asked, those under way are cancelled', async () => {
    const paragraph = (n: number) => `${n}. The children of the villages read more in the new school. `.repeat(40).trim();
    const text = Array.from({ length: 8 }, (_, i) => paragraph(i)).join('\n\n');
    assert.ok(markdownChunks(text).chunks.length >= 4, 'at least two rounds of parts');
    const server: Server = await new Promise((resolve) => {
      const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    ai.delayMs = 800;
    ai.requests.length = 0;
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/translate`;
      const controller = new AbortController();
      const call = fetch(url, { method: 'POST', headers: { ...ADMIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ text, from: 'en', to: 'de' }), signal: controller.signal }).catch(
        (err: Error) => err,
      );
      // The first round is under way at the fake.
      for (let i = 0; i < 50 && ai.inFlight < 2; i++) await sleep(20);
      assert.equal(ai.inFlight, 2);
      controller.abort();
      assert.ok((await call) instanceof Error);
      for (let i = 0; i < 50 && ai.inFlight > 0; i++) await sleep(20);
      assert.equal(ai.inFlight, 0, 'the parts under way were cancelled');
      // Long enough for the first round to have answered and a second round to have been asked.
      await sleep(1_200);
      assert.equal(ai.requests.length, 2, 'no further part was asked');
    } finally {
      ai.delayMs = 0;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the glossary\'s folded term is unique in the database', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => h.close());

  test('two adds of one term in two cases at once: one 201, one 409', async () => {
    for (const [a, b] of [
      ['Chikombedzi', 'chikombedzi'],
      ['Ärztehaus', 'ÄRZTEHAUS'],
    ]) {
      const answers = await Promise.all([
        request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: a, termDe: a }),
        request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: b, termDe: b }),
      ]);
      assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409], JSON.stringify(answers.map((r) => r.body)));
      const refused = answers.find((r) => r.status === 409)!;
      assert.equal(refused.body.fieldErrors.termEn.code, 'term_taken');
      const rows = await h.deps.db('glossary_terms').where({ termKey: foldTerm(a) });
      assert.equal(rows.length, 1);
    }
  });

  test('the migration fills the folded key of the terms already there (a pair an old race left stays)', async () => {
    const fresh = await freshDatabase();
    const db = openDatabase(fresh.env.DATABASE_URL!, { schema: fresh.env.DATABASE_SCHEMA });
    try {
      const schema = schemaOf(db);
      if (schema) await db.raw('create schema if not exists ??', [schema]);
      const all = await migrationSource.getMigrations([]);
      const before = all.indexOf('20261127000400_glossary_key');
      assert.ok(before > 0);
      for (let i = 0; i < before; i++) await db.migrate.up({ migrationSource });
      await db('glossary_terms').insert([
        { termEn: 'Zürich Nord', termDe: 'Zürich Nord' },
        { termEn: 'Mwenezi', termDe: 'Mwenezi' },
        { termEn: 'MWENEZI', termDe: 'Mwenezi' },
      ]);
      await db.migrate.up({ migrationSource });
      const rows = (await db('glossary_terms').orderBy('id').select('termEn', 'termKey')) as { termEn: string; termKey: string }[];
      assert.equal(rows[0]!.termKey, 'zürich nord');
      assert.equal(rows[1]!.termKey, 'mwenezi');
      assert.match(rows[2]!.termKey, /^mwenezi #\d+$/);
      await assert.rejects(db('glossary_terms').insert({ termEn: 'mwenezi', termKey: 'mwenezi', termDe: 'x' }));
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
