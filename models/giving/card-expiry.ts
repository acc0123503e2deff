// Cards renewed before they expire (issue 39): the daily job `card-expiry` (one pending job for
// all instances, like `exchange-rates`) reads the card of every running regular gift from Stripe
// (the subscription's own default payment method, else the customer's invoice_settings default),
// keeps its expiry for the at-risk list (regular_gift_cards), and mails each donor whose card ends
// at the end of next month, once per card and expiry: the claim is card_expiry_notices' row
// (payment method + expiry, unique) and its mailed_at, written with the outbox row. A card that
// Stripe's card updater renewed (payment_method.automatically_updated) is marked renewed: no mail.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { PaymentsError, type PaymentsProvider, type StripePayments } from '../providers/payments';
import { formatAmount } from '../shared/donation-rules';
import type { Lang } from '../shared/rules';
import { tFor } from '../shared/text';
import { recoveryLink, RECOVERY_LINK_TTL_MS, type RecoveryMailDeps } from './recovery';

export const CARD_EXPIRY_TASK = 'card-expiry';
export const CARD_EXPIRY_EVERY_MS = 24 * 60 * 60 * 1000;
export const CARD_EXPIRY_FIRST_DELAY_MS = 2 * 60 * 1000;
/** The gift states whose card is checked (a paused or unpaid gift is not charged). */
const CHECKED = ['active', 'trialing', 'past_due'] as const;

export interface CardExpiryDeps extends RecoveryMailDeps {
  payments: PaymentsProvider;
  jobs?: Pick<JobQueue, 'add'>;
}

type Sub = { id: number; subscriptionId: string; customerId: string; donorEmail: string; language: string | null; amountCents: unknown; currency: string };

/** The year and month (1-12) after `now`'s month: a card expiring then ends at the end of next month. */
export function nextMonthOf(now: Date): { year: number; month: number } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const monthName = (year: number, month: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)));

/** The card a gift is charged with: the subscription's own, else its customer's default. */
async function cardOf(stripe: StripePayments, sub: Sub): Promise<{ id: string; expMonth: number; expYear: number } | null> {
  const remote = await stripe.retrieveSubscription(sub.subscriptionId);
  if (!remote) return null;
  let pmId = remote.defaultPaymentMethod;
  if (!pmId) pmId = (await stripe.retrieveCustomer(remote.customerId))?.defaultPaymentMethod ?? null;
  if (!pmId) return null;
  const pm = await stripe.retrievePaymentMethod(pmId);
  return pm?.card ? { id: pm.id, expMonth: pm.card.expMonth, expYear: pm.card.expYear } : null;
}

/** One run: every running gift's card read, the ones ending next month mailed (once per card). Answers the mails sent. */
export async function checkExpiringCards(deps: CardExpiryDeps, now = new Date()): Promise<{ checked: number; mailed: number }> {
  if (deps.payments.kind !== 'stripe') return { checked: 0, mailed: 0 };
  const stripe = deps.payments;
  const { db } = deps;
  const subs = (await db('donation_subscriptions').whereIn('status', [...CHECKED]).where({ paused: false }).select('id', 'subscriptionId', 'customerId', 'donorEmail', 'language', 'amountCents', 'currency')) as Sub[];
  const next = nextMonthOf(now);
  let checked = 0;
  let mailed = 0;
  for (const sub of subs) {
    let card: Awaited<ReturnType<typeof cardOf>>;
    try {
      card = await cardOf(stripe, sub);
    } catch (err) {
      if (!(err instanceof PaymentsError)) throw err;
      deps.log.warn({ subscription: sub.subscriptionId, err: err.message }, 'card expiry: could not read the card at Stripe; next run tomorrow');
      continue;
    }
    if (!card) continue;
    checked += 1;
    const at = now.toISOString();
    await db('regular_gift_cards')
      .insert({ subscriptionId: sub.subscriptionId, paymentMethodId: card.id, expMonth: card.expMonth, expYear: card.expYear, checkedAt: at })
      .onConflict('subscriptionId')
      .merge(['paymentMethodId', 'expMonth', 'expYear', 'checkedAt']);
    if (card.expYear !== next.year || card.expMonth !== next.month) continue;
    if (await mailExpiringCard(deps, sub, card)) mailed += 1;
  }
  if (mailed) deps.log.info({ checked, mailed }, 'card expiry: donors whose card ends next month mailed');
  return { checked, mailed };
}

