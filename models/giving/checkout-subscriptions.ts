// A checkout visit asks Stripe for a new subscription each time the donor changes the amount,
// currency, project or their details before paying (the Payment Element needs the client secret of
// the gift it pays). The one the donor pays for wins; the others stay `incomplete` at Stripe
// (which would let them expire after a day) and are canceled once the first payment is in, so
// no stray gift reaches the donor's page, the admin or a later invoice.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import type { StripePayments } from '../providers/payments';
import type { MonthlyPayments } from '../providers/payments-monthly';
import { NEVER_STARTED, SUPERSEDED_SUBSCRIPTIONS_TASK } from './names';

/** Remembers which checkout visit started a subscription (the same one twice changes nothing). */
export async function recordCheckoutSubscription(db: Knex, checkoutId: string | undefined, subscriptionId: string): Promise<void> {
  if (!checkoutId) return;
  await db('checkout_subscriptions').insert({ checkoutId, subscriptionId }).onConflict('subscriptionId').ignore();
}

/** After a monthly gift's payment: queue the cancelling of its checkout's other subscriptions, if any. */
export async function queueSupersededCancel(db: Knex, jobs: JobQueue, subscriptionId: string): Promise<void> {
  const own = await db('checkout_subscriptions').where({ subscriptionId }).first('checkoutId');
  if (!own) return;
  const other = await db('checkout_subscriptions').where({ checkoutId: own.checkoutId }).whereNot({ subscriptionId }).first('id');
  if (other) await jobs.add(SUPERSEDED_SUBSCRIPTIONS_TASK, { subscriptionId }, { key: `superseded-${own.checkoutId}` });
}

/**
 * The job: every other subscription of the paid one's checkout that Stripe still calls incomplete
 * is canceled (one that was paid after all is left alone: the donor gave twice on purpose).
 * Retried by the queue when Stripe cannot be reached; canceling twice is harmless.
 */
export async function cancelSuperseded(
  deps: { db: Knex; log: Logger; payments: StripePayments; monthly: MonthlyPayments },
  payload: unknown,
): Promise<void> {
  const subscriptionId = (payload as { subscriptionId?: unknown } | null)?.subscriptionId;
  if (typeof subscriptionId !== 'string') return;
  const own = await deps.db('checkout_subscriptions').where({ subscriptionId }).first('checkoutId');
  if (!own) return;
  const others = (await deps.db('checkout_subscriptions').where({ checkoutId: own.checkoutId }).whereNot({ subscriptionId }).select('subscriptionId')) as { subscriptionId: string }[];
  for (const { subscriptionId: other } of others) {
    const sub = await deps.payments.retrieveSubscription(other);
    if (sub && sub.status === 'incomplete') {
      await deps.monthly.cancel(other);
      deps.log.info({ subscription: other, kept: subscriptionId }, 'canceled a monthly gift the donor changed before paying');
    }
    if (!sub || (NEVER_STARTED as readonly string[]).includes(sub.status) || sub.status === 'canceled') {
      await deps.db('donation_subscriptions').where({ subscriptionId: other }).whereIn('status', [...NEVER_STARTED]).update({ status: 'incomplete_expired', updatedAt: new Date().toISOString() });
    }
  }
}
