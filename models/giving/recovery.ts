// A regular gift's failed payment, recovered kindly (issue 39):
// - invoice.payment_failed (read back from Stripe by the webhook, models/giving/checkout.ts) records
//   the episode, one row per invoice (regular_gift_failures), and queues ONE mail for it: "the
//   payment did not go through, update your card" while Stripe still retries, or "your gift has
//   paused, restart it" once Stripe's retries are over (the subscription unpaid, or the invoice
//   open with no next attempt). Each mail is claimed on its row (failure_mailed_at,
//   paused_mailed_at) in the transaction that writes it to the outbox: replays, retried jobs and
//   two instances send it once.
// - The mail's button logs the donor in (a one-time donor link, valid RECOVERY_LINK_TTL_MS) and
//   opens their page on "Update your card" (?focus=card&subscription=ID).
// - A later invoice.paid of the same invoice ends the episode (recovered_at, set once): the
//   dashboard's "recovered this year" counts it once.
// - An invoice the charity voids or marks uncollectible at Stripe closes the episode (closed_at):
//   no longer at risk, no mail owed, not recovered.
// - The donor's page restarts a paused gift with one click: Stripe collects the open invoice
//   (invoices.pay) with the card saved meanwhile.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { i18n as I18n } from 'i18next';
import type { JobContext, JobQueue } from '../providers/jobs';
import type { MailProvider } from '../providers/mail';
import { PaymentsError, type InvoiceInfo, type PaymentsProvider, type SubscriptionInfo } from '../providers/payments';
import type { TFunction } from 'i18next';
import { formatAmount, monthlyEquivalentCents } from '../shared/donation-rules';
import { formatDate, type Lang } from '../shared/rules';
import { toIso } from '../shared/dates';
import { tFor } from '../shared/text';
import { localUrl, PAGE_PATHS } from '../shared/urls';
import { oneTimeTokens } from '../people/login-token';
import { RUNNING_SUBSCRIPTION, swissDate, swissYear } from './names';

/** Payload { invoiceId, kind: 'failed' | 'paused' }: the one mail of a failed invoice. */
export const RECOVERY_MAIL_TASK = 'regular-gift-recovery-mail';
/** The mail's link opens the donor's page this long after it was sent (once, like every donor link). */
export const RECOVERY_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const recoveryTokens = oneTimeTokens('donor_tokens', RECOVERY_LINK_TTL_MS);

export type RecoveryMailKind = 'failed' | 'paused';

/** What views/mails/recovery.tsx writes. */
export interface RecoveryMailFacts {
  lang: Lang;
  kind: RecoveryMailKind | 'expiring';
  org: string;
  /** "CHF 50.00" */
  amount: string;
  /** The day of the failed payment, or the card's last month ("January 2027"). */
  date: string;
  url: string;
  days: number;
}
export type RenderRecoveryMail = (props: RecoveryMailFacts & { t: TFunction }) => { subject: string; text: string; html: string };

export interface RecoveryMailDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, I18n>;
  config: { publicUrl: string; site: { name: string } };
  log: Logger;
  render: RenderRecoveryMail;
}

type FailureRow = {
  id: number;
  subscriptionId: string;
  invoiceId: string;
  amountCents: unknown;
  currency: string;
  failedAt: unknown;
  attemptCount: unknown;
  final: unknown;
  mailsSent: unknown;
  failureMailedAt: unknown;
  pausedMailedAt: unknown;
  recoveredAt: unknown;
  closedAt?: unknown;
};

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';
const nowIso = () => new Date().toISOString();

/** Stripe will not try this invoice again: the subscription is unpaid, or the open invoice has no next attempt. */
export function retriesAreOver(invoice: Pick<InvoiceInfo, 'status' | 'nextPaymentAttempt' | 'attemptCount'>, sub: Pick<SubscriptionInfo, 'status'>): boolean {
  return sub.status === 'unpaid' || (invoice.status === 'open' && invoice.nextPaymentAttempt === null && invoice.attemptCount > 0);
}

/**
 * A failed invoice of a regular gift, as Stripe reports it now: its episode recorded (or brought
 * up to date) and its one mail queued. Answers whether Stripe's retries are over.
 */
