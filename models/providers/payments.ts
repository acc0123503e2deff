// Payments behind a small interface: the real Stripe SDK when keys are configured, otherwise an
// "unconfigured" provider that says so (the checkout shows 'Donation System Setup Required').
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Logger } from 'pino';
import { fetchWithDeadline, isTimeoutError } from './deadline';
import { AppError } from '../shared/errors';
import type { ErrorCode } from '../shared/error-codes';
import { intervalOfRecurring, STRIPE_RECURRING, type RegularInterval } from '../shared/donation-rules';

/** What the rest of the app needs to know about a PaymentIntent. */
export interface PaymentIntentInfo {
  id: string;
  status: string;
  amount: number;
  amountReceived: number;
  currency: string;
  metadata: Record<string, string>;
  /** Message of the last failed attempt (card declined...), if any. */
  lastError: string | null;
  /** The charge that moved the money (for the settled amount, refunds and disputes). */
  latestChargeId: string | null;
  customerId: string | null;
  /** What Stripe.js confirms it with (the donor's browser holds it); null when Stripe did not say. */
  clientSecret: string | null;
}

/** What Stripe's balance transaction says a charge is worth in the account's own currency. */
export interface Settlement {
  amount: number;
  currency: string;
  /** Stripe's fee of the charge, in the same currency (the balance transaction's fee), when it says. */
  fee?: number;
}

/** A charge as Stripe knows it: what was taken, refunded, disputed, and what it settled for. */
export interface ChargeInfo {
  id: string;
  status: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  paymentIntentId: string | null;
  disputed: boolean;
  /** null while Stripe has no balance transaction for it (yet). */
  settlement: Settlement | null;
  /** The kind of payment method it was paid with ('card', 'twint', ...: payment_method_details.type); null when Stripe does not say. */
  methodType: string | null;
}

export interface DisputeInfo {
  id: string;
  chargeId: string;
  amount: number;
  currency: string;
  /** Stripe's: warning_needs_response, needs_response, under_review, won, lost... */
  status: string;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string;
  status: string;
  metadata: Record<string, string>;
  /** The amount of each payment and the currency of its one item. */
  amountCents: number;
  currency: string;
  /** How often it is paid, read from its price's recurring (an unknown one counts as monthly). */
  interval: RegularInterval;
  /** True while collection is paused (pause_collection set). */
  paused: boolean;
  /** Unix seconds, or null. */
  currentPeriodEnd: number | null;
  canceledAt: number | null;
  latestInvoiceId: string | null;
  /** The subscription's own card, which outranks the customer's default; null when it has none. */
  defaultPaymentMethod: string | null;
}

export interface InvoiceInfo {
  id: string;
  status: string;
  amountPaid: number;
  currency: string;
  customerId: string | null;
  customerEmail: string | null;
  customerName: string | null;
  subscriptionId: string | null;
  /** The PaymentIntent of the invoice's paid (or, before that, open) payment. */
  paymentIntent: PaymentIntentInfo | null;
  /** What the invoice asks for (minor units). */
  amountDue: number;
  /** How many times Stripe tried to collect it. */
  attemptCount: number;
  /** Unix seconds of Stripe's next try; null when it will not try again (or it is paid). */
  nextPaymentAttempt: number | null;
}

/** A saved card's expiry (no number, no brand: nothing a mail or a list shows). */
export interface PaymentMethodInfo {
  id: string;
  customerId: string | null;
  /** null for a payment method that is not a card. */
  card: { expMonth: number; expYear: number } | null;
}

export interface CustomerInfo {
  id: string;
  email: string | null;
  name: string | null;
  deleted: boolean;
  /** invoice_settings.default_payment_method: where the Billing Portal puts a new card. */
  defaultPaymentMethod: string | null;
}

export interface CreateMonthlyInput {
  amountCents: number;
  currency: string;
  /** An existing customer of this donor, or null to create one. */
  customerId: string | null;
  email: string;
  name: string | null;
  productId: string;
  /** How often it is paid: a price with STRIPE_RECURRING[interval]. */
  interval: RegularInterval;
  metadata: Record<string, string>;
  description?: string;
  idempotencyKey: string;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** Shown in the Stripe Dashboard and on receipts. */
  description?: string;
  idempotencyKey: string;
}

