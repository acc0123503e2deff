// The bank statement fully explained: every line of an imported camt.053, credits and debits, with
// the bank's note and the other party; what explains each (a gift, Stripe's payout with its gifts,
// refunds and fees read from Stripe through the real SDK against the fake, a category that is not
// a gift, an assignment that remembers the sender's account); "closed" when all are; a remembered
// account credits the next transfer by itself and is erased with the donor's data.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Knex } from 'knex';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { camt053, type Line } from '../fixtures/bank-statement';
import { projectReference } from '../../models/giving/bank-reference';
import { erasePersonalData, personalDataOf } from '../../models/privacy/personal-data';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>` };
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

let seq = 0;
const id = () => `BS-${process.pid}-${++seq}`;

describe('bank statements', () => {
  let h: AppHandle;
  let fake: FakeStripe;
  let server: http.Server;
  let projectId: number;
  const db = (): Knex => h.deps.db;
  const upload = (xml: string, role: keyof typeof KEYS = 'treasurer') =>
    request(h.app).post('/api/admin/bank-imports').set(as(role)).attach('file', Buffer.from(xml, 'utf8'), { filename: 'camt053.xml', contentType: 'application/xml' });
  const explain = (statementId: number, lineId: number, body: unknown, role: keyof typeof KEYS = 'treasurer') =>
    request(h.app).post(`/api/admin/bank-statements/${statementId}/lines/${lineId}/explain`).set(as(role)).send(body as object);
  const detail = async (statementId: number) => (await request(h.app).get(`/api/admin/bank-statements/${statementId}`).set(as('treasurer')).expect(200)).body;
  const lineOf = (d: { items: { id: number; amountCents: number; direction: string }[] }, cents: number, direction = 'credit') => d.items.find((i) => i.amountCents === cents && i.direction === direction)!;
  /** A card gift paid at the fake, its webhook answered by the app (the donation knows its charge). */
  async function cardGift(amount: number): Promise<string> {
    const intent = fake.addIntent({ amount, currency: 'chf', status: 'succeeded', metadata: { projectId: String(projectId), language: 'de', donorEmail: 'card@example.org' } });
    assert.equal(await fake.deliver('payment_intent.succeeded', intent), 200);
    await fake.settle();
    return fake.chargeOf(intent.id).id;
  }

  before(async () => {
    fake = await startFakeStripe();
    fake.settlementCurrency = 'chf';
    fake.rates = { chf: 1, usd: 0.9, eur: 0.95 };
    h = await testApp({ ...ENV, ...fake.env() }, { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
    projectId = Number(((await db()('projects').where({ status: 'funding' }).orderBy('id').first('id')) as { id: number }).id);
  });
  after(async () => {
    await fake?.settle();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await fake.settle();
  });

  test('every line is kept, credits and debits, with the bank note and the other party; categories close it', async () => {
    const lines: Line[] = [
      { id: id(), date: '2026-10-02', amount: '40.00', name: 'Hans Muster', iban: 'CH44 3199 9123 0008 8901 2', ref: projectReference(projectId) },
      { id: id(), date: '2026-10-05', amount: '80.00', name: 'Anna Graf', iban: 'CH5604835012345678009', ustrd: 'Spende Dorfgarten' },
      { id: id(), date: '2026-10-31', amount: '12.50', debit: true, name: 'Raiffeisenbank', iban: 'CH1180808001234567890', info: 'Kontoführungsgebühr Oktober' },
      { id: id(), date: '2026-10-31', amount: '1.20', info: 'Habenzins' },
    ];
    const res = await upload(camt053(lines, { id: `OCT-${seq}`, from: '2026-10-01', to: '2026-10-31' })).expect(200);
    assert.equal(res.body.credited, 1);
    assert.equal(res.body.unmatched, 2);
    const statementId = Number(res.body.statementId);

    const d = await detail(statementId);
    assert.equal(d.lines, 4, 'the debit is kept too');
    assert.equal(d.explained, 1);
    assert.equal(d.closed, false);
    const debit = lineOf(d, 1250, 'debit') as unknown as Record<string, unknown>;
    assert.equal(debit.counterpartyName, 'Raiffeisenbank');
    assert.equal(debit.counterpartyIban, 'CH1180808001234567890');
    assert.equal(debit.note, 'Kontoführungsgebühr Oktober');
    const garden = lineOf(d, 8000) as unknown as Record<string, unknown>;
    assert.equal(garden.note, 'Spende Dorfgarten');
    assert.equal(garden.counterpartyName, 'Anna Graf');
    assert.equal((lineOf(d, 4000) as unknown as { explained: { kind: string; projectId: number } }).explained.kind, 'gift');

    // The unmatched credit shows the bank's note and the sender's account.
    const unmatched = (await request(h.app).get('/api/admin/bank-imports/unmatched').set(as('treasurer')).expect(200)).body.items as { note: string; debtorIban: string; debtor: string }[];
    const waiting = unmatched.find((u) => u.note === 'Spende Dorfgarten');
    assert.ok(waiting, 'the note is listed');
    assert.equal(waiting!.debtorIban, 'CH5604835012345678009');

    // Roles and bad input.
    await explain(statementId, debit.id as number, { category: 'bank_fee' }, 'editor').expect(403);
    for (const bad of [{}, { category: 'lottery' }, { category: 'interest', note: 'x'.repeat(501) }, { payoutId: 'nope' }, { projectId: 'one' }, { category: 'interest', extra: 1 }]) {
      const r = await explain(statementId, debit.id as number, bad).expect(400);
      assert.equal(typeof r.body.error, 'string');
    }
    await explain(statementId, debit.id as number, { projectId }).expect(400);
    await explain(statementId, 999_999, { category: 'interest' }).expect(404);
    await explain(999_999, debit.id as number, { category: 'interest' }).expect(404);
    await request(h.app).get('/api/admin/bank-statements/999999').set(as('treasurer')).expect(404);
    await request(h.app).get('/api/admin/bank-statements').set(as('editor')).expect(403);

    // Categories: the debit as a bank fee, the interest, the garden credit as a grant (not a gift).
    const fee = await explain(statementId, debit.id as number, { category: 'bank_fee', note: 'Oktober' }).expect(200);
    assert.deepEqual(fee.body.line.explained, { kind: 'category', category: 'bank_fee', note: 'Oktober' });
    const again = await explain(statementId, debit.id as number, { category: 'other' }).expect(409);
    assert.equal(again.body.code, 'bank.already_explained');
    await explain(statementId, lineOf(d, 120).id, { category: 'interest' }).expect(200);
    // A credited gift cannot be booked as something else.
    await explain(statementId, lineOf(d, 4000).id, { category: 'other' }).expect(409);
    await explain(statementId, (garden.id as number), { category: 'grant', note: 'Stiftung' }).expect(200);
    const credit = (await db()('bank_credits').where({ id: (garden.creditId as number) }).first('status')) as { status: string };
    assert.equal(credit.status, 'other', 'it leaves the unmatched credits');

    const closed = await detail(statementId);
    assert.equal(closed.explained, 4);
    assert.equal(closed.closed, true);
    const list = (await request(h.app).get('/api/admin/bank-statements').set(as('admin')).expect(200)).body.items as { id: number; closed: boolean; lines: number; explained: number }[];
    assert.deepEqual(list.find((s) => s.id === statementId), { ...list.find((s) => s.id === statementId)!, closed: true, lines: 4, explained: 4 });
    const audit = await db()('audit_log').where({ entity: 'bank', action: 'assign' }).orderBy('id', 'desc').first('summary');
    assert.match(String(audit.summary), /not a gift: grant/);

    // The same file again: the same statement, nothing new.
    const twice = await upload(camt053(lines, { id: `OCT-${seq - 4}`, from: '2026-10-01', to: '2026-10-31' })).expect(200);
    assert.equal(twice.body.duplicates, 4 - 1, 'its three credits were there (the debit is no credit)');
  });

  test("Stripe's payout is recognised by amount and day, with its gifts, refunds and fees; or chosen by its id", async () => {
    const first = await cardGift(10_000);
    await cardGift(5_000);
    fake.refund(first, 2_000);
    const payout = fake.payOut('2026-11-27');
    // The bank books it the next working day.
    const amount = (payout.amount / 100).toFixed(2);
    const other = await cardGift(3_000);
    const late = fake.payOut('2026-11-02');
    const res = await upload(
      camt053(
        [
          { id: id(), date: '2026-11-30', amount, name: 'Stripe Payments Europe Ltd', ustrd: 'STRIPE PAYOUT' },
          { id: id(), date: '2026-11-20', amount: (late.amount / 100).toFixed(2), name: 'Stripe Payments Europe Ltd' },
        ],
        { id: `NOV-${seq}` },
      ),
    ).expect(200);
    assert.equal(res.body.payouts, 1, 'one payout recognised; the other arrived too far from its day');
    const d = await detail(Number(res.body.statementId));
    const line = lineOf(d, payout.amount) as unknown as { explained: { kind: string; payout: { payoutId: string; feeCents: number; lines: { type: string; donationId: number | null; amountCents: number }[] } } };
    assert.equal(line.explained.kind, 'payout');
    assert.equal(line.explained.payout.payoutId, payout.id);
    const types = line.explained.payout.lines.map((l) => l.type).sort();
    assert.deepEqual(types, ['charge', 'charge', 'refund']);
    assert.ok(line.explained.payout.lines.filter((l) => l.type === 'charge').every((l) => l.donationId !== null), 'each gift names its donation');
    const fees = [...fake.balanceTransactions.values()].filter((bt) => fake.paidOutIn.get(bt.id) === payout.id).reduce((s, bt) => s + bt.fee, 0);
    assert.equal(line.explained.payout.feeCents, fees);
    assert.ok(fees > 0);
    const stored = (await db()('stripe_payouts').where({ payoutId: payout.id }).first()) as { id: number; amountCents: unknown; bankCreditId: unknown };
    assert.equal(Number(stored.amountCents), payout.amount);
    assert.ok(stored.bankCreditId);
    assert.equal(Number(((await db()('stripe_payout_lines').where({ payoutId: stored.id }).count({ n: '*' }).first()) as { n: unknown }).n), 3);
    assert.ok(fake.requestsTo('GET', '/v1/payouts').length >= 1, 'asked Stripe through the SDK');

    // The second one by its id; a payout of another amount is refused.
    const lateLine = lineOf(d, late.amount);
    const wrong = await explain(d.id, lateLine.id, { payoutId: payout.id }).expect(422);
    assert.equal(wrong.body.code, 'bank.payout_mismatch');
    await explain(d.id, lateLine.id, { payoutId: 'po_doesnotexist' }).expect(422);
    const chosen = await explain(d.id, lateLine.id, { payoutId: late.id }).expect(200);
    assert.equal(chosen.body.line.explained.kind, 'payout');
    assert.equal(chosen.body.line.explained.payout.lines[0].donationId !== null, true);
    assert.equal(fake.chargeOf([...fake.intents.values()].find((i) => i.latest_charge === other)!.id).id, other);
    assert.equal((await detail(d.id)).closed, true);
  });

  test("an assignment remembers the sender's account (consent noted): the next transfer matches by itself, until the donor's data is erased", async () => {
    const IBAN = 'CH9300762011623852957';
    const email = 'ruth.keller@example.org';
    const first = await upload(camt053([{ id: id(), date: '2026-09-05', amount: '50.00', name: 'Ruth Keller', iban: IBAN, ustrd: 'Monatsspende' }, { id: id(), date: '2026-09-06', amount: '30.00', name: 'Ohne Konto' }], { id: `SEP-${seq}` })).expect(200);
    const d = await detail(Number(first.body.statementId));
    // No account given by the bank: nothing to remember.
    const none = await explain(d.id, lineOf(d, 3000).id, { projectId, remember: true }).expect(422);
    assert.equal(none.body.code, 'bank.no_account');
    const assigned = await explain(d.id, lineOf(d, 5000).id, { projectId, email, remember: true }).expect(200);
    assert.equal(assigned.body.assigned.remembered, true);
    assert.equal(assigned.body.line.explained.kind, 'gift');
    const remembered = (await db()('bank_remembered_accounts').where({ iban: IBAN }).first()) as { email: string; projectId: number; consentBy: string; consentAt: unknown };
    assert.equal(remembered.email, email);
    assert.equal(Number(remembered.projectId), projectId);
    assert.ok(remembered.consentAt && remembered.consentBy, 'who noted the consent, and when');

    // Next month: no reference, the same account -> credited by itself.
    const next = await upload(camt053([{ id: id(), date: '2026-10-05', amount: '50.00', name: 'Ruth Keller', iban: IBAN, ustrd: 'Monatsspende' }], { id: `OCT2-${seq}` })).expect(200);
    assert.equal(next.body.credited, 1);
    assert.equal(next.body.items[0].remembered, true);
    const nd = await detail(Number(next.body.statementId));
    assert.equal(nd.closed, true);
    const gift = (await db()('donations').where({ id: nd.items[0].explained.donationId }).first('projectId', 'donorEmail')) as { projectId: number; donorEmail: string };
    assert.equal(Number(gift.projectId), projectId);
    assert.equal(gift.donorEmail, email);

    // The person sees it in their data, and it goes with it: the account, and the sender's account on the lines and credits.
    assert.deepEqual((await personalDataOf(db(), email)).bankAccounts.map((a) => [a.iban, a.name]), [[IBAN, 'Ruth Keller']]);
    await erasePersonalData(db(), email, 'test-secret');
    assert.deepEqual((await personalDataOf(db(), email)).bankAccounts, []);
    assert.equal(await db()('bank_remembered_accounts').where({ iban: IBAN }).first(), undefined);
    assert.equal(Number(((await db()('bank_statement_lines').where({ counterpartyIban: IBAN }).whereNotNull('bankCreditId').whereIn('bankCreditId', db()('bank_credits').select('id').whereNotNull('donationId')).count({ n: '*' }).first()) as { n: unknown }).n), 0);
    const after = await upload(camt053([{ id: id(), date: '2026-11-05', amount: '50.00', name: 'Ruth Keller', iban: IBAN }], { id: `NOV2-${seq}` })).expect(200);
    assert.equal(after.body.unmatched, 1, 'waits for a person again');
  });

  test('without JavaScript: the Donations screen shows the statement, its form posts and comes back with the outcome', async () => {
    const res = await upload(camt053([{ id: id(), date: '2026-08-31', amount: '3.40', debit: true, name: 'Raiffeisenbank', info: 'Spesen August' }], { id: `AUG-${seq}` })).expect(200);
    const statementId = Number(res.body.statementId);
    const lineId = (await detail(statementId)).items[0].id as number;
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.treasurer }).expect(303);
    const page = await agent.get(`/de/admin/donations?statement=${statementId}`).set('Accept', 'text/html').expect(200);
    assert.match(page.text, /Spesen August/);
    assert.match(page.text, new RegExp(`action="/de/admin/bank-statements/${statementId}/lines/${lineId}/explain"`));
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(csrf);
    const done = await agent.post(`/de/admin/bank-statements/${statementId}/lines/${lineId}/explain`).type('form').send({ _csrf: csrf, explain: 'category', category: 'bank_fee', note: 'August', projectId: '', email: '' }).expect(303);
    assert.equal(done.headers.location, `/de/admin/donations?statement=${statementId}#statement-line-${lineId}`);
    assert.equal((await detail(statementId)).closed, true);
    const shown = await agent.get(done.headers.location.split('#')[0]!).set('Accept', 'text/html').expect(200);
    assert.match(shown.text, /Die Zeile ist erklärt/);
    assert.match(shown.text, /abgeschlossen/);
    await agent.post(`/de/admin/bank-statements/${statementId}/lines/${lineId}/explain`).type('form').send({ _csrf: csrf, explain: 'category', category: 'other' }).expect(303);
    const refused = await agent.get(`/de/admin/donations?statement=${statementId}`).set('Accept', 'text/html').expect(200);
    assert.match(refused.text, /Die Zeile wurde nicht erklärt: Diese Zeile ist schon erklärt/);
  });

  test('a treasurer reaches the statements; an editor does not', async () => {
    await request(h.app).get('/api/admin/bank-statements').set(as('treasurer')).expect(200);
    await request(h.app).get('/api/admin/bank-statements/1').set(as('editor')).expect(403);
    await explain(1, 1, { category: 'interest' }, 'editor').expect(403);
    await request(h.app).get('/api/admin/bank-statements/abc').set(as('treasurer')).expect(400);
  });
});