export async function recordFailedInvoice(deps: { db: Knex; jobs: JobQueue; log: Pick<Logger, 'info'> }, invoice: InvoiceInfo, sub: SubscriptionInfo): Promise<{ final: boolean; queued: RecoveryMailKind | null }> {
  const { db } = deps;
  const final = retriesAreOver(invoice, sub);
  const attempts = Math.max(1, invoice.attemptCount);
  const nextAttemptAt = invoice.nextPaymentAttempt === null ? null : new Date(invoice.nextPaymentAttempt * 1000).toISOString();
  await db('regular_gift_failures')
    .insert({
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      amountCents: invoice.amountDue || sub.amountCents,
      currency: invoice.currency,
      failedAt: nowIso(),
      attemptCount: attempts,
      nextAttemptAt,
      final,
    })
    .onConflict('invoiceId')
    .ignore();
  // A replay or a later attempt: the count only grows, and an episode once final stays final.
  await db('regular_gift_failures')
    .where({ invoiceId: invoice.id })
    .where('attemptCount', '<=', attempts)
    .update({ attemptCount: attempts, nextAttemptAt, updatedAt: nowIso() });
  if (final) await db('regular_gift_failures').where({ invoiceId: invoice.id }).update({ final: true, updatedAt: nowIso() });
  const queued = await queueRecoveryMail(db, deps.jobs, invoice.id);
  if (queued) deps.log.info({ invoice: invoice.id, subscription: sub.id, mail: queued }, 'regular gift: failed payment recorded, mail queued');
  return { final, queued };
}

/** Queues the mail the episode still owes (none once recovered, or when it was sent). */
async function queueRecoveryMail(db: Knex, jobs: JobQueue, invoiceId: string): Promise<RecoveryMailKind | null> {
  const row = (await db('regular_gift_failures').where({ invoiceId }).first()) as FailureRow | undefined;
  if (!row || row.recoveredAt || row.closedAt) return null;
  if (truthy(row.final)) {
    if (row.pausedMailedAt) return null;
    await jobs.add(RECOVERY_MAIL_TASK, { invoiceId, kind: 'paused' }, { key: `recovery-paused-${invoiceId}` });
    return 'paused';
  }
  // The first mail only while Stripe retries: a gift whose retries are over gets the last one instead.
  if (row.failureMailedAt || row.pausedMailedAt) return null;
  await jobs.add(RECOVERY_MAIL_TASK, { invoiceId, kind: 'failed' }, { key: `recovery-failed-${invoiceId}` });
  return 'failed';
}

/**
 * The subscription became unpaid (customer.subscription.updated, in whichever order it comes with
 * the invoice's last failure): its open episode is final, and its last mail queued.
 */
export async function noteSubscriptionUnpaid(deps: { db: Knex; jobs: JobQueue }, sub: SubscriptionInfo): Promise<void> {
  if (sub.status !== 'unpaid') return;
  const open = (await deps.db('regular_gift_failures').where({ subscriptionId: sub.id }).whereNull('recoveredAt').whereNull('closedAt').orderBy('id', 'desc').first('invoiceId')) as { invoiceId: string } | undefined;
  if (!open) return;
  await deps.db('regular_gift_failures').where({ invoiceId: open.invoiceId }).update({ final: true, updatedAt: nowIso() });
  await queueRecoveryMail(deps.db, deps.jobs, open.invoiceId);
}

/** A paid invoice ends its episode, once: true when this call ended it. */
export async function endFailureEpisode(db: Knex, invoiceId: string): Promise<boolean> {
  const changed = await db('regular_gift_failures').where({ invoiceId }).whereNull('recoveredAt').update({ recoveredAt: nowIso(), updatedAt: nowIso() });
  return Number(changed) === 1;
}

/**
 * The charity gave the failed invoice up at Stripe (invoice.voided, invoice.marked_uncollectible):
 * its episode closes, once, unless it was paid first. True when this call closed it.
 */
export async function closeFailureEpisode(db: Knex, invoiceId: string, as: 'void' | 'uncollectible'): Promise<boolean> {
  const changed = await db('regular_gift_failures').where({ invoiceId }).whereNull('recoveredAt').whereNull('closedAt').update({ closedAt: nowIso(), closedAs: as, updatedAt: nowIso() });
  return Number(changed) === 1;
}