/** The events this site acts on, by the kind of object they are about. */
export const HANDLED_EVENTS = {
  'payment_intent.succeeded': 'payment_intent',
  'payment_intent.payment_failed': 'payment_intent',
  'invoice.paid': 'invoice',
  'charge.refunded': 'charge',
  'charge.dispute.created': 'dispute',
  'charge.dispute.updated': 'dispute',
  'charge.dispute.closed': 'dispute',
  'charge.dispute.funds_withdrawn': 'dispute',
  'charge.dispute.funds_reinstated': 'dispute',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  // The donor saved a new card in the Billing Portal: their monthly gifts are moved to it.
  'customer.updated': 'customer',
  // A regular gift's payment failed (models/giving/recovery.ts); Stripe renewed a card by itself.
  'invoice.payment_failed': 'invoice',
  // The charity gave a failed invoice up (voided it, or it was marked uncollectible): the episode closes.
  'invoice.voided': 'invoice',
  'invoice.marked_uncollectible': 'invoice',
  'payment_method.automatically_updated': 'payment_method',
} as const;
export type HandledEvent = keyof typeof HANDLED_EVENTS;
export type EventObjectKind = (typeof HANDLED_EVENTS)[HandledEvent];

/**
 * A webhook event whose signature checked out and whose shape is valid. Only the id of the object
 * it is about is passed on: amounts, statuses and metadata are taken from Stripe itself (retrieve),
 * never from the event's body.
 */
export type PaymentEvent =
  | { type: HandledEvent; id: string; object: { kind: EventObjectKind; id: string } }
  | { type: string; id: string; object: null };

export type PaymentsFailure = 'unconfigured' | 'timeout' | 'unavailable' | 'not_found' | 'rejected' | 'signature' | 'malformed';

/** The HTTP status and code of each kind of failure: Stripe's troubles are 5xx, a bad webhook 400. */
const FAILURES: Record<PaymentsFailure, { status: number; code: ErrorCode }> = {
  unconfigured: { status: 503, code: 'payments.unavailable' },
  timeout: { status: 504, code: 'payments.timeout' },
  unavailable: { status: 502, code: 'payments.unavailable' },
  not_found: { status: 404, code: 'payments.not_found' },
  rejected: { status: 502, code: 'payments.rejected' },
  signature: { status: 400, code: 'payments.signature' },
  malformed: { status: 400, code: 'payments.malformed' },
};

/** Why a payment call failed, with a message a donor or an operator can act on. */
export class PaymentsError extends AppError {
  constructor(
    readonly kind: PaymentsFailure,
    message: string,
    /** For 'not_found': the request parameter naming what Stripe does not have (customer, items[0][price_data][product]...). */
    readonly param?: string,
  ) {
    super(FAILURES[kind].status, FAILURES[kind].code, message);
    this.name = 'PaymentsError';
  }
}

// ---- What we accept from Stripe (zod, after the signature check / as the SDK parsed the answer)

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;
/** Whole cents as JavaScript holds them exactly (-500, 1.5 and 1e308 are not amounts). */
const cents = z.number().refine((n) => Number.isSafeInteger(n) && n >= 0, 'must be a whole, non-negative number of cents');
const currency = z.string().regex(/^[a-z]{3}$/, 'must be a three-letter currency code');
const metadata = z.record(z.string(), z.string().max(500));

/** The envelope of every event (https://docs.stripe.com/api/events/object). */
const EventSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.looseObject({}) }),
});

/** data.object of a payment_intent.* event: checked, though only its id is used. */
const IntentEventObjectSchema = z.looseObject({
  id: z.string().regex(PAYMENT_INTENT_ID, 'must be a PaymentIntent id (pi_...)'),
  object: z.literal('payment_intent'),
  amount: cents,
  amount_received: cents.optional(),
  currency,
  status: z.string().min(1).max(60),
  metadata: metadata.nullable().optional(),
});

/** A PaymentIntent as the API returns it: an answer of another shape is not a payment. */
const RetrievedIntentSchema = z.looseObject({
  id: z.string().regex(PAYMENT_INTENT_ID),
  object: z.literal('payment_intent'),
  status: z.string().min(1).max(60),
  amount: cents,
  amount_received: cents.nullable().optional(),
  currency,
  metadata: metadata.nullable().optional(),
  last_payment_error: z.looseObject({ message: z.string().nullable().optional() }).nullable().optional(),
  client_secret: z.string().max(500).nullable().optional(),
});

