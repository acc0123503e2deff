// The gift's own options on the checkout, on the server with the real
// `stripe` SDK against the fake Stripe API and its signed webhooks: covering the card fee (what is
// charged, what the project counts, the ledger's fee apart, refunds, monthly gifts, the fee table
// from FEE_RATES) and the donor wall (a public name by choice, gone with a refund or an erasure).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';
import { coveredFeeCents, DEFAULT_FEE_TABLE, parseFeeRates } from '../../models/shared/fees';
import { giftOptionsOf } from '../../models/giving/checkout';
import { erasePersonalData } from '../../models/privacy/personal-data';
import { ConfigError, loadConfig } from '../../config';
import { sendTributeCard, swissMorning, TRIBUTE_CARD_TASK } from '../../models/giving/tribute';
import { tributeCardMail } from '../../views/mails/tribute-card';
import { receiptFor } from '../../models/giving/receipt';
import { outboxFor } from '../../models/providers/mail';
import { swissToday } from '../../models/shared/dates';
import { workerSchemaOf } from '../../models/providers/jobs';
import { isSqlite } from '../../db/connection';
import { queueProjectNews, sendProjectNews } from '../../models/giving/project-news';
import { projectNewsMail } from '../../views/mails/project-news';

describe('gift options: covering the fee and the donor wall (fake Stripe API, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let projectId: number;
  let projectSlug: string;

  const db = () => h.deps.db;
  const raisedCents = async (id: number) => Number((await db()('projects').where({ id }).first('raisedCents')).raisedCents);
  const donationOf = (paymentIntentId: string) => db()('donations').where({ paymentIntentId }).first();
  const ledgerOf = async (donationId: number) =>
    ((await db()('project_ledger').where({ donationId }).orderBy('id').select('kind', 'amountCents', 'coveredFeeCents')) as Record<string, unknown>[]).map((r) => [
      r.kind,
      Number(r.amountCents),
      Number(r.coveredFeeCents),
    ]);
  const create = (body: object) => request(h.app).post('/api/create-payment-intent').send(body);

  async function confirmLikeStripeJs(clientSecret: string): Promise<Record<string, unknown>> {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: clientSecret, payment_method: 'pm_card_visa', return_url: 'http://localhost/checkout' }).toString(),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function oneOff(body: object, details?: object): Promise<string> {
    const res = await create(body).expect(200);
    if (details) await request(h.app).post('/api/payment-details').send({ clientSecret: res.body.clientSecret, ...details }).expect(200);
    const confirmed = await confirmLikeStripeJs(res.body.clientSecret);
    await fake.settle();
    return String(confirmed.id);
  }

  /** The tribute card jobs waiting (the worker is off in this file): card ids, keys and when they run. */
  async function cardJobs(): Promise<{ cardId: number; key: string | null; runAt: number }[]> {
    if (isSqlite(db())) {
      const rows = (await db()('jobs').where({ task: TRIBUTE_CARD_TASK }).orderBy('id').select('payload', 'key', 'runAtMs')) as { payload: string; key: string | null; runAtMs: unknown }[];
      return rows.map((r) => ({ cardId: JSON.parse(r.payload).cardId, key: r.key, runAt: Number(r.runAtMs) }));
    }
    const schema = workerSchemaOf(db());
    const r = await db().raw('select j.payload, j.key, j.run_at from ??._private_jobs j join ??._private_tasks t on t.id = j.task_id where t.identifier = ? order by j.id', [schema, schema, TRIBUTE_CARD_TASK]);
    return (r.rows as { payload: { cardId: number }; key: string | null; run_at: Date }[]).map((row) => ({ cardId: row.payload.cardId, key: row.key, runAt: new Date(row.run_at).getTime() }));
  }
  const runCard = (cardId: number) =>
    sendTributeCard({ db: db(), mail: h.deps.mail, i18n: h.deps.i18n, config: h.deps.config, log: h.deps.log, renderMail: tributeCardMail }, { cardId });
  const inDays = (n: number) => {
    const d = new Date(`${swissToday()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };

  const projectPage = async (path = `/projects/${projectSlug}`) => (await request(h.app).get(path).expect(200)).text;

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env(), { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
    projectId = project.id;
    projectSlug = project.slug;
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
    fake.reset();
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
  });

  describe('the fee rule', () => {
    test('the fee grossed up so the gift arrives whole: 100.00 at 2.9 % + 0.30 adds 3.30; at 1.5 % + 0.25 adds 1.78', () => {
      assert.equal(coveredFeeCents(10000, { percent: 2.9, fixedCents: 30 }), 330);
      assert.equal(coveredFeeCents(10000, { percent: 1.5, fixedCents: 25 }), 178);
      assert.equal(coveredFeeCents(100, { percent: 2.9, fixedCents: 30 }), 34);
      // What the service keeps of the total is never more than the fee added.
      for (const gift of [100, 999, 5000, 15000, 350000, 99_000_000]) {
        const fee = coveredFeeCents(gift, { percent: 2.9, fixedCents: 30 });
        assert.ok(Math.round((gift + fee) * 0.029 + 30) <= fee, `${gift}: ${fee}`);
      }
    });

    test('FEE_RATES: per method, per currency, later entries win; a bad entry stops the start naming it', () => {
      const table = parseFeeRates('card 1.5% + 0.25; twint chf 1.3% + 0.20; card eur 2%');
      assert.deepEqual(table.card.usd, { percent: 1.5, fixedCents: 25 });
      assert.deepEqual(table.card.eur, { percent: 2, fixedCents: 0 });
      assert.deepEqual(table.twint.chf, { percent: 1.3, fixedCents: 20 });
      assert.deepEqual(table.twint.usd, DEFAULT_FEE_TABLE.twint.usd);
      assert.throws(() => loadConfig({ FEE_RATES: 'card two percent' }), (err: Error) => err instanceof ConfigError && /FEE_RATES .*"card two percent"/.test(err.message));
      assert.throws(() => loadConfig({ FEE_RATES: 'card 60%' }), /FEE_RATES .*50 %/);
    });

    test("the metadata's fee is taken only when it is whole and below half of the charge", () => {
      assert.deepEqual(giftOptionsOf({ coveredFee: '330', publicName: ' Anna M. ' }, 10330), { coveredFeeCents: 330, publicName: 'Anna M.', tribute: null, followProject: false, fundraiserId: null, source: null });
      assert.deepEqual(giftOptionsOf({ coveredFee: '6000' }, 10000), { coveredFeeCents: 0, publicName: null, tribute: null, followProject: false, fundraiserId: null, source: null });
      assert.deepEqual(giftOptionsOf({ coveredFee: '3.3', publicName: '<b>x</b>' }, 10330), { coveredFeeCents: 0, publicName: null, tribute: null, followProject: false, fundraiserId: null, source: null });
      assert.deepEqual(giftOptionsOf({}, 10330), { coveredFeeCents: 0, publicName: null, tribute: null, followProject: false, fundraiserId: null, source: null });
    });
  });

  describe('covering the fee', () => {
    test('a USD gift of 100 with the fee: 103.30 charged, the project counts 100, the ledger keeps 3.30 apart; replays and the browser change nothing; a full refund takes back the 100', async () => {
      const before = await raisedCents(projectId);
      const intentId = await oneOff({ amount: 100, currency: 'usd', projectId, coverFees: true, checkoutId: 'fee-visit-1' }, { email: 'fee@example.org' });
      const [req] = fake.createRequests();
      assert.equal(req!.body.amount, '10330');
      assert.equal((req!.body.metadata as Record<string, string>).coveredFee, '330');
      const row = await donationOf(intentId);
      assert.equal(Number(row.amountCents), 10330);
      assert.equal(Number(row.coveredFeeCents), 330);
      assert.deepEqual(await ledgerOf(row.id), [['donation', 10000, 330]]);
      assert.equal(await raisedCents(projectId), before + 10000);

      const browser = await request(h.app).post('/api/update-project-funding').send({ projectId, amount: 103.3, currency: 'usd', paymentIntentId: intentId }).expect(200);
      assert.equal(browser.body.applied, false);
      assert.equal(await fake.deliver('payment_intent.succeeded', fake.intents.get(intentId)!), 200);
      assert.equal(await raisedCents(projectId), before + 10000);

      fake.refund(fake.chargeOf(intentId).id);
      await fake.deliver('charge.refunded', fake.chargeOf(intentId));
      await fake.settle();
      assert.equal(await raisedCents(projectId), before);
      assert.deepEqual(await ledgerOf(row.id), [
        ['donation', 10000, 330],
        ['refund', -10000, 0],
      ]);
      assert.deepEqual(await checkLedger(db()), []);
    });

    test('a CHF gift with the fee counts what the gift settled for (CHF 50 at 1.25: USD 62.50), the fee apart', async () => {
      const before = await raisedCents(projectId);
      const intentId = await oneOff({ amount: 50, currency: 'chf', projectId, coverFees: true, language: 'de' });
      const row = await donationOf(intentId);
      assert.equal(Number(row.amountCents), 5181, 'CHF 50 + 1.81');
      assert.equal(Number(row.coveredFeeCents), 181);
      const [[kind, gift, fee]] = (await ledgerOf(row.id)) as [string, number, number][];
      assert.equal(kind, 'donation');
      assert.equal(gift, 6250);
      assert.equal(gift + fee, Number(row.settledCents));
      assert.equal(await raisedCents(projectId), before + 6250);
    });

    test('the same visit with and without the fee are two payments; the same choice twice is one', async () => {
      await create({ amount: 20, projectId, checkoutId: 'fee-visit-2' }).expect(200);
      await create({ amount: 20, projectId, checkoutId: 'fee-visit-2', coverFees: true }).expect(200);
      await create({ amount: 20, projectId, checkoutId: 'fee-visit-2', coverFees: true }).expect(200);
      const [plain, withFee, again] = fake.createRequests();
      assert.equal(plain!.body.amount, '2000');
      assert.equal(withFee!.body.amount, '2091');
      assert.notEqual(plain!.idempotencyKey, withFee!.idempotencyKey);
      assert.equal(withFee!.idempotencyKey, again!.idempotencyKey);
    });

    test('a monthly gift with the fee: the subscription charges gift and fee, each paid month counts the gift', async () => {
      const before = await raisedCents(projectId);
      const res = await create({ amount: 20, currency: 'usd', interval: 'month', projectId, email: 'monthly-fee@example.org', name: 'Mo Fee', coverFees: true }).expect(200);
      const [subReq] = fake.requestsTo('POST', '/v1/subscriptions');
      const items = subReq!.body.items as { price_data: { unit_amount: string } }[];
      assert.equal(items[0]!.price_data.unit_amount, '2091');
      assert.equal((subReq!.body.metadata as Record<string, string>).coveredFee, '91');
      const confirmed = await confirmLikeStripeJs(res.body.clientSecret);
      await fake.settle();
      const row = await donationOf(String(confirmed.id));
      assert.equal(row.kind, 'monthly');
      assert.equal(Number(row.coveredFeeCents), 91);
      assert.deepEqual(await ledgerOf(row.id), [['donation', 2000, 91]]);
      assert.equal(await raisedCents(projectId), before + 2000);
    });

    test('bad choices get a clear 400 and reach no one', async () => {
      const cases: [object, RegExp][] = [
        [{ amount: 10, coverFees: 'yes' }, /coverFees must be true or false/],
        [{ amount: 10, currency: 'usd', coverFees: true, paymentMethod: 'twint' }, /twint is only for gifts in CHF/],
        [{ amount: 10, paymentMethod: 'cash' }, /paymentMethod must be one of card, twint/],
        [{ amount: 999999.99, coverFees: true }, /with the covered fee must be at most 999,999.99/],
        [{ amount: 10, publicName: 'x'.repeat(61) }, /publicName can have at most 60 characters/],
        [{ amount: 10, publicName: '<script>' }, /publicName must not contain/],
      ];
      for (const [body, message] of cases) {
        const res = await create({ projectId, ...body }).expect(400);
        assert.match(res.body.error, message, JSON.stringify(body));
      }
      assert.equal(fake.createRequests().length, 0);
    });

    test('a TWINT gift in CHF takes the TWINT rate of the table', async () => {
      const app = await testApp({ ...fake.env(), FEE_RATES: 'twint chf 1.3% + 0.20' }, { worker: false });
      try {
        await request(app.app).post('/api/create-payment-intent').send({ amount: 100, currency: 'chf', paymentMethod: 'twint', coverFees: true }).expect(200);
        await request(app.app).post('/api/create-payment-intent').send({ amount: 100, currency: 'chf', coverFees: true }).expect(200);
        const [twint, card] = fake.createRequests();
        assert.equal(twint!.body.amount, String(10000 + coveredFeeCents(10000, { percent: 1.3, fixedCents: 20 })));
        assert.equal(card!.body.amount, '10330');
      } finally {
        await app.close();
      }
    });
  });

  describe('the fee of the method chosen in the form', () => {
    test('a one-off session made with the card fee: TWINT chosen before paying sets the TWINT fee (amount and metadata); the gift counts in full', async () => {
      const app = await testApp({ ...fake.env(), FEE_RATES: 'twint chf 1.3% + 0.20' }, { worker: false });
      const srv = http.createServer(app.app);
      await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
      fake.webhook = { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
      try {
        const project = await app.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id', 'raisedCents');
        const started = await request(app.app).post('/api/create-payment-intent').send({ amount: 100, currency: 'chf', projectId: project.id, coverFees: true }).expect(200);
        const id = started.body.clientSecret.split('_secret_')[0];
        assert.equal(fake.intents.get(id)!.amount, 10330, 'made with the card fee');
        const twintFee = coveredFeeCents(10000, { percent: 1.3, fixedCents: 20 });
        const details = await request(app.app).post('/api/payment-details').send({ clientSecret: started.body.clientSecret, email: 'twint@example.ch', paymentMethod: 'twint' }).expect(200);
        assert.deepEqual(details.body, { updated: true });
        assert.equal(fake.intents.get(id)!.amount, 10000 + twintFee);
        assert.equal(fake.intents.get(id)!.metadata.coveredFee, String(twintFee));
        // Back to the card: the card's fee again.
        await request(app.app).post('/api/payment-details').send({ clientSecret: started.body.clientSecret, email: 'twint@example.ch', paymentMethod: 'card' }).expect(200);
        assert.equal(fake.intents.get(id)!.amount, 10330);
        await request(app.app).post('/api/payment-details').send({ clientSecret: started.body.clientSecret, email: 'twint@example.ch', paymentMethod: 'twint' }).expect(200);
        await confirmLikeStripeJs(started.body.clientSecret);
        await fake.settle();
        const row = await app.deps.db('donations').where({ paymentIntentId: id }).first();
        assert.equal(Number(row.amountCents), 10000 + twintFee);
        assert.equal(Number(row.coveredFeeCents), twintFee);
        // TWINT is for CHF only; a gift without a covered fee is left as it is.
        const usd = await request(app.app).post('/api/create-payment-intent').send({ amount: 20, currency: 'usd', coverFees: true }).expect(200);
        await request(app.app).post('/api/payment-details').send({ clientSecret: usd.body.clientSecret, email: 'x@example.org', paymentMethod: 'twint' }).expect(400);
        const plain = await request(app.app).post('/api/create-payment-intent').send({ amount: 20, currency: 'chf' }).expect(200);
        await request(app.app).post('/api/payment-details').send({ clientSecret: plain.body.clientSecret, email: 'x@example.org', paymentMethod: 'twint' }).expect(200);
        assert.equal(fake.intents.get(plain.body.clientSecret.split('_secret_')[0])!.amount, 2000);
        assert.deepEqual(await checkLedger(app.deps.db), []);
      } finally {
        srv.closeAllConnections();
        await new Promise<void>((resolve) => srv.close(() => resolve()));
        await fake.settle();
        await app.close();
      }
    });
  });

  describe('the donor wall', () => {
    test('named by choice (at the start or with the details), anonymous by default; both languages; a refund or an erasure takes the name away', async () => {
      const named = await oneOff({ amount: 15, projectId, publicName: 'Anna M.' }, { email: 'anna@example.org', name: 'Anna Muster', publicName: 'Anna M.' });
      await oneOff({ amount: 16, projectId }, { email: 'lukas@example.org', name: 'Lukas Beispiel', publicName: 'The Beispiel family' });
      await oneOff({ amount: 17, projectId }, { email: 'quiet@example.org', name: 'Quiet Person' });
      const rows = (await db()('donations').where({ projectId }).whereNotNull('appliedAt').select('publicName', 'donorEmail', 'amountCents', 'refundedCents')) as {
        publicName: string | null;
        donorEmail: string;
        amountCents: number;
        refundedCents: number;
      }[];
      assert.equal(rows.find((r) => r.donorEmail === 'quiet@example.org')!.publicName, null);

      let html = await projectPage();
      assert.match(html, /<li>Anna M\.<\/li>/);
      assert.match(html, /<li>The Beispiel family<\/li>/);
      assert.doesNotMatch(html, /Quiet Person/);
      assert.doesNotMatch(html, /Anna Muster/, 'the full name stays private');
      // Every gift that stands: the refunded one of the fee test before does not.
      const gifts = rows.filter((r) => Number(r.refundedCents) < Number(r.amountCents)).length;
      assert.match(html, new RegExp(`${gifts} gifts have come to this project so far`));
      const de = await projectPage(`/de/projects/${projectSlug}`);
      assert.match(de, new RegExp(`Bisher sind ${gifts} Spenden für dieses Projekt eingegangen`));
      assert.match(de, /<li>Anna M\.<\/li>/);

      // A refunded gift no longer stands.
      fake.refund(fake.chargeOf(named).id);
      await fake.deliver('charge.refunded', fake.chargeOf(named));
      await fake.settle();
      html = await projectPage();
      assert.doesNotMatch(html, /Anna M\./);

      // An erasure takes the name off the page at once (the cached page is made again).
      await erasePersonalData(db(), 'lukas@example.org', 'test-secret');
      html = await projectPage();
      assert.doesNotMatch(html, /Beispiel family/);
      assert.equal((await db()('donations').whereNotNull('publicName').where({ donorEmail: 'lukas@example.org' })).length, 0);
    });
  });

  describe('gifts in honour or in memory of someone', () => {
    test('a one-off gift in memory, with a card today in German: on the receipt, the card sent once in German without the amount', async () => {
      const jobsBefore = (await cardJobs()).length;
      const intentId = await oneOff(
        { amount: 40, currency: 'chf', projectId, language: 'en' },
        { email: 'giver@example.org', name: 'Gina Giver', language: 'en', tribute: { kind: 'memory', name: 'Rosa Muster', notify: { email: 'Cousin@Example.org', name: 'Lena', language: 'de' } } },
      );
      const metadata = fake.intents.get(intentId)!.metadata;
      assert.equal(metadata.tributeKind, 'memory');
      assert.equal(metadata.cardOn, swissToday(), 'no day given: today');
      const row = await donationOf(intentId);
      assert.equal(row.tributeKind, 'memory');
      assert.equal(row.tributeName, 'Rosa Muster');
      const receipt = await receiptFor(h.deps, row.id);
      assert.equal(receipt!.facts.tribute, 'In memory of Rosa Muster');
      const card = await db()('tribute_cards').where({ donationId: row.id }).first();
      assert.equal(card.email, 'cousin@example.org');
      assert.equal(card.lang, 'de');
      const jobs = (await cardJobs()).slice(jobsBefore);
      assert.deepEqual(
        jobs.map((j) => [j.cardId, j.key]),
        [[card.id, `tribute-card-${card.id}`]],
      );
      assert.ok(jobs[0]!.runAt <= Date.now() + 1000, 'today: at once');
      // A replayed webhook records nothing twice.
      assert.equal(await fake.deliver('payment_intent.succeeded', fake.intents.get(intentId)!), 200);
      assert.equal((await db()('tribute_cards').where({ donationId: row.id })).length, 1);

      await runCard(card.id);
      await runCard(card.id);
      const mails = await outboxFor(db(), 'cousin@example.org');
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.subject, 'Eine Spende im Gedenken an Rosa Muster');
      assert.match(mails[0]!.textBody, /Guten Tag Lena/);
      assert.match(mails[0]!.textBody, /Gina Giver hat .* eine Spende im Gedenken an Rosa Muster gemacht/);
      assert.doesNotMatch(mails[0]!.textBody, /40/, 'the card names no amount');
    });

    test('a card for a later day waits until 08:00 Swiss time that day; a gift refunded before then sends none', async () => {
      const day = inDays(10);
      const intentId = await oneOff({ amount: 25, projectId }, { email: 'later@example.org', tribute: { kind: 'honour', name: 'Grandpa Joe', notify: { email: 'joe@example.org', name: 'Joe', sendOn: day } } });
      const row = await donationOf(intentId);
      const card = await db()('tribute_cards').where({ donationId: row.id }).first();
      assert.equal(card.sendOn, day);
      assert.equal(card.lang, 'en', "the page's language when none is chosen");
      const job = (await cardJobs()).find((j) => j.cardId === card.id)!;
      assert.equal(job.runAt, swissMorning(day).getTime());
      assert.match(swissMorning('2027-07-01').toISOString(), /T06:00:00/, 'summer time: UTC+2');
      assert.match(swissMorning('2027-01-15').toISOString(), /T07:00:00/, 'winter time: UTC+1');
      fake.refund(fake.chargeOf(intentId).id);
      await fake.deliver('charge.refunded', fake.chargeOf(intentId));
      await fake.settle();
      await runCard(card.id);
      assert.equal((await outboxFor(db(), 'joe@example.org')).length, 0);
    });

    test('a monthly gift in honour sends its card with the first month only', async () => {
      const res = await create({
        amount: 10,
        interval: 'month',
        projectId,
        email: 'monthly-honour@example.org',
        name: 'Max Monthly',
        tribute: { kind: 'honour', name: 'Oma Ruth', notify: { email: 'ruth@example.org', name: 'Ruth' } },
      }).expect(200);
      const confirmed = await confirmLikeStripeJs(res.body.clientSecret);
      await fake.settle();
      const first = await donationOf(String(confirmed.id));
      fake.payNextInvoice(first.subscriptionId);
      await fake.settle();
      const gifts = await db()('donations').where({ subscriptionId: first.subscriptionId });
      assert.equal(gifts.length, 2);
      assert.ok(gifts.every((g: { tributeName: string }) => g.tributeName === 'Oma Ruth'), 'each month carries the dedication');
      assert.equal((await db()('tribute_cards').where({ email: 'ruth@example.org' })).length, 1);
    });

    test('bad dedications get a clear 400: kind, name, the card address, a past day, more than a year ahead', async () => {
      const cases: [unknown, RegExp][] = [
        [{ kind: 'birthday', name: 'X' }, /tribute.kind must be honour or memory/],
        [{ kind: 'honour', name: '  ' }, /tribute.name is required/],
        [{ kind: 'honour', name: 'X', notify: { email: 'nope', name: 'Y' } }, /tribute.notify.email must be an e-mail address/],
        [{ kind: 'honour', name: 'X', notify: { email: 'a@example.org', name: 'Y', sendOn: inDays(-1) } }, /tribute.notify.sendOn must be today \(.*\) or later/],
        [{ kind: 'honour', name: 'X', notify: { email: 'a@example.org', name: 'Y', sendOn: inDays(400) } }, /at most a year ahead/],
        [{ kind: 'honour', name: 'X', notify: { email: 'a@example.org', name: 'Y', sendOn: '2026-02-30' } }, /must be a day like/],
        ['in memory of Rosa', /tribute must be an object/],
      ];
      for (const [tribute, message] of cases) {
        const res = await create({ amount: 10, tribute }).expect(400);
        assert.match(res.body.error, message, JSON.stringify(tribute));
      }
      assert.equal(fake.createRequests().length, 0);
    });

    test("erasure: the donor's dedication and its card go; a recipient's address is erased from cards addressed to it", async () => {
      const a = await oneOff({ amount: 12, projectId }, { email: 'erase-giver@example.org', tribute: { kind: 'memory', name: 'Private Person', notify: { email: 'friend@example.org', name: 'Friend', sendOn: inDays(5) } } });
      const b = await oneOff({ amount: 13, projectId }, { email: 'other-giver@example.org', tribute: { kind: 'honour', name: 'Someone', notify: { email: 'erase-recipient@example.org', name: 'R', sendOn: inDays(5) } } });
      await erasePersonalData(db(), 'erase-giver@example.org', 'test-secret');
      const rowA = await donationOf(a);
      assert.equal(rowA.tributeName, null);
      assert.equal((await db()('tribute_cards').where({ donationId: rowA.id })).length, 0);
      await erasePersonalData(db(), 'erase-recipient@example.org', 'test-secret');
      const rowB = await donationOf(b);
      assert.equal(rowB.tributeName, 'Someone', "another donor's dedication stays");
      assert.equal((await db()('tribute_cards').where({ email: 'erase-recipient@example.org' })).length, 0);
    });
  });

  describe("news to a project's donors", () => {
    const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
    const sendNews = (articleId: number) =>
      sendProjectNews({ db: db(), mail: h.deps.mail, i18n: h.deps.i18n, config: h.deps.config, log: h.deps.log, renderMail: projectNewsMail }, { articleId });
    const newArticle = async (title: string, project: number | null = projectId) =>
      (
        await request(h.app)
          .post('/api/admin/news')
          .set(ADMIN)
          .send({ title, titleDe: `${title} (DE)`, abstract: `What happened: ${title}.`, abstractDe: `Was geschah: ${title}.`, content: 'Text.', contentDe: 'Text.', imageUrl: '/images/projects/hospital-essential-medicines.svg', projectId: project })
          .expect(201)
      ).body as { id: number; slug: string };

    test('followers by choice; an article linked to the project is handed out once and mailed once to each, in their language, with a one-click unsubscribe that works', async () => {
      // What a start's first minute check does: the articles already there are handed out (to no one).
      await queueProjectNews({ db: db(), jobs: h.deps.jobs });
      await oneOff({ amount: 20, projectId, language: 'de' }, { email: 'folgt@example.ch', language: 'de', followProject: true });
      await oneOff({ amount: 21, projectId }, { email: 'reader@example.org', followProject: true });
      await oneOff({ amount: 22, projectId }, { email: 'quiet-donor@example.org' });
      await oneOff({ amount: 23, projectId: null }, { email: 'general@example.org', followProject: true });
      const followers = (await db()('project_followers').orderBy('id').select('email', 'lang', 'projectId')) as { email: string; lang: string; projectId: number }[];
      assert.deepEqual(
        followers.map((f) => [f.email, f.lang, f.projectId]),
        [
          ['folgt@example.ch', 'de', projectId],
          ['reader@example.org', 'en', projectId],
        ],
      );

      const article = await newArticle('The well is dug');
      const other = await newArticle('Not about a project', null);
      // Two instances' minute checks at once: the article is queued once.
      const [a, b] = await Promise.all([queueProjectNews({ db: db(), jobs: h.deps.jobs }), queueProjectNews({ db: db(), jobs: h.deps.jobs })]);
      assert.deepEqual([...a, ...b], [article.id]);
      assert.deepEqual(await queueProjectNews({ db: db(), jobs: h.deps.jobs }), []);
      assert.equal(await sendNews(article.id), 2);
      assert.equal(await sendNews(article.id), 0, 'once per donor and article');
      assert.equal(await sendNews(other.id), 0);

      const [de] = await outboxFor(db(), 'folgt@example.ch');
      const title = (await db()('projects').where({ id: projectId }).first('title', 'titleDe')) as { title: string; titleDe: string };
      assert.equal(de!.subject, `${title.titleDe}: The well is dug (DE)`);
      assert.match(de!.textBody, /Was geschah: The well is dug\./);
      assert.match(de!.textBody, new RegExp(`/de/news/${article.slug}`));
      const headers = JSON.parse((await db()('outbox').where({ id: de!.id }).first('headers')).headers) as Record<string, string>;
      assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      const link = /<(http[^>]+)>/.exec(headers['List-Unsubscribe']!)![1]!;
      const path = new URL(link).pathname + new URL(link).search;
      assert.match(path, /^\/de\/project-updates\/unsubscribe\?token=/);
      const page = await request(h.app).get(path).expect(200);
      assert.match(page.text, /Neuigkeiten zu diesem Projekt abbestellen\?/);
      assert.match(page.text, /Diese Neuigkeiten abbestellen/);
      const [en] = await outboxFor(db(), 'reader@example.org');
      assert.equal(en!.subject, `${title.title}: The well is dug`);

      // The mail program's own button (RFC 8058): one POST, no page visit, from another origin.
      await request(h.app).post(path).set('Origin', 'https://mail.example.net').type('form').send('List-Unsubscribe=One-Click').expect(200);
      assert.ok((await db()('project_followers').where({ email: 'folgt@example.ch' }).first()).unsubscribedAt);
      // A plain POST from another site is refused; an unknown token is said so.
      await request(h.app).post(path.replace('/de', '')).set('Origin', 'https://evil.example').type('form').send('token=x').expect(403);
      const unknown = await request(h.app).get('/project-updates/unsubscribe?token=nope').expect(404);
      assert.match(unknown.text, /This link does not work/);

      const next = await newArticle('The pump works');
      assert.deepEqual(await queueProjectNews({ db: db(), jobs: h.deps.jobs }), [next.id]);
      assert.equal(await sendNews(next.id), 1, 'only the follower who stayed');
      assert.equal((await outboxFor(db(), 'folgt@example.ch')).length, 1);

      // Giving again with the box ticked follows again; an erasure ends the follow for good.
      await oneOff({ amount: 24, projectId, language: 'de' }, { email: 'folgt@example.ch', language: 'de', followProject: true });
      assert.equal((await db()('project_followers').where({ email: 'folgt@example.ch' }).first()).unsubscribedAt, null);
      await erasePersonalData(db(), 'folgt@example.ch', 'test-secret');
      assert.equal((await db()('project_followers').where({ email: 'folgt@example.ch' })).length, 0);
    });

    test('followProject must be true or false', async () => {
      const res = await create({ amount: 10, projectId, followProject: 'yes' }).expect(400);
      assert.match(res.body.error, /followProject must be true or false/);
    });
  });

  test("the Donations tab's list shows the covered fee, the public name and the dedication; the kind filter knows bank transfers", async () => {
    const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
    const intentId = await oneOff(
      { amount: 30, projectId, coverFees: true },
      { email: 'listed@example.org', publicName: 'Listed L.', tribute: { kind: 'honour', name: 'Teacher Tendai' } },
    );
    const row = await donationOf(intentId);
    const list = (await request(h.app).get('/api/admin/donations').set(ADMIN).expect(200)).body as { rows: Record<string, unknown>[] };
    const listed = list.rows.find((r) => r.id === row.id)!;
    assert.equal(listed.coveredFeeCents, coveredFeeCents(3000, DEFAULT_FEE_TABLE.card.usd));
    assert.equal(listed.publicName, 'Listed L.');
    assert.deepEqual(listed.tribute, { kind: 'honour', name: 'Teacher Tendai' });
    await request(h.app).get('/api/admin/donations?kind=bank').set(ADMIN).expect(200);
    const bad = await request(h.app).get('/api/admin/donations?kind=cash').set(ADMIN).expect(400);
    assert.match(bad.body.error, /^kind/);
  });
});