/** The donor's page with the card update first, as the link of a recovery mail opens it. */
export function cardPageQuery(subscriptionRowId: number): Record<string, string> {
  return { focus: 'card', subscription: String(subscriptionRowId) };
}

/** A one-time link to the donor's page (logging them in), opening on "Update your card" of one gift. */
export async function recoveryLink(db: Knex | Knex.Transaction, publicUrl: string, email: string, lang: Lang, subscriptionRowId: number): Promise<string> {
  const token = await recoveryTokens.create(db as Knex, email, lang);
  return localUrl(publicUrl, PAGE_PATHS.donorManage, lang, { token, ...cardPageQuery(subscriptionRowId) });
}

/**
 * RECOVERY_MAIL_TASK: claims the episode's mail (its column from NULL) and writes it to the outbox
 * in one transaction; an episode recovered meanwhile, or a mail already sent, sends nothing.
 */
export async function sendRecoveryMail(deps: RecoveryMailDeps, payload: unknown, ctx?: Pick<JobContext, 'log'>): Promise<void> {
  const log = ctx?.log ?? deps.log;
  const p = (payload ?? {}) as { invoiceId?: unknown; kind?: unknown };
  const kind = p.kind === 'paused' ? 'paused' : p.kind === 'failed' ? 'failed' : null;
  if (typeof p.invoiceId !== 'string' || !kind) {
    log.error({ payload }, 'recovery mail job without an invoice');
    return;
  }
  const invoiceId = p.invoiceId;
  await deps.db.transaction(async (trx) => {
    const row = (await trx('regular_gift_failures as f')
      .join('donation_subscriptions as s', 's.subscriptionId', 'f.subscriptionId')
      .where('f.invoiceId', invoiceId)
      .first('f.*', 's.id as subscriptionRowId', 's.donorEmail', 's.language', 's.status as subscriptionStatus')) as
      | (FailureRow & { subscriptionRowId: number; donorEmail: string | null; language: string | null; subscriptionStatus: string })
      | undefined;
    if (!row || !row.donorEmail) {
      log.info({ invoiceId }, 'recovery mail: no donor to write to');
      return;
    }
    if (row.subscriptionStatus === 'canceled') return;
    const column = kind === 'paused' ? 'pausedMailedAt' : 'failureMailedAt';
    let claim = trx('regular_gift_failures').where({ id: row.id }).whereNull(column).whereNull('recoveredAt').whereNull('closedAt');
    if (kind === 'failed') claim = claim.whereNull('pausedMailedAt');
    const claimed = await claim.update({ [column]: nowIso(), mailsSent: trx.raw('mails_sent + 1'), updatedAt: nowIso() });
    if (Number(claimed) !== 1) return;
    const lang: Lang = row.language === 'de' ? 'de' : 'en';
    const t = tFor(deps.i18n, lang);
    const url = await recoveryLink(trx, deps.config.publicUrl, row.donorEmail, lang, row.subscriptionRowId);
    const mail = deps.render({
      t,
      lang,
      kind,
      org: deps.config.site.name,
      amount: formatAmount(Number(row.amountCents), row.currency, lang, 2),
      date: formatDate(swissDate(toIso(row.failedAt)) + 'T12:00:00Z', lang, 'long'),
      url,
      days: RECOVERY_LINK_TTL_MS / 86_400_000,
    });
    await deps.mail.send({ to: row.donorEmail, ...mail, oneTimeLink: true }, { trx });
  });
}

// ---- The donor's page

/** What the donor's page says about one of their regular gifts. */
export interface GiftHealth {
  /** An unpaid payment: its Swiss day (YYYY-MM-DD), amount and whether Stripe stopped trying (the gift paused). */
  failure: { failedOn: string; amountCents: number; currency: string; paused: boolean } | null;
  /** The card's last month ("2027-01") when it ends before the end of next month. */
  cardExpires: string | null;
}

/** The end of a card's last month (UTC): it works until then. */
export const cardEndsAt = (expYear: number, expMonth: number) => Date.UTC(expYear, expMonth, 1);