const CreatedIntentSchema = z.looseObject({ id: z.string().regex(PAYMENT_INTENT_ID), client_secret: z.string().min(1).max(500) });

/** An id, or the object it names when expanded. */
const ref = (pattern: RegExp) => z.union([z.string().regex(pattern), z.looseObject({ id: z.string().regex(pattern) })]);
const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const CHARGE_ID = /^(ch|py)_[A-Za-z0-9_]{1,250}$/;
const DISPUTE_ID = /^(du|dp)_[A-Za-z0-9_]{1,250}$/;
const INVOICE_ID = /^in_[A-Za-z0-9_]{1,250}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_]{1,250}$/;
const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,250}$/;
const PRODUCT_ID = /^prod_[A-Za-z0-9_]{1,250}$/;
const PAYMENT_METHOD_ID = /^(pm|card|src)_[A-Za-z0-9_]{1,250}$/;
const unixTime = z.number().int().nonnegative();

const IntentWithChargeSchema = RetrievedIntentSchema.extend({
  latest_charge: ref(CHARGE_ID).nullable().optional(),
  customer: ref(CUSTOMER_ID).nullable().optional(),
});

const BalanceTransactionSchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('balance_transaction'),
  // A charge's gross amount in the account's currency (positive for a charge).
  amount: z.number().refine(Number.isSafeInteger, 'must be whole cents'),
  currency,
  // Stripe's fee of it, in the same currency (the journal books it).
  fee: z.number().refine(Number.isSafeInteger, 'must be whole cents').optional(),
});

const ChargeSchema = z.looseObject({
  id: z.string().regex(CHARGE_ID),
  object: z.literal('charge'),
  status: z.string().min(1).max(60),
  amount: cents,
  amount_refunded: cents,
  currency,
  payment_intent: ref(PAYMENT_INTENT_ID).nullable().optional(),
  disputed: z.boolean().optional(),
  balance_transaction: z.union([z.string(), BalanceTransactionSchema]).nullable().optional(),
  payment_method_details: z.looseObject({ type: z.string() }).nullable().optional(),
});

const DisputeSchema = z.looseObject({
  id: z.string().regex(DISPUTE_ID),
  object: z.literal('dispute'),
  amount: cents,
  currency,
  status: z.string().min(1).max(60),
  charge: ref(CHARGE_ID),
});

const CustomerSchema = z.looseObject({
  id: z.string().regex(CUSTOMER_ID),
  object: z.literal('customer'),
  email: z.string().max(512).nullable().optional(),
  name: z.string().max(512).nullable().optional(),
  deleted: z.boolean().optional(),
  invoice_settings: z
    .looseObject({ default_payment_method: z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullable().optional() })
    .nullable()
    .optional(),
});

const InvoiceSchema = z.looseObject({
  id: z.string().regex(INVOICE_ID),
  object: z.literal('invoice'),
  status: z.string().min(1).max(60).nullable(),
  amount_paid: cents,
  currency,
  customer: ref(CUSTOMER_ID).nullable().optional(),
  customer_email: z.string().max(512).nullable().optional(),
  customer_name: z.string().max(512).nullable().optional(),
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: ref(SUBSCRIPTION_ID) }).nullable().optional() })
    .nullable()
    .optional(),
  confirmation_secret: z.looseObject({ client_secret: z.string().min(1).max(500), type: z.string() }).nullable().optional(),
  amount_due: cents.optional(),
  attempt_count: z.number().int().nonnegative().max(1000).optional(),
  next_payment_attempt: unixTime.nullable().optional(),
  payments: z
    .looseObject({
      data: z.array(
        z.looseObject({
          status: z.string(),
          payment: z.looseObject({ type: z.string(), payment_intent: z.union([z.string().regex(PAYMENT_INTENT_ID), IntentWithChargeSchema]).nullable().optional() }),
        }),
      ),
    })
    .optional(),
});

