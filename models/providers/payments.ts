// Payments behind a small interface: the real Stripe SDK when keys are configured, otherwise an
// "unconfigured" provider that says so (the checkout shows 'Donation System Setup Required').
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Logger } from 'pino';
import { fetchWithDeadline, isTimeoutError } from './deadline';
import { AppError } from '../errors';
import type { ErrorCode } from '../error-codes';

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
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** Shown in the Stripe Dashboard and on receipts. */
  description?: string;
  idempotencyKey: string;
}

/**
 * A webhook event whose signature checked out and whose shape is valid. For PaymentIntent events
 * only the intent's id is passed on: the amounts, status and metadata are taken from Stripe itself
 * (retrieveIntent), never from the event's body.
 */
export type PaymentEvent =
  | { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; id: string; intentId: string }
  | { type: string; id: string; intentId: null };

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
});

const CreatedIntentSchema = z.looseObject({ id: z.string().regex(PAYMENT_INTENT_ID), client_secret: z.string().min(1).max(500) });

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

function toInfo(pi: z.infer<typeof RetrievedIntentSchema>): PaymentIntentInfo {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

/** An answer that is not what Stripe sends (a proxy's error page, another API): nothing to use. */
export function unreadable(log: Logger, what: string, detail: string): PaymentsError {
  log.error({ what, detail }, 'Stripe answered something that is not a PaymentIntent');
  return new PaymentsError('unavailable', 'The payment service sent an answer we could not read. Please try again in a moment.');
}

/** Turns SDK errors into PaymentsError with a clear message; logs what an operator needs. */
export function translate(err: unknown, log: Logger, what: string): PaymentsError {
  if (err instanceof PaymentsError) return err;
  const e = err as { type?: string; code?: string; statusCode?: number; message?: string };
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
    return new PaymentsError('not_found', 'The payment was not found at Stripe.');
  }
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError' || e.type === 'StripeIdempotencyError') {
    log.warn({ err: e.message, code: e.code, what }, 'Stripe refused a request');
    return new PaymentsError('rejected', `The payment service refused the request: ${e.message ?? 'invalid request'}`);
  }
  log.error({ err: e.message, type: e.type, status: e.statusCode, what }, 'Stripe call failed');
  return new PaymentsError('unavailable', 'The payment service had a problem. Please try again in a moment.');
}

/** Stripe when both keys are set (the SDK is loaded only then), else the 'unconfigured' provider. */
export async function createPaymentsProvider(options: PaymentsOptions): Promise<PaymentsProvider> {
  const { secretKey, publishableKey, webhookSecret, log } = options;
  if (!secretKey || !publishableKey) {
    return { kind: 'unconfigured', reason: 'Online donations are not set up: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are missing.' };
  }
  const { default: StripeSdk } = await import('stripe');
  const attemptMs = options.timeoutMs ?? STRIPE_ATTEMPT_TIMEOUT_MS;
  const stripe = new StripeSdk(secretKey, {
    ...hostConfig(options.apiBase),
    // The fetch-based client keeps its clock running while the body is read (the Node client's
    // timeout is a socket idle timer that a byte every few seconds resets); our fetch adds a hard
    // deadline of its own and closes the socket when it fires.
    httpClient: StripeSdk.createFetchHttpClient(fetchWithDeadline(attemptMs)),
    timeout: attemptMs,
    // Network failures are retried with the same idempotency key, so a retry never charges twice.
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'charity-donations' },
  });

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
      let pi: unknown;
      try {
        pi = await stripe.paymentIntents.retrieve(id);
      } catch (err) {
        const e = translate(err, log, 'paymentIntents.retrieve');
        if (e.kind === 'not_found') return null;
        throw e;
      }
      const checked = RetrievedIntentSchema.safeParse(pi);
      if (!checked.success) throw unreadable(log, 'paymentIntents.retrieve', firstIssue(checked.error, ''));
      if (checked.data.id !== id) throw unreadable(log, 'paymentIntents.retrieve', `asked for ${id}, got ${checked.data.id}`);
      return toInfo(checked.data);
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
      if (type === 'payment_intent.succeeded' || type === 'payment_intent.payment_failed') {
        const object = IntentEventObjectSchema.safeParse(event.data.data.object);
        if (!object.success) throw new PaymentsError('malformed', `The webhook event is malformed: ${firstIssue(object.error, 'data.object')}`);
        return { type, id, intentId: object.data.id };
      }
      return { type, id, intentId: null };
    },
  };
}
