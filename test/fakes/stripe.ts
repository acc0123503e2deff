// A local HTTP fake of the few Stripe API endpoints the donation flow uses, so the REAL `stripe`
// SDK (pointed here through STRIPE_API_BASE) and the Stripe.js stand-in can be tested offline.
//
//   POST /v1/payment_intents              form-encoded, Bearer sk_..., honours Idempotency-Key
//   GET  /v1/payment_intents/:id          Bearer sk_..., or ?key=pk_...&client_secret=... (Stripe.js)
//   POST /v1/payment_intents/:id/confirm  what Stripe.js calls: key=pk_..., client_secret, payment_method
//
// Every request is recorded, so tests can assert amount, currency, metadata and idempotency keys.
// Tests can mark an intent succeeded or failed, make the next requests fail or hang, and have the
// fake deliver signed webhooks to the app the way Stripe does after a confirmation.
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

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Routes of other modules, tried before the fake answers 404. */
  readonly routes: FakeRoute[] = [];
  /** Deliveries made to the webhook target: event id, type and the app's HTTP status. */
  readonly deliveries: { eventId: string; type: string; status: number }[] = [];
  /** Where to send webhooks after a confirmation (none by default). */
  webhook: WebhookTarget | null = null;
  /** Answer every request only after this long (ms); Infinity never answers (timeouts). */
  delayMs = 0;
  private failures: { status: number; error: Record<string, unknown> }[] = [];
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

  /** The next `count` API requests answer with this error (e.g. 500 api_error). */
  failNext(count: number, status = 500, error: Record<string, unknown> = { type: 'api_error', message: 'Something went wrong on Stripe (fake).' }): void {
    for (let i = 0; i < count; i++) this.failures.push({ status, error });
  }

  reset(): void {
    this.requests.length = 0;
    this.deliveries.length = 0;
    this.failures = [];
    this.delayMs = 0;
  }

  /** Requests that created PaymentIntents, oldest first. */
  createRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  /** Creates an intent directly (as if another site or an earlier visit had made it). */
  addIntent(fields: { amount: number; currency?: string; metadata?: Record<string, string>; status?: string }): FakeIntent {
    const id = randomId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: fields.status === 'succeeded' ? fields.amount : 0,
      currency: fields.currency ?? 'usd',
      status: fields.status ?? 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      metadata: fields.metadata ?? {},
      automatic_payment_methods: { enabled: true },
      last_payment_error: null,
      payment_method: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  markSucceeded(id: string): FakeIntent {
    const intent = this.mustGet(id);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    return intent;
  }

  markFailed(id: string, message = DECLINE_MESSAGE): FakeIntent {
    const intent = this.mustGet(id);
    intent.status = 'requires_payment_method';
    intent.amount_received = 0;
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message };
    return intent;
  }

  /** A Stripe event object as the webhook endpoint receives it. */
  event(type: string, intent: FakeIntent): Record<string, unknown> {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...intent } },
    };
  }

  /** Sends a signed event to the webhook target, like Stripe does; resolves with the app's status. */
  async deliver(type: string, intent: FakeIntent): Promise<number> {
    if (!this.webhook) throw new Error('FakeStripe.webhook is not set');
    const event = this.event(type, intent);
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhook.secret });
    const res = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await res.text();
    this.deliveries.push({ eventId: String(event.id), type, status: res.status });
    return res.status;
  }

  /** Waits until every webhook the fake started sending has been answered. */
  async settle(): Promise<void> {
    while (this.pendingDeliveries.size) await Promise.allSettled([...this.pendingDeliveries]);
  }

  private mustGet(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`FakeStripe: no intent ${id}`);
    return intent;
  }

  private deliverLater(type: string, intent: FakeIntent): void {
    if (!this.webhook) return;
    const snapshot = { ...intent, metadata: { ...intent.metadata } };
    const p = this.deliver(type, snapshot)
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.pendingDeliveries.delete(p));
    this.pendingDeliveries.add(p);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST',
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
    const failure = this.failures.shift();
    if (failure) return stripeError(res, failure.status, failure.error);

    const secretKey = /^Bearer (sk_test_\w+)$/.exec(record.authorization ?? '')?.[1];
    const publishableKey = (body.key ?? record.query.key) as string | undefined;

    // POST /v1/payment_intents
    if (record.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (!secretKey) return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (fake).' });
      const fingerprint = raw;
      if (record.idempotencyKey) {
        const seen = this.idempotency.get(record.idempotencyKey);
        if (seen && seen.fingerprint !== fingerprint) {
          return stripeError(res, 400, {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        }
        if (seen) return json(res, seen.status, seen.body);
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(res, 400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
      }
      if (!body.currency) return stripeError(res, 400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
      const intent = this.addIntent({ amount, currency: String(body.currency), metadata: body.metadata ?? {} });
      intent.automatic_payment_methods = body.automatic_payment_methods ? { enabled: body.automatic_payment_methods.enabled === 'true' } : null;
      if (record.idempotencyKey) this.idempotency.set(record.idempotencyKey, { fingerprint, status: 200, body: intent });
      return json(res, 200, intent);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(url.pathname);
    if (match) {
      const intent = this.intents.get(decodeURIComponent(match[1]!));
      const clientSecret = (body.client_secret ?? record.query.client_secret) as string | undefined;
      const byPublishable = publishableKey?.startsWith('pk_test_') && intent && clientSecret === intent.client_secret;
      if (!secretKey && !publishableKey) return stripeError(res, 401, { type: 'invalid_request_error', message: 'You did not provide an API key (fake).' });
      // A publishable key only reaches an intent together with its client secret.
      if (!intent || (!secretKey && !byPublishable)) {
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${match[1]}'`,
        });
      }
      if (record.method === 'GET' && !match[2]) return json(res, 200, intent);
      if (record.method === 'POST' && match[2]) {
        if (intent.status === 'succeeded') {
          return stripeError(res, 400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' });
        }
        const method = String(body.payment_method ?? body.payment_method_data?.card?.number ?? 'pm_card_visa');
        intent.payment_method = method.startsWith('pm_') ? method : randomId('pm');
        if (method === 'pm_card_chargeDeclined' || method.replace(/\s/g, '') === '4000000000000002') {
          this.markFailed(intent.id);
          this.deliverLater('payment_intent.payment_failed', intent);
          return stripeError(res, 402, { ...intent.last_payment_error, payment_intent: intent });
        }
        this.markSucceeded(intent.id);
        this.deliverLater('payment_intent.succeeded', intent);
        return json(res, 200, intent);
      }
    }
    for (const route of this.routes) if (await route(this, record, res)) return;
    stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${record.method}: ${url.pathname}) (fake).` });
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