const SubscriptionSchema = z.looseObject({
  id: z.string().regex(SUBSCRIPTION_ID),
  object: z.literal('subscription'),
  customer: ref(CUSTOMER_ID),
  status: z.string().min(1).max(60),
  metadata: metadata.nullable().optional(),
  items: z.looseObject({
    data: z
      .array(
        z.looseObject({
          current_period_end: unixTime.nullable().optional(),
          price: z.looseObject({
            unit_amount: cents.nullable(),
            currency,
            recurring: z.looseObject({ interval: z.string().max(20), interval_count: z.number().int().positive().max(1000).optional() }).nullable().optional(),
          }),
        }),
      )
      .min(1, 'a subscription has an item'),
  }),
  pause_collection: z.looseObject({ behavior: z.string() }).nullable().optional(),
  default_payment_method: z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullable().optional(),
  canceled_at: unixTime.nullable().optional(),
  latest_invoice: z.union([z.string().regex(INVOICE_ID), InvoiceSchema]).nullable().optional(),
});

const PaymentMethodSchema = z.looseObject({
  id: z.string().regex(PAYMENT_METHOD_ID),
  object: z.literal('payment_method'),
  customer: ref(CUSTOMER_ID).nullable().optional(),
  card: z
    .looseObject({ exp_month: z.number().int().min(1).max(12), exp_year: z.number().int().min(2000).max(2200) })
    .nullable()
    .optional(),
});

/** data.object of the other handled events: its id and kind (nothing else is read from it). */
const EVENT_OBJECT_SCHEMAS: Record<Exclude<EventObjectKind, 'payment_intent'>, z.ZodType<{ id: string }>> = {
  invoice: z.looseObject({ id: z.string().regex(INVOICE_ID, 'must be an invoice id (in_...)'), object: z.literal('invoice') }),
  charge: z.looseObject({ id: z.string().regex(CHARGE_ID, 'must be a charge id (ch_...)'), object: z.literal('charge') }),
  dispute: z.looseObject({ id: z.string().regex(DISPUTE_ID, 'must be a dispute id (du_...)'), object: z.literal('dispute') }),
  subscription: z.looseObject({ id: z.string().regex(SUBSCRIPTION_ID, 'must be a subscription id (sub_...)'), object: z.literal('subscription') }),
  customer: z.looseObject({ id: z.string().regex(CUSTOMER_ID, 'must be a customer id (cus_...)'), object: z.literal('customer') }),
  payment_method: z.looseObject({ id: z.string().regex(PAYMENT_METHOD_ID, 'must be a payment method id (pm_...)'), object: z.literal('payment_method') }),
};

/** "data.object.amount: must be ..." for the first problem zod found. */
export function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return `${where}: ${issue.message}`;
}

export interface StripePayments {
  kind: 'stripe';
  publishableKey: string;
  /** True when STRIPE_WEBHOOK_SECRET is set (webhooks can be verified). */
  webhookConfigured: boolean;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** The PaymentIntent as Stripe knows it; null when Stripe has no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntentInfo | null>;
  /** Sets keys of a PaymentIntent's metadata ('' removes one; the others stay), and its amount when given (an open payment). */
  updateIntentMetadata(id: string, metadata: Record<string, string>, amountCents?: number): Promise<void>;
  /** Creates the product every monthly gift's price belongs to ("Monthly donation"). */
  createMonthlyProduct(idempotencyKey: string): Promise<string>;
  /**
   * A monthly gift: a customer (reused when given), a subscription whose first invoice waits for
   * the donor's payment; answers the client secret of that invoice's PaymentIntent.
   */
  createMonthly(input: CreateMonthlyInput): Promise<{ subscriptionId: string; customerId: string; clientSecret: string }>;
  /** null when Stripe has no such object. */
  retrieveCharge(id: string): Promise<ChargeInfo | null>;
  retrieveDispute(id: string): Promise<DisputeInfo | null>;
  /** The disputes of a charge, newest first. */
  listDisputes(chargeId: string): Promise<DisputeInfo[]>;
  retrieveInvoice(id: string): Promise<InvoiceInfo | null>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  retrieveCustomer(id: string): Promise<CustomerInfo | null>;
  /** The card a monthly gift is charged to (a subscription's own default outranks the customer's). */
  useCardFor(subscriptionId: string, paymentMethodId: string): Promise<void>;
  /** A saved card's expiry; null when Stripe has no such payment method. */
  retrievePaymentMethod(id: string): Promise<PaymentMethodInfo | null>;
  /** Asks Stripe to collect an open invoice now (a paused regular gift restarted); answers the invoice. */
  payInvoice(id: string): Promise<InvoiceInfo>;
  /** Verifies the Stripe-Signature header over the raw body and parses the event. */
  verifyEvent(rawBody: Buffer | undefined, signature: string | string[] | undefined): PaymentEvent;
}