describe('bank statements on two instances', () => {
  test('the same statement imported on both at once is kept once, each line once', async () => {
    const both = await twoInstances('bank-statement', ENV);
    try {
      const xml = camt053(
        [
          { id: 'TWO-1', date: '2026-07-01', amount: '10.00', name: 'A', ustrd: 'eins' },
          { id: 'TWO-2', date: '2026-07-02', amount: '20.00', debit: true, name: 'B', info: 'zwei' },
          { id: 'TWO-3', date: '2026-07-03', amount: '30.00', name: 'C' },
        ],
        { id: 'JUL', from: '2026-07-01', to: '2026-07-31' },
      );
      const send = (h: AppHandle) => request(h.app).post('/api/admin/bank-imports').set(as('treasurer')).attach('file', Buffer.from(xml), { filename: 'jul.xml', contentType: 'application/xml' });
      const [a, b] = await Promise.all([send(both.a), send(both.b)]);
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.equal(b.status, 200, JSON.stringify(b.body));
      assert.equal(a.body.statementId, b.body.statementId);
      const list = (await request(both.b.app).get('/api/admin/bank-statements').set(as('treasurer')).expect(200)).body.items as { lines: number }[];
      assert.equal(list.length, 1);
      assert.equal(list[0]!.lines, 3);
      assert.equal(Number(((await both.a.deps.db('bank_statement_lines').count({ n: '*' }).first()) as { n: unknown }).n), 3);
    } finally {
      await both.close();
    }
  });
});
