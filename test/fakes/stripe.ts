// A local HTTP fake of the Stripe API endpoints the donation flow uses, so the REAL `stripe` SDK
// (pointed here through STRIPE_API_BASE) and the Stripe.js stand-in can be tested offline. Objects
// are shaped as API version 2026-10-28.endive returns them (an invoice's PaymentIntent is found
// through invoice.payments; a PaymentIntent has no `invoice`).
//
//   POST /v1/payment_intents              form-encoded, Bearer sk_..., honours Idempotency-Key (every POST does)
//   GET  /v1/payment_intents/:id          Bearer sk_..., or ?key=pk_...&client_secret=... (Stripe.js)
//   POST /v1/payment_intents/:id          Bearer sk_...: sets metadata keys ('' removes one), and amount
//   POST /v1/payment_intents/:id/confirm  what Stripe.js calls: key=pk_..., client_secret, payment_method
//   POST /v1/products, GET /v1/products/:id
//   POST /v1/customers, GET /v1/customers/:id, GET /v1/customers?email=
//   POST /v1/subscriptions                price_data items, payment_behavior=default_incomplete
//   GET  /v1/subscriptions/:id
//   GET  /v1/invoices/:id                 `payments` and `confirmation_secret` only when expanded
//   GET  /v1/charges/:id                  expand[]=balance_transaction
//   POST /v1/refunds                      { charge | payment_intent, amount? }
//   GET  /v1/disputes/:id, GET /v1/disputes?charge=
//   GET  /v1/balance_transactions/:id
//   GET  /v1/payouts?arrival_date[gte]=&arrival_date[lte]=, GET /v1/payouts/:id
//   GET  /v1/balance_transactions?payout=po_...   what a payout paid out (gifts, refunds, fees), and the payout itself
//   expand[] works on every GET and on the create calls (ids become the objects they name).
//
// Every request is recorded, so tests can assert amount, currency, metadata and idempotency keys.
// Tests can mark an intent succeeded or failed, make the next requests fail or hang, refund,
// dispute, pay a subscription's next month, and have the fake deliver signed webhooks to the app
// the way Stripe does (or deliver any event themselves, in any order, as often as they like).
// Other modules add endpoints through `fake.routes` (test/fakes/stripe-monthly.ts).
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled' | string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  payment_method: string | null;
  latest_charge: string | null;
  customer: string | null;
  description: string | null;
  created: number;
  livemode: false;
}

export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  /** In the account's settlement currency: positive for a charge, negative for a withdrawal. */
  amount: number;
  currency: string;
  exchange_rate: number | null;
  fee: number;
  net: number;
  source: string;
  status: 'pending' | 'available';
  type: 'charge' | 'refund' | 'adjustment' | string;
  reporting_category: string;
  created: number;
  available_on: number;
}

/** A payout to the bank account: the net of the balance transactions it bundles (payOut). */
export interface FakePayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  arrival_date: number;
  status: 'paid' | 'pending' | 'in_transit' | string;
  balance_transaction: string;
  created: number;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  payment_method_details: { type: string };
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  balance_transaction: string | null;
  reason: string | null;
  status: 'succeeded';
  created: number;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'warning_needs_response' | 'warning_under_review' | 'warning_closed' | 'needs_response' | 'under_review' | 'won' | 'lost' | string;
  balance_transactions: FakeBalanceTransaction[];
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeProduct {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeInvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { paid_at: number | null; canceled_at: number | null };
  created: number;
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | string;
  collection_method: 'charge_automatically';
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Record<string, string> } };
  lines: { object: 'list'; data: Record<string, unknown>[]; has_more: false; url: string };
  /** Includable: only in answers that expand it. */
  payments: { object: 'list'; data: FakeInvoicePayment[]; has_more: false; url: string };
  /** Includable: only in answers that expand it. */
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  period_start: number;
  period_end: number;
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A Stripe customer (the payer of monthly gifts). */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}

/** A subscription with one item whose price was made from price_data (no price catalogue). */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused' | string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; currency: string; unit_amount: number; product: string; recurring: { interval: string; interval_count: number } };
    }[];
  };
  /** null, or { behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible' } while paused. */
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  created: number;
  livemode: false;
}

/**
 * A route added to the fake by another module: answers and returns true when it handles the
 * request (see test/fakes/stripe-*.ts).
 */
export type FakeRoute = (fake: FakeStripe, request: RecordedRequest, res: http.ServerResponse) => boolean | Promise<boolean>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body, parsed into nested objects (metadata[projectId]=3 -> { metadata: { projectId: '3' } }). */
  body: Record<string, any>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

