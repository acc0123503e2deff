// The fake Stripe's side of failed payments and cards (pushed onto FakeStripe.routes), shaped as
// the API answers them:
//
//   GET  /v1/payment_methods/:id     a card with exp_month / exp_year (any pm_ id the fake handed
//                                    out is a card valid for years, unless a test gave it an expiry)
//   POST /v1/invoices/:id/pay        collects an open invoice now with the subscription's card (else
//                                    the customer's default): a declining card answers 402
//
// and the test helpers that play Stripe's Billing: an invoice that fails (attempt_count 1,
// next_payment_attempt in three days, the subscription past_due, invoice.payment_failed
// delivered), a retry that fails again or succeeds, the last retry that leaves the subscription
// unpaid (next_payment_attempt null), an invoice voided or marked uncollectible, a card with an expiry, and Stripe's card updater
// (payment_method.automatically_updated).
import { json, randomId, stripeError, type FakeInvoice, type FakeRoute, type FakeStripe, type FakeSubscription } from './stripe';

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string };
  created: number;
  livemode: false;
}

/** An invoice as Billing keeps it while it retries. */
export type RetriedInvoice = FakeInvoice & { attempt_count: number; attempted: boolean; next_payment_attempt: number | null };

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const cards = new WeakMap<FakeStripe, Map<string, FakePaymentMethod>>();
const declining = new WeakMap<FakeStripe, Set<string>>();

function cardsOf(fake: FakeStripe): Map<string, FakePaymentMethod> {
  if (!cards.has(fake)) cards.set(fake, new Map());
  return cards.get(fake)!;
}
function decliningOf(fake: FakeStripe): Set<string> {
  if (!declining.has(fake)) declining.set(fake, new Set());
  return declining.get(fake)!;
}

/** The payment method `id` as the fake knows it: a card valid for three more years unless given an expiry. */
export function paymentMethod(fake: FakeStripe, id: string, customer: string | null = null): FakePaymentMethod {
  const known = cardsOf(fake).get(id);
  if (known) return known;
  const year = new Date().getUTCFullYear() + 3;
  const pm: FakePaymentMethod = { id, object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year, country: 'CH', funding: 'credit' }, created: now(), livemode: false };
  cardsOf(fake).set(id, pm);
  return pm;
}

/** A new card of the subscription's customer, with this expiry, made the subscription's card. */
export function giveCard(fake: FakeStripe, subscriptionId: string, exp: { month: number; year: number }): FakePaymentMethod {
  const sub = mustSub(fake, subscriptionId);
  const pm = paymentMethod(fake, randomId('pm'), sub.customer);
  pm.card.exp_month = exp.month;
  pm.card.exp_year = exp.year;
  sub.default_payment_method = pm.id;
  return pm;
}

/** Stripe's card updater: the bank gave the card a new expiry; payment_method.automatically_updated is delivered. */
export function updateCardAutomatically(fake: FakeStripe, paymentMethodId: string, exp: { month: number; year: number }): FakePaymentMethod {
  const pm = paymentMethod(fake, paymentMethodId);
  pm.card.exp_month = exp.month;
  pm.card.exp_year = exp.year;
  fake.deliverLater('payment_method.automatically_updated', pm);
  return pm;
}

function mustSub(fake: FakeStripe, id: string): FakeSubscription {
  const sub = fake.subscriptions.get(id);
  if (!sub) throw new Error(`FakeStripe: no subscription ${id}`);
  return sub;
}

const cardOfSub = (fake: FakeStripe, sub: FakeSubscription) => sub.default_payment_method ?? fake.customers.get(sub.customer)?.invoice_settings.default_payment_method ?? null;

function failAttempt(fake: FakeStripe, invoice: RetriedInvoice, sub: FakeSubscription, last: boolean): void {
  invoice.attempt_count += 1;
  invoice.attempted = true;
  invoice.next_payment_attempt = last ? null : now() + 3 * DAY;
  fake.markFailed(fake.intentOfInvoice(invoice.id).id);
  sub.status = last ? 'unpaid' : 'past_due';
  fake.deliverLater('invoice.payment_failed', invoice);
  fake.deliverLater('customer.subscription.updated', sub);
}

/**
 * The next payment of a running subscription fails (the card declines from now on): the invoice
 * stays open with attempt_count 1 and a next attempt in three days, the subscription is past_due.
 * With `last`, Stripe's retries are off: no next attempt, the subscription unpaid.
 */
