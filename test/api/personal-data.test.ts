// People's data (the model, before its API and pages): what the site holds about
// one address, and its erasure, which keeps the gifts for the books under a pseudonym.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isSuppressed, recordMailEvent } from '../../models/people/mail-suppression';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, until } from '../helpers';
import { erasePersonalData, personalDataOf, pseudonymOf } from '../../models/privacy/personal-data';

const ANNA = 'anna@example.org';
const OTHER = 'ben@example.org';

describe("a person's data: access and erasure", () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
    const db = h.deps.db;
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'Anna@Example.org', language: 'de' }).expect(200);
    await request(h.app).post('/api/newsletter/subscribe').send({ email: OTHER, language: 'en' }).expect(200);
    await until(async () => Number((await db('outbox').count<{ n: number }[]>({ n: '*' }))[0]!.n) >= 2, 'the confirmation mails');
    const gift = (id: string, email: string, name: string) => ({
      paymentIntentId: id, amountCents: 5000, currency: 'chf', status: 'succeeded', kind: 'one_off', donorEmail: email, donorName: name, language: 'de', appliedAt: new Date('2026-03-02T10:00:00Z'),
    });
    await db('donations').insert([gift('pi_anna_1', ANNA, 'Anna Muster'), gift('pi_ben_1', OTHER, 'Ben Beispiel')]);
    await db('donation_subscriptions').insert({ subscriptionId: 'sub_anna', customerId: 'cus_anna', donorEmail: ANNA, donorName: 'Anna Muster', amountCents: 2000, currency: 'chf', status: 'canceled', language: 'de' });
  });
  after(() => h.close());

  test('access: every record about the address, whatever its case; nothing of anyone else', async () => {
    await recordMailEvent(h.deps.db, { source: 'ses', eventId: 'anna-complaint', address: ANNA, kind: 'complaint', detail: 'abuse' });
    const data = await personalDataOf(h.deps.db, ' ANNA@example.org ');
    assert.deepEqual(data.mailReports.map((r) => [r.kind, r.source]), [['complaint', 'ses']]);
    assert.equal(data.suppressed?.reason, 'complaint');
    assert.equal(data.email, ANNA);
    assert.equal(data.subscriptions.length, 1);
    assert.equal(data.subscriptions[0]!.language, 'de');
    assert.ok(data.subscriptions[0]!.consentRecords.some((e) => e.event === 'requested'), 'the consent record is there');
    assert.deepEqual(data.gifts.map((g) => [g.reference, g.amountCents, g.currency, g.name]), [[data.gifts[0]!.reference, 5000, 'chf', 'Anna Muster']]);
    assert.match(data.gifts[0]!.reference!, /^D-2026-\d{6}$/);
    assert.equal(data.monthlyGifts.length, 1);
    assert.equal(data.mails.length, 1, 'the confirmation mail');
    assert.ok(!JSON.stringify(data).includes(OTHER));
  });

  test('erasure: the subscriber and the mails go; the gifts stay for the books, under a pseudonym, with their references', async () => {
    const db = h.deps.db;
    const before = await personalDataOf(db, ANNA);
    const result = await erasePersonalData(db, ANNA, 'secret-of-this-site');
    assert.deepEqual(result, { subscribers: 1, gifts: 1, monthlyGifts: 1, certificates: 0, mails: 1, tokens: 0 });
    const after = await personalDataOf(db, ANNA);
    assert.deepEqual({ ...after, email: ANNA }, { email: ANNA, subscriptions: [], gifts: [], monthlyGifts: [], certificates: [], mails: [], tributeCards: [], followedProjects: [], fundraisers: [], bankAccounts: [], yearlyAppeals: [], mailReports: [], suppressed: null });
    assert.equal(await isSuppressed(db, ANNA), false, 'the suppression went with the rest');
    const pseudonym = pseudonymOf(ANNA, 'secret-of-this-site');
    assert.match(pseudonym, /^erased-[0-9a-f]{16}@invalid$/);
    const kept = await personalDataOf(db, pseudonym);
    assert.deepEqual(kept.gifts.map((g) => [g.reference, g.amountCents, g.name]), [[before.gifts[0]!.reference, 5000, null]]);
    assert.equal(kept.monthlyGifts[0]!.name, null);
    // Someone else's data is untouched.
    const ben = await personalDataOf(db, OTHER);
    assert.equal(ben.gifts[0]!.name, 'Ben Beispiel');
    assert.equal(ben.subscriptions.length, 1);
    // The books still add up: the gift counts as before.
    const sum = (await db('donations').where({ status: 'succeeded' }).sum({ s: 'amountCents' }))[0] as { s: unknown };
    assert.equal(Number(sum.s), 10000);
  });
});