/** Health of a donor's running gifts, by our subscription row id (only those with something to say). */
export async function donorGiftHealth(db: Knex, email: string, now = new Date()): Promise<Record<number, GiftHealth>> {
  const subs = (await db('donation_subscriptions').where({ donorEmail: email }).whereIn('status', [...RUNNING_SUBSCRIPTION]).select('id', 'subscriptionId', 'status')) as { id: number; subscriptionId: string; status: string }[];
  if (!subs.length) return {};
  const ids = subs.map((s) => s.subscriptionId);
  const failures = (await db('regular_gift_failures').whereIn('subscriptionId', ids).whereNull('recoveredAt').whereNull('closedAt').orderBy('id', 'asc').select('*')) as FailureRow[];
  const cards = (await db('regular_gift_cards').whereIn('subscriptionId', ids).select('subscriptionId', 'expMonth', 'expYear')) as { subscriptionId: string; expMonth: number; expYear: number }[];
  const soon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1);
  const out: Record<number, GiftHealth> = {};
  for (const s of subs) {
    const f = failures.filter((r) => r.subscriptionId === s.subscriptionId).at(-1);
    const card = cards.find((c) => c.subscriptionId === s.subscriptionId);
    const expiring = card && cardEndsAt(Number(card.expYear), Number(card.expMonth)) <= soon ? `${card.expYear}-${String(card.expMonth).padStart(2, '0')}` : null;
    if (!f && !expiring) continue;
    out[s.id] = {
      failure: f ? { failedOn: swissDate(toIso(f.failedAt)), amountCents: Number(f.amountCents), currency: f.currency, paused: truthy(f.final) || s.status === 'unpaid' } : null,
      cardExpires: expiring,
    };
  }
  return out;
}

/**
 * "Restart my donation": Stripe collects the gift's open invoice now, with the card saved since
 * (invoices.pay). 'declined' when the card still does not pay; 'nothing' when no invoice is open.
 */
export async function restartGift(
  deps: { db: Knex; log: Logger; payments: PaymentsProvider },
  own: { id: number; subscriptionId: string },
): Promise<'restarted' | 'declined' | 'nothing' | 'unavailable'> {
  if (deps.payments.kind !== 'stripe') return 'unavailable';
  const stripe = deps.payments;
  try {
    const sub = await stripe.retrieveSubscription(own.subscriptionId);
    const invoiceId = sub?.latestInvoiceId;
    const invoice = invoiceId ? await stripe.retrieveInvoice(invoiceId) : null;
    if (!sub || !invoice || invoice.status !== 'open') return 'nothing';
    const paid = await stripe.payInvoice(invoice.id);
    if (paid.status !== 'paid') return 'declined';
    const after = await stripe.retrieveSubscription(own.subscriptionId);
    await deps.db('donation_subscriptions').where({ id: own.id }).update({ status: after?.status ?? 'active', updatedAt: nowIso() });
    // invoice.paid credits the payment when it arrives; the page shows the gift running at once.
    await endFailureEpisode(deps.db, invoice.id);
    return 'restarted';
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    deps.log.warn({ err: err.message, subscription: own.subscriptionId }, 'restart of a paused gift did not go through');
    return err.kind === 'rejected' ? 'declined' : 'unavailable';
  }
}

// ---- The treasurer's view

export const AT_RISK_REASONS = ['payment_failed', 'past_due', 'unpaid', 'card_expiring'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];
/** A card ending within this many days puts its gift on the at-risk list. */
export const CARD_AT_RISK_DAYS = 45;

export interface AtRiskGift {
  /** Our id of the gift (donation_subscriptions.id) and Stripe's. */
  id: number;
  subscriptionId: string;
  donorEmail: string;
  donorName: string | null;
  amountCents: number;
  currency: string;
  interval: string;
  reason: AtRiskReason;
  /** ISO: the first failed attempt, or when the card was found ending (its last month in `cardExpires`). */
  since: string;
  cardExpires: string | null;
  mailsSent: number;
}

