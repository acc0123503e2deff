// Property-based test of the Stripe webhook (fast-check): correctly signed events with generated
// content (well-formed ones whose numbers lie, and malformed ones of every kind: null objects,
// null currencies and ids, amounts of -500, 1.5 cents or 1e308) against a fake Stripe whose
// records carry generated amounts, statuses, currencies and projects. Whatever arrives: never a
// 5xx, every total stays a whole number of cents and equal to its ledger, a malformed event
// moves nothing, and a total moves only by what Stripe itself says was received, once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import Stripe from 'stripe';
import fc from 'fast-check';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';
import { MAX_DONATION_CENTS } from '../../models/shared/donation-rules';

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;

const SECRET = 'whsec_test';
const PI_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** What Stripe's own record of a PaymentIntent holds (always well-formed: it is Stripe's). */
const stripeRecord = fc.record({
  amount: fc.oneof(fc.integer({ min: 1, max: MAX_DONATION_CENTS }), fc.constantFrom(0, 1, MAX_DONATION_CENTS, MAX_DONATION_CENTS + 1, Number.MAX_SAFE_INTEGER)),
  status: fc.constantFrom('succeeded', 'succeeded', 'processing', 'requires_payment_method', 'canceled'),
  currency: fc.constantFrom('usd', 'usd', 'eur', 'chf'),
  project: fc.constantFrom('first', 'second', 'none', 'junk', 'deleted'),
  language: fc.constantFrom('en', 'de', 'xx'),
});

/** The numbers a well-formed event may claim (ignored: Stripe's record counts). */
const claimed = fc.record({
  amount: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
  amount_received: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
  currency: fc.constantFrom('usd', 'eur', 'jpy'),
  status: fc.constantFrom('succeeded', 'processing', 'canceled'),
});

/** Values that break one field of the event's PaymentIntent (each is invalid for that field). */
const BAD_FIELDS: Record<string, unknown[]> = {
  id: [null, 123, 'ch_123', '', 'pi_', 'pi_../../x'],
  object: [null, 'charge', 1],
  amount: [null, -500, 1.5, 1e308, '100', 2 ** 53, -1],
  amount_received: [null, -500, 0.5, 1e308, '5', 2 ** 53],
  currency: [null, 'US', 'USD', 840, ''],
  status: [null, '', 42],
  metadata: ['x', 5, { projectId: 5 }, [1, 2]],
};
const brokenField = fc.constantFrom(...Object.keys(BAD_FIELDS)).chain((field) => fc.record({ field: fc.constant(field), value: fc.constantFrom(...BAD_FIELDS[field]!) }));

/** Ways the envelope itself is broken. */
const brokenEnvelope = fc.constantFrom<Record<string, unknown>>(
  { id: null },
  { id: 5 },
  { object: 'charge' },
  { type: 5 },
  { type: undefined },
  { data: null },
  { data: { object: null } },
  { data: { object: [] } },
  { data: { object: 'pi_123' } },
  { data: {} },
);

type Case =
  | { kind: 'valid'; record: Of<typeof stripeRecord>; lie: Of<typeof claimed>; type: string; deliveries: number; replay: boolean }
  | { kind: 'broken-field'; record: Of<typeof stripeRecord>; type: string; field: string; value: unknown }
  | { kind: 'broken-envelope'; record: Of<typeof stripeRecord>; type: string; patch: Record<string, unknown> }
  | { kind: 'garbage'; body: unknown }
  | { kind: 'unknown-intent'; type: string };

const eventCase: fc.Arbitrary<Case> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('valid' as const), record: stripeRecord, lie: claimed, type: fc.constantFrom(...PI_EVENTS, 'customer.created'), deliveries: fc.integer({ min: 1, max: 3 }), replay: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('broken-field' as const), record: stripeRecord, type: fc.constantFrom(...PI_EVENTS), field: fc.constant(''), value: fc.constant(null as unknown) }).chain((c) => brokenField.map((b) => ({ ...c, ...b }))) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('broken-envelope' as const), record: stripeRecord, type: fc.constantFrom(...PI_EVENTS, 'customer.created'), patch: brokenEnvelope }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('garbage' as const), body: fc.jsonValue() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknown-intent' as const), type: fc.constantFrom(...PI_EVENTS) }) },
);

