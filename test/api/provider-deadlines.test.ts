// Every call to an outside service has a total deadline that covers the response body, not just
// its headers, and a user-facing message: the real Stripe, OpenAI and Mailchimp SDKs talk to a
// server that trickles a byte at a time, never answers, or answers garbage (test/fakes/slow.ts).
// The deadlines are shortened through the provider factories' options; the bounds asserted are
// each provider's worst case (attempts x deadline + pauses) plus a generous margin for a busy
// machine: a correctness check, not a speed test. Afterwards the server must see its sockets closed.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import Stripe from 'stripe';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startSlowServer, type SlowMode, type SlowServer } from '../fakes/slow';
import { createPaymentsProvider, STRIPE_ATTEMPT_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES, STRIPE_WORST_CASE_MS } from '../../models/providers/payments';
import { ASSISTANT_TOTAL_TIMEOUT_MS, createAssistant } from '../../models/providers/assistant';
import { createMailingProvider } from '../../app';
import { MAILCHIMP_TIMEOUT_MS } from '../../models/providers/mailing';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const WEBHOOK_SECRET = 'whsec_test';

// Short deadlines for the test, and the worst case each provider promises with them.
const STRIPE_ATTEMPT = 600;
const STRIPE_BOUND = (STRIPE_MAX_NETWORK_RETRIES + 1) * STRIPE_ATTEMPT + 500;
const AI_ATTEMPT = 600;
const AI_TOTAL = 1_500;
const MAILCHIMP_DEADLINE = 600;
/** Room for a loaded machine and the app's own work; far below what the old code took (forever). */
const MARGIN = 2_500;
/** A byte well within every deadline: an idle timer would never fire. */
const TRICKLE_MS = 100;

test('the production figures stay what docs/operations.md states', () => {
  assert.equal(STRIPE_ATTEMPT_TIMEOUT_MS, 5_000);
  assert.equal(STRIPE_MAX_NETWORK_RETRIES, 1);
  assert.ok(STRIPE_WORST_CASE_MS <= 12_000, `Stripe worst case ${STRIPE_WORST_CASE_MS} ms`);
  assert.equal(ASSISTANT_TOTAL_TIMEOUT_MS, 25_000);
  assert.equal(MAILCHIMP_TIMEOUT_MS, 10_000);
});

describe('outside services that trickle, hang or answer garbage', () => {
  let slow: SlowServer;
  let h: AppHandle;
  let projectId: number;

  before(async () => {
    slow = await startSlowServer({ trickleMs: TRICKLE_MS });
    // Longer than any bound below, short enough that the SDK's abandoned sleep does not hold the test run.
    slow.retryAfterSeconds = 5;
    h = await testApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: slow.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${slow.url}/v1`,
      MAILCHIMP_API_KEY: 'abc-us1',
      MAILCHIMP_AUDIENCE_ID: 'aud1',
      MAILCHIMP_API_BASE: slow.url,
    });
    const { deps } = h;
    deps.payments = await createPaymentsProvider({ ...deps.config.stripe, log: deps.log, timeoutMs: STRIPE_ATTEMPT });
    deps.assistant = await createAssistant({ ...deps.config.openai, log: deps.log, timeoutMs: AI_ATTEMPT, totalTimeoutMs: AI_TOTAL });
    deps.mailing = createMailingProvider({ config: deps.config, db: deps.db, mail: deps.mail, jobs: deps.jobs, log: deps.log, i18n: deps.i18n, mailchimpTimeoutMs: MAILCHIMP_DEADLINE });
    projectId = (await deps.db('projects').orderBy('id').first('id')).id;
  });
  after(async () => {
    await h?.close();
    await slow?.close();
  });
  beforeEach(() => slow.reset());

  const signedEvent = () => {
    const payload = JSON.stringify({
      id: 'evt_deadline',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_deadline', object: 'payment_intent', amount: 5000, amount_received: 5000, currency: 'usd', status: 'succeeded', metadata: { projectId: String(projectId) } } },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  };

  interface Route {
    name: string;
    send: () => request.Test;
    bound: number;
    /** Expected status: for a timeout (trickle, silent), and for garbage. */
    timeout: number[];
    garbage: number[];
    message: RegExp;
    /** For OpenAI: a 429 asking to retry later must not hold the admin past the total deadline. */
    retryLater?: number[];
  }
  const routes: Route[] = [
    {
      name: 'POST /api/create-payment-intent (Stripe)',
      send: () => request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null }),
      bound: STRIPE_BOUND,
      timeout: [504],
      garbage: [502],
      message: /payment service/,
    },
    {
      name: 'POST /api/update-project-funding (Stripe)',
      send: () => request(h.app).post('/api/update-project-funding').send({ projectId, amount: 50, paymentIntentId: 'pi_deadline' }),
      bound: STRIPE_BOUND,
      timeout: [504],
      garbage: [502],
      message: /payment service/,
    },
    {
      name: 'POST /api/stripe/webhook (Stripe asked to confirm)',
      send: () => {
        const { payload, signature } = signedEvent();
        return request(h.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
      },
      bound: STRIPE_BOUND,
      timeout: [503],
      garbage: [503],
      message: /Stripe will deliver the event again/,
    },
    {
      name: 'POST /api/admin/newsletter/suggest (OpenAI)',
      send: () => request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [1] }),
      bound: AI_TOTAL,
      timeout: [504],
      garbage: [502],
      message: /AI (service|answer)/,
      retryLater: [504],
    },
    {
      name: 'POST /api/admin/social-media/generate (OpenAI)',
      send: () => request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'news', content: { id: 1 }, platforms: ['linkedin'] }),
      bound: AI_TOTAL,
      timeout: [504],
      garbage: [502],
      message: /AI (service|answer)/,
      retryLater: [504],
    },
    {
      name: 'POST /api/newsletter/subscribe (Mailchimp)',
      send: () => request(h.app).post('/api/newsletter/subscribe').send({ email: 'slow@example.org', language: 'en' }),
      bound: MAILCHIMP_DEADLINE,
      timeout: [504],
      garbage: [502, 503],
      message: /newsletter service/i,
    },
  ];

  for (const route of routes) {
    const modes: SlowMode[] = ['trickle', 'silent', 'not-json', 'wrong-shape', ...(route.retryLater ? (['retry-later'] as const) : [])];
    for (const mode of modes) {
      test(`${route.name}: ${mode} -> a clear JSON error within the deadline, sockets closed`, { timeout: 30_000 }, async () => {
        slow.mode = mode;
        const started = Date.now();
        const res = await route.send();
        const elapsed = Date.now() - started;
        const expected = mode === 'retry-later' ? route.retryLater! : mode === 'trickle' || mode === 'silent' ? route.timeout : route.garbage;
        assert.ok(expected.includes(res.status), `${mode}: status ${res.status} ${JSON.stringify(res.body)}`);
        assert.match(res.headers['content-type'] ?? '', /json/);
        assert.equal(typeof res.body.error, 'string');
        assert.match(res.body.error, route.message);
        assert.ok(elapsed <= route.bound + MARGIN, `${mode}: answered after ${elapsed} ms, bound ${route.bound} ms + ${MARGIN} ms`);
        assert.ok(await slow.waitForNoSockets(1_500), `${mode}: ${slow.openSockets()} socket(s) still open at the provider`);
      });
    }
  }
});
