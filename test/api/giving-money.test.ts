// The money side of giving, end to end on the server: the real `stripe` SDK against the fake Stripe
// API (test/fakes/stripe.ts), which delivers signed webhooks to the app listening on a port, the
// way Stripe does after a payment. Currencies and what they settle for, monthly gifts (created,
// first payment confirmed as Stripe.js does it, every invoice credited once), refunds, disputes,
// the subscription mirror, the receipt job, and bad input.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import Stripe from 'stripe';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeCharge, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';
import { RECEIPT_TASK } from '../../models/giving/names';
import { workerSchemaOf } from '../../models/providers/jobs';
import { isSqlite } from '../../db/connection';

describe('giving: currencies, monthly gifts, refunds and disputes (fake Stripe API, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let projectId: number;
  let otherProjectId: number;

  const db = () => h.deps.db;
  const raisedCents = async (id: number) => Number((await db()('projects').where({ id }).first('raisedCents')).raisedCents);
  const donationOf = (paymentIntentId: string) => db()('donations').where({ paymentIntentId }).first();
  const ledgerOf = async (donationId: number) =>
    ((await db()('project_ledger').where({ donationId }).orderBy('id').select('kind', 'amountCents')) as { kind: string; amountCents: unknown }[]).map((r) => [r.kind, Number(r.amountCents)]);
  const create = (body: object) => request(h.app).post('/api/create-payment-intent').send(body);

  /** Receipt jobs waiting in the queue (the worker is off in this file): their donation ids and keys. */
  async function receiptJobs(): Promise<{ donationId: number; key: string | null }[]> {
    if (isSqlite(db())) {
      const rows = (await db()('jobs').where({ task: RECEIPT_TASK }).orderBy('id').select('payload', 'key')) as { payload: string; key: string | null }[];
      return rows.map((r) => ({ donationId: JSON.parse(r.payload).donationId, key: r.key }));
    }
    // graphile-worker's public `jobs` view leaves the payload out: read its own tables.
    const schema = workerSchemaOf(db());
    const r = await db().raw('select j.payload, j.key from ??._private_jobs j join ??._private_tasks t on t.id = j.task_id where t.identifier = ? order by j.id', [schema, schema, RECEIPT_TASK]);
    return (r.rows as { payload: { donationId: number }; key: string | null }[]).map((row) => ({ donationId: row.payload.donationId, key: row.key }));
  }

  /** What Stripe.js does with a client secret: confirms its PaymentIntent with the publishable key. */
  async function confirmLikeStripeJs(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<{ status: number; body: Record<string, unknown> }> {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: clientSecret, payment_method: paymentMethod, return_url: 'http://localhost/checkout' }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A one-off gift made the way the checkout makes it, confirmed, its webhooks answered. */
  async function oneOff(body: object): Promise<{ intentId: string; charge: FakeCharge }> {
    const res = await create(body).expect(200);
    const confirmed = await confirmLikeStripeJs(res.body.clientSecret);
    assert.equal(confirmed.status, 200);
    await fake.settle();
    const intentId = String(confirmed.body.id);
    return { intentId, charge: fake.chargeOf(intentId) };
  }

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env(), { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const projects = await db()('projects').where({ status: 'funding' }).orderBy('id').limit(2);
    projectId = projects[0].id;
    otherProjectId = projects[1].id;
  });
  after(async () => {
    await fake?.settle();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    // Webhooks of the test before are answered first: their calls to Stripe are not this test's.
    await fake.settle();
    fake.reset();
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
  });

  describe('currencies', () => {
    test('CHF and EUR PaymentIntents carry the currency and the amount in minor units; the key covers them', async () => {
      const a = await create({ amount: 50, currency: 'chf', projectId, language: 'de', checkoutId: 'visit-currency-1' }).expect(200);
      const b = await create({ amount: '25.50', currency: 'EUR', projectId: null, checkoutId: 'visit-currency-1' }).expect(200);
      const c = await create({ amount: 50, currency: 'usd', projectId, language: 'de', checkoutId: 'visit-currency-1' }).expect(200);
      assert.equal(a.body.kind, 'one_off');
      const [chf, eur, usd] = fake.createRequests();
      assert.equal(chf!.body.currency, 'chf');
      assert.equal(chf!.body.amount, '5000');
      assert.deepEqual(chf!.body.automatic_payment_methods, { enabled: 'true' }, 'TWINT and PayPal appear where the account enabled them');
      assert.equal(chf!.body.receipt_email, undefined);
      assert.equal(eur!.body.currency, 'eur');
      assert.equal(eur!.body.amount, '2550');
      assert.equal(usd!.body.currency, 'usd');
      // The same visit, amount and project in another currency is another payment.
      assert.notEqual(chf!.idempotencyKey, usd!.idempotencyKey);
      assert.notEqual(a.body.clientSecret, c.body.clientSecret);
      assert.notEqual(b.body.clientSecret, c.body.clientSecret);
    });

    test('a CHF gift credits what it settled for in USD, once; the donation keeps both; the receipt is queued once', async () => {
      const before = await raisedCents(projectId);
      const jobsBefore = (await receiptJobs()).length;
      const { intentId, charge } = await oneOff({ amount: 50, currency: 'chf', projectId, language: 'de', email: ' Anna.Muster@Example.CH ', name: 'Anna Muster' });
      assert.equal(await raisedCents(projectId), before + 6250, 'CHF 50 at 1.25 = USD 62.50');
      const row = await donationOf(intentId);
      assert.equal(Number(row.amountCents), 5000);
      assert.equal(row.currency, 'chf');
      assert.equal(Number(row.settledCents), 6250);
      assert.equal(row.settledCurrency, 'usd');
      assert.equal(row.kind, 'one_off');
      assert.equal(row.chargeId, charge.id);
      assert.equal(row.donorEmail, 'anna.muster@example.ch');
      assert.equal(row.donorName, 'Anna Muster');
      assert.equal(row.language, 'de');
      assert.deepEqual(await ledgerOf(row.id), [['donation', 6250]]);

      // The browser's call and a replayed webhook change nothing.
      const res = await request(h.app).post('/api/update-project-funding').send({ projectId, amount: 50, currency: 'chf', paymentIntentId: intentId }).expect(200);
      assert.equal(res.body.applied, false);
      assert.equal(await fake.deliver('payment_intent.succeeded', fake.intents.get(intentId)!), 200);
      assert.equal(await raisedCents(projectId), before + 6250);
      const jobs = (await receiptJobs()).slice(jobsBefore);
      assert.deepEqual(jobs, [{ donationId: row.id, key: `donation-receipt-${row.id}` }]);
      assert.deepEqual(await checkLedger(db()), []);
    });

    test('the browser call is currency-aware: the CHF amount in CHF applies it, a USD claim does not', async () => {
      const before = await raisedCents(projectId);
      const intent = fake.addIntent({ amount: 2000, currency: 'chf', status: 'succeeded', metadata: { projectId: String(projectId), language: 'en', kind: 'one_off' } });
      const wrong = await request(h.app).post('/api/update-project-funding').send({ projectId, amount: 20, paymentIntentId: intent.id }).expect(400);
      assert.match(wrong.body.error, /amount does not match/);
      const ok = await request(h.app).post('/api/update-project-funding').send({ projectId, amount: 20, currency: 'chf', paymentIntentId: intent.id }).expect(200);
      assert.equal(ok.body.applied, true);
      assert.equal(await raisedCents(projectId), before + 2500);
      assert.equal((await receiptJobs()).some((j) => j.donationId === 0), false);
    });

    test('no balance transaction: a USD gift counts its amount, a EUR gift is recorded but not credited; an account settling in CHF credits USD gifts at face value, others not', async () => {
      const before = await raisedCents(projectId);
      fake.makeBalanceTransactions = false;
      const usd = await oneOff({ amount: 10, currency: 'usd', projectId });
      const eur = await oneOff({ amount: 10, currency: 'eur', projectId });
      assert.equal(await raisedCents(projectId), before + 1000);
      assert.equal(Number((await donationOf(usd.intentId)).settledCents), 1000);
      const eurRow = await donationOf(eur.intentId);
      assert.equal(eurRow.status, 'succeeded');
      assert.equal(eurRow.settledCents, null);
      assert.deepEqual(await ledgerOf(eurRow.id), []);

      fake.makeBalanceTransactions = true;
      fake.settlementCurrency = 'chf';
      fake.rates = { usd: 0.8, eur: 0.95 };
      const inChf = await oneOff({ amount: 10, currency: 'usd', projectId });
      const row = await donationOf(inChf.intentId);
      assert.equal(row.settledCurrency, 'chf');
      assert.equal(Number(row.settledCents), 800);
      assert.deepEqual(await ledgerOf(row.id), [['donation', 1000]], 'a USD gift counts its USD amount, never the CHF it settled for');
      assert.equal(await raisedCents(projectId), before + 2000);
      const chfGift = await oneOff({ amount: 10, currency: 'chf', projectId });
      const chfRow = await donationOf(chfGift.intentId);
      assert.equal(chfRow.settledCurrency, 'chf');
      assert.deepEqual(await ledgerOf(chfRow.id), [], 'a CHF settlement is never mixed into a USD total');
      assert.equal(await raisedCents(projectId), before + 2000);
    });

    test('General Support: a donation with its receipt, no project and no ledger row', async () => {
      const totals = await db()('projects').sum({ s: 'raisedCents' }).first();
      const jobsBefore = (await receiptJobs()).length;
      const { intentId } = await oneOff({ amount: 30, currency: 'eur', projectId: null, email: 'gs@example.org' });
      const row = await donationOf(intentId);
      assert.equal(row.projectId, null);
      assert.equal(Number(row.settledCents), 3300);
      assert.deepEqual(await ledgerOf(row.id), []);
      assert.deepEqual(await db()('projects').sum({ s: 'raisedCents' }).first(), totals);
      assert.deepEqual((await receiptJobs()).slice(jobsBefore), [{ donationId: row.id, key: `donation-receipt-${row.id}` }]);
    });

    test('no e-mail, no receipt job', async () => {
      const jobsBefore = (await receiptJobs()).length;
      await oneOff({ amount: 5, projectId });
      assert.equal((await receiptJobs()).length, jobsBefore);
    });
  });

  describe('monthly gifts', () => {
    test('create -> first payment confirmed like Stripe.js -> invoice.paid credits once (replays, concurrent events) -> next month credits again', async () => {
      const before = await raisedCents(otherProjectId);
      const jobsBefore = (await receiptJobs()).length;
      const res = await create({ amount: 20, currency: 'chf', interval: 'month', projectId: otherProjectId, language: 'de', email: 'Maria@Example.ORG', name: 'Maria Beispiel', checkoutId: 'visit-monthly-1' }).expect(200);
      assert.equal(res.body.kind, 'monthly');
      assert.deepEqual(Object.keys(res.body).sort(), ['clientSecret', 'kind']);

      // What reached Stripe: a product once, a customer by e-mail, a subscription with price_data.
      assert.equal(fake.requestsTo('POST', '/v1/products').length, 1);
      const [customerReq] = fake.requestsTo('POST', '/v1/customers');
      assert.equal(customerReq!.body.email, 'maria@example.org');
      assert.equal(customerReq!.body.name, 'Maria Beispiel');
      const [subReq] = fake.requestsTo('POST', '/v1/subscriptions');
      const productId = (await db()('app_settings').where({ key: 'stripe_monthly_product_id' }).first()).value;
      assert.deepEqual(subReq!.body.items, [{ price_data: { currency: 'chf', product: productId, unit_amount: '2000', recurring: { interval: 'month', interval_count: '1' } } }]);
      assert.equal(subReq!.body.payment_behavior, 'default_incomplete');
      assert.deepEqual(subReq!.body.payment_settings, { save_default_payment_method: 'on_subscription' });
      assert.deepEqual(subReq!.body.expand, ['latest_invoice.confirmation_secret']);
      assert.deepEqual(subReq!.body.metadata, { projectId: String(otherProjectId), language: 'de', kind: 'monthly', interval: 'month' });
      assert.match(subReq!.idempotencyKey ?? '', /^monthly-/);

      // The client secret is the first invoice's PaymentIntent's.
      const sub = [...fake.subscriptions.values()].find((s) => s.metadata.kind === 'monthly' && s.customer === [...fake.customers.values()].find((c) => c.email === 'maria@example.org')!.id)!;
      const firstInvoice = fake.invoices.get(sub.latest_invoice!)!;
      const firstIntent = fake.intentOfInvoice(firstInvoice.id);
      assert.equal(res.body.clientSecret, firstIntent.client_secret);
      await fake.settle();
      let mirror = await db()('donation_subscriptions').where({ subscriptionId: sub.id }).first();
      assert.equal(mirror.status, 'incomplete', 'customer.subscription.created is mirrored');

      // Not paid yet: the browser's call says so, nothing moves.
      await request(h.app).post('/api/update-project-funding').send({ projectId: otherProjectId, amount: 20, currency: 'chf', paymentIntentId: firstIntent.id }).expect(409);

      // The donor confirms in the Payment Element: invoice.paid, payment_intent.succeeded and
      // customer.subscription.updated arrive together.
      const confirmed = await confirmLikeStripeJs(res.body.clientSecret);
      assert.equal(confirmed.status, 200);
      await fake.settle();
      const delivered = fake.deliveries.map((d) => `${d.type} ${d.status}`).sort();
      assert.deepEqual(delivered, ['customer.subscription.created 200', 'customer.subscription.updated 200', 'invoice.paid 200', 'payment_intent.succeeded 200']);
      assert.equal(await raisedCents(otherProjectId), before + 2500);
      const first = await donationOf(firstIntent.id);
      assert.equal(first.kind, 'monthly');
      assert.equal(first.invoiceId, firstInvoice.id);
      assert.equal(first.subscriptionId, sub.id);
      assert.equal(first.customerId, sub.customer);
      assert.equal(first.donorEmail, 'maria@example.org');
      assert.equal(first.donorName, 'Maria Beispiel');
      assert.equal(first.projectId, otherProjectId, 'the subscription’s project, never General Support');
      assert.equal(first.language, 'de');
      assert.equal(Number(first.amountCents), 2000);
      assert.equal(Number(first.settledCents), 2500);
      mirror = await db()('donation_subscriptions').where({ subscriptionId: sub.id }).first();
      assert.equal(mirror.status, 'active');
      assert.equal(Number(mirror.amountCents), 2000);
      assert.equal(mirror.currency, 'chf');
      assert.equal(mirror.projectId, otherProjectId);
      assert.equal(mirror.donorEmail, 'maria@example.org');
      assert.ok(mirror.currentPeriodEnd);

      // Replayed twice, and concurrently with payment_intent.succeeded: nothing more.
      const paid = fake.event('invoice.paid', firstInvoice);
      const results = await Promise.all([fake.deliverEvent(paid), fake.deliverEvent(paid), fake.deliver('payment_intent.succeeded', firstIntent), fake.deliver('invoice.paid', firstInvoice)]);
      assert.deepEqual(results, [200, 200, 200, 200]);
      assert.equal(await raisedCents(otherProjectId), before + 2500);
      assert.equal((await db()('donations').where({ subscriptionId: sub.id })).length, 1);

      // Next month.
      const next = fake.payNextInvoice(sub.id);
      await fake.settle();
      assert.equal(await raisedCents(otherProjectId), before + 5000);
      const second = await donationOf(next.intent.id);
      assert.equal(second.invoiceId, next.invoice.id);
      assert.equal(second.kind, 'monthly');
      assert.equal((await db()('donations').where({ subscriptionId: sub.id })).length, 2);
      const jobs = (await receiptJobs()).slice(jobsBefore);
      assert.deepEqual(jobs.map((j) => j.donationId), [first.id, second.id], 'one receipt per payment');
      assert.deepEqual(await checkLedger(db()), []);

      // A second monthly gift of the same donor: the same customer, the same product.
      await create({ amount: 5, currency: 'eur', interval: 'month', projectId: null, email: 'maria@example.org' }).expect(200);
      assert.equal(fake.requestsTo('POST', '/v1/customers').length, 1, 'the customer is reused');
      assert.equal(fake.requestsTo('POST', '/v1/products').length, 1, 'the product is made once');
      assert.equal(fake.requestsTo('POST', '/v1/subscriptions')[1]!.body.customer, sub.customer);
    });

    test('a customer or the product deleted in the Stripe Dashboard since: made again, the gift still starts', async () => {
      await create({ amount: 7, interval: 'month', projectId, email: 'deleted@example.org' }).expect(200);
      await fake.settle();
      assert.ok(await db()('donation_subscriptions').where({ donorEmail: 'deleted@example.org' }).first(), 'the customer is known from the mirror');
      const customer = [...fake.customers.values()].find((c) => c.email === 'deleted@example.org')!;
      const product = (await db()('app_settings').where({ key: 'stripe_monthly_product_id' }).first()).value;
      fake.customers.delete(customer.id);
      fake.products.delete(product);
      fake.reset();
      const res = await create({ amount: 8, interval: 'month', projectId, email: 'deleted@example.org' });
      assert.equal(res.status, 200, JSON.stringify(res.body) + JSON.stringify(fake.requests.map((r) => [r.method, r.path])));
      assert.equal(res.body.kind, 'monthly');
      assert.equal([...fake.customers.values()].filter((c) => c.email === 'deleted@example.org').length, 1, 'one new customer');
      assert.equal(fake.requestsTo('POST', '/v1/products').length, 1);
      const renewed = (await db()('app_settings').where({ key: 'stripe_monthly_product_id' }).first()).value;
      assert.notEqual(renewed, product);
      assert.ok(fake.products.has(renewed));
    });

    test('Stripe failing while a monthly gift starts: retried with the same key, then a 502 with a clear message', async () => {
      fake.failNext(2, 500);
      const res = await create({ amount: 9, interval: 'month', projectId, email: 'fails@example.org' }).expect(502);
      assert.match(res.body.error, /payment service/i);
      const attempts = fake.requests.filter((r) => r.method === 'POST');
      assert.equal(attempts.length, 2);
      assert.equal(new Set(attempts.map((r) => r.idempotencyKey)).size, 1);
    });

    test("a signed invoice.paid whose numbers lie moves only what Stripe's record says", async () => {
      const before = await raisedCents(projectId);
      const res = await create({ amount: 10, interval: 'month', projectId, email: 'liar@example.org' }).expect(200);
      await confirmLikeStripeJs(res.body.clientSecret);
      await fake.settle();
      assert.equal(await raisedCents(projectId), before + 1000);
      const intentId = res.body.clientSecret.split('_secret_')[0];
      const invoice = fake.invoiceOf(intentId)!;
      const event = fake.event('invoice.paid', invoice) as { data: { object: Record<string, unknown> } };
      Object.assign(event.data.object, { amount_paid: 9_000_000, currency: 'usd', parent: { subscription_details: { subscription: 'sub_other', metadata: { projectId: String(otherProjectId) } } } });
      assert.equal(await fake.deliverEvent(event as Record<string, unknown>), 200);
      assert.equal(await raisedCents(projectId), before + 1000);
    });

    test('an unpaid invoice and a subscription of another site are acknowledged and move nothing', async () => {
      const res = await create({ amount: 10, interval: 'month', projectId, email: 'open@example.org' }).expect(200);
      const intentId = res.body.clientSecret.split('_secret_')[0];
      const invoice = fake.invoiceOf(intentId)!;
      const sub = fake.subscriptions.get(invoice.parent.subscription_details.subscription)!;
      const payload = JSON.stringify(fake.event('invoice.paid', invoice));
      const signedOpen = await request(h.app)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }))
        .send(payload)
        .expect(200);
      assert.deepEqual(signedOpen.body, { received: true, applied: false, status: 'open' });
      sub.metadata = {};
      fake.markSucceeded(intentId);
      assert.equal(await fake.deliver('invoice.paid', invoice), 200);
      assert.equal(await donationOf(intentId), undefined, 'not one of our monthly gifts');
    });
  });

  describe('refunds and disputes', () => {
    test('a partial refund, then the rest: each takes back its share once; replays change nothing', async () => {
      const before = await raisedCents(projectId);
      const { intentId, charge } = await oneOff({ amount: 100, projectId });
      assert.equal(await raisedCents(projectId), before + 10000);
      fake.refund(charge.id, 2500);
      assert.equal(await fake.deliver('charge.refunded', charge), 200);
      assert.equal(await fake.deliver('charge.refunded', charge), 200);
      assert.equal(await raisedCents(projectId), before + 7500);
      const row = await donationOf(intentId);
      assert.equal(Number(row.refundedCents), 2500);
      fake.refund(charge.id);
      const event = fake.event('charge.refunded', charge);
      await Promise.all([fake.deliverEvent(event), fake.deliverEvent(event), fake.deliverEvent(event)]);
      assert.equal(await raisedCents(projectId), before);
      assert.deepEqual(await ledgerOf(row.id), [
        ['donation', 10000],
        ['refund', -2500],
        ['refund', -7500],
      ]);
      assert.equal(Number((await donationOf(intentId)).refundedCents), 10000);
      assert.deepEqual(await checkLedger(db()), []);
    });

    test('a CHF refund takes back its share of what the gift settled for in USD (POST /v1/refunds delivers charge.refunded)', async () => {
      const before = await raisedCents(projectId);
      const { charge } = await oneOff({ amount: 50, currency: 'chf', projectId });
      const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
      await stripe.refunds.create({ charge: charge.id, amount: 1000 });
      await fake.settle();
      assert.equal(await raisedCents(projectId), before + 6250 - 1250);
    });

    test('a refund that arrives before the gift: the gift is credited net of it', async () => {
      const before = await raisedCents(projectId);
      const intent = fake.addIntent({ amount: 4000, status: 'succeeded', metadata: { projectId: String(projectId), language: 'en', kind: 'one_off' } });
      const charge = fake.chargeOf(intent.id);
      fake.refund(charge.id, 1000);
      assert.equal(await fake.deliver('charge.refunded', charge), 200);
      assert.equal(await raisedCents(projectId), before);
      assert.equal(await fake.deliver('payment_intent.succeeded', intent), 200);
      assert.equal(await raisedCents(projectId), before + 3000);
      assert.equal(await fake.deliver('charge.refunded', charge), 200);
      assert.equal(await raisedCents(projectId), before + 3000);
    });

    test('a lost dispute takes the money back once; a won one gives it back, in whatever order the events come', async () => {
      const before = await raisedCents(projectId);
      const lost = await oneOff({ amount: 80, projectId });
      const dispute = fake.openDispute(lost.charge.id);
      const created = fake.event('charge.dispute.created', dispute);
      const withdrawn = fake.event('charge.dispute.funds_withdrawn', dispute);
      await fake.deliverEvent(created);
      await fake.deliverEvent(withdrawn);
      await fake.deliverEvent(created);
      assert.equal(await raisedCents(projectId), before);
      fake.closeDispute(dispute.id, 'lost');
      await fake.deliver('charge.dispute.closed', dispute);
      await fake.deliverEvent(withdrawn);
      assert.equal(await raisedCents(projectId), before);
      const row = await donationOf(lost.intentId);
      assert.equal(row.disputeStatus, 'lost');
      assert.equal(Number(row.disputedCents), 8000);

      const won = await oneOff({ amount: 60, projectId });
      assert.equal(await raisedCents(projectId), before + 6000);
      const second = fake.openDispute(won.charge.id);
      const events = [fake.event('charge.dispute.created', second), fake.event('charge.dispute.funds_withdrawn', second)];
      fake.closeDispute(second.id, 'won');
      events.push(fake.event('charge.dispute.closed', second), fake.event('charge.dispute.funds_reinstated', second));
      // Stripe's record says won by the time any of them is handled: nothing ever moves.
      for (const e of [...events].reverse()) assert.equal(await fake.deliverEvent(e), 200);
      assert.equal(await raisedCents(projectId), before + 6000);
      assert.equal((await donationOf(won.intentId)).disputeStatus, 'won');

      // Handled while it was open, then won: taken, then given back.
      const third = await oneOff({ amount: 40, projectId });
      const open = fake.openDispute(third.charge.id);
      await fake.deliver('charge.dispute.funds_withdrawn', open);
      assert.equal(await raisedCents(projectId), before + 6000);
      fake.updateDispute(open.id, 'under_review');
      await fake.deliver('charge.dispute.updated', open);
      fake.closeDispute(open.id, 'won');
      await fake.deliver('charge.dispute.funds_reinstated', open);
      await fake.deliver('charge.dispute.closed', open);
      assert.equal(await raisedCents(projectId), before + 10000);
      const thirdRow = await donationOf(third.intentId);
      assert.deepEqual(await ledgerOf(thirdRow.id), [
        ['donation', 4000],
        ['dispute', -4000],
        ['dispute', 4000],
      ]);
      assert.equal(Number(thirdRow.disputedCents), 0);
      assert.deepEqual(await checkLedger(db()), []);
    });

    test('an inquiry withdraws nothing; a dispute on a monthly payment takes back from its project', async () => {
      const before = await raisedCents(otherProjectId);
      const res = await create({ amount: 15, interval: 'month', projectId: otherProjectId, email: 'monthly-dispute@example.org' }).expect(200);
      await confirmLikeStripeJs(res.body.clientSecret);
      await fake.settle();
      assert.equal(await raisedCents(otherProjectId), before + 1500);
      const intentId = res.body.clientSecret.split('_secret_')[0];
      const inquiry = fake.openDispute(fake.chargeOf(intentId).id, { status: 'warning_needs_response' });
      await fake.deliver('charge.dispute.created', inquiry);
      assert.equal(await raisedCents(otherProjectId), before + 1500);
      fake.updateDispute(inquiry.id, 'needs_response');
      await fake.deliver('charge.dispute.funds_withdrawn', inquiry);
      assert.equal(await raisedCents(otherProjectId), before);
    });

    test('a refund of a charge that is not a donation of ours is acknowledged and moves nothing', async () => {
      const intent = fake.addIntent({ amount: 999, status: 'succeeded', metadata: { order: '42' } });
      const charge = fake.chargeOf(intent.id);
      fake.refund(charge.id);
      const totals = await db()('projects').sum({ s: 'raisedCents' }).first();
      assert.equal(await fake.deliver('charge.refunded', charge), 200);
      assert.equal(await fake.deliver('payment_intent.succeeded', intent), 200);
      assert.deepEqual(await db()('projects').sum({ s: 'raisedCents' }).first(), totals);
      assert.equal(await donationOf(intent.id), undefined);
    });
  });

  describe('the subscription mirror', () => {
    test('created, paused, resumed and canceled in Stripe: donation_subscriptions follows Stripe’s record, not the event', async () => {
      const res = await create({ amount: 12, currency: 'eur', interval: 'month', projectId, email: 'sync@example.org', name: 'Sync Donor' }).expect(200);
      await confirmLikeStripeJs(res.body.clientSecret);
      await fake.settle();
      const intentId = res.body.clientSecret.split('_secret_')[0];
      const sub = fake.subscriptions.get(fake.invoiceOf(intentId)!.parent.subscription_details.subscription)!;
      const row = () => db()('donation_subscriptions').where({ subscriptionId: sub.id }).first();
      assert.equal((await row()).status, 'active');
      assert.equal((await row()).donorName, 'Sync Donor');

      sub.pause_collection = { behavior: 'void', resumes_at: null };
      const lying = fake.event('customer.subscription.updated', sub) as { data: { object: Record<string, unknown> } };
      lying.data.object.pause_collection = null;
      lying.data.object.status = 'canceled';
      assert.equal(await fake.deliverEvent(lying as Record<string, unknown>), 200);
      assert.equal((await row()).paused, isSqlite(db()) ? 1 : true);
      assert.equal((await row()).status, 'active');

      sub.pause_collection = null;
      sub.items.data[0]!.price.unit_amount = 2500;
      await fake.deliver('customer.subscription.updated', sub);
      assert.equal(Boolean((await row()).paused), false);
      assert.equal(Number((await row()).amountCents), 2500);

      // An answer read a moment before the first payment, handled after it, does not take it back.
      sub.status = 'incomplete';
      await fake.deliver('customer.subscription.created', sub);
      assert.equal((await row()).status, 'active');

      sub.status = 'canceled';
      sub.canceled_at = Math.floor(Date.now() / 1000);
      await fake.deliver('customer.subscription.deleted', sub);
      const canceled = await row();
      assert.equal(canceled.status, 'canceled');
      assert.ok(canceled.canceledAt);
      assert.equal(canceled.donorEmail, 'sync@example.org');
      sub.status = 'active';
      await fake.deliver('customer.subscription.updated', sub);
      assert.equal((await row()).status, 'canceled', 'a canceled gift stays canceled');
    });
  });

  describe('bad input', () => {
    const cases: [string, object, RegExp][] = [
      ['currency gbp', { amount: 50, currency: 'gbp' }, /currency must be one of usd, chf, eur/],
      ['a currency that is a number', { amount: 50, currency: 756 }, /currency must be one of usd, chf, eur/],
      ['interval week', { amount: 50, interval: 'week', email: 'a@example.org' }, /interval must be one of once, month/],
      ['monthly without e-mail', { amount: 50, interval: 'month' }, /email is required for a monthly donation/],
      ['monthly with an empty e-mail', { amount: 50, interval: 'month', email: '  ' }, /email is required for a monthly donation/],
      ['a bad e-mail', { amount: 50, email: 'not-an-address' }, /email must be an e-mail address/],
      ['a bad e-mail, monthly', { amount: 50, interval: 'month', email: 'a@b' }, /email must be an e-mail address/],
      ['below CHF 1.00', { amount: 0.5, currency: 'chf' }, /amount must be at least 1\.00 CHF/],
      ['above the EUR maximum', { amount: 1000000, currency: 'eur' }, /amount must be at most 999,999\.99 EUR/],
      ['a word in euros', { amount: 'lots', currency: 'eur' }, /number of euros/],
      ['a name too long', { amount: 50, name: 'x'.repeat(201) }, /name can have at most 200 characters/],
      ['a name with a control character', { amount: 50, name: 'Anna\u0007' }, /control characters/],
    ];
    for (const [name, body, message] of cases) {
      test(`400 for ${name}, with a clear message; Stripe is never asked`, async () => {
        const res = await create({ projectId: null, ...body }).expect(400);
        assert.equal(res.body.code, 'validation');
        assert.match(res.body.error, message);
        assert.equal(fake.requests.length, 0);
      });
    }
  });
});
