// Donors manage their gifts without an account: a one-time link by e-mail opens a short donor
// session, a signed cookie that names the address (no server memory, so every instance accepts
// it). Everything a donor sees or changes is found by that address.
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import type { Lang } from '../shared/rules';
import { localized } from '../shared/rules';
import { toIso } from '../shared/dates';
import { isRegularInterval, type RegularInterval } from '../shared/donation-rules';
import { oneTimeTokens, type ConsumeResult } from '../people/login-token';
import { giftAmounts } from './certificate';
import { donationReference, NEVER_STARTED, RUNNING_SUBSCRIPTION, swissDate, swissYear, type DonationKind } from './names';
import type { Logger } from 'pino';
import { PaymentsError } from '../providers/payments';
import type { MonthlyPayments, SubscriptionState } from '../providers/payments-monthly';

/** A link to "Manage my donations" is valid this long, and once. */
export const DONOR_TOKEN_TTL_MS = 30 * 60 * 1000;
/** A donor session lasts this long from the link; then the donor asks for a new link. */
export const DONOR_SESSION_MS = 60 * 60 * 1000;
/** Gifts of this many calendar years (this one included) are listed on the page. */
export const DONOR_GIFT_YEARS = 3;

// ---- One-time links (donor_tokens): only the hash is stored, used once, 30 minutes.

const donorTokens = oneTimeTokens('donor_tokens', DONOR_TOKEN_TTL_MS);
export type DonorTokenResult = ConsumeResult;
export const createDonorToken = donorTokens.create;
/** What a token would give, without using it (the GET of the link: mail scanners open it too). */
export const checkDonorToken = donorTokens.check;
/** Uses a token once: only one request can flip used_at from NULL. */
export const consumeDonorToken = donorTokens.consume;

// ---- The donor session: a cookie "<payload>.<signature>", HMAC-SHA256 with the app's session secret.

export interface DonorSession {
  email: string;
  lang: Lang;
  /** Milliseconds since the epoch when the session ends. */
  expires: number;
}

const sign = (secret: string, purpose: string, data: string) => crypto.createHmac('sha256', secret).update(`${purpose}\n${data}`).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