/** Which requests a failure is for: a method and a path (exact, or a pattern). */
export interface RequestMatch {
  method?: string;
  path: string | RegExp;
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

export const DECLINE_MESSAGE = 'Your card was declined.';

/** Parses Stripe's form encoding with bracketed keys into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: any = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = part === '' && Array.isArray(node) ? node.length : part;
      if (last) {
        node[key] = value;
      } else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return out;
}

export function stripeError(res: http.ServerResponse, status: number, error: Record<string, unknown>): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify({ error }));
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Request-Id': `req_${crypto.randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

export const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

const now = () => Math.floor(Date.now() / 1000);
const MONTH_SECONDS = 30 * 24 * 60 * 60;
/** A price's period, as its recurring says: 1, 3, 6 or 12 months (interval month or year, interval_count). */
export const periodSeconds = (recurring: { interval: string; interval_count?: number } | null | undefined): number =>
  MONTH_SECONDS * (recurring?.interval === 'year' ? 12 : 1) * Number(recurring?.interval_count ?? 1);
/** Fields Stripe sends only when a request expands them. */
const INCLUDABLE: Record<string, string[]> = { invoice: ['payments', 'confirmation_secret'] };

type Answer = { status: number; body: unknown };

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly products = new Map<string, FakeProduct>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly charges = new Map<string, FakeCharge>();
  /** The kind of payment method a PaymentIntent was confirmed with, when not a card (by intent id). */
  readonly methodTypes = new Map<string, string>();
  readonly balanceTransactions = new Map<string, FakeBalanceTransaction>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly payouts = new Map<string, FakePayout>();
  /** The payout each balance transaction was paid out in (by balance transaction id). */
  readonly paidOutIn = new Map<string, string>();
  /** Routes of other modules, tried before the fake answers 404. */
  readonly routes: FakeRoute[] = [];
  /** Deliveries made to the webhook target: event id, type, the app's HTTP status and the id of the event's object (a test reads its own). */
  readonly deliveries: { eventId: string; type: string; status: number; objectId?: string }[] = [];
  /** Where to send webhooks after a confirmation (none by default). */
  webhook: WebhookTarget | null = null;
  /** Answer every request only after this long (ms); Infinity never answers (timeouts). */
  delayMs = 0;
  /** The account's settlement currency, and what one unit of each currency is worth in it. */
  settlementCurrency = 'usd';
  rates: Record<string, number> = { usd: 1, chf: 1.25, eur: 1.1 };
  /** False: charges get no balance transaction (as while Stripe has not made one yet). */
  makeBalanceTransactions = true;
  private failures: { status: number; error: Record<string, unknown>; only?: RequestMatch }[] = [];
  private idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private pendingDeliveries = new Set<Promise<void>>();
  private server: http.Server;
  url = '';

  constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.settle();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment that points the app at this fake. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_BASE: this.url,
      ...extra,
    };
  }

  /**
   * The next `count` API requests answer with this error (e.g. 500 api_error); with `only`, the next
   * `count` requests of that method and path (others pass, so a late request of something else
   * cannot take a failure meant for this one).
   */
  failNext(count: number, status = 500, error: Record<string, unknown> = { type: 'api_error', message: 'Something went wrong on Stripe (fake).' }, only?: RequestMatch): void {
    for (let i = 0; i < count; i++) this.failures.push({ status, error, only });
  }

  reset(): void {
    this.requests.length = 0;
    this.deliveries.length = 0;
    this.failures = [];
    this.delayMs = 0;
    this.settlementCurrency = 'usd';
    this.rates = { usd: 1, chf: 1.25, eur: 1.1 };
    this.makeBalanceTransactions = true;
  }

  /** Requests that created PaymentIntents, oldest first. */
  createRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  /** Requests to one path (and method), oldest first. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** Creates an intent directly (as if another site or an earlier visit had made it). */
  addIntent(fields: { amount: number; currency?: string; metadata?: Record<string, string>; status?: string; customer?: string | null; description?: string | null }): FakeIntent {
    const id = randomId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: 0,
      currency: fields.currency ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      metadata: fields.metadata ?? {},
      automatic_payment_methods: { enabled: true },
      last_payment_error: null,
      payment_method: null,
      latest_charge: null,
      customer: fields.customer ?? null,
      description: fields.description ?? null,
      created: now(),
      livemode: false,
    };
    this.intents.set(id, intent);
    if (fields.status === 'succeeded') this.markSucceeded(id);
    else if (fields.status) intent.status = fields.status;
    return intent;
  }

  /**
   * The payment went through: a charge with its balance transaction (the amount in the settlement
   * currency at `rates`). An invoice's payment also pays the invoice and activates its subscription.
   */
  markSucceeded(id: string, paymentMethod = 'pm_card_visa'): FakeIntent {
    const intent = this.mustGet(id);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    intent.payment_method ??= paymentMethod;
    if (!intent.latest_charge) intent.latest_charge = this.makeCharge(intent).id;
    const invoice = this.invoiceOf(intent.id);
    if (invoice) this.payInvoice(invoice, intent);
    return intent;
  }

  markFailed(id: string, message = DECLINE_MESSAGE): FakeIntent {
    const intent = this.mustGet(id);
    intent.status = 'requires_payment_method';
    intent.amount_received = 0;
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message };
    return intent;
  }

  /** The invoice whose payment this PaymentIntent is (the API has no link the other way since endive). */
  invoiceOf(intentId: string): FakeInvoice | undefined {
    for (const invoice of this.invoices.values()) if (invoice.payments.data.some((p) => p.payment.payment_intent === intentId)) return invoice;
    return undefined;
  }

  /** The PaymentIntent of an invoice's (default) payment. */
  intentOfInvoice(invoiceId: string): FakeIntent {
    const invoice = this.invoices.get(invoiceId);
    const pi = invoice?.payments.data[0]?.payment.payment_intent;
    if (!pi) throw new Error(`FakeStripe: no invoice ${invoiceId}`);
    return this.mustGet(pi);
  }

  chargeOf(intentId: string): FakeCharge {
    const intent = this.mustGet(intentId);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new Error(`FakeStripe: ${intentId} has no charge`);
    return charge;
  }

  /** Sets a charge's settled amount directly (an exchange rate of the day, a fee...). */
  settleAt(chargeId: string, amount: number, currency = this.settlementCurrency): FakeBalanceTransaction {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`FakeStripe: no charge ${chargeId}`);
    const bt = this.makeBalanceTransaction(chargeId, amount, currency, 'charge');
    charge.balance_transaction = bt.id;
    return bt;
  }

  /**
   * Pays out to the bank, as Stripe's automatic payouts do: every balance transaction in the
   * settlement currency not paid out yet (gifts, refunds, dispute withdrawals, with their fees)
   * becomes one payout of their net, arriving on `arrivalDate` (YYYY-MM-DD).
   */
  payOut(arrivalDate: string, status = 'paid'): FakePayout {
    const bundled = [...this.balanceTransactions.values()].filter((bt) => bt.currency === this.settlementCurrency && bt.type !== 'payout' && !this.paidOutIn.has(bt.id));
    const amount = bundled.reduce((sum, bt) => sum + bt.net, 0);
    const id = randomId('po');
    const withdrawal = this.makeBalanceTransaction(id, -amount, this.settlementCurrency, 'payout');
    const payout: FakePayout = { id, object: 'payout', amount, currency: this.settlementCurrency, arrival_date: Math.floor(Date.parse(`${arrivalDate}T00:00:00Z`) / 1000), status, balance_transaction: withdrawal.id, created: now(), livemode: false };
    for (const bt of [...bundled, withdrawal]) {
      bt.status = 'available';
      this.paidOutIn.set(bt.id, id);
    }
    this.payouts.set(id, payout);
    return payout;
  }

  /** Refunds `amount` (default: what is left) of a charge; answers the charge and the refund. */
  refund(chargeId: string, amount?: number, reason: string | null = 'requested_by_customer'): { charge: FakeCharge; refund: FakeRefund } {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`FakeStripe: no charge ${chargeId}`);
    const left = charge.amount - charge.amount_refunded;
    const value = amount ?? left;
    if (!Number.isInteger(value) || value <= 0 || value > left) throw new Error(`FakeStripe: cannot refund ${value} of ${left} left on ${chargeId}`);
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount;
    const bt = this.makeBalanceTransaction(chargeId, -this.settled(value, charge.currency), this.settlementCurrency, 'refund');
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount: value,
      charge: chargeId,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      balance_transaction: bt.id,
      reason,
      status: 'succeeded',
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return { charge, refund };
  }

  /**
   * A donor's bank disputes a charge. A real dispute (needs_response) withdraws the money at once
   * (a negative balance transaction); an inquiry (warning_needs_response) does not.
   */
  openDispute(chargeId: string, options: { amount?: number; status?: string; reason?: string } = {}): FakeDispute {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`FakeStripe: no charge ${chargeId}`);
    const status = options.status ?? 'needs_response';
    const dispute: FakeDispute = {
      id: randomId('du'),
      object: 'dispute',
      amount: options.amount ?? charge.amount - charge.amount_refunded,
      currency: charge.currency,
      charge: chargeId,
      payment_intent: charge.payment_intent,
      reason: options.reason ?? 'fraudulent',
      status,
      balance_transactions: [],
      is_charge_refundable: false,
      metadata: {},
      created: now(),
      livemode: false,
    };
    if (!status.startsWith('warning_')) this.withdraw(dispute);
    charge.disputed = true;
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** Moves a dispute on: under_review, an inquiry escalated (needs_response), won or lost. */
  updateDispute(id: string, status: string): FakeDispute {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`FakeStripe: no dispute ${id}`);
    const wasInquiry = dispute.status.startsWith('warning_');
    dispute.status = status;
    if (wasInquiry && !status.startsWith('warning_')) this.withdraw(dispute);
    // Won: the money comes back (a positive balance transaction, "funds reinstated").
    if (status === 'won' && dispute.balance_transactions.length === 1) {
      const back = this.makeBalanceTransaction(dispute.id, -dispute.balance_transactions[0]!.amount, this.settlementCurrency, 'adjustment');
      dispute.balance_transactions.push(back);
    }
    return dispute;
  }

  closeDispute(id: string, outcome: 'won' | 'lost'): FakeDispute {
    return this.updateDispute(id, outcome);
  }

  /**
   * The next month of an active subscription: a new invoice whose PaymentIntent is paid with the
   * saved payment method; delivers invoice.paid, payment_intent.succeeded and
   * customer.subscription.updated like Stripe (when a webhook target is set).
   */
  payNextInvoice(subscriptionId: string): { invoice: FakeInvoice; intent: FakeIntent; charge: FakeCharge } {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`FakeStripe: no subscription ${subscriptionId}`);
    if (sub.status !== 'active' && sub.status !== 'past_due') throw new Error(`FakeStripe: subscription ${subscriptionId} is ${sub.status}`);
    const item = sub.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + periodSeconds(item.price.recurring);
    const invoice = this.makeInvoice(sub, 'subscription_cycle');
    const intent = this.intentOfInvoice(invoice.id);
    intent.payment_method = sub.default_payment_method;
    this.markSucceeded(intent.id, sub.default_payment_method ?? 'pm_card_visa');
    this.deliverLater('invoice.paid', invoice);
    this.deliverLater('payment_intent.succeeded', intent);
    this.deliverLater('customer.subscription.updated', sub);
    return { invoice, intent, charge: this.chargeOf(intent.id) };
  }

  /** A Stripe event object as the webhook endpoint receives it (data.object as the API renders it). */
  event(type: string, object: { id: string; object: string } | FakeIntent): Record<string, unknown> {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: this.render(object, []) },
    };
  }

  /** Sends a signed event to the webhook target, like Stripe does; resolves with the app's status. */
  async deliver(type: string, object: { id: string; object: string } | FakeIntent): Promise<number> {
    return this.deliverEvent(this.event(type, object));
  }

  /** Sends an event made before (by event()): replays and any order are the test's choice. */
  async deliverEvent(event: Record<string, unknown>): Promise<number> {
    if (!this.webhook) throw new Error('FakeStripe.webhook is not set');
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhook.secret });
    const res = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await res.text();
    const object = (event.data as { object?: { id?: unknown } } | undefined)?.object;
    this.deliveries.push({ eventId: String(event.id), type: String(event.type), status: res.status, ...(typeof object?.id === 'string' ? { objectId: object.id } : {}) });
    return res.status;
  }

  /** Waits until every webhook the fake started sending has been answered. */
  async settle(): Promise<void> {
    while (this.pendingDeliveries.size) await Promise.allSettled([...this.pendingDeliveries]);
  }

  /** The next period of a subscription, its invoice open and not paid yet (test/fakes/stripe-recovery.ts fails it). */
  openNextInvoice(subscriptionId: string): FakeInvoice {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`FakeStripe: no subscription ${subscriptionId}`);
    const item = sub.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + MONTH_SECONDS;
    return this.makeInvoice(sub, 'subscription_cycle');
  }

  // ---- Object making

  private mustGet(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`FakeStripe: no intent ${id}`);
    return intent;
  }

  private settled(amount: number, currency: string): number {
    const rate = currency === this.settlementCurrency ? 1 : this.rates[currency];
    if (rate === undefined) throw new Error(`FakeStripe: no exchange rate for ${currency}`);
    return Math.round(amount * rate);
  }

  private makeBalanceTransaction(source: string, amount: number, currency: string, type: string): FakeBalanceTransaction {
    const fee = type === 'charge' ? Math.round(Math.abs(amount) * 0.029) + 30 : 0;
    const bt: FakeBalanceTransaction = {
      id: randomId('txn'),
      object: 'balance_transaction',
      amount,
      currency,
      exchange_rate: null,
      fee,
      net: amount - fee,
      source,
      status: 'pending',
      type,
      reporting_category: type === 'adjustment' ? 'dispute_reversal' : type,
      created: now(),
      available_on: now() + 2 * 24 * 60 * 60,
    };
    this.balanceTransactions.set(bt.id, bt);
    return bt;
  }

  private makeCharge(intent: FakeIntent): FakeCharge {
    const charge: FakeCharge = {
      id: randomId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      captured: true,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      metadata: { ...intent.metadata },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      payment_method_details: { type: this.methodTypes.get(intent.id) ?? 'card' },
      refunded: false,
      status: 'succeeded',
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    if (this.makeBalanceTransactions && (intent.currency === this.settlementCurrency || this.rates[intent.currency] !== undefined)) {
      const bt = this.makeBalanceTransaction(charge.id, this.settled(intent.amount, intent.currency), this.settlementCurrency, 'charge');
      bt.exchange_rate = intent.currency === this.settlementCurrency ? null : (this.rates[intent.currency] ?? null);
      charge.balance_transaction = bt.id;
    }
    return charge;
  }

  private withdraw(dispute: FakeDispute): void {
    if (dispute.balance_transactions.length) return;
    const charge = this.charges.get(dispute.charge)!;
    dispute.balance_transactions.push(this.makeBalanceTransaction(dispute.id, -this.settled(dispute.amount, charge.currency), this.settlementCurrency, 'adjustment'));
  }

  private makeInvoice(sub: FakeSubscription, reason: string): FakeInvoice {
    const item = sub.items.data[0]!;
    const customer = this.customers.get(sub.customer);
    const amount = item.price.unit_amount * item.quantity;
    const id = randomId('in');
    const intent = this.addIntent({ amount, currency: item.price.currency, customer: sub.customer, description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update' });
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: item.price.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      lines: {
        object: 'list',
        data: [
          {
            id: randomId('il'),
            object: 'line_item',
            amount,
            currency: item.price.currency,
            description: `1 × Monthly donation (at ${item.price.unit_amount / 100} / month)`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: String(item.price.unit_amount) },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      payments: {
        object: 'list',
        data: [
          {
            id: randomId('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: amount,
            currency: item.price.currency,
            invoice: id,
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: intent.id },
            status: 'open',
            status_transitions: { paid_at: null, canceled_at: null },
            created: now(),
            livemode: false,
          },
        ],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${id}`,
      },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status_transitions: { finalized_at: now(), paid_at: null },
      metadata: {},
      created: now(),
      livemode: false,
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  private payInvoice(invoice: FakeInvoice, intent: FakeIntent): void {
    if (invoice.status === 'paid') return;
    invoice.status = 'paid';
    invoice.amount_paid = intent.amount_received;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = now();
    for (const payment of invoice.payments.data) {
      if (payment.payment.payment_intent !== intent.id) continue;
      payment.status = 'paid';
      payment.amount_paid = intent.amount_received;
      payment.status_transitions.paid_at = now();
    }
    const sub = this.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (sub) {
      if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active';
      // save_default_payment_method: on_subscription
      sub.default_payment_method ??= intent.payment_method;
    }
  }

  // ---- Rendering: ids expanded into objects where asked, includable fields only when asked

  private lookup(id: string): { id: string; object: string } | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    const maps: Record<string, Map<string, { id: string; object: string }>> = {
      pi: this.intents,
      ch: this.charges,
      txn: this.balanceTransactions,
      in: this.invoices,
      sub: this.subscriptions,
      cus: this.customers,
      du: this.disputes,
      prod: this.products,
      re: this.refunds,
      po: this.payouts,
    };
    return maps[prefix]?.get(id);
  }

  render(object: { id: string; object: string } | FakeIntent, paths: string[][]): Record<string, unknown> {
    const out = structuredClone(object) as Record<string, unknown>;
    for (const field of INCLUDABLE[String(out.object)] ?? []) if (!paths.some((p) => p[0] === field)) delete out[field];
    for (const path of paths) this.expandInto(out, path);
    return out;
  }

  private expandInto(node: unknown, path: string[]): void {
    const [head, ...rest] = path;
    if (!head || !node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (head === 'data' && Array.isArray(record.data)) {
      for (const item of record.data) this.expandInto(item, rest);
      return;
    }
    const value = record[head];
    if (typeof value === 'string') {
      const target = this.lookup(value);
      if (target) record[head] = this.render(target, rest.length ? [rest] : []);
      return;
    }
    this.expandInto(value, rest);
  }

  private expandPaths(record: RecordedRequest): string[][] {
    const raw = record.body.expand ?? record.query.expand ?? [];
    const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'object' ? Object.values(raw) : [raw];
    const fromQuery = Object.entries(record.query)
      .filter(([k]) => /^expand\[\d*\]$/.test(k))
      .map(([, v]) => v);
    return [...list, ...fromQuery].filter((v): v is string => typeof v === 'string').map((p) => p.split('.'));
  }

  /** Sends a signed event soon, as Stripe does after a change; settle() waits for it. */
  deliverLater(type: string, object: { id: string; object: string } | FakeIntent): void {
    if (!this.webhook) return;
    // The event carries the object as it is now, like Stripe's snapshot.
    const event = this.event(type, object);
    const p = this.deliverEvent(event)
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.pendingDeliveries.delete(p));
    this.pendingDeliveries.add(p);
  }

  // ---- HTTP

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        'Access-Control-Allow-Headers': 'Content-Type, Authorization, Idempotency-Key, Stripe-Version',
      });
      res.end();
      return;
    }
    const body = parseStripeForm(raw);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      authorization: req.headers.authorization ?? null,
      stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
    };
    this.requests.push(record);

    if (this.delayMs === Infinity) return; // never answers: the client's timeout must act
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const failureAt = this.failures.findIndex((f) => !f.only || ((!f.only.method || f.only.method === record.method) && (typeof f.only.path === 'string' ? f.only.path === record.path : f.only.path.test(record.path))));
    const failure = failureAt >= 0 ? this.failures.splice(failureAt, 1)[0] : undefined;
    if (failure) return stripeError(res, failure.status, failure.error);

    const secretKey = /^Bearer (sk_test_\w+)$/.exec(record.authorization ?? '')?.[1];
    const publishableKey = (body.key ?? record.query.key) as string | undefined;

    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(url.pathname);
    if (match) return this.intentRoute(record, res, match, secretKey, publishableKey);

    if (!(await this.ownRoute(record, raw, res, secretKey))) {
      for (const route of this.routes) if (await route(this, record, res)) return;
      stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${record.method}: ${url.pathname}) (fake).` });
    }
  }

  /** A POST with an Idempotency-Key answers what it answered the first time (the same parameters only). */
  private idempotent(record: RecordedRequest, raw: string, res: http.ServerResponse, make: () => Answer): void {
    const key = record.idempotencyKey ? `${record.path}|${record.idempotencyKey}` : null;
    if (key) {
      const seen = this.idempotency.get(key);
      if (seen && seen.fingerprint !== raw) {
        return stripeError(res, 400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' });
      }
      if (seen) return json(res, seen.status, seen.body);
    }
    const answer = make();
    if (key && answer.status < 500) this.idempotency.set(key, { fingerprint: raw, status: answer.status, body: answer.body });
    json(res, answer.status, answer.body);
  }

  private missing(kind: string, id: string, param = 'id'): Answer {
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` } } };
  }

  private invalid(message: string, param?: string, code = 'parameter_invalid'): Answer {
    return { status: 400, body: { error: { type: 'invalid_request_error', code, param, message } } };
  }

  private intentRoute(record: RecordedRequest, res: http.ServerResponse, match: RegExpExecArray, secretKey: string | undefined, publishableKey: string | undefined): void {
    const { body } = record;
    const intent = this.intents.get(decodeURIComponent(match[1]!));
    const clientSecret = (body.client_secret ?? record.query.client_secret) as string | undefined;
    const byPublishable = publishableKey?.startsWith('pk_test_') && intent && clientSecret === intent.client_secret;
    if (!secretKey && !publishableKey) return stripeError(res, 401, { type: 'invalid_request_error', message: 'You did not provide an API key (fake).' });
    // A publishable key only reaches an intent together with its client secret.
    if (!intent || (!secretKey && !byPublishable)) {
      return stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${match[1]}'` });
    }
    if (record.method === 'GET' && !match[2]) return json(res, 200, this.render(intent, this.expandPaths(record)));
    // An update (the secret key only): metadata keys are set, '' removes one, as at Stripe.
    if (record.method === 'POST' && !match[2]) {
      if (!secretKey) return stripeError(res, 401, { type: 'invalid_request_error', message: 'This call needs a secret key (fake).' });
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(res, 400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's metadata cannot be updated in status ${intent.status} (fake).` });
      }
      if (body.amount !== undefined) {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50) return stripeError(res, 400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount (fake).' });
        intent.amount = amount;
      }
      for (const [k, v] of Object.entries((body.metadata ?? {}) as Record<string, string>)) {
        if (v === '') delete intent.metadata[k];
        else intent.metadata[k] = String(v);
      }
      return json(res, 200, this.render(intent, this.expandPaths(record)));
    }
    if (record.method === 'POST' && match[2]) {
      if (intent.status === 'succeeded') {
        return stripeError(res, 400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' });
      }
      const method = String(body.payment_method ?? body.payment_method_data?.card?.number ?? 'pm_card_visa');
      intent.payment_method = method.startsWith('pm_') ? method : randomId('pm');
      // The kind of method the charge reports (payment_method_details.type): TWINT when asked for.
      if (body.payment_method_data?.type === 'twint') this.methodTypes.set(intent.id, 'twint');
      if (method === 'pm_card_chargeDeclined' || method.replace(/\s/g, '') === '4000000000000002') {
        this.markFailed(intent.id);
        this.deliverLater('payment_intent.payment_failed', intent);
        return stripeError(res, 402, { ...intent.last_payment_error, payment_intent: intent });
      }
      this.markSucceeded(intent.id);
      // A subscription's first payment: Stripe reports the invoice paid and the subscription active too.
      const invoice = this.invoiceOf(intent.id);
      if (invoice) {
        this.deliverLater('invoice.paid', invoice);
        const sub = this.subscriptions.get(invoice.parent.subscription_details.subscription);
        if (sub) this.deliverLater('customer.subscription.updated', sub);
      }
      this.deliverLater('payment_intent.succeeded', intent);
      return json(res, 200, intent);
    }
    stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${record.method}: ${record.path}) (fake).` });
  }

  /** Answers the endpoints of this module; false for anything else. */
  private async ownRoute(record: RecordedRequest, raw: string, res: http.ServerResponse, secretKey: string | undefined): Promise<boolean> {
    const { method, path, body } = record;
    const get = (re: RegExp) => (method === 'GET' ? re.exec(path) : null);
    const needKey = () => {
      if (secretKey) return false;
      stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (fake).' });
      return true;
    };
    const expand = this.expandPaths(record);
    const show = (kind: string, map: Map<string, { id: string; object: string }>, id: string) => {
      const found = map.get(id);
      const answer = found ? { status: 200, body: this.render(found, expand) } : this.missing(kind, id);
      json(res, answer.status, answer.body);
    };

    if (method === 'POST' && path === '/v1/payment_intents') {
      if (needKey()) return true;
      this.idempotent(record, raw, res, () => {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50) return this.invalid(`Amount must be at least 0.50 ${String(body.currency ?? 'usd')}`, 'amount', 'amount_too_small');
        if (!body.currency) return this.invalid('Missing required param: currency.', 'currency', 'parameter_missing');
        const intent = this.addIntent({ amount, currency: String(body.currency), metadata: body.metadata ?? {}, customer: body.customer ?? null, description: body.description ?? null });
        intent.automatic_payment_methods = body.automatic_payment_methods ? { enabled: body.automatic_payment_methods.enabled === 'true' } : null;
        return { status: 200, body: this.render(intent, expand) };
      });
      return true;
    }

    if (method === 'POST' && path === '/v1/products') {
      if (needKey()) return true;
      this.idempotent(record, raw, res, () => {
        if (!body.name) return this.invalid('Missing required param: name.', 'name', 'parameter_missing');
        const product: FakeProduct = { id: randomId('prod'), object: 'product', name: String(body.name), active: true, metadata: body.metadata ?? {}, created: now(), livemode: false };
        this.products.set(product.id, product);
        return { status: 200, body: product };
      });
      return true;
    }
    let m = get(/^\/v1\/products\/([^/]+)$/);
    if (m) return needKey() || (show('product', this.products, m[1]!), true);

    if (method === 'POST' && path === '/v1/customers') {
      if (needKey()) return true;
      this.idempotent(record, raw, res, () => {
        const customer: FakeCustomer = {
          id: randomId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          created: now(),
          livemode: false,
        };
        this.customers.set(customer.id, customer);
        return { status: 200, body: customer };
      });
      return true;
    }
    if (method === 'GET' && path === '/v1/customers') {
      if (needKey()) return true;
      const email = record.query.email;
      const data = [...this.customers.values()].filter((c) => !email || c.email === email).reverse();
      json(res, 200, { object: 'list', data, has_more: false, url: '/v1/customers' });
      return true;
    }
    m = get(/^\/v1\/customers\/([^/]+)$/);
    if (m) return needKey() || (show('customer', this.customers, m[1]!), true);

    if (method === 'POST' && path === '/v1/subscriptions') {
      if (needKey()) return true;
      this.idempotent(record, raw, res, () => this.createSubscription(body, expand));
      return true;
    }
    m = get(/^\/v1\/subscriptions\/([^/]+)$/);
    if (m) return needKey() || (show('subscription', this.subscriptions, m[1]!), true);

    m = get(/^\/v1\/invoices\/([^/]+)$/);
    if (m) return needKey() || (show('invoice', this.invoices, m[1]!), true);
    m = get(/^\/v1\/charges\/([^/]+)$/);
    if (m) return needKey() || (show('charge', this.charges, m[1]!), true);
    m = get(/^\/v1\/balance_transactions\/([^/]+)$/);
    if (m) return needKey() || (show('balance_transaction', this.balanceTransactions, m[1]!), true);
    m = get(/^\/v1\/disputes\/([^/]+)$/);
    if (m) return needKey() || (show('dispute', this.disputes, m[1]!), true);
    if (method === 'GET' && path === '/v1/disputes') {
      if (needKey()) return true;
      const { charge, payment_intent: pi } = record.query;
      const data = [...this.disputes.values()]
        .filter((d) => (!charge || d.charge === charge) && (!pi || d.payment_intent === pi))
        .reverse()
        .map((d) => this.render(d, []));
      json(res, 200, { object: 'list', data, has_more: false, url: '/v1/disputes' });
      return true;
    }

    if (method === 'GET' && path === '/v1/payouts') {
      if (needKey()) return true;
      const gte = record.query['arrival_date[gte]'] === undefined ? -Infinity : Number(record.query['arrival_date[gte]']);
      const lte = record.query['arrival_date[lte]'] === undefined ? Infinity : Number(record.query['arrival_date[lte]']);
      const data = [...this.payouts.values()].filter((p) => p.arrival_date >= gte && p.arrival_date <= lte).reverse().map((p) => this.render(p, []));
      json(res, 200, { object: 'list', data, has_more: false, url: '/v1/payouts' });
      return true;
    }
    m = get(/^\/v1\/payouts\/([^/]+)$/);
    if (m) return needKey() || (show('payout', this.payouts, m[1]!), true);
    if (method === 'GET' && path === '/v1/balance_transactions') {
      if (needKey()) return true;
      const payout = record.query.payout;
      if (payout && !this.payouts.has(payout)) {
        json(res, 404, this.missing('payout', payout, 'payout').body);
        return true;
      }
      const data = [...this.balanceTransactions.values()]
        .filter((bt) => !payout || this.paidOutIn.get(bt.id) === payout)
        .reverse()
        .map((bt) => this.render(bt, expand.filter((p) => p[0] === 'data').map((p) => p.slice(1))));
      json(res, 200, { object: 'list', data, has_more: false, url: '/v1/balance_transactions' });
      return true;
    }

    if (method === 'POST' && path === '/v1/refunds') {
      if (needKey()) return true;
      this.idempotent(record, raw, res, () => {
        const chargeId = body.charge ?? (body.payment_intent ? this.intents.get(body.payment_intent)?.latest_charge : undefined);
        if (!chargeId || !this.charges.has(chargeId)) return this.missing('charge', String(body.charge ?? body.payment_intent ?? ''), 'charge');
        const charge = this.charges.get(chargeId)!;
        const amount = body.amount === undefined ? undefined : Number(body.amount);
        const left = charge.amount - charge.amount_refunded;
        if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0 || amount > left)) {
          return this.invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
        }
        if (left === 0) return this.invalid(`Charge ${chargeId} has already been refunded.`, 'charge', 'charge_already_refunded');
        const { refund } = this.refund(chargeId, amount, body.reason ?? null);
        this.deliverLater('charge.refunded', charge);
        return { status: 200, body: refund };
      });
      return true;
    }
    return false;
  }

  private createSubscription(body: Record<string, any>, expand: string[][]): Answer {
    const customer = typeof body.customer === 'string' ? this.customers.get(body.customer) : undefined;
    if (!body.customer) return this.invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    if (!customer) return this.missing('customer', String(body.customer), 'customer');
    const items: any[] = Array.isArray(body.items) ? body.items : Object.values(body.items ?? {});
    const data = items[0]?.price_data;
    if (items.length !== 1 || !data) return this.invalid('This fake takes exactly one item with price_data.', 'items');
    const unitAmount = Number(data.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 50) return this.invalid('Amount must be at least 0.50', 'items[0][price_data][unit_amount]', 'amount_too_small');
    if (!data.currency) return this.invalid('Missing required param: items[0][price_data][currency].', 'items[0][price_data][currency]', 'parameter_missing');
    if (!this.products.has(String(data.product))) return this.missing('product', String(data.product), 'items[0][price_data][product]');
    if (data.recurring?.interval !== 'month' && data.recurring?.interval !== 'year') return this.invalid('This fake takes monthly and yearly prices only.', 'items[0][price_data][recurring][interval]');
    const recurring = { interval: String(data.recurring.interval), interval_count: Number(data.recurring.interval_count ?? 1) };
    if (!Number.isInteger(recurring.interval_count) || recurring.interval_count < 1 || recurring.interval_count > (recurring.interval === 'year' ? 3 : 36)) {
      return this.invalid('Invalid interval_count.', 'items[0][price_data][recurring][interval_count]');
    }
    if (body.payment_behavior !== 'default_incomplete') return this.invalid('This fake takes payment_behavior=default_incomplete only.', 'payment_behavior');
    const start = now();
    const sub: FakeSubscription = {
      id: randomId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: 'incomplete',
      metadata: body.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: start + periodSeconds(recurring),
            price: {
              id: randomId('price'),
              object: 'price',
              currency: String(data.currency),
              unit_amount: unitAmount,
              product: String(data.product),
              recurring,
            },
          },
        ],
      },
      pause_collection: null,
      cancel_at_period_end: false,
      canceled_at: null,
      latest_invoice: null,
      default_payment_method: null,
      created: start,
      livemode: false,
    };
    this.subscriptions.set(sub.id, sub);
    this.makeInvoice(sub, 'subscription_create');
    this.deliverLater('customer.subscription.created', sub);
    return { status: 200, body: this.render(sub, expand) };
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
