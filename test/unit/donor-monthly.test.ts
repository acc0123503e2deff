// The donor's Stripe calls (models/providers/payments-monthly.ts) with the real SDK against the fake:
// what each call sends, what it reads back, and the clear errors when Stripe is slow, down or odd.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { createMonthlyPayments, type MonthlyPayments } from '../../models/providers/payments-monthly';
import { PaymentsError } from '../../models/providers/payments';
import { json, startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, seedMonthlySubscription } from '../fakes/stripe-monthly';

const log = pino({ level: 'silent' });

describe('monthly gifts at Stripe (fake Stripe, real SDK)', () => {
  let fake: FakeStripe;
  const provider = async (extra: { timeoutMs?: number; maxNetworkRetries?: number } = {}) =>
    (await createMonthlyPayments({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', apiBase: fake.url, log, ...extra })) as MonthlyPayments;

  before(async () => {
    fake = addMonthlyRoutes(await startFakeStripe());
  });
  after(async () => fake?.close());
  beforeEach(() => fake.reset());

  test('without Stripe keys there is nothing to manage', async () => {
    assert.equal(await createMonthlyPayments({ log }), null);
    assert.equal(await createMonthlyPayments({ secretKey: 'sk_test_x', log }), null);
  });

  test('change the amount, pause, resume, cancel: the state Stripe answered', async () => {
    const { subscription } = seedMonthlySubscription(fake, { email: 'a@example.org', amountCents: 2000, currency: 'eur' });
    const p = await provider();
    const changed = await p.changeAmount(subscription.id, 4250);
    assert.equal(changed.amountCents, 4250);
    assert.equal(changed.currency, 'eur');
    assert.equal(changed.status, 'active');
    assert.equal(changed.currentPeriodEnd, new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString());
    const update = fake.requests.find((r) => r.method === 'POST');
    assert.equal(update?.body.items[0].price_data.product, subscription.items.data[0]!.price.product);
    assert.ok(update?.idempotencyKey, 'the SDK sends an idempotency key, so a retry changes once');
    assert.equal((await p.pause(subscription.id)).paused, true);
    assert.equal((await p.resume(subscription.id)).paused, false);
    const canceled = await p.cancel(subscription.id);
    assert.equal(canceled.status, 'canceled');
    assert.ok(canceled.canceledAt);
  });

  test('a Stripe that does not answer: a timeout with a clear message', async () => {
    const { subscription } = seedMonthlySubscription(fake, { email: 'b@example.org', amountCents: 2000 });
    fake.delayMs = Infinity;
    try {
      const p = await provider({ timeoutMs: 300, maxNetworkRetries: 0 });
      await assert.rejects(p.pause(subscription.id), (err: unknown) => err instanceof PaymentsError && err.kind === 'timeout' && /did not answer in time/.test(err.message));
    } finally {
      fake.delayMs = 0;
    }
    assert.equal(subscription.pause_collection, null);
  });

  test('Stripe down (5xx after the retry) or unknown: clear errors', async () => {
    const { subscription } = seedMonthlySubscription(fake, { email: 'c@example.org', amountCents: 2000 });
    const p = await provider();
    fake.failNext(2, 500);
    await assert.rejects(p.cancel(subscription.id), (err: unknown) => err instanceof PaymentsError && err.kind === 'unavailable');
    assert.equal(subscription.status, 'active');
    await assert.rejects(p.pause('sub_unknown'), (err: unknown) => err instanceof PaymentsError && err.kind === 'not_found');
    await assert.rejects(p.pause('not a subscription id'), (err: unknown) => err instanceof PaymentsError && err.kind === 'not_found');
  });

  test('an answer that is not a subscription is not believed', async () => {
    const { subscription } = seedMonthlySubscription(fake, { email: 'd@example.org', amountCents: 2000 });
    const odd = (_f: FakeStripe, r: { path: string }, res: Parameters<typeof json>[0]) => (r.path.startsWith('/v1/subscriptions/') ? (json(res, 200, { id: subscription.id, object: 'invoice' }), true) : false);
    fake.routes.unshift(odd);
    try {
      await assert.rejects((await provider()).pause(subscription.id), (err: unknown) => err instanceof PaymentsError && /could not read/.test(err.message));
    } finally {
      fake.routes.splice(fake.routes.indexOf(odd), 1);
    }
  });

  test('the card: a Billing Portal session for the payment method only, with the return address', async () => {
    const { customer } = seedMonthlySubscription(fake, { email: 'e@example.org', amountCents: 2000 });
    const session = await (await provider()).cardUpdateSession(customer.id, 'https://charity.example/donations/manage?done=card');
    assert.match(session.url, /\/portal\/bps_\w+$/);
    const req = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    assert.equal(req?.body.flow_data.type, 'payment_method_update');
    assert.equal(req?.body.flow_data.after_completion.redirect.return_url, 'https://charity.example/donations/manage?done=card');
    assert.equal(req?.body.return_url, 'https://charity.example/donations/manage?done=card');
    // The fake's page "updates the card" and goes back.
    const back = await fetch(session.url, { method: 'POST', redirect: 'manual' });
    assert.equal(back.status, 303);
    assert.equal(back.headers.get('location'), 'https://charity.example/donations/manage?done=card');
    assert.notEqual(customer.invoice_settings.default_payment_method, 'pm_card_visa');
  });
});
