// What a donor can do with their own monthly gift, at Stripe: change the amount, pause, resume,
// cancel, and update the card through Stripe's Billing Portal. The same SDK settings, deadlines and
// error messages as models/providers/payments.ts (translate): a donor waits a bounded time and
// gets a clear message, and a change Stripe did not confirm is never written locally.
import { z } from 'zod';
import { createStripeClient, firstIssue, translate, unreadable, PaymentsError, type PaymentsOptions } from './payments';
import { intervalOfRecurring, STRIPE_RECURRING, type RegularInterval } from '../shared/donation-rules';

/** A subscription as the donor's page shows it, read from Stripe's answer to the change. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  /** Collection paused (pause_collection set): no invoice is paid until resumed. */
  paused: boolean;
  amountCents: number;
  currency: string;
  /** How often it is paid (its price's recurring; an unknown one counts as monthly). */
  interval: RegularInterval;
  /** ISO time of the next payment (the current period's end), if Stripe says it. */
  currentPeriodEnd: string | null;
  canceledAt: string | null;
}

export interface MonthlyPayments {
  kind: 'stripe';
  /** A new monthly amount from the next payment on (no proration: nothing is charged now). */
  changeAmount(subscriptionId: string, amountCents: number): Promise<SubscriptionState>;
  /** Another interval (the same amount a payment) from the next payment on, without proration. */
  changeInterval(subscriptionId: string, interval: RegularInterval): Promise<SubscriptionState>;
  /** Pauses collection: the coming invoices are voided until resumed. */
  pause(subscriptionId: string): Promise<SubscriptionState>;
  resume(subscriptionId: string): Promise<SubscriptionState>;
  /** Cancels at once: no further payment. */
  cancel(subscriptionId: string): Promise<SubscriptionState>;
  /** A Billing Portal session that only updates the card, then returns to `returnUrl`. */
  cardUpdateSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
}

const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_]{1,250}$/;
const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,250}$/;
const seconds = z.number().int().nonnegative();

/** The parts of a subscription this file reads (https://docs.stripe.com/api/subscriptions/object). */
const SubscriptionSchema = z.looseObject({
  id: z.string().regex(SUBSCRIPTION_ID),
  object: z.literal('subscription'),
  customer: z.union([z.string().regex(CUSTOMER_ID), z.looseObject({ id: z.string().regex(CUSTOMER_ID) })]),
  status: z.string().min(1).max(30),
  pause_collection: z.looseObject({ behavior: z.string() }).nullable().optional(),
  canceled_at: seconds.nullable().optional(),
  // Older API versions keep the period on the subscription, newer ones on each item.
  current_period_end: seconds.nullable().optional(),
  items: z.looseObject({
    data: z
      .array(
        z.looseObject({
          id: z.string().min(1).max(255),
          current_period_end: seconds.nullable().optional(),
          price: z.looseObject({
            currency: z.string().regex(/^[a-z]{3}$/),
            unit_amount: z.number().int().nonnegative().nullable(),
            recurring: z.looseObject({ interval: z.string().max(20), interval_count: z.number().int().positive().max(1000).optional() }).nullable().optional(),
            product: z.union([z.string().min(1).max(255), z.looseObject({ id: z.string().min(1).max(255) })]),
          }),
        }),
      )
      .min(1),
  }),
});
type CheckedSubscription = z.infer<typeof SubscriptionSchema>;

const PortalSessionSchema = z.looseObject({ object: z.literal('billing_portal.session'), url: z.url().max(2000) });

const isoOf = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000).toISOString() : null);

function stateOf(sub: CheckedSubscription): SubscriptionState {
  const item = sub.items.data[0]!;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    paused: Boolean(sub.pause_collection),
    amountCents: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    interval: intervalOfRecurring(item.price.recurring) ?? 'month',
    currentPeriodEnd: isoOf(item.current_period_end ?? sub.current_period_end),
    canceledAt: isoOf(sub.canceled_at),
  };
}

/**
 * The donor's Stripe operations when Stripe is configured (the same options as
 * createPaymentsProvider), else null: without Stripe there are no monthly gifts to manage.
 */
export async function createMonthlyPayments(options: PaymentsOptions): Promise<MonthlyPayments | null> {
  const { secretKey, publishableKey, log } = options;
  if (!secretKey || !publishableKey) return null;
  const stripe = await createStripeClient(secretKey, options);

  /** One call about a subscription: Stripe's answer checked, or a PaymentsError with a clear message. */
  const call = async (what: string, id: string, run: () => Promise<unknown>): Promise<CheckedSubscription> => {
    if (!SUBSCRIPTION_ID.test(id)) throw new PaymentsError('not_found', 'The monthly donation was not found at Stripe.');
    let answer: unknown;
    try {
      answer = await run();
    } catch (err) {
      throw translate(err, log, what);
    }
    const parsed = SubscriptionSchema.safeParse(answer);
    if (!parsed.success) throw unreadable(log, what, firstIssue(parsed.error, ''));
    if (parsed.data.id !== id) throw unreadable(log, what, `asked for ${id}, got ${parsed.data.id}`);
    return parsed.data;
  };
  const update = async (what: string, id: string, run: () => Promise<unknown>) => stateOf(await call(what, id, run));
  type Item = CheckedSubscription['items']['data'][number];
  /** The subscription's one price replaced by another amount or interval (price_data needs the product and the item: read from the subscription itself). */
  const replacePrice = async (id: string, next: (item: Item) => { amountCents: number; interval: RegularInterval }) => {
    const current = await call('subscriptions.retrieve', id, () => stripe.subscriptions.retrieve(id));
    const item = current.items.data[0]!;
    const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const { amountCents, interval } = next(item);
    return update('subscriptions.update', id, () =>
      stripe.subscriptions.update(id, {
        items: [{ id: item.id, price_data: { currency: item.price.currency, product, unit_amount: amountCents, recurring: STRIPE_RECURRING[interval] } }],
        // The change applies from the next payment; nothing is charged or credited now.
        proration_behavior: 'none',
      }),
    );
  };

  return {
    kind: 'stripe',

    changeAmount(id, amountCents) {
      // The subscription keeps its own interval.
      return replacePrice(id, (item) => ({ amountCents, interval: intervalOfRecurring(item.price.recurring) ?? 'month' }));
    },

    changeInterval(id, interval) {
      // The same amount a payment, paid every `interval` from the next payment on.
      return replacePrice(id, (item) => ({ amountCents: item.price.unit_amount ?? 0, interval }));
    },

    pause(id) {
      return update('subscriptions.update', id, () => stripe.subscriptions.update(id, { pause_collection: { behavior: 'void' } }));
    },

    resume(id) {
      return update('subscriptions.update', id, () => stripe.subscriptions.update(id, { pause_collection: '' }));
    },

    cancel(id) {
      return update('subscriptions.cancel', id, () => stripe.subscriptions.cancel(id));
    },

    async cardUpdateSession(customerId, returnUrl) {
      if (!CUSTOMER_ID.test(customerId)) throw new PaymentsError('not_found', 'The donor was not found at Stripe.');
      let answer: unknown;
      try {
        answer = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: returnUrl } } },
        });
      } catch (err) {
        throw translate(err, log, 'billingPortal.sessions.create');
      }
      const parsed = PortalSessionSchema.safeParse(answer);
      if (!parsed.success) throw unreadable(log, 'billingPortal.sessions.create', firstIssue(parsed.error, ''));
      return { url: parsed.data.url };
    },
  };
}