export interface UnconfiguredPayments {
  kind: 'unconfigured';
  reason: string;
}

export type PaymentsProvider = StripePayments | UnconfiguredPayments;

export interface PaymentsOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Another API origin (the tests' fake), e.g. http://127.0.0.1:4010 */
  apiBase?: string;
  /** Deadline of one attempt, headers and body (tests shorten it). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
  log: Logger;
}

/**
 * A donor waits at most STRIPE_WORST_CASE_MS for an answer or a clear message: two attempts (one
 * retry, with the same idempotency key) of at most 5 s each, headers and body, plus the SDK's
 * 0.5 s pause before the retry. The SDK's first back-off is fixed at 0.5 s and it ignores
 * Retry-After, so this sum is a true upper bound.
 */
export const STRIPE_ATTEMPT_TIMEOUT_MS = 5_000;
export const STRIPE_MAX_NETWORK_RETRIES = 1;
const STRIPE_RETRY_PAUSE_MS = 500;
export const STRIPE_WORST_CASE_MS = (STRIPE_MAX_NETWORK_RETRIES + 1) * STRIPE_ATTEMPT_TIMEOUT_MS + STRIPE_MAX_NETWORK_RETRIES * STRIPE_RETRY_PAUSE_MS;

function hostConfig(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toInfo(pi: z.infer<typeof IntentWithChargeSchema>): PaymentIntentInfo {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
    latestChargeId: idOf(pi.latest_charge),
    customerId: idOf(pi.customer),
    clientSecret: pi.client_secret ?? null,
  };
}

/** A charge's kind of payment method as the books keep it: Stripe's type name ('card', 'twint'), else null. */
export function paymentMethodType(type: unknown): string | null {
  return typeof type === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(type) ? type : null;
}

function toCharge(ch: z.infer<typeof ChargeSchema>): ChargeInfo {
  const bt = ch.balance_transaction;
  return {
    id: ch.id,
    status: ch.status,
    amount: ch.amount,
    amountRefunded: ch.amount_refunded,
    currency: ch.currency,
    paymentIntentId: idOf(ch.payment_intent),
    disputed: ch.disputed ?? false,
    settlement: bt && typeof bt === 'object' ? { amount: bt.amount, currency: bt.currency, ...(bt.fee !== undefined ? { fee: bt.fee } : {}) } : null,
    methodType: paymentMethodType(ch.payment_method_details?.type),
  };
}

function toDispute(d: z.infer<typeof DisputeSchema>): DisputeInfo {
  return { id: d.id, chargeId: idOf(d.charge)!, amount: d.amount, currency: d.currency, status: d.status };
}

function toInvoice(inv: z.infer<typeof InvoiceSchema>): InvoiceInfo {
  const payments = inv.payments?.data ?? [];
  // The payment that paid the invoice; before that, the open one the donor is asked to confirm.
  const payment = payments.find((p) => p.status === 'paid' && p.payment.type === 'payment_intent') ?? payments.find((p) => p.payment.type === 'payment_intent');
  const pi = payment?.payment.payment_intent;
  return {
    id: inv.id,
    status: inv.status ?? 'draft',
    amountPaid: inv.amount_paid,
    currency: inv.currency,
    customerId: idOf(inv.customer),
    customerEmail: inv.customer_email ?? null,
    customerName: inv.customer_name ?? null,
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
    paymentIntent: pi && typeof pi === 'object' ? toInfo(pi) : null,
    amountDue: inv.amount_due ?? 0,
    attemptCount: inv.attempt_count ?? 0,
    nextPaymentAttempt: inv.next_payment_attempt ?? null,
  };
}

function toSubscription(sub: z.infer<typeof SubscriptionSchema>): SubscriptionInfo {
  const item = sub.items.data[0]!;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    metadata: { ...(sub.metadata ?? {}) },
    amountCents: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    interval: intervalOfRecurring(item.price.recurring) ?? 'month',
    paused: Boolean(sub.pause_collection),
    currentPeriodEnd: item.current_period_end ?? null,
    canceledAt: sub.canceled_at ?? null,
    latestInvoiceId: idOf(sub.latest_invoice as string | { id: string } | null | undefined),
    defaultPaymentMethod: idOf(sub.default_payment_method as string | { id: string } | null | undefined),
  };
}

