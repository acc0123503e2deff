// Payments behind a small interface: the real Stripe SDK when keys are configured, otherwise an
// "unconfigured" provider that says so (the checkout shows 'Donation System Setup Required').
import Stripe from 'stripe';
import type { Logger } from 'pino';

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

export type PaymentEvent =
  | { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; id: string; intent: PaymentIntentInfo }
  | { type: string; id: string; intent: null };

/** Why a payment call failed, with a message a donor or an operator can act on. */
export class PaymentsError extends Error {
  constructor(
    public kind: 'unconfigured' | 'timeout' | 'unavailable' | 'not_found' | 'rejected' | 'signature',
    message: string,
  ) {
    super(message);
  }
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
  /** Per-request timeout; a donor should not wait for minutes. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
  log: Logger;
}

export const STRIPE_TIMEOUT_MS = 10_000;

function hostConfig(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
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

/** Turns SDK errors into PaymentsError with a clear message; logs what an operator needs. */
function translate(err: unknown, log: Logger, what: string): PaymentsError {
  if (err instanceof PaymentsError) return err;
  const e = err as { type?: string; code?: string; statusCode?: number; message?: string };
  if (e.type === 'StripeConnectionError') {
    const timedOut = /timed? ?out|ETIMEDOUT/i.test(e.message ?? '');
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

export function createPaymentsProvider(options: PaymentsOptions): PaymentsProvider {
  const { secretKey, publishableKey, webhookSecret, log } = options;
  if (!secretKey || !publishableKey) {
    return { kind: 'unconfigured', reason: 'Online donations are not set up: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are missing.' };
  }
  const stripe = new Stripe(secretKey, {
    ...hostConfig(options.apiBase),
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    // Network failures are retried with the same idempotency key, so a retry never charges twice.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
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
        if (!pi.client_secret) throw new PaymentsError('unavailable', 'The payment service returned no client secret.');
        return { id: pi.id, clientSecret: pi.client_secret };
      } catch (err) {
        throw translate(err, log, 'paymentIntents.create');
      }
    },

    async retrieveIntent(id) {
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        const e = translate(err, log, 'paymentIntents.retrieve');
        if (e.kind === 'not_found') return null;
        throw e;
      }
    },

    verifyEvent(rawBody, signature) {
      if (!webhookSecret) throw new PaymentsError('unconfigured', 'Stripe webhooks are not set up: STRIPE_WEBHOOK_SECRET is missing.');
      if (!rawBody || rawBody.length === 0) throw new PaymentsError('signature', 'The webhook body is missing or not JSON.');
      if (!signature || Array.isArray(signature)) throw new PaymentsError('signature', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw new PaymentsError('signature', `Webhook signature verification failed: ${(err as Error).message}`);
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        return { type: event.type, id: event.id, intent: toInfo(event.data.object) };
      }
      return { type: event.type, id: event.id, intent: null };
    },
  };
}
