// Property-based test of refunds and disputes (fast-check): a gift in USD, CHF or EUR, then a
// generated history at Stripe (partial and full refunds, inquiries, disputes opened, reviewed, won
// or lost) whose events reach the webhook late, shuffled, repeated and some at the same moment,
// the gift's own payment_intent.succeeded among them. After every delivery the project's total is
// explained by its ledger (checkLedger() empty) and the gift adds between nothing and what it
// settled for; at the end it adds exactly what Stripe's final record says: credited minus the
// refunded share minus the share a dispute holds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeDispute, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';

type Step =
  | { kind: 'refund'; share: number }
  | { kind: 'dispute'; inquiry: boolean }
  | { kind: 'dispute-to'; status: 'under_review' | 'needs_response' | 'won' | 'lost' | 'warning_closed' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('refund' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('dispute' as const), inquiry: fc.boolean() }),
  fc.record({ kind: fc.constant('dispute-to' as const), status: fc.constantFrom('under_review' as const, 'needs_response' as const, 'won' as const, 'lost' as const, 'warning_closed' as const) }),
);

const scenario = fc.record({
  amount: fc.integer({ min: 100, max: 5_000_000 }),
  currency: fc.constantFrom('usd', 'chf', 'eur'),
  project: fc.constantFrom('first', 'second', 'none'),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
  /** After each step, how many of the events so far are delivered (shuffled, in groups at once). */
  deliveries: fc.array(fc.array(fc.nat(), { maxLength: 4 }), { minLength: 7, maxLength: 7 }),
  shuffle: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  concurrent: fc.boolean(),
});

const FINAL = new Set(['won', 'lost', 'warning_closed']);
const HOLDS = new Set(['needs_response', 'under_review', 'lost']);

describe('refunds and disputes in any order, repeated (fast-check)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let first: number;
  let second: number;

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env(), { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
    const rows = await h.deps.db('projects').orderBy('id').limit(2);
    [first, second] = rows.map((r: { id: number }) => r.id) as [number, number];
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });

  const raised = async (id: number) => Number((await h.deps.db('projects').where({ id }).first('raisedCents')).raisedCents);
  const ledgerSum = async (donationId: number) => Number((await h.deps.db('project_ledger').where({ donationId }).sum({ s: 'amountCents' }).first())?.s ?? 0);

  test('the total always equals credited minus refunded and withheld, and the ledger always explains it', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (c) => {
        const projectId = c.project === 'first' ? first : c.project === 'second' ? second : null;
        const totalsBefore = new Map<number, number>([
          [first, await raised(first)],
          [second, await raised(second)],
        ]);
        const intent = fake.addIntent({ amount: c.amount, currency: c.currency, status: 'succeeded', metadata: { projectId: projectId === null ? '' : String(projectId), language: 'en', kind: 'one_off' } });
        const charge = fake.chargeOf(intent.id);
        const settled = Number(fake.balanceTransactions.get(charge.balance_transaction!)!.amount);
        let dispute: FakeDispute | null = null;
        const events: Record<string, unknown>[] = [fake.event('payment_intent.succeeded', intent)];
        let pending = [...events];
        let cursor = 0;

        const check = async () => {
          const row = await h.deps.db('donations').where({ paymentIntentId: intent.id }).first();
          const adds = row ? await ledgerSum(row.id) : 0;
          assert.ok(adds >= 0 && adds <= settled, `the gift adds ${adds} of ${settled}`);
          for (const id of [first, second]) {
            const want = totalsBefore.get(id)! + (id === projectId ? adds : 0);
            assert.equal(await raised(id), want, `project ${id}`);
          }
          assert.deepEqual(await checkLedger(h.deps.db), []);
        };

        const deliverSome = async (counts: number[]) => {
          for (const count of counts) {
            if (pending.length === 0) return;
            const n = Math.min(pending.length, 1 + (count % 3));
            const group: Record<string, unknown>[] = [];
            for (let i = 0; i < n; i++) {
              const pick = c.shuffle[cursor++ % c.shuffle.length]! % pending.length;
              group.push(pending[pick]!);
              // A delivered event may come again (Stripe retries), so only half of them leave the pool.
              if ((cursor + pick) % 2 === 0) pending.splice(pick, 1);
            }
            const statuses = c.concurrent ? await Promise.all(group.map((e) => fake.deliverEvent(e))) : await group.reduce<Promise<number[]>>(async (acc, e) => [...(await acc), await fake.deliverEvent(e)], Promise.resolve([]));
            assert.deepEqual(statuses, statuses.map(() => 200), JSON.stringify(fake.deliveries.slice(-group.length)));
            await check();
          }
        };

        for (const [i, s] of c.steps.entries()) {
          const made: Record<string, unknown>[] = [];
          if (s.kind === 'refund' && !dispute) {
            const left = charge.amount - charge.amount_refunded;
            const value = Math.max(1, Math.min(left, Math.round(left * s.share)));
            if (left > 0) {
              fake.refund(charge.id, value);
              made.push(fake.event('charge.refunded', charge));
            }
          } else if (s.kind === 'dispute' && !dispute && charge.amount_refunded < charge.amount) {
            dispute = fake.openDispute(charge.id, { status: s.inquiry ? 'warning_needs_response' : 'needs_response' });
            made.push(fake.event('charge.dispute.created', dispute));
            if (!s.inquiry) made.push(fake.event('charge.dispute.funds_withdrawn', dispute));
          } else if (s.kind === 'dispute-to' && dispute && !FINAL.has(dispute.status)) {
            const inquiry = dispute.status.startsWith('warning_');
            const allowed = inquiry ? ['needs_response', 'warning_closed'] : ['under_review', 'won', 'lost'];
            if (allowed.includes(s.status)) {
              fake.updateDispute(dispute.id, s.status);
              made.push(fake.event(FINAL.has(s.status) ? 'charge.dispute.closed' : 'charge.dispute.updated', dispute));
              if (s.status === 'won') made.push(fake.event('charge.dispute.funds_reinstated', dispute));
              if (inquiry && s.status === 'needs_response') made.push(fake.event('charge.dispute.funds_withdrawn', dispute));
            }
          }
          events.push(...made);
          pending.push(...made);
          await deliverSome(c.deliveries[i] ?? []);
        }
        // Everything not yet delivered arrives, then every event once more.
        pending = [...pending, ...events];
        while (pending.length) await deliverSome([2, 2, 2, 2]);

        const row = await h.deps.db('donations').where({ paymentIntentId: intent.id }).first();
        assert.ok(row, 'the gift is recorded');
        const refunded = charge.amount_refunded;
        const held = dispute && HOLDS.has(dispute.status) ? Math.min(dispute.amount, c.amount - refunded) : 0;
        assert.equal(Number(row.refundedCents), refunded);
        assert.equal(Number(row.disputedCents), held);
        assert.equal(row.disputeStatus ?? null, dispute?.status ?? null);
        const refundPart = Math.round((settled * refunded) / c.amount);
        const disputePart = Math.min(settled - refundPart, Math.round((settled * held) / c.amount));
        const want = projectId === null ? 0 : settled - refundPart - disputePart;
        assert.equal(await ledgerSum(row.id), want, JSON.stringify({ refunded, held, settled, status: dispute?.status }));
        await check();
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 60) },
    );
  });
});