/** An answer that is not what Stripe sends (a proxy's error page, another API): nothing to use. */
export function unreadable(log: Logger, what: string, detail: string): PaymentsError {
  log.error({ what, detail }, 'Stripe answered something we could not read');
  return new PaymentsError('unavailable', 'The payment service sent an answer we could not read. Please try again in a moment.');
}

/** Turns SDK errors into PaymentsError with a clear message; logs what an operator needs. */
export function translate(err: unknown, log: Logger, what: string): PaymentsError {
  if (err instanceof PaymentsError) return err;
  const e = err as { type?: string; code?: string; statusCode?: number; message?: string; param?: string };
  if (e.type === 'StripeConnectionError' || isTimeoutError(err)) {
    const timedOut = isTimeoutError(err) || /timed? ?out|ETIMEDOUT/i.test(e.message ?? '');
    log.error({ err: e.message, what }, 'Stripe is not reachable');
    return timedOut
      ? new PaymentsError('timeout', 'The payment service did not answer in time. Please try again in a moment.')
      : new PaymentsError('unavailable', 'The payment service cannot be reached right now. Please try again in a moment.');
  }
  if (e.type === 'StripeAuthenticationError' || e.type === 'StripePermissionError') {
    log.error({ err: e.message, what }, 'Stripe rejected the API key: check STRIPE_SECRET_KEY');
    return new PaymentsError('unavailable', 'Online donations are not set up correctly. Please contact us.');
  }
  if (e.statusCode === 404 || e.code === 'resource_missing') {
    return new PaymentsError('not_found', 'The payment was not found at Stripe.', typeof e.param === 'string' ? e.param : undefined);
  }
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError' || e.type === 'StripeIdempotencyError') {
    log.warn({ err: e.message, code: e.code, what }, 'Stripe refused a request');
    return new PaymentsError('rejected', `The payment service refused the request: ${e.message ?? 'invalid request'}`);
  }
  log.error({ err: e.message, type: e.type, status: e.statusCode, what }, 'Stripe call failed');
  return new PaymentsError('unavailable', 'The payment service had a problem. Please try again in a moment.');
}

/** The real SDK with this site's deadlines and retries (loaded only when Stripe is configured). */
export async function createStripeClient(secretKey: string, options: Pick<PaymentsOptions, 'apiBase' | 'timeoutMs' | 'maxNetworkRetries'>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const attemptMs = options.timeoutMs ?? STRIPE_ATTEMPT_TIMEOUT_MS;
  return new StripeSdk(secretKey, {
    ...hostConfig(options.apiBase),
    // The fetch-based client keeps its clock running while the body is read (the Node client's
    // timeout is a socket idle timer that a byte every few seconds resets); our fetch adds a hard
    // deadline of its own and closes the socket when it fires.
    httpClient: StripeSdk.createFetchHttpClient(fetchWithDeadline(attemptMs)),
    timeout: attemptMs,
    // Network failures are retried with the same idempotency key (the SDK sends one with every
    // POST), so a retry never charges or changes twice.
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'charity-donations' },
  });
}