export function signDonorSession(secret: string, session: DonorSession): string {
  const payload = Buffer.from(JSON.stringify({ e: session.email, l: session.lang, x: session.expires }), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, 'donor-session', payload)}`;
}

/** The session a cookie holds: null when it is missing, altered, malformed or expired. */
export function readDonorSession(secret: string, cookie: unknown, now = Date.now()): DonorSession | null {
  if (typeof cookie !== 'string' || cookie.length > 2000) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = cookie.slice(0, dot);
  if (!sameText(cookie.slice(dot + 1), sign(secret, 'donor-session', payload))) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; l?: unknown; x?: unknown };
    if (typeof data.e !== 'string' || !data.e.includes('@') || typeof data.x !== 'number' || data.x <= now) return null;
    return { email: data.e, lang: data.l === 'de' ? 'de' : 'en', expires: data.x };
  } catch {
    return null;
  }
}

/**
 * The CSRF token of a session: derived from the signed cookie, so it needs no storage, changes
 * with every session and cannot be computed without the secret.
 */
export function donorCsrfToken(secret: string, cookie: string): string {
  return sign(secret, 'donor-csrf', cookie);
}

export function isDonorCsrfToken(secret: string, cookie: string, given: unknown): boolean {
  return typeof given === 'string' && given.length > 0 && given.length < 200 && sameText(given, donorCsrfToken(secret, cookie));
}

// ---- What the donor's page shows

/** Whether an address has given (a succeeded gift or a monthly gift): only then a link is mailed. */
export async function hasGiven(db: Knex, email: string): Promise<boolean> {
  const gift = await db('donations').where({ donorEmail: email, status: 'succeeded' }).first('id');
  if (gift) return true;
  // A subscription whose first payment was never made is no gift: a mistyped address stays unknown.
  return Boolean(await db('donation_subscriptions').where({ donorEmail: email }).whereNotIn('status', [...NEVER_STARTED]).first('id'));
}

export interface DonorSubscription {
  id: number;
  amountCents: number;
  currency: string;
  /** How often it is paid. */
  interval: RegularInterval;
  project: string | null;
  status: string;
  paused: boolean;
  /** ISO time of the next payment; null when canceled or unknown. */
  nextPayment: string | null;
  canceledAt: string | null;
}

export interface DonorGift {
  reference: string;
  date: string;
  amountCents: number;
  currency: string;
  project: string | null;
  kind: DonationKind;
  refundedCents: number;
}

const ACTIVE = new Set<string>(RUNNING_SUBSCRIPTION);
/** Whether a monthly gift can still be changed, paused or canceled. */
export const isManageable = (s: Pick<DonorSubscription, 'status'>) => ACTIVE.has(s.status);

type SubscriptionRow = {
  id: number;
  subscriptionId: string;
  customerId: string;
  donorEmail: string;
  amountCents: unknown;
  currency: string;
  interval?: unknown;
  projectId: number | null;
  status: string;
  paused: unknown;
  currentPeriodEnd: unknown;
  canceledAt: unknown;
  title: string | null;
  titleDe: string | null;
};

const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : toIso(v));
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';

export async function listDonorSubscriptions(db: Knex, email: string, lang: Lang): Promise<DonorSubscription[]> {
  const rows = (await db('donation_subscriptions as s')
    .leftJoin('projects as p', 'p.id', 's.projectId')
    .where('s.donorEmail', email)
    .whereNotIn('s.status', [...NEVER_STARTED])
    // Running gifts first, ended ones after them; newest first within each.
    .orderByRaw("case when s.status = 'canceled' then 1 else 0 end")
    .orderBy('s.id', 'desc')
    .select('s.*', 'p.title', 'p.titleDe')) as SubscriptionRow[];
  return rows.map((r) => ({
    id: r.id,
    amountCents: Number(r.amountCents),
    currency: r.currency,
    interval: isRegularInterval(r.interval) ? r.interval : 'month',
    project: r.title ? localized(lang, r.title, r.titleDe) : null,
    status: r.status,
    paused: truthy(r.paused),
    nextPayment: r.status === 'canceled' ? null : isoOrNull(r.currentPeriodEnd),
    canceledAt: isoOrNull(r.canceledAt),
  }));
}

export async function listDonorGifts(db: Knex, email: string, lang: Lang, now = new Date()): Promise<DonorGift[]> {
  // A date alone compares right with both databases' timestamps (SQLite's text, PostgreSQL's type).
  // The Swiss year begins an hour or two before the UTC one: read from the day before, keep by Swiss year.
  const firstYear = swissYear(now) - (DONOR_GIFT_YEARS - 1);
  const since = `${firstYear - 1}-12-31`;
  const rows = (await db('donations as d')
    .leftJoin('projects as p', 'p.id', 'd.projectId')
    .where({ 'd.donorEmail': email, 'd.status': 'succeeded' })
    .whereNotNull('d.appliedAt')
    .where('d.appliedAt', '>=', since)
    .orderBy('d.appliedAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(500)
    .select('d.id', 'd.amountCents', 'd.currency', 'd.kind', 'd.appliedAt', 'd.refundedCents', 'p.title', 'p.titleDe')) as {
    id: number;
    amountCents: unknown;
    currency: string;
    kind: string;
    appliedAt: unknown;
    refundedCents: unknown;
    title: string | null;
    titleDe: string | null;
  }[];
  return rows.filter((r) => swissYear(toIso(r.appliedAt)) >= firstYear).map((r) => {
    const date = toIso(r.appliedAt);
    return {
      reference: donationReference(r.id, date),
      date: swissDate(date),
      amountCents: Number(r.amountCents),
      currency: r.currency,
      project: r.title ? localized(lang, r.title, r.titleDe) : null,
      kind: r.kind === 'monthly' || r.kind === 'bank' ? r.kind : 'one_off',
      refundedCents: Number(r.refundedCents ?? 0),
    };
  });
}

/** Years with a gift that still counts (not all refunded or lost in a dispute): a certificate can be asked for each. */
export async function donorYears(db: Knex, email: string): Promise<number[]> {
  const rows = (await db('donations')
    .where({ donorEmail: email, status: 'succeeded' })
    .whereNotNull('appliedAt')
    .select('appliedAt', 'amountCents', 'refundedCents', 'disputedCents', 'disputeStatus')) as { appliedAt: unknown; amountCents: unknown; refundedCents: unknown; disputedCents: unknown; disputeStatus: string | null }[];
  const counting = rows.filter(
    (r) => giftAmounts({ amountCents: Number(r.amountCents), refundedCents: Number(r.refundedCents ?? 0), disputedCents: Number(r.disputedCents ?? 0), disputeStatus: r.disputeStatus ?? null }).netCents > 0,
  );
  return [...new Set(counting.map((r) => swissYear(toIso(r.appliedAt))))].sort((a, b) => b - a);
}

/** One of the donor's own monthly gifts, by our id: null for anyone else's (the caller answers 404). */
export async function findOwnSubscription(db: Knex, email: string, id: number): Promise<{ id: number; subscriptionId: string; customerId: string; currency: string; status: string; paused: boolean } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = (await db('donation_subscriptions').where({ id, donorEmail: email }).first()) as SubscriptionRow | undefined;
  if (!row) return null;
  return { id: row.id, subscriptionId: row.subscriptionId, customerId: row.customerId, currency: row.currency, status: row.status, paused: truthy(row.paused) };
}

/** Writes what Stripe answered to a change: the page shows it at once (the webhook agrees later). */
export async function mirrorSubscription(db: Knex, id: number, state: SubscriptionState): Promise<void> {
  await db('donation_subscriptions')
    .where({ id })
    .update({
      amountCents: state.amountCents,
      currency: state.currency,
      interval: state.interval,
      status: state.status,
      paused: state.paused,
      currentPeriodEnd: state.currentPeriodEnd,
      canceledAt: state.canceledAt,
      updatedAt: new Date().toISOString(),
    });
}

/** The customer to open the Billing Portal for: any of the donor's own monthly gifts' customer. */
export async function donorCustomer(db: Knex, email: string, id: number): Promise<string | null> {
  return (await findOwnSubscription(db, email, id))?.customerId ?? null;
}

/** What a donor asks of one of their monthly gifts on their page. */
export type MonthlyGiftChange =
  | { action: 'card'; returnUrl: string }
  | { action: 'amount'; amountCents: number }
  | { action: 'interval'; interval: RegularInterval }
  | { action: 'pause' | 'resume' | 'cancel' };

/**
 * A donor's change to one of their own monthly gifts, made at Stripe and written back here at once
 * (the webhook agrees later). 'card' answers the address of Stripe's Billing Portal, where the
 * donor enters the new card. 'unavailable' when Stripe is not configured or cannot be reached:
 * nothing changed, and the page says so.
 */
export async function changeMonthlyGift(
  deps: { db: Knex; log: Logger; monthly: MonthlyPayments | null },
  own: { id: number; subscriptionId: string; customerId: string },
  change: MonthlyGiftChange,
): Promise<{ outcome: 'changed' } | { outcome: 'portal'; url: string } | { outcome: 'unavailable' }> {
  const { monthly } = deps;
  try {
    if (!monthly) throw new PaymentsError('unconfigured', 'Stripe is not configured.');
    if (change.action === 'card') {
      const portal = await monthly.cardUpdateSession(own.customerId, change.returnUrl);
      return { outcome: 'portal', url: portal.url };
    }
    let state: SubscriptionState;
    if (change.action === 'amount') state = await monthly.changeAmount(own.subscriptionId, change.amountCents);
    else if (change.action === 'interval') state = await monthly.changeInterval(own.subscriptionId, change.interval);
    else if (change.action === 'pause') state = await monthly.pause(own.subscriptionId);
    else if (change.action === 'resume') state = await monthly.resume(own.subscriptionId);
    else state = await monthly.cancel(own.subscriptionId);
    await mirrorSubscription(deps.db, own.id, state);
    return { outcome: 'changed' };
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    deps.log.warn({ err: err.message, action: change.action }, 'a donor change did not reach Stripe');
    return { outcome: 'unavailable' };
  }
}
