// Donations end to end on the server: the real `stripe` SDK talks to the local fake Stripe API
// (test/fakes/stripe.ts) through STRIPE_API_BASE; webhooks are signed with the SDK's test helper.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import Stripe from 'stripe';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '../fakes/stripe';

const WEBHOOK_SECRET = 'whsec_test';

function signed(payload: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

describe('donations API with Stripe (fake Stripe API, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let projectId: number;
  let otherProjectId: number;

  const raisedCents = async (id: number) => Number((await h.deps.db('projects').where({ id }).first('raisedCents')).raisedCents);
  const donation = (paymentIntentId: string) => h.deps.db('donations').where({ paymentIntentId }).first();
  const postWebhook = (payload: string, signature?: string) => {
    const req = request(h.app).post('/api/stripe/webhook').set('Content-Type', 'application/json; charset=utf-8');
    if (signature !== undefined) req.set('Stripe-Signature', signature);
    return req.send(payload);
  };
  const succeededIntent = (amount: number, project: number | null, language = 'en'): FakeIntent =>
    fake.addIntent({ amount, status: 'succeeded', metadata: { projectId: project === null ? '' : String(project), language } });

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env());
    const projects = await h.deps.db('projects').where({ status: 'funding' }).orderBy('id').limit(2);
    projectId = projects[0].id;
    otherProjectId = projects[1].id;
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  describe('POST /api/create-payment-intent', () => {
    test('creates a USD PaymentIntent in cents with automatic payment methods, metadata and an idempotency key', async () => {
      const res = await request(h.app)
        .post('/api/create-payment-intent')
        .send({ amount: 150, projectId: null })
        .expect(200)
        .expect('Content-Type', /json/);
      assert.match(res.body.clientSecret, /^pi_\w+_secret_\w+$/);
      assert.deepEqual(res.body.kind, 'one_off');
      assert.deepEqual(Object.keys(res.body).sort(), ['clientSecret', 'kind']);
      const [req] = fake.createRequests();
      assert.ok(req, 'the request reached the fake Stripe API');
      assert.equal(req.body.amount, '15000');
      assert.equal(req.body.currency, 'usd');
      assert.deepEqual(req.body.automatic_payment_methods, { enabled: 'true' });
      assert.deepEqual(req.body.metadata, { projectId: '', language: 'en', kind: 'one_off' });
      assert.equal(req.body.receipt_email, undefined, "Stripe's own receipt is not asked for");
      assert.equal(req.body.description, 'Donation to Kuvaka Community Trust: General Support');
      assert.equal(req.authorization, 'Bearer sk_test_x');
      assert.match(req.idempotencyKey ?? '', /^donation-/);
    });

    test('a project, the language and cents from a decimal amount reach Stripe', async () => {
      await request(h.app).post('/api/create-payment-intent').send({ amount: 25.5, projectId, language: 'de' }).expect(200);
      const [req] = fake.createRequests();
      assert.equal(req!.body.amount, '2550');
      assert.deepEqual(req!.body.metadata, { projectId: String(projectId), language: 'de', kind: 'one_off' });
      const project = await h.deps.db('projects').where({ id: projectId }).first();
      assert.equal(req!.body.description, `Donation to Kuvaka Community Trust: ${project.title}`);
    });

    test('CHF and EUR: the PaymentIntent is in that currency, in minor units', async () => {
      await request(h.app).post('/api/create-payment-intent').send({ amount: 50, currency: 'chf', projectId: null }).expect(200);
      await request(h.app).post('/api/create-payment-intent').send({ amount: '12.30', currency: 'eur', projectId: null }).expect(200);
      assert.deepEqual(
        fake.createRequests().map((r) => [r.body.currency, r.body.amount]),
        [
          ['chf', '5000'],
          ['eur', '1230'],
        ],
      );
    });

    test('monthly: answers the first invoice payment’s client secret, kind monthly; no PaymentIntent of its own', async () => {
      const res = await request(h.app).post('/api/create-payment-intent').send({ amount: 20, currency: 'chf', interval: 'month', projectId, email: 'Monthly@Example.org' }).expect(200);
      assert.equal(res.body.kind, 'monthly');
      assert.match(res.body.clientSecret, /^pi_\w+_secret_\w+$/);
      assert.equal(fake.createRequests().length, 0);
      const invoice = fake.invoiceOf(res.body.clientSecret.split('_secret_')[0]);
      assert.ok(invoice, 'the client secret is that of an invoice’s PaymentIntent');
      assert.equal(invoice.customer_email, 'monthly@example.org');
    });

    test('the limits themselves are accepted: 1.00 and 999,999.99 dollars', async () => {
      await request(h.app).post('/api/create-payment-intent').send({ amount: 1, projectId: null }).expect(200);
      await request(h.app).post('/api/create-payment-intent').send({ amount: 999999.99, projectId: null }).expect(200);
      await request(h.app).post('/api/create-payment-intent').send({ amount: '12.30', projectId: null }).expect(200);
      assert.deepEqual(
        fake.createRequests().map((r) => r.body.amount),
        ['100', '99999999', '1230'],
      );
    });

    test('the same checkout and choice get the same PaymentIntent back; another amount gets a new one', async () => {
      const body = { amount: 50, projectId, language: 'en', checkoutId: 'visit-1234abcd' };
      const a = await request(h.app).post('/api/create-payment-intent').send(body).expect(200);
      const b = await request(h.app).post('/api/create-payment-intent').send(body).expect(200);
      const c = await request(h.app).post('/api/create-payment-intent').send({ ...body, amount: 3500 }).expect(200);
      assert.equal(a.body.clientSecret, b.body.clientSecret);
      assert.notEqual(a.body.clientSecret, c.body.clientSecret);
      const keys = fake.createRequests().map((r) => r.idempotencyKey);
      assert.equal(keys[0], keys[1]);
      assert.notEqual(keys[0], keys[2]);
    });

    const bad: [string, unknown, RegExp][] = [
      ['below one dollar', { amount: 0.99, projectId: null }, /at least 1\.00/],
      ['zero', { amount: 0, projectId: null }, /at least 1\.00/],
      ['negative', { amount: -20, projectId: null }, /at least 1\.00/],
      ['above the maximum', { amount: 1000000, projectId: null }, /at most 999,999\.99/],
      ['three decimals', { amount: 10.001, projectId: null }, /two decimals/],
      ['a word', { amount: 'lots', projectId: null }, /number of US dollars/],
      ['"NaN"', { amount: 'NaN', projectId: null }, /number of US dollars/],
      ['"Infinity"', { amount: 'Infinity', projectId: null }, /number of US dollars/],
      ['an exponent', { amount: '1e3', projectId: null }, /number of US dollars/],
      ['no amount', { projectId: null }, /amount/],
      ['null amount', { amount: null, projectId: null }, /amount/],
      ['an unknown project', { amount: 50, projectId: 999999 }, /no project with id 999999/],
      ['a project id as text', { amount: 50, projectId: 'abc' }, /projectId/],
      ['a fractional project id', { amount: 50, projectId: 1.5 }, /projectId/],
      ['an unknown language', { amount: 50, projectId: null, language: 'fr' }, /language/],
      ['an unknown currency', { amount: 50, projectId: null, currency: 'gbp' }, /currency must be one of usd, chf, eur/],
      ['an unknown interval', { amount: 50, projectId: null, interval: 'week' }, /interval must be one of once, month/],
      ['monthly without an e-mail address', { amount: 50, projectId: null, interval: 'month' }, /email is required for a monthly donation/],
      ['below one franc', { amount: 0.99, projectId: null, currency: 'chf' }, /at least 1\.00 CHF/],
    ];
    for (const [name, body, message] of bad) {
      test(`400 with a clear message for ${name}, and Stripe is never asked`, async () => {
        const res = await request(h.app).post('/api/create-payment-intent').send(body as object).expect(400);
        assert.match(res.body.error, message);
        assert.equal(fake.createRequests().length, 0);
      });
    }

    test('malformed JSON is a 400, not a 500', async () => {
      const res = await request(h.app).post('/api/create-payment-intent').set('Content-Type', 'application/json').send('{"amount": 5').expect(400);
      assert.match(res.body.error, /Malformed JSON/);
    });

    test('Stripe failing: retried with the same idempotency key, then a 502 with a clear message', async () => {
      fake.failNext(2, 500);
      const res = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null }).expect(502);
      assert.match(res.body.error, /payment service/i);
      const keys = new Set(fake.createRequests().map((r) => r.idempotencyKey));
      assert.equal(fake.createRequests().length, 2, 'the SDK retried once (a donor waits at most STRIPE_WORST_CASE_MS)');
      assert.equal(keys.size, 1, 'every retry carried the same idempotency key');
    });

    test('Stripe refusing the API key: 502 telling the donor to contact the charity', async () => {
      fake.failNext(1, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' });
      const res = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null }).expect(502);
      assert.match(res.body.error, /not set up correctly/);
    });
  });

  describe('POST /api/payment-details', () => {
    const details = (body: object) => request(h.app).post('/api/payment-details').send(body);
    const openSession = async (body: object = { amount: 50, projectId }) => {
      const res = await request(h.app).post('/api/create-payment-intent').send(body).expect(200);
      return res.body.clientSecret as string;
    };

    test('the e-mail address and name join a one-off session before it is paid; the webhook then takes them to the gift', async () => {
      const clientSecret = await openSession();
      const id = clientSecret.split('_secret_')[0]!;
      assert.equal(fake.intents.get(id)!.metadata.email, undefined);
      const res = await details({ clientSecret, email: ' Anna.Muster@Example.CH ', name: ' Anna Muster ' }).expect(200);
      assert.deepEqual(res.body, { updated: true });
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(fake.intents.get(id)!.metadata, { projectId: String(projectId), language: 'en', kind: 'one_off', email: 'anna.muster@example.ch', name: 'Anna Muster' });
      // Changed before paying: the last word counts, and a name taken away is gone.
      await details({ clientSecret, email: 'kim@example.ch' }).expect(200);
      assert.equal(fake.intents.get(id)!.metadata.email, 'kim@example.ch');
      assert.equal(fake.intents.get(id)!.metadata.name, undefined);

      fake.markSucceeded(id);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', fake.intents.get(id)!));
      await postWebhook(payload, signed(payload)).expect(200);
      assert.equal((await donation(id)).donorEmail, 'kim@example.ch');
      // Paid: its details no longer change.
      const closed = await details({ clientSecret, email: 'other@example.ch' }).expect(409);
      assert.match(closed.body.error, /no longer open/);
      assert.equal(fake.intents.get(id)!.metadata.email, 'kim@example.ch');
    });

    test('only the holder of the client secret, only a one-off session, and only a valid e-mail address', async () => {
      const clientSecret = await openSession();
      const id = clientSecret.split('_secret_')[0]!;
      const forged = `${id}_secret_${'x'.repeat(clientSecret.length - id.length - 8)}`;
      const refused = await details({ clientSecret: forged, email: 'a@example.ch' }).expect(404);
      assert.match(refused.body.error, /no such payment session/);
      await details({ clientSecret: 'pi_nothere_secret_abc', email: 'a@example.ch' }).expect(404);
      for (const [body, field] of [
        [{ clientSecret }, /email is required/],
        [{ clientSecret, email: 'not-an-address' }, /email must be an e-mail address/],
        [{ clientSecret, email: 'a@example.ch', name: 'A\u0007B' }, /control characters/],
        [{ email: 'a@example.ch' }, /clientSecret/],
        [{ clientSecret: 'seti_123_secret_x', email: 'a@example.ch' }, /clientSecret must be/],
      ] as const) {
        const res = await details(body).expect(400);
        assert.match(res.body.error, field);
      }
      assert.equal(fake.intents.get(id)!.metadata.email, undefined, 'nothing was set by a refused call');
      // A monthly gift's first payment: its details are given when it is made.
      const monthly = await openSession({ amount: 20, currency: 'chf', interval: 'month', email: 'm@example.ch', name: 'M' });
      const wrongKind = await details({ clientSecret: monthly, email: 'x@example.ch' }).expect(409);
      assert.match(wrongKind.body.error, /monthly gift/);
    });

    test('Stripe not answering: a 502/503 with a clear message, never a 500', async () => {
      const clientSecret = await openSession();
      fake.failNext(3, 500);
      const res = await details({ clientSecret, email: 'a@example.ch' });
      assert.ok([502, 503].includes(res.status), `status ${res.status}`);
      assert.ok(res.body.error);
    });
  });

  describe('POST /api/stripe/webhook', () => {
    test('payment_intent.succeeded records the donation and raises the project once; replays change nothing', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(4200, projectId, 'de');
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      const first = await postWebhook(payload, signed(payload)).expect(200);
      assert.deepEqual(first.body, { received: true, applied: true });
      assert.equal(await raisedCents(projectId), before + 4200);
      const row = await donation(intent.id);
      assert.equal(row.status, 'succeeded');
      assert.equal(Number(row.amountCents), 4200);
      assert.equal(row.currency, 'usd');
      assert.equal(row.projectId, projectId);
      assert.equal(row.language, 'de');
      assert.equal(row.appliedBy, 'webhook');
      assert.ok(row.appliedAt);

      // Stripe redelivers the same event, and a second event for the same PaymentIntent arrives.
      const replay = await postWebhook(payload, signed(payload)).expect(200);
      assert.deepEqual(replay.body, { received: true, applied: false });
      const another = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      await postWebhook(another, signed(another)).expect(200);
      assert.equal(await raisedCents(projectId), before + 4200);
      assert.equal((await h.deps.db('donations').where({ paymentIntentId: intent.id })).length, 1);
    });

    test('two deliveries at the same moment apply the payment exactly once', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(7700, projectId);
      const payloads = [0, 1, 2].map(() => JSON.stringify(fake.event('payment_intent.succeeded', intent)));
      const results = await Promise.all(payloads.map((p) => postWebhook(p, signed(p))));
      assert.deepEqual(
        results.map((r) => r.status),
        [200, 200, 200],
      );
      assert.equal(results.filter((r) => r.body.applied === true).length, 1);
      assert.equal(await raisedCents(projectId), before + 7700);
    });

    test('a bad, missing or foreign signature is a 400 and changes nothing', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(1000, projectId);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      const tampered = payload.replace('"amount":1000', '"amount":100000');
      const cases: [string, string | undefined][] = [
        [payload, undefined],
        [payload, 't=123,v1=deadbeef'],
        [payload, signed(payload, 'whsec_someone_else')],
        [tampered, signed(payload)],
      ];
      for (const [body, sig] of cases) {
        const res = await postWebhook(body, sig).expect(400);
        assert.match(res.body.error, /signature/i);
        assert.equal(res.body.code, 'payments.signature');
      }
      assert.equal(await raisedCents(projectId), before);
      assert.equal(await donation(intent.id), undefined);
    });

    test('a signed event from long ago (outside the tolerance) is refused', async () => {
      const intent = succeededIntent(1000, projectId);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      await postWebhook(payload, old).expect(400);
      assert.equal(await donation(intent.id), undefined);
    });

    test('payment_failed is recorded; success later applies; a late failure never undoes it', async () => {
      const before = await raisedCents(otherProjectId);
      const intent = fake.addIntent({ amount: 2500, metadata: { projectId: String(otherProjectId), language: 'en' } });
      fake.markFailed(intent.id, 'Your card has insufficient funds.');
      const failed = JSON.stringify(fake.event('payment_intent.payment_failed', intent));
      await postWebhook(failed, signed(failed)).expect(200);
      let row = await donation(intent.id);
      assert.equal(row.status, 'failed');
      assert.equal(row.failureMessage, 'Your card has insufficient funds.');
      assert.equal(row.appliedAt, null);
      assert.equal(await raisedCents(otherProjectId), before);

      fake.markSucceeded(intent.id);
      const ok = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      await postWebhook(ok, signed(ok)).expect(200);
      assert.equal(await raisedCents(otherProjectId), before + 2500);

      await postWebhook(failed, signed(failed)).expect(200);
      row = await donation(intent.id);
      assert.equal(row.status, 'succeeded');
      assert.equal(await raisedCents(otherProjectId), before + 2500);
    });

    test('General Support is recorded without touching any project; other events are acknowledged', async () => {
      const totals = await h.deps.db('projects').sum({ s: 'raisedCents' }).first();
      const intent = succeededIntent(5000, null);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      await postWebhook(payload, signed(payload)).expect(200);
      assert.equal((await donation(intent.id)).projectId, null);
      assert.deepEqual(await h.deps.db('projects').sum({ s: 'raisedCents' }).first(), totals);

      const other = JSON.stringify({ ...fake.event('customer.created', intent), data: { object: { id: 'cus_1', object: 'customer' } } });
      const res = await postWebhook(other, signed(other)).expect(200);
      assert.equal(res.body.ignored, 'customer.created');
    });
  });

  describe('POST /api/stripe/webhook: signed is not trusted as sent', () => {
    const withObject = (intent: FakeIntent, patch: Record<string, unknown>, type = 'payment_intent.succeeded') => {
      const event = fake.event(type, intent) as { data: { object: Record<string, unknown> } } & Record<string, unknown>;
      return JSON.stringify({ ...event, data: { object: { ...event.data.object, ...patch } } });
    };

    test('malformed signed events are a 400 naming the problem; nothing moves, nothing is recorded', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(1000, projectId);
      const event = fake.event('payment_intent.succeeded', intent);
      const cases: [string, string, RegExp][] = [
        ['a negative amount', withObject(intent, { amount: -500, amount_received: -500 }), /data\.object\.amount/],
        ['a fraction of a cent', withObject(intent, { amount: 1.5, amount_received: 1.5 }), /data\.object\.amount/],
        ['1e308', withObject(intent, { amount: 1e308, amount_received: 1e308 }), /data\.object\.amount/],
        ['a null data.object', JSON.stringify({ ...event, data: { object: null } }), /data\.object/],
        ['a null currency', withObject(intent, { currency: null }), /data\.object\.currency/],
        ['a null intent id', withObject(intent, { id: null }), /data\.object\.id/],
        ['a null event id', JSON.stringify({ ...event, id: null }), /malformed: id/],
        ['no type', JSON.stringify({ ...event, type: null }), /malformed: type/],
      ];
      for (const [name, payload, message] of cases) {
        const res = await postWebhook(payload, signed(payload));
        assert.equal(res.status, 400, `${name}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.match(res.body.error, /^The webhook event is malformed/, name);
        assert.match(res.body.error, message, name);
      }
      assert.equal(await raisedCents(projectId), before);
      assert.equal(await donation(intent.id), undefined);
      // Not one of them reached Stripe: the shape is checked first.
      assert.equal(fake.requests.length, 0);
    });

    test("the amount, currency, project and status come from Stripe's record, not from the event", async () => {
      const before = await raisedCents(projectId);
      const otherBefore = await raisedCents(otherProjectId);
      const intent = succeededIntent(1000, projectId, 'de');
      // The event claims far more money, another project, and a currency.
      const lying = withObject(intent, { amount: 9_000_000, amount_received: 9_000_000, currency: 'usd', metadata: { projectId: String(otherProjectId), language: 'en' } });
      const res = await postWebhook(lying, signed(lying)).expect(200);
      assert.equal(res.body.applied, true);
      assert.ok(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.id}`), 'the server asked Stripe');
      assert.equal(await raisedCents(projectId), before + 1000);
      assert.equal(await raisedCents(otherProjectId), otherBefore);
      const row = await donation(intent.id);
      assert.equal(Number(row.amountCents), 1000);
      assert.equal(row.language, 'de');
    });

    test('a "succeeded" event for a payment Stripe does not call succeeded moves nothing; a failed event for one that did succeed applies it', async () => {
      const before = await raisedCents(projectId);
      const pending = fake.addIntent({ amount: 2000, metadata: { projectId: String(projectId) } });
      const claim = withObject(pending, { status: 'succeeded', amount_received: 2000 });
      const res = await postWebhook(claim, signed(claim)).expect(200);
      assert.deepEqual(res.body, { received: true, applied: false, status: 'requires_payment_method' });
      assert.equal(await raisedCents(projectId), before);
      assert.equal(await donation(pending.id), undefined);

      // Events can arrive late and out of order: Stripe's record decides.
      fake.markSucceeded(pending.id);
      const late = JSON.stringify(fake.event('payment_intent.payment_failed', { ...pending, status: 'requires_payment_method', amount_received: 0 }));
      const applied = await postWebhook(late, signed(late)).expect(200);
      assert.equal(applied.body.applied, true);
      assert.equal(await raisedCents(projectId), before + 2000);
    });

    test('Stripe unreachable while confirming: 503, so Stripe delivers again; the next delivery applies it once', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(3300, projectId);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      fake.failNext(2, 500);
      const res = await postWebhook(payload, signed(payload)).expect(503);
      assert.match(res.body.error, /Stripe will deliver the event again/);
      assert.equal(await raisedCents(projectId), before);
      const again = await postWebhook(payload, signed(payload)).expect(200);
      assert.equal(again.body.applied, true);
      assert.equal(await raisedCents(projectId), before + 3300);
    });

    test('an event for a payment Stripe does not know is refused; an amount outside the checkout is not applied', async () => {
      const before = await raisedCents(projectId);
      const ghost = fake.addIntent({ amount: 1000 });
      fake.intents.delete(ghost.id);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', ghost));
      const res = await postWebhook(payload, signed(payload)).expect(400);
      assert.match(res.body.error, /Stripe has no payment/);

      const huge = succeededIntent(100_000_000, projectId);
      const hugeEvent = JSON.stringify(fake.event('payment_intent.succeeded', huge));
      const refused = await postWebhook(hugeEvent, signed(hugeEvent)).expect(400);
      assert.match(refused.body.error, /amount this site does not accept/);
      assert.equal(await raisedCents(projectId), before);
    });
  });

  describe('POST /api/update-project-funding', () => {
    const fund = (body: object) => request(h.app).post('/api/update-project-funding').send(body);

    test('applies a succeeded PaymentIntent retrieved from Stripe, once; the webhook after it changes nothing', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(15000, projectId);
      const res = await fund({ projectId, amount: 150, paymentIntentId: intent.id }).expect(200);
      assert.equal(res.body.applied, true);
      assert.equal(res.body.raisedAmount, ((before + 15000) / 100).toFixed(2));
      assert.ok(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.id}`), 'the server asked Stripe');
      assert.equal((await donation(intent.id)).appliedBy, 'client');

      const again = await fund({ projectId, amount: 150, paymentIntentId: intent.id }).expect(200);
      assert.equal(again.body.applied, false);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      const hook = await postWebhook(payload, signed(payload)).expect(200);
      assert.equal(hook.body.applied, false);
      assert.equal(await raisedCents(projectId), before + 15000);
    });

    test('the browser call and the webhook arriving together count the money once', async () => {
      const before = await raisedCents(projectId);
      const intent = succeededIntent(350000, projectId);
      const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
      const [a, b] = await Promise.all([fund({ projectId, amount: 3500, paymentIntentId: intent.id }), postWebhook(payload, signed(payload))]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 200);
      assert.equal(Number(a.body.applied) + Number(b.body.applied), 1);
      assert.equal(await raisedCents(projectId), before + 350000);
    });

    test('GET /api/payment-reference/:id: null before the gift is recorded, then its receipt reference; a malformed id is a 400', async () => {
      const intent = succeededIntent(5000, projectId);
      const ask = () => request(h.app).get(`/api/payment-reference/${intent.id}`).expect(200);
      assert.deepEqual((await ask()).body, { reference: null });
      await fund({ projectId, amount: 50, paymentIntentId: intent.id }).expect(200);
      const { id, appliedAt } = await donation(intent.id);
      const res = await ask();
      assert.equal(res.headers['cache-control'], 'no-store');
      const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date(appliedAt!));
      assert.deepEqual(res.body, { reference: `D-${year}-${String(id).padStart(6, '0')}` });
      for (const bad of ['x', 'pi_', 'pi_a-b', `pi_${'a'.repeat(300)}`]) {
        const refused = await request(h.app).get(`/api/payment-reference/${bad}`).expect(400);
        assert.match(refused.body.error, /pi_/);
      }
    });

    test('made-up numbers never raise a total', async () => {
      const before = await raisedCents(projectId);
      const otherBefore = await raisedCents(otherProjectId);
      const pending = fake.addIntent({ amount: 5000, metadata: { projectId: String(projectId), language: 'en' } });
      const forOther = succeededIntent(5000, otherProjectId);
      const general = succeededIntent(5000, null);
      const mine = succeededIntent(5000, projectId);
      const eur = fake.addIntent({ amount: 5000, currency: 'eur', status: 'succeeded', metadata: { projectId: String(projectId) } });
      const cases: [object, number, RegExp, string][] = [
        [{ projectId, amount: 1000000 }, 400, /paymentIntentId/, 'validation'],
        [{ projectId, amount: 50, paymentIntentId: 'made-up' }, 400, /pi_/, 'validation'],
        [{ projectId, amount: 50, paymentIntentId: 'pi_doesnotexist' }, 404, /Stripe has no payment/, 'payments.not_found'],
        [{ projectId: 999999, amount: 50, paymentIntentId: mine.id }, 404, /no project with id 999999/, 'not_found'],
        [{ projectId, amount: 50, paymentIntentId: pending.id }, 409, /has not succeeded/, 'payments.not_succeeded'],
        [{ projectId, amount: 50, paymentIntentId: forOther.id }, 400, /not made for project/, 'payments.mismatch'],
        [{ projectId, amount: 50, paymentIntentId: general.id }, 400, /not made for project/, 'payments.mismatch'],
        [{ projectId, amount: 5000, paymentIntentId: mine.id }, 400, /amount does not match/, 'payments.mismatch'],
        [{ projectId, amount: 49.99, paymentIntentId: mine.id }, 400, /amount does not match/, 'payments.mismatch'],
        [{ projectId, amount: 50, paymentIntentId: eur.id }, 400, /amount does not match/, 'payments.mismatch'],
        [{ projectId, amount: 0.5, paymentIntentId: mine.id }, 400, /at least 1\.00/, 'validation'],
      ];
      for (const [body, status, message, code] of cases) {
        const res = await fund(body);
        assert.equal(res.status, status, `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, JSON.stringify(body));
        assert.match(res.body.error, message);
      }
      assert.equal(await raisedCents(projectId), before);
      assert.equal(await raisedCents(otherProjectId), otherBefore);
      assert.equal((await h.deps.db('donations').whereIn('paymentIntentId', [pending.id, forOther.id, general.id, mine.id, eur.id])).length, 0);
    });

    test('Stripe not answering gives a clear 5xx, not a hang or a 500', async () => {
      const intent = succeededIntent(5000, projectId);
      fake.failNext(2, 503, { type: 'api_error', message: 'Service unavailable (fake)' });
      const res = await fund({ projectId, amount: 50, paymentIntentId: intent.id }).expect(502);
      assert.match(res.body.error, /payment service/i);
    });
  });

  describe('the checkout page', () => {
    test('/checkout?project=slug pre-selects the project; props stay small', async () => {
      const project = await h.deps.db('projects').where({ id: projectId }).first();
      const res = await request(h.app).get(`/checkout?project=${project.slug}`).set('Accept', 'application/json').expect(200);
      assert.equal(res.body.routeId, 'checkout');
      assert.equal(res.body.props.selectedProjectId, projectId);
      assert.equal(res.body.props.paymentsEnabled, true);
      const p = res.body.props.projects[0];
      assert.deepEqual(Object.keys(p).sort(), ['description', 'goalAmount', 'id', 'raisedAmount', 'slug', 'title']);
      assert.ok(res.body.props.projects.every((x: { description: string }) => x.description.length <= 153));
      const html = await request(h.app).get(`/checkout?project=${project.slug}`).expect(200);
      assert.match(html.text, new RegExp(`<option value="${projectId}" selected`));
      assert.match(html.text, /General Support/);
    });

    /** The preset buttons as the server's HTML shows them: label -> pressed. */
    const presetsIn = (html: string) =>
      Object.fromEntries([...html.matchAll(/<button type="button" class="chip amount-chip" aria-pressed="(true|false)">([^<]+)<\/button>/g)].map((m) => [m[2], m[1] === 'true']));
    const customValueIn = (html: string) => /<input id="custom-amount"[^>]*\bvalue="([^"]*)"/.exec(html)?.[1];

    test('?amount= (dollars) pre-selects its preset or fills the custom amount, in the server HTML and the JSON props', async () => {
      const fifty = await request(h.app).get('/checkout?amount=50').expect(200);
      assert.deepEqual(presetsIn(fifty.text), { '$50': true, '$150': false, '$3,500': false });
      assert.equal(customValueIn(fifty.text), '');
      const json = await request(h.app).get('/checkout?amount=3500').set('Accept', 'application/json').expect(200);
      assert.equal(json.body.props.selectedAmountCents, 350000);

      // Any other valid amount goes into the custom field; no preset is pressed.
      const de = await request(h.app).get('/de/checkout?amount=25.5').expect(200);
      assert.equal(customValueIn(de.text), '25.50');
      assert.deepEqual(Object.values(presetsIn(de.text)), [false, false, false]);
      assert.match(de.text, /CHF(\s|&nbsp;|\u00a0)25\.50 spenden/, 'the Donate button names the amount, in the CHF a German page suggests');
      const hundred = await request(h.app).get('/de/checkout?amount=100').set('Accept', 'application/json').expect(200);
      assert.equal(hundred.body.props.selectedAmountCents, 10000);

      // Together with a project.
      const project = await h.deps.db('projects').where({ id: projectId }).first();
      const both = await request(h.app).get(`/checkout?project=${project.slug}&amount=150.00`).set('Accept', 'application/json').expect(200);
      assert.equal(both.body.props.selectedProjectId, projectId);
      assert.equal(both.body.props.selectedAmountCents, 15000);
    });

    test('an ?amount= the amount field would refuse is ignored: the default $150, never an error', async () => {
      for (const bad of ['0.5', '0', '-50', 'abc', '1e3', '10.001', '1000000', '', '%20', '50%2C5', '50&amount=60', 'Infinity', '0x10']) {
        const res = await request(h.app).get(`/checkout?amount=${bad}`).expect(200);
        assert.deepEqual(presetsIn(res.text), { '$50': false, '$150': true, '$3,500': false }, bad);
        assert.equal(customValueIn(res.text), '', bad);
        const json = await request(h.app).get(`/checkout?amount=${bad}`).set('Accept', 'application/json').expect(200);
        assert.equal(json.body.props.selectedAmountCents, null, bad);
      }
    });

    test('/de/checkout is German, with an unknown ?project= falling back to General Support', async () => {
      const res = await request(h.app).get('/de/checkout?project=no-such-project').expect(200);
      assert.match(res.text, /<html lang="de"/);
      assert.match(res.text, /Allgemeine Unterstützung/);
      assert.match(res.text, /Jetzt spenden/);
      const json = await request(h.app).get('/de/checkout?project=no-such-project').set('Accept', 'application/json').expect(200);
      assert.equal(json.body.props.selectedProjectId, null);
    });
  });
});