/** Claims the card's notice and writes its mail in one transaction: true when this call sent it. */
async function mailExpiringCard(deps: CardExpiryDeps, sub: Sub, card: { id: string; expMonth: number; expYear: number }): Promise<boolean> {
  const key = { paymentMethodId: card.id, expMonth: card.expMonth, expYear: card.expYear };
  await deps.db('card_expiry_notices').insert({ ...key, subscriptionId: sub.subscriptionId }).onConflict(['paymentMethodId', 'expYear', 'expMonth']).ignore();
  return deps.db.transaction(async (trx) => {
    const claimed = await trx('card_expiry_notices').where(key).whereNull('mailedAt').whereNull('renewedAt').update({ mailedAt: new Date().toISOString(), subscriptionId: sub.subscriptionId });
    if (Number(claimed) !== 1) return false;
    const lang: Lang = sub.language === 'de' ? 'de' : 'en';
    const url = await recoveryLink(trx, deps.config.publicUrl, sub.donorEmail, lang, sub.id);
    const mail = deps.render({
      t: tFor(deps.i18n, lang),
      lang,
      kind: 'expiring',
      org: deps.config.site.name,
      amount: formatAmount(Number(sub.amountCents), sub.currency, lang, 2),
      date: monthName(card.expYear, card.expMonth, lang),
      url,
      days: RECOVERY_LINK_TTL_MS / 86_400_000,
    });
    await deps.mail.send({ to: sub.donorEmail, ...mail, oneTimeLink: true }, { trx });
    return true;
  });
}

/**
 * payment_method.automatically_updated: Stripe's card updater gave the card a new expiry. The card
 * (as Stripe has it now) is marked renewed, so no "your card expires" mail goes out for it.
 */
export async function markCardRenewed(db: Knex, pm: { id: string; card: { expMonth: number; expYear: number } | null }): Promise<boolean> {
  if (!pm.card) return false;
  const at = new Date().toISOString();
  await db('card_expiry_notices').where({ paymentMethodId: pm.id }).whereNull('mailedAt').update({ renewedAt: at });
  await db('card_expiry_notices')
    .insert({ paymentMethodId: pm.id, expMonth: pm.card.expMonth, expYear: pm.card.expYear, renewedAt: at })
    .onConflict(['paymentMethodId', 'expYear', 'expMonth'])
    .merge(['renewedAt']);
  await db('regular_gift_cards').where({ paymentMethodId: pm.id }).update({ expMonth: pm.card.expMonth, expYear: pm.card.expYear, checkedAt: at });
  return true;
}

/**
 * A donor saved a new card (customer.updated moved their gifts to it): the gifts' card as the
 * at-risk list and the donor's page know it is that one from now on, not the one expiring.
 */
export async function noteNewCard(db: Knex, stripe: StripePayments, subscriptionIds: string[], paymentMethodId: string): Promise<void> {
  if (!subscriptionIds.length) return;
  const pm = await stripe.retrievePaymentMethod(paymentMethodId);
  if (!pm?.card) return;
  const at = new Date().toISOString();
  for (const subscriptionId of subscriptionIds) {
    await db('regular_gift_cards')
      .insert({ subscriptionId, paymentMethodId: pm.id, expMonth: pm.card.expMonth, expYear: pm.card.expYear, checkedAt: at })
      .onConflict('subscriptionId')
      .merge(['paymentMethodId', 'expMonth', 'expYear', 'checkedAt']);
  }
}

/** The daily run: never throws; queues the next. */
export async function runCardExpiryJob(deps: CardExpiryDeps): Promise<void> {
  try {
    await checkExpiringCards(deps);
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'card expiry: the check failed; next run in a day');
  } finally {
    if (deps.jobs) await queueCardExpiryJob(deps.jobs, new Date(Date.now() + CARD_EXPIRY_EVERY_MS));
  }
}

export function queueCardExpiryJob(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(CARD_EXPIRY_TASK, {}, { key: CARD_EXPIRY_TASK, runAt, maxAttempts: 3 });
}