/** Every running regular gift whose last payment failed, that is past due or unpaid, or whose card ends within 45 days. */
export async function listAtRisk(db: Knex, now = new Date()): Promise<AtRiskGift[]> {
  const subs = (await db('donation_subscriptions').whereIn('status', [...RUNNING_SUBSCRIPTION]).select('*')) as {
    id: number;
    subscriptionId: string;
    donorEmail: string;
    donorName: string | null;
    amountCents: unknown;
    currency: string;
    interval?: string | null;
    status: string;
    updatedAt: unknown;
  }[];
  if (!subs.length) return [];
  const open = (await db('regular_gift_failures').whereNull('recoveredAt').whereNull('closedAt').orderBy('id', 'asc').select('*')) as FailureRow[];
  const cards = (await db('regular_gift_cards').select('*')) as { subscriptionId: string; paymentMethodId: string; expMonth: number; expYear: number; checkedAt: unknown }[];
  const notices = (await db('card_expiry_notices').whereNotNull('mailedAt').select('paymentMethodId', 'expMonth', 'expYear', 'mailedAt')) as { paymentMethodId: string; expMonth: number; expYear: number; mailedAt: unknown }[];
  const limit = now.getTime() + CARD_AT_RISK_DAYS * 86_400_000;
  const out: AtRiskGift[] = [];
  for (const s of subs) {
    const f = open.filter((r) => r.subscriptionId === s.subscriptionId).at(-1);
    const card = cards.find((c) => c.subscriptionId === s.subscriptionId);
    const ending = card && cardEndsAt(Number(card.expYear), Number(card.expMonth)) <= limit ? card : null;
    let reason: AtRiskReason | null = null;
    if (s.status === 'unpaid') reason = 'unpaid';
    else if (s.status === 'past_due') reason = 'past_due';
    else if (f) reason = 'payment_failed';
    else if (ending) reason = 'card_expiring';
    if (!reason) continue;
    const notice = ending ? notices.find((n) => n.paymentMethodId === ending.paymentMethodId && Number(n.expMonth) === Number(ending.expMonth) && Number(n.expYear) === Number(ending.expYear)) : undefined;
    const since = f ? toIso(f.failedAt) : reason === 'card_expiring' ? toIso(notice?.mailedAt ?? ending!.checkedAt) : toIso(s.updatedAt);
    out.push({
      id: s.id,
      subscriptionId: s.subscriptionId,
      donorEmail: s.donorEmail,
      donorName: s.donorName ?? null,
      amountCents: Number(s.amountCents),
      currency: s.currency,
      interval: s.interval ?? 'month',
      reason,
      since,
      cardExpires: ending ? `${ending.expYear}-${String(ending.expMonth).padStart(2, '0')}` : null,
      mailsSent: (f ? Number(f.mailsSent) : 0) + (reason === 'card_expiring' && notice ? 1 : 0),
    });
  }
  return out.sort((a, b) => AT_RISK_REASONS.indexOf(a.reason) - AT_RISK_REASONS.indexOf(b.reason) || a.since.localeCompare(b.since));
}

/** The dashboard's two figures: the regular income at risk, and what failed invoices later paid brought this year (per currency). */
export interface RegularHealth {
  atRisk: { currency: string; gifts: number; cents: number }[];
  recovered: { currency: string; invoices: number; cents: number }[];
}

export async function regularHealth(db: Knex, now = new Date()): Promise<RegularHealth> {
  const atRisk = new Map<string, { gifts: number; cents: number }>();
  for (const g of await listAtRisk(db, now)) {
    const e = atRisk.get(g.currency) ?? { gifts: 0, cents: 0 };
    e.gifts += 1;
    e.cents += monthlyEquivalentCents(g.amountCents, g.interval);
    atRisk.set(g.currency, e);
  }
  const year = swissYear(now);
  // From the day before the Swiss year began (its first hours are the UTC year's last); kept by Swiss year.
  const rows = (await db('regular_gift_failures').whereNotNull('recoveredAt').where('recoveredAt', '>=', `${year - 1}-12-31`).select('amountCents', 'currency', 'recoveredAt')) as { amountCents: unknown; currency: string; recoveredAt: unknown }[];
  const recovered = new Map<string, { invoices: number; cents: number }>();
  for (const r of rows) {
    if (swissYear(toIso(r.recoveredAt)) !== year) continue;
    const e = recovered.get(r.currency) ?? { invoices: 0, cents: 0 };
    e.invoices += 1;
    e.cents += Number(r.amountCents);
    recovered.set(r.currency, e);
  }
  const list = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, e]) => ({ currency, ...e }));
  return { atRisk: list(atRisk).map((e) => ({ ...e, cents: Math.round(e.cents) })), recovered: list(recovered) };
}