describe('donations without Stripe keys', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ORG_EMAIL: 'give@example.org' });
  });
  after(() => h.close());

  test('every payment route answers 503 with a clear message', async () => {
    const a = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null }).expect(503);
    assert.match(a.body.error, /STRIPE_SECRET_KEY/);
    const b = await request(h.app).post('/api/update-project-funding').send({ projectId: 1, amount: 50, paymentIntentId: 'pi_1' }).expect(503);
    assert.match(b.body.error, /not set up/);
    const c = await request(h.app).post('/api/stripe/webhook').set('Stripe-Signature', 't=1,v1=x').send({}).expect(503);
    assert.match(c.body.error, /not set up/);
    const d = await request(h.app).post('/api/payment-details').send({ clientSecret: 'pi_1_secret_2', email: 'a@example.ch' }).expect(503);
    assert.match(d.body.error, /not set up/);
  });

  test('the checkout page shows Donation System Setup Required with the e-mail address', async () => {
    const res = await request(h.app).get('/checkout').expect(200);
    assert.match(res.text, /Donation System Setup Required/);
    assert.match(res.text, /give@example\.org/);
    assert.match(res.text, /By bank transfer to our account in Switzerland/);
    assert.match(res.text, /qr-bill\.pdf/, 'the QR-bill to download');
    assert.doesNotMatch(res.text, /custom-amount/);
    const de = await request(h.app).get('/de/checkout').expect(200);
    assert.match(de.text, /Einrichtung des Spendensystems erforderlich/);
    assert.match(de.text, /Per Banküberweisung auf unser Konto in der Schweiz/);
  });
});

describe('webhook secret missing but keys set', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  before(async () => {
    fake = await startFakeStripe();
    const { STRIPE_WEBHOOK_SECRET: _omit, ...env } = fake.env();
    h = await testApp(env);
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  test('payments work; the webhook answers 503 naming STRIPE_WEBHOOK_SECRET', async () => {
    await request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null }).expect(200);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
    const res = await request(h.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signed(payload)).send(payload).expect(503);
    assert.match(res.body.error, /STRIPE_WEBHOOK_SECRET/);
  });
});
