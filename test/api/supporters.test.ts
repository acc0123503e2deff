// The supporters (models/giving/supporters.ts, GET /api/admin/supporters): one row per donor
// address, totals in the book currency net of refunds and reversals, the regular gift and the
// projects followed; the lybunt and sybunt segments; an erased person is not listed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { swissYear } from '../../models/giving/names';
import { segmentOf } from '../../models/giving/supporters';
import type { AppHandle } from '../../app';
import type { Knex } from 'knex';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });
const year = swissYear(new Date());
const inYear = (y: number) => new Date(Date.UTC(y, 5, 15, 10)).toISOString();

let seq = 0;
async function gift(db: Knex, email: string | null, cents: number, at: string, more: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db('donations')
    .insert({ paymentIntentId: `pi_sup_${++seq}`, status: 'succeeded', kind: 'one_off', amountCents: cents, currency: 'chf', bookCents: cents, bookCurrency: 'chf', bookRate: '1', appliedAt: at, createdAt: at, donorEmail: email, ...more })
    .returning('id');
  return Number(typeof row === 'object' ? (row as { id: number }).id : row);
}

describe('the supporters (BOOK_CURRENCY=chf)', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ BOOK_CURRENCY: 'chf', ADMIN_KEYS, LOG_LEVEL: 'silent' }, { worker: false });
    const db = h.deps.db;
    const projectId = Number((await db('projects').orderBy('id').first('id')).id);
    // Anna gives every year; Ben gave last year only; Cleo two years ago only; Dan's gift was refunded.
    await gift(db, 'Anna@Example.org', 5000, inYear(year), { donorName: 'Anna Muster' });
    await gift(db, 'anna@example.org', 3000, inYear(year - 1), { donorName: 'A. Muster' });
    await gift(db, 'anna@example.org', 2000, inYear(year), { refundedCents: 1000 });
    await gift(db, 'ben@example.org', 4000, inYear(year - 1), { donorName: 'Ben' });
    await gift(db, 'cleo@example.org', 6000, inYear(year - 3), { donorName: 'Cleo' });
    await gift(db, 'dan@example.org', 2500, inYear(year), { refundedCents: 2500 });
    // Eve's offline gift was taken back by a reversing entry; her other gift counts.
    const eve = await gift(db, 'eve@example.org', 9000, inYear(year), { kind: 'offline', offlineMethod: 'cash' });
    await gift(db, 'eve@example.org', -9000, inYear(year), { kind: 'offline', offlineMethod: 'cash', bookCents: -9000, reversesId: eve });
    await gift(db, 'eve@example.org', 1500, inYear(year - 2), { kind: 'bank' });
    // An erased person, a failed attempt, a gift without an address.
    await gift(db, 'erased-0123456789abcdef@invalid', 7000, inYear(year - 1));
    await gift(db, 'fail@example.org', 7000, inYear(year), { status: 'failed' });
    await gift(db, null, 7000, inYear(year));
    await db('donation_subscriptions').insert({ subscriptionId: 'sub_sup_1', customerId: 'cus_1', donorEmail: 'anna@example.org', amountCents: 2000, currency: 'chf', status: 'active', paused: false });
    await db('donation_subscriptions').insert({ subscriptionId: 'sub_sup_2', customerId: 'cus_2', donorEmail: 'ben@example.org', amountCents: 1000, currency: 'chf', status: 'canceled', paused: false });
    await db('project_followers').insert({ projectId, email: 'ben@example.org', lang: 'de', unsubscribeToken: 'tok_sup_1' });
  });
  after(() => h.close());

  test('segments by the years given in', () => {
    assert.equal(segmentOf([year, year - 1], year), null);
    assert.equal(segmentOf([year - 1, year - 4], year), 'lybunt');
    assert.equal(segmentOf([year - 2], year), 'sybunt');
    assert.equal(segmentOf([], year), null);
  });

  test('one row per address: totals net of refunds and reversals, the regular gift, the projects followed; no erased person', async () => {
    const body = (await request(h.app).get('/api/admin/supporters').set(as('treasurer')).expect(200)).body;
    assert.equal(body.bookCurrency, 'CHF');
    const by = Object.fromEntries(body.supporters.map((s: { email: string }) => [s.email, s]));
    assert.deepEqual(Object.keys(by).sort(), ['anna@example.org', 'ben@example.org', 'cleo@example.org', 'eve@example.org']);
    assert.deepEqual([by['anna@example.org'].lifetimeCents, by['anna@example.org'].yearCents, by['anna@example.org'].name, by['anna@example.org'].gifts], [9000, 6000, 'Anna Muster', 3]);
    assert.deepEqual(by['anna@example.org'].regular, { amountCents: 2000, currency: 'chf', state: 'active' });
    assert.equal(by['ben@example.org'].regular.state, 'ended');
    assert.equal(by['ben@example.org'].follows.length, 1);
    assert.deepEqual([by['eve@example.org'].lifetimeCents, by['eve@example.org'].yearCents], [1500, 0], 'a reversed gift and its reversal count for nothing');
    assert.equal(by['cleo@example.org'].lastGiftOn, `${year - 3}-06-15`);
    assert.deepEqual(body.counts, { all: 4, lybunt: 1, sybunt: 2 });
  });

  test('?segment=lybunt and sybunt; the CSV; roles and bad input', async () => {
    const ly = (await request(h.app).get('/api/admin/supporters?segment=lybunt').set(as('treasurer')).expect(200)).body;
    assert.deepEqual(ly.supporters.map((s: { email: string }) => s.email), ['ben@example.org']);
    const sy = (await request(h.app).get('/api/admin/supporters?segment=sybunt').set(as('treasurer')).expect(200)).body;
    assert.deepEqual(sy.supporters.map((s: { email: string }) => s.email).sort(), ['cleo@example.org', 'eve@example.org']);
    const csv = await request(h.app).get('/api/admin/supporters?segment=lybunt&format=csv&lang=de').set(as('treasurer')).expect(200);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    assert.equal(lines.length, 2);
    assert.equal(lines[0]!.split(';')[0], 'E-Mail');
    assert.deepEqual(lines[1]!.split(';').slice(0, 5), ['ben@example.org', 'Ben', '40.00', '0.00', 'CHF']);
    assert.equal(lines[1]!.split(';')[8], 'beendet');
    await request(h.app).get('/api/admin/supporters').set(as('editor')).expect(403);
    for (const q of ['?segment=nobody', '?format=xls', '?lang=fr']) {
      const res = await request(h.app).get(`/api/admin/supporters${q}`).set(as('treasurer')).expect(400);
      assert.equal(typeof res.body.error, 'string');
    }
    assert.equal(Number((await h.deps.db('audit_log').where({ entity: 'supporters', action: 'export' }).count({ n: '*' }).first())?.n), 1);
  });
});