export function failNextInvoice(fake: FakeStripe, subscriptionId: string, options: { last?: boolean } = {}): RetriedInvoice {
  const sub = mustSub(fake, subscriptionId);
  const card = cardOfSub(fake, sub);
  if (card) decliningOf(fake).add(card);
  const invoice = Object.assign(fake.openNextInvoice(subscriptionId), { attempt_count: 0, attempted: false, next_payment_attempt: null }) as RetriedInvoice;
  failAttempt(fake, invoice, sub, options.last ?? false);
  return invoice;
}

/**
 * One of Stripe's retries: it fails again (the last one leaves the subscription unpaid), or goes
 * through with the subscription's card now (invoice.paid, as for any payment).
 */
export function retryInvoice(fake: FakeStripe, invoiceId: string, outcome: 'fail' | 'last' | 'succeed'): RetriedInvoice {
  const invoice = fake.invoices.get(invoiceId) as RetriedInvoice | undefined;
  if (!invoice || invoice.status !== 'open') throw new Error(`FakeStripe: no open invoice ${invoiceId}`);
  const sub = mustSub(fake, invoice.parent.subscription_details.subscription);
  if (outcome !== 'succeed') {
    failAttempt(fake, invoice, sub, outcome === 'last');
    return invoice;
  }
  collect(fake, invoice, sub);
  return invoice;
}

/**
 * The charity gives a failed invoice up in the Dashboard: voided, or marked uncollectible (also
 * Billing's setting at the end of the retries). No more attempts; the subscription goes back to
 * active, as Stripe does when its latest invoice is voided or uncollectible.
 */
export function giveUpInvoice(fake: FakeStripe, invoiceId: string, as: 'void' | 'uncollectible'): RetriedInvoice {
  const invoice = fake.invoices.get(invoiceId) as RetriedInvoice | undefined;
  if (!invoice || invoice.status !== 'open') throw new Error(`FakeStripe: no open invoice ${invoiceId}`);
  const sub = mustSub(fake, invoice.parent.subscription_details.subscription);
  (invoice as { status: string }).status = as;
  invoice.next_payment_attempt = null;
  sub.status = 'active';
  fake.deliverLater(as === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible', invoice);
  fake.deliverLater('customer.subscription.updated', sub);
  return invoice;
}

function collect(fake: FakeStripe, invoice: RetriedInvoice, sub: FakeSubscription): void {
  invoice.attempt_count = (invoice.attempt_count ?? 0) + 1;
  invoice.next_payment_attempt = null;
  const intent = fake.intentOfInvoice(invoice.id);
  intent.payment_method = cardOfSub(fake, sub);
  fake.markSucceeded(intent.id, intent.payment_method ?? 'pm_card_visa');
  // Paying the open invoice of an unpaid subscription makes it active again.
  sub.status = 'active';
  fake.deliverLater('invoice.paid', invoice);
  fake.deliverLater('payment_intent.succeeded', intent);
  fake.deliverLater('customer.subscription.updated', sub);
}

const routes: FakeRoute = (fake, request, res) => {
  const { method, path } = request;
  const pm = method === 'GET' ? /^\/v1\/payment_methods\/([^/]+)$/.exec(path) : null;
  const pay = method === 'POST' ? /^\/v1\/invoices\/([^/]+)\/pay$/.exec(path) : null;
  if (!pm && !pay) return false;
  if (!/^Bearer sk_test_\w+$/.test(request.authorization ?? '')) return (stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (fake).' }), true);
  if (pm) {
    const id = decodeURIComponent(pm[1]!);
    if (!/^pm_\w+$/.test(id)) return (stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${id}'` }), true);
    json(res, 200, paymentMethod(fake, id));
    return true;
  }
  const invoice = fake.invoices.get(decodeURIComponent(pay![1]!)) as RetriedInvoice | undefined;
  if (!invoice) return (stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'invoice', message: `No such invoice: '${pay![1]}'` }), true);
  if (invoice.status !== 'open') return (stripeError(res, 400, { type: 'invalid_request_error', code: 'invoice_not_open', message: `Invoice is already ${invoice.status} (fake).` }), true);
  const sub = mustSub(fake, invoice.parent.subscription_details.subscription);
  const card = cardOfSub(fake, sub);
  if (!card || decliningOf(fake).has(card)) {
    invoice.attempt_count = (invoice.attempt_count ?? 0) + 1;
    return (stripeError(res, 402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }), true);
  }
  collect(fake, invoice, sub);
  json(res, 200, fake.render(invoice, [['payments'], ['payments', 'data', 'payment', 'payment_intent']]));
  return true;
};

/** Adds the routes above to a fake (once). */
export function addRecoveryRoutes(fake: FakeStripe): FakeStripe {
  if (!fake.routes.includes(routes)) fake.routes.push(routes);
  return fake;
}