describe('signed webhook events with generated content (fast-check)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let first: number;
  let second: number;
  let deleted: number;

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env());
    const rows = await h.deps.db('projects').orderBy('id').limit(3);
    [first, second, deleted] = rows.map((r: { id: number }) => r.id) as [number, number, number];
    await h.deps.db('projects').where({ id: deleted }).delete();
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  const post = (body: string) =>
    request(h.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET })).send(body);

  async function totals(): Promise<Map<number, unknown>> {
    const rows = (await h.deps.db('projects').select('id', 'raisedCents')) as { id: number; raisedCents: unknown }[];
    return new Map(rows.map((r) => [r.id, r.raisedCents]));
  }

  function intentFor(record: Of<typeof stripeRecord>): FakeIntent {
    const projectId = { first: String(first), second: String(second), none: '', junk: 'general', deleted: String(deleted) }[record.project];
    const intent = fake.addIntent({ amount: record.amount, currency: record.currency, metadata: { projectId, language: record.language } });
    intent.status = record.status;
    intent.amount_received = record.status === 'succeeded' ? record.amount : 0;
    return intent;
  }

  test('never a 5xx, totals stay whole cents equal to their ledger, only Stripe-confirmed amounts count, once', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(eventCase, async (c) => {
        const beforeTotals = await totals();
        let expectedChange: { projectId: number; cents: number } | null = null;
        let expectMalformed = false;
        const responses: request.Response[] = [];

        if (c.kind === 'garbage') {
          expectMalformed = true;
          responses.push(await post(JSON.stringify(c.body)));
        } else if (c.kind === 'unknown-intent') {
          const event = fake.event(c.type, fake.addIntent({ amount: 500 }));
          const object = (event.data as { object: FakeIntent }).object;
          object.id = `pi_unknown${Math.random().toString(36).slice(2)}`;
          const res = await post(JSON.stringify(event));
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.match(res.body.error, /Stripe has no payment/);
          responses.push(res);
        } else {
          const intent = intentFor(c.record);
          const event = fake.event(c.type, intent) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
          if (c.kind === 'broken-field') {
            expectMalformed = true;
            event.data.object[c.field] = c.value;
          } else if (c.kind === 'broken-envelope') {
            // Every patch breaks the envelope, whatever the event type (see brokenEnvelope).
            expectMalformed = true;
            Object.assign(event, c.patch);
          } else {
            Object.assign(event.data.object, c.lie);
          }
          const body = JSON.stringify(event);
          const deliveries = c.kind === 'valid' ? c.deliveries : 1;
          responses.push(...(await Promise.all(Array.from({ length: deliveries }, () => post(body)))));
          if (c.kind === 'valid' && c.replay) responses.push(await post(body));

          if (c.kind === 'valid' && c.type === 'customer.created') {
            // An event this site does not handle is acknowledged, whatever it holds.
            for (const res of responses) assert.equal(res.status, 200, `${JSON.stringify(c)} -> ${res.status} ${JSON.stringify(res.body)}`);
          }
          if (c.kind === 'valid' && c.type !== 'customer.created') {
            const target = { first, second }[c.record.project as 'first' | 'second'];
            const counts = c.record.status === 'succeeded' && c.record.amount >= 1 && c.record.amount <= MAX_DONATION_CENTS;
            if (counts && target && c.record.currency === 'usd') expectedChange = { projectId: target, cents: c.record.amount };
            const amountOk = c.record.amount >= 1 && c.record.amount <= MAX_DONATION_CENTS;
            const applies = c.record.status === 'succeeded' || c.type === 'payment_intent.payment_failed';
            for (const res of responses) assert.equal(res.status, applies && !amountOk ? 400 : 200, `${JSON.stringify(c)} -> ${res.status} ${JSON.stringify(res.body)}`);
            if (c.record.status === 'succeeded' && amountOk) {
              assert.equal(responses.filter((r) => r.body.applied === true).length, 1, 'exactly one delivery applies it');
            } else {
              assert.ok(responses.every((r) => r.body.applied !== true));
            }
          }
          if (expectMalformed) {
            assert.equal(await h.deps.db('donations').where({ paymentIntentId: intent.id }).first(), undefined, 'a malformed event records nothing');
          }
        }

        for (const res of responses) assert.ok(res.status < 500, `${JSON.stringify(c)} -> ${res.status} ${JSON.stringify(res.body)}`);
        if (expectMalformed) {
          for (const res of responses) {
            assert.equal(res.status, 400, `${JSON.stringify(c)} -> ${res.status}`);
            assert.match(res.body.error, /malformed/i);
          }
        }

        const afterTotals = await totals();
        for (const [id, cents] of afterTotals) {
          assert.ok(typeof cents === 'number' ? Number.isSafeInteger(cents) : /^\d+$/.test(String(cents)), `project ${id}: raised ${String(cents)}`);
          const was = Number(beforeTotals.get(id));
          const want = expectedChange && expectedChange.projectId === id ? was + expectedChange.cents : was;
          assert.equal(Number(cents), want, `project ${id} after ${JSON.stringify(c)}`);
        }
        assert.deepEqual(await checkLedger(h.deps.db), []);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });
});