/** Stripe when both keys are set (the SDK is loaded only then), else the 'unconfigured' provider. */
export async function createPaymentsProvider(options: PaymentsOptions): Promise<PaymentsProvider> {
  const { secretKey, publishableKey, webhookSecret, log } = options;
  if (!secretKey || !publishableKey) {
    return { kind: 'unconfigured', reason: 'Online donations are not set up: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are missing.' };
  }
  const stripe = await createStripeClient(secretKey, options);

  /** One retrieve: Stripe's answer checked against `schema`; null when Stripe has no such object. */
  async function retrieve<S extends z.ZodType<{ id: string }>, T>(what: string, id: string, schema: S, call: () => Promise<unknown>, map: (value: z.infer<S>) => T): Promise<T | null> {
    let answer: unknown;
    try {
      answer = await call();
    } catch (err) {
      const e = translate(err, log, what);
      if (e.kind === 'not_found') return null;
      throw e;
    }
    const checked = schema.safeParse(answer);
    if (!checked.success) throw unreadable(log, what, firstIssue(checked.error, ''));
    if (checked.data.id !== id) throw unreadable(log, what, `asked for ${id}, got ${checked.data.id}`);
    return map(checked.data);
  }

  return {
    kind: 'stripe',
    publishableKey,
    webhookConfigured: Boolean(webhookSecret),

    async createIntent(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            metadata: input.metadata,
            ...(input.description ? { description: input.description } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const checked = CreatedIntentSchema.safeParse(pi);
        if (!checked.success) throw unreadable(log, 'paymentIntents.create', firstIssue(checked.error, ''));
        return { id: checked.data.id, clientSecret: checked.data.client_secret };
      } catch (err) {
        throw translate(err, log, 'paymentIntents.create');
      }
    },

    async retrieveIntent(id) {
      return retrieve('paymentIntents.retrieve', id, IntentWithChargeSchema, () => stripe.paymentIntents.retrieve(id), toInfo);
    },

    async updateIntentMetadata(id, metadata, amountCents) {
      try {
        await stripe.paymentIntents.update(id, amountCents === undefined ? { metadata } : { metadata, amount: amountCents });
      } catch (err) {
        throw translate(err, log, 'paymentIntents.update');
      }
    },

    async createMonthlyProduct(idempotencyKey) {
      try {
        const product = await stripe.products.create(
          // Gifts are not taxable sales: no tax code, no statement of goods.
          { name: 'Monthly donation', metadata: { purpose: 'monthly-donation' } },
          { idempotencyKey },
        );
        const checked = z.looseObject({ id: z.string().regex(PRODUCT_ID) }).safeParse(product);
        if (!checked.success) throw unreadable(log, 'products.create', firstIssue(checked.error, ''));
        return checked.data.id;
      } catch (err) {
        throw translate(err, log, 'products.create');
      }
    },

    async createMonthly(input) {
      try {
        let customerId = input.customerId;
        if (!customerId) {
          const customer = await stripe.customers.create(
            { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { createdBy: 'charity-donations' } },
            { idempotencyKey: `${input.idempotencyKey}-customer` },
          );
          const checked = CustomerSchema.safeParse(customer);
          if (!checked.success) throw unreadable(log, 'customers.create', firstIssue(checked.error, ''));
          customerId = checked.data.id;
        }
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price_data: { currency: input.currency, product: input.productId, unit_amount: input.amountCents, recurring: STRIPE_RECURRING[input.interval] } }],
            // The first invoice waits for the donor to confirm its payment in the Payment Element.
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: input.metadata,
            ...(input.description ? { description: input.description } : {}),
          },
          // The customer and the product are part of what the key covers: a retry after either was
          // made again is another request, not a replay.
          { idempotencyKey: `${input.idempotencyKey}-${customerId}-${input.productId}` },
        );
        const checked = SubscriptionSchema.safeParse(subscription);
        if (!checked.success) throw unreadable(log, 'subscriptions.create', firstIssue(checked.error, ''));
        const invoice = checked.data.latest_invoice;
        const clientSecret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
        if (!clientSecret) throw unreadable(log, 'subscriptions.create', 'latest_invoice.confirmation_secret: missing');
        return { subscriptionId: checked.data.id, customerId, clientSecret };
      } catch (err) {
        throw translate(err, log, 'subscriptions.create');
      }
    },

    async retrieveCharge(id) {
      return retrieve('charges.retrieve', id, ChargeSchema, () => stripe.charges.retrieve(id, { expand: ['balance_transaction'] }), toCharge);
    },

    async retrieveDispute(id) {
      return retrieve('disputes.retrieve', id, DisputeSchema, () => stripe.disputes.retrieve(id), toDispute);
    },

    async listDisputes(chargeId) {
      let list: unknown;
      try {
        list = await stripe.disputes.list({ charge: chargeId, limit: 10 });
      } catch (err) {
        throw translate(err, log, 'disputes.list');
      }
      const checked = z.looseObject({ data: z.array(DisputeSchema) }).safeParse(list);
      if (!checked.success) throw unreadable(log, 'disputes.list', firstIssue(checked.error, ''));
      return checked.data.data.map(toDispute).filter((d) => d.chargeId === chargeId);
    },

    async retrieveInvoice(id) {
      return retrieve(
        'invoices.retrieve',
        id,
        InvoiceSchema,
        // payments is included only when asked for; its PaymentIntent names the charge.
        () => stripe.invoices.retrieve(id, { expand: ['payments', 'payments.data.payment.payment_intent'] }),
        toInvoice,
      );
    },

    async retrieveSubscription(id) {
      return retrieve('subscriptions.retrieve', id, SubscriptionSchema, () => stripe.subscriptions.retrieve(id), toSubscription);
    },

    async retrieveCustomer(id) {
      return retrieve('customers.retrieve', id, CustomerSchema, () => stripe.customers.retrieve(id), (c) => ({
        id: c.id,
        email: c.email ?? null,
        name: c.name ?? null,
        deleted: c.deleted === true,
        defaultPaymentMethod: idOf(c.invoice_settings?.default_payment_method as string | { id: string } | null | undefined),
      }));
    },

    async useCardFor(subscriptionId, paymentMethodId) {
      try {
        await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
      } catch (err) {
        throw translate(err, log, 'subscriptions.update');
      }
    },

    async retrievePaymentMethod(id) {
      return retrieve('paymentMethods.retrieve', id, PaymentMethodSchema, () => stripe.paymentMethods.retrieve(id), (pm) => ({
        id: pm.id,
        customerId: idOf(pm.customer as string | { id: string } | null | undefined),
        card: pm.card ? { expMonth: pm.card.exp_month, expYear: pm.card.exp_year } : null,
      }));
    },

    async payInvoice(id) {
      let answer: unknown;
      try {
        answer = await stripe.invoices.pay(id, { expand: ['payments', 'payments.data.payment.payment_intent'] }, { idempotencyKey: `pay-${id}-${Math.floor(Date.now() / 60000)}` });
      } catch (err) {
        throw translate(err, log, 'invoices.pay');
      }
      const checked = InvoiceSchema.safeParse(answer);
      if (!checked.success) throw unreadable(log, 'invoices.pay', firstIssue(checked.error, ''));
      if (checked.data.id !== id) throw unreadable(log, 'invoices.pay', `asked for ${id}, got ${checked.data.id}`);
      return toInvoice(checked.data);
    },

    verifyEvent(rawBody, signature) {
      if (!webhookSecret) throw new PaymentsError('unconfigured', 'Stripe webhooks are not set up: STRIPE_WEBHOOK_SECRET is missing.');
      if (!rawBody || rawBody.length === 0) throw new PaymentsError('signature', 'The webhook body is missing or not JSON.');
      if (!signature || Array.isArray(signature)) throw new PaymentsError('signature', 'The Stripe-Signature header is missing.');
      let parsed: unknown;
      try {
        parsed = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        if ((err as { type?: string }).type === 'StripeSignatureVerificationError') {
          throw new PaymentsError('signature', `Webhook signature verification failed: ${(err as Error).message}`);
        }
        throw new PaymentsError('malformed', 'The webhook event is malformed: the body is not a JSON event.');
      }
      // Signed is not the same as well-formed: check the shape before anything reads it.
      const event = EventSchema.safeParse(parsed);
      if (!event.success) throw new PaymentsError('malformed', `The webhook event is malformed: ${firstIssue(event.error, '')}`);
      const { id, type } = event.data;
      if (!Object.hasOwn(HANDLED_EVENTS, type)) return { type, id, object: null };
      const handled = type as HandledEvent;
      const kind = HANDLED_EVENTS[handled];
      const schema = kind === 'payment_intent' ? IntentEventObjectSchema : EVENT_OBJECT_SCHEMAS[kind];
      const object = schema.safeParse(event.data.data.object);
      if (!object.success) throw new PaymentsError('malformed', `The webhook event is malformed: ${firstIssue(object.error, 'data.object')}`);
      return { type: handled, id, object: { kind, id: object.data.id } };
    },
  };
}
