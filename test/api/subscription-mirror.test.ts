// The mirror of a monthly gift (donation_subscriptions) when Stripe's first events about it arrive
// at the same moment: the gift created (read from Stripe while still unpaid) and its first invoice
// paid (read a moment later: active). Whichever is written last, the gift stays active. On
// PostgreSQL both once found no row, and the later merge took the gift back to 'incomplete' (the
// donor's page and the dashboard then said it had never started); SQLite writes one transaction at
// a time, so there it always held.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppHandle } from '../../app';
import { isSqlite } from '../../db/connection';
import { upsertSubscription, type SubscriptionRecord } from '../../models/giving/donation';
import { testApp, until } from '../helpers';

let h: AppHandle;
before(async () => {
  h = await testApp();
});
after(() => h?.close());

const gift = (subscriptionId: string, status: string): SubscriptionRecord => ({
  subscriptionId,
  customerId: 'cus_mirror',
  donorEmail: 'mirror@example.org',
  donorName: null,
  amountCents: 2500,
  currency: 'chf',
  projectId: null,
  language: 'de',
  status,
  paused: false,
  currentPeriodEnd: null,
  canceledAt: null,
});

/** True while another connection waits for a lock this test holds (PostgreSQL), or for the one connection (SQLite). */
async function someoneWaits(): Promise<boolean> {
  const db = h.deps.db;
  if (isSqlite(db)) return (db.client as { pool: { numPendingAcquires(): number } }).pool.numPendingAcquires() > 0;
  const rows = (await db.raw(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows as { n: string }[];
  return Number(rows[0]!.n) > 0;
}

test('the first invoice paid and the gift created at the same moment: the older answer, written last, leaves the gift active', async () => {
  const db = h.deps.db;
  // The paid event's write is under way (its transaction not yet committed)...
  const paid = await db.transaction();
  try {
    await upsertSubscription(paid, gift('sub_mirror_1', 'active'));
    // ...when the created event, read from Stripe before the payment, writes too: it has to wait.
    const created = upsertSubscription(db, gift('sub_mirror_1', 'incomplete'));
    await until(someoneWaits, 'the second write to wait for the first');
    await paid.commit();
    await created;
  } catch (err) {
    await paid.rollback().catch(() => undefined);
    throw err;
  }
  const row = await db('donation_subscriptions').where({ subscriptionId: 'sub_mirror_1' }).first('status');
  assert.equal(row.status, 'active');
});

test('an end is never undone, and an unpaid gift becomes active once it is paid', async () => {
  const db = h.deps.db;
  await upsertSubscription(db, gift('sub_mirror_2', 'incomplete'));
  await upsertSubscription(db, gift('sub_mirror_2', 'active'));
  assert.equal((await db('donation_subscriptions').where({ subscriptionId: 'sub_mirror_2' }).first('status')).status, 'active');
  await upsertSubscription(db, gift('sub_mirror_2', 'canceled'));
  await upsertSubscription(db, gift('sub_mirror_2', 'active'));
  assert.equal((await db('donation_subscriptions').where({ subscriptionId: 'sub_mirror_2' }).first('status')).status, 'canceled');
});
