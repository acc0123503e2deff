import type { Knex } from 'knex';
import { swissToday, toIso } from '../shared/dates';
import { valueGift, valuationColumns } from './books';
import { addToLedger } from '../content/ledger';
import { isValidDonationCents, isRegularInterval, DONATION_CURRENCY, MAX_DONATION_CENTS, type RegularInterval } from '../shared/donation-rules';
import { parseDbId } from '../shared/db-limits';
import { donationReference, RECEIPT_TASK, type DonationKind } from './names';
import { isSqlite } from '../../db/connection';
import type { JobQueue } from '../providers/jobs';
import { recordTribute, type Tribute } from './tribute';
import { followProject } from './project-news';
import { fundraiserOfGift } from './fundraiser';

/**
 * One row per Stripe PaymentIntent (a monthly gift: one per paid invoice). A donation moves a
 * project's total only through applySucceededPayment(), which credits it exactly once per
 * PaymentIntent id: the unique payment_intent_id plus a conditional update on applied_at make
 * replays and concurrent deliveries (webhook and the browser's verified call, or two webhook
 * retries) change nothing. Refunds and disputes move it back through reconcileCharge().
 */
export interface Donation {
  id: number;
  paymentIntentId: string;
  kind: DonationKind;
  amountCents: number;
  currency: string;
  /** What Stripe settled the gift for in the account's currency; null until known. */
  settledCents: number | null;
  settledCurrency: string | null;
  refundedCents: number;
  disputedCents: number;
  disputeStatus: string | null;
  projectId: number | null;
  status: 'succeeded' | 'failed' | string;
  language: string | null;
  donorEmail: string | null;
  donorName: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  chargeId: string | null;
  appliedAt: string | null;
  appliedBy: string | null;
  failureMessage: string | null;
  receiptSentAt: string | null;
  /** The fee the donor covered, inside amountCents (0: none). */
  coveredFeeCents: number;
  publicName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A charge's refunds and dispute as Stripe reports them now (amounts in the gift's currency). */
export interface ChargeState {
  chargeId: string;
  refundedCents: number;
  /** The charge's latest dispute, if any. */
  dispute: { amountCents: number; status: string } | null;
}

export interface ConfirmedPayment {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  projectId: number | null;
  language: string | null;
  kind?: DonationKind;
  donorEmail?: string | null;
  donorName?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
  invoiceId?: string | null;
  chargeId?: string | null;
  /** The kind of payment method the charge was paid with ('card', 'twint'; payment_method_details.type). */
  paymentMethod?: string | null;
  /** The balance transaction's amount and currency; null when Stripe has none (yet). */
  settlement?: { amount: number; currency: string; fee?: number } | null;
  /** The charge's refunds and dispute when it was read, so a late gift is credited net of them. */
  chargeState?: ChargeState | null;
  /** What the donor added to cover the fee, inside amountCents; the project counts the rest. */
  coveredFeeCents?: number;
  /** The name the donor chose to be shown under on the project's page; null: anonymous. */
  publicName?: string | null;
  /** In honour or in memory of someone, with an optional card (models/giving/tribute.ts). */
  tribute?: Tribute | null;
  /** The donor asked for the project's news (models/giving/project-news.ts). */
  followProject?: boolean;
  /** The supporter's fundraiser the gift was given through (models/giving/fundraiser.ts). */
  fundraiserId?: number | null;
  /** The page the giver came from (models/site/visits.ts). */
  source?: string | null;
}

export interface ApplyResult {
  /** True only for the one call that recorded the money; false for every replay. */
  applied: boolean;
  donation: Donation;
  /** The project's new total in cents (null for General Support or a project that no longer exists). */
  projectRaisedCents: number | null;
}

/** What applying a gift may need besides the database: the job queue for the receipt, a log. */
export interface ApplyHooks {
  jobs?: Pick<JobQueue, 'add'>;
  /** The book currency (BOOK_CURRENCY; usd when not given). */
  book?: string;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

type Row = Record<string, unknown>;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoOrNull = (v: unknown) => (v ? toIso(v) : null);

function toDonation(row: Row): Donation {
  return {
    id: num(row.id),
    paymentIntentId: String(row.paymentIntentId),
    kind: (row.kind as DonationKind) ?? 'one_off',
    amountCents: num(row.amountCents),
    currency: String(row.currency),
    settledCents: numOrNull(row.settledCents),
    settledCurrency: strOrNull(row.settledCurrency),
    refundedCents: num(row.refundedCents ?? 0),
    disputedCents: num(row.disputedCents ?? 0),
    disputeStatus: strOrNull(row.disputeStatus),
    projectId: numOrNull(row.projectId),
    status: String(row.status),
    language: strOrNull(row.language),
    donorEmail: strOrNull(row.donorEmail),
    donorName: strOrNull(row.donorName),
    customerId: strOrNull(row.customerId),
    subscriptionId: strOrNull(row.subscriptionId),
    invoiceId: strOrNull(row.invoiceId),
    chargeId: strOrNull(row.chargeId),
    appliedAt: isoOrNull(row.appliedAt),
    appliedBy: strOrNull(row.appliedBy),
    failureMessage: strOrNull(row.failureMessage),
    receiptSentAt: isoOrNull(row.receiptSentAt),
    coveredFeeCents: num(row.coveredFeeCents ?? 0),
    publicName: strOrNull(row.publicName),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const LANGUAGES = new Set(['en', 'de']);
const cleanLanguage = (lang: string | null | undefined) => (lang && LANGUAGES.has(lang) ? lang : null);
/** E-mail addresses are kept lower-cased: one donor, one address, whatever they typed. */
const cleanEmail = (email: string | null | undefined) => (email ? email.trim().toLowerCase().slice(0, 320) || null : null);
const cleanName = (name: string | null | undefined) => (name ? name.trim().slice(0, 200) || null : null);

/** Stripe metadata values are strings: "12" -> 12, "" / "general" / junk -> null. */
export function projectIdFromMetadata(value: string | undefined): number | null {
  return parseDbId(value);
}

export async function findDonation(db: Knex, paymentIntentId: string): Promise<Donation | null> {
  const row = await db('donations').where({ paymentIntentId }).first();
  return row ? toDonation(row) : null;
}

/** A recorded gift's reference (its receipt's), by its payment's id; null while it is not recorded yet. */
export async function giftReference(db: Knex, paymentIntentId: string): Promise<string | null> {
  const row = await db('donations').where({ paymentIntentId }).whereNotNull('appliedAt').first('id', 'appliedAt');
  return row ? donationReference(Number(row.id), toIso(row.appliedAt)) : null;
}

export async function findDonationById(db: Knex, id: number): Promise<Donation | null> {
  const row = await db('donations').where({ id }).first();
  return row ? toDonation(row) : null;
}

/** A project deleted since the payment started: the donation is kept and attached to nothing. */
async function existingProjectId(trx: Knex.Transaction, projectId: number | null): Promise<number | null> {
  if (projectId === null) return null;
  return (await trx('projects').where({ id: projectId }).first('id')) ? projectId : null;
}

/** The donation row of a PaymentIntent, written by the first report only (later ones find it there). */
async function insertOnce(
  trx: Knex.Transaction,
  payment: ConfirmedPayment,
  projectId: number | null,
  fields: { status: 'succeeded' | 'failed'; failureMessage?: string | null },
): Promise<void> {
  await trx('donations')
    .insert({
      paymentIntentId: payment.paymentIntentId,
      kind: payment.kind ?? 'one_off',
      amountCents: payment.amountCents,
      currency: payment.currency,
      projectId,
      language: cleanLanguage(payment.language),
      ...fields,
    })
    .onConflict('paymentIntentId')
    .ignore();
}

/** Settled amounts above this are not a donation of this site (ten times the largest gift). */
const MAX_SETTLED_CENTS = MAX_DONATION_CENTS * 10;

/**
 * What Stripe settled a gift for (the balance transaction, in the account's currency), checked;
 * null when the charge has none. What the gift is worth is models/giving/books.ts's business.
 */
function settledOf(payment: ConfirmedPayment): { amount: number; currency: string; fee?: number } | null {
  const s = payment.settlement;
  if (!s) return null;
  if (!Number.isSafeInteger(s.amount) || s.amount <= 0 || s.amount > MAX_SETTLED_CENTS) throw new Error(`not a settled amount in cents: ${s.amount}`);
  if (!/^[a-z]{3}$/.test(s.currency)) throw new Error(`not a currency code: ${s.currency}`);
  return s;
}

/** A covered fee is whole minor units below half of the charge; anything else is taken as none. */
function coveredFeeOf(payment: ConfirmedPayment): number {
  const fee = payment.coveredFeeCents ?? 0;
  return Number.isSafeInteger(fee) && fee > 0 && fee * 2 < payment.amountCents ? fee : 0;
}

/**
 * Credits a gift's project with what it counts for (USD cents): one `donation` ledger row (unique
 * per donation) and the total, in the caller's transaction. A covered fee's share is kept apart on
 * the row: the project counts the gift.
 */
export async function creditProject(
  trx: Knex.Transaction,
  gift: { id: number; projectId: number; amountCents: number; coveredFeeCents: number },
  usdCents: number,
  actor: string,
  note: string | null,
): Promise<void> {
  const feeCredit = gift.amountCents > 0 ? Math.round((usdCents * gift.coveredFeeCents) / gift.amountCents) : 0;
  await addToLedger(trx, { projectId: gift.projectId, kind: 'donation', amountCents: usdCents - feeCredit, coveredFeeCents: feeCredit, donationId: gift.id, actor, note });
}

/**
 * A donation's row by id, locked until the transaction ends, for work that reads then writes it
 * (valuing, reversing): on SQLite a write first takes the one writer's lock, so no read lock waits
 * to be upgraded; on PostgreSQL the row lock.
 */
export async function lockedDonationRow<T = Record<string, unknown>>(trx: Knex.Transaction, id: number): Promise<T | undefined> {
  const q = trx('donations').where({ id }).first();
  if (isSqlite(trx)) await trx('donations').where({ id }).update({ updatedAt: trx.ref('updated_at') });
  else q.forUpdate();
  return (await q) as T | undefined;
}

/** Reads a donation row so that no other transaction changes it before this one ends. */
async function lockedDonation(trx: Knex.Transaction, where: Record<string, unknown>): Promise<Row | undefined> {
  const q = trx('donations').where(where).first();
  if (!isSqlite(trx)) q.forUpdate();
  return (await q) as Row | undefined;
}

/**
 * Records a payment Stripe confirmed and credits its project, in one transaction, exactly once
 * per PaymentIntent id; the one call that credits it also queues the donor's receipt. `by` says
 * who reported it (webhook, verified client call).
 */
export async function applySucceededPayment(db: Knex, payment: ConfirmedPayment, by: 'webhook' | 'client', hooks: ApplyHooks = {}): Promise<ApplyResult> {
  // The last line of defence: whatever the caller checked, no odd amount reaches a total.
  if (!isValidDonationCents(payment.amountCents)) throw new Error(`not a donation amount in cents: ${payment.amountCents}`);
  if (!/^[a-z]{3}$/.test(payment.currency)) throw new Error(`not a currency code: ${payment.currency}`);
  const settled = settledOf(payment);
  const coveredFee = coveredFeeOf(payment);
  const book = hooks.book ?? DONATION_CURRENCY;
  return db.transaction(async (trx) => {
    // First the charge's lock: a refund or dispute handled at this very moment either finished
    // before (and left its state here) or waits until this gift is recorded and then finds it.
    const chargeState = payment.chargeId ? await lockChargeState(trx, payment.chargeId, payment.chargeState ?? null) : null;
    const projectId = await existingProjectId(trx, payment.projectId);
    const fundraiserId = await fundraiserOfGift(trx, payment.fundraiserId, projectId);
    await insertOnce(trx, payment, projectId, { status: 'succeeded' });
    // What it is worth in the books and the project totals, at the rates of the day it arrives.
    const valuation = await valueGift(trx, { amountCents: payment.amountCents, currency: payment.currency, day: swissToday(), settlement: settled }, book);

    // The claim: only the one caller that finds applied_at empty moves the money.
    const claimed = await trx('donations')
      .where({ paymentIntentId: payment.paymentIntentId })
      .whereNull('appliedAt')
      .update({
        status: 'succeeded',
        kind: payment.kind ?? 'one_off',
        amountCents: payment.amountCents,
        currency: payment.currency,
        projectId,
        // What Stripe settled it for; a USD gift without a balance transaction: its own amount.
        settledCents: settled?.amount ?? (payment.currency === DONATION_CURRENCY ? payment.amountCents : null),
        settledCurrency: settled?.currency ?? (payment.currency === DONATION_CURRENCY ? DONATION_CURRENCY : null),
        // Stripe's fee of the charge (settled currency), for the journal's fee booking.
        stripeFeeCents: settled && Number.isSafeInteger(settled.fee) && settled.fee! >= 0 && settled.fee! < settled.amount ? settled.fee : null,
        ...valuationColumns(valuation),
        donorEmail: cleanEmail(payment.donorEmail),
        donorName: cleanName(payment.donorName),
        customerId: payment.customerId ?? null,
        subscriptionId: payment.subscriptionId ?? null,
        invoiceId: payment.invoiceId ?? null,
        chargeId: payment.chargeId ?? null,
        paymentMethod: payment.paymentMethod ?? null,
        coveredFeeCents: coveredFee,
        publicName: payment.publicName ? payment.publicName.trim().slice(0, 80) || null : null,
        fundraiserId,
        source: payment.source ? payment.source.slice(0, 300) : null,
        appliedAt: trx.fn.now(),
        appliedBy: by,
        failureMessage: null,
        updatedAt: trx.fn.now(),
      });

    let row = (await trx('donations').where({ paymentIntentId: payment.paymentIntentId }).first()) as Row;
    let donation = toDonation(row);

    if (claimed === 1) {
      const credit = valuation?.usdCents ?? null;
      if (credit === null) {
        hooks.log?.warn(
          { paymentIntent: payment.paymentIntentId, currency: payment.currency, settledCurrency: settled?.currency ?? null, book },
          'donation recorded; no exchange rate known yet: it is valued and credited when one arrives',
        );
      } else if (projectId !== null) {
        await creditProject(trx, { id: donation.id, projectId, amountCents: payment.amountCents, coveredFeeCents: coveredFee }, credit, `stripe:${by}`, payment.paymentIntentId);
      }
      // Refunded or disputed before we heard of the gift: credited net of it, at once.
      if (chargeState) await reconcileRow(trx, row, chargeState, `stripe:${by}`);
      if (payment.tribute) await recordTribute(trx, hooks.jobs, donation, payment.tribute);
      if (payment.followProject && donation.projectId !== null && donation.donorEmail) {
        await trx('donations').where({ id: donation.id }).update({ followProject: true });
        await followProject(trx, donation.projectId, donation.donorEmail, donation.language);
      }
      if (donation.donorEmail && hooks.jobs) {
        await hooks.jobs.add(RECEIPT_TASK, { donationId: donation.id }, { key: `donation-receipt-${donation.id}`, trx });
      }
      row = (await trx('donations').where({ id: donation.id }).first()) as Row;
      donation = toDonation(row);
    }
    let projectRaisedCents: number | null = null;
    if (donation.projectId !== null) {
      const project = await trx('projects').where({ id: donation.projectId }).first<{ raisedCents: number | string } | undefined>('raisedCents');
      projectRaisedCents = project ? Number(project.raisedCents) : null;
    }
    return { applied: claimed === 1, donation, projectRaisedCents };
  });
}

/** Records a failed attempt. Never touches a donation that already succeeded (events can arrive out of order). */
export async function recordFailedPayment(db: Knex, payment: ConfirmedPayment & { failureMessage: string | null }): Promise<Donation> {
  if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents < 0) throw new Error(`not an amount in cents: ${payment.amountCents}`);
  if (!/^[a-z]{3}$/.test(payment.currency)) throw new Error(`not a currency code: ${payment.currency}`);
  return db.transaction(async (trx) => {
    const projectId = await existingProjectId(trx, payment.projectId);
    const failureMessage = payment.failureMessage ? payment.failureMessage.slice(0, 500) : null;
    await insertOnce(trx, payment, projectId, { status: 'failed', failureMessage });
    await trx('donations')
      .where({ paymentIntentId: payment.paymentIntentId })
      .whereNull('appliedAt')
      .update({ status: 'failed', failureMessage, updatedAt: trx.fn.now() });
    const row = (await trx('donations').where({ paymentIntentId: payment.paymentIntentId }).first()) as Row;
    return toDonation(row);
  });
}

// ---- Refunds and disputes: state-based reconciliation

/**
 * How far a dispute has got. A later report never goes back to an earlier step: two events read
 * Stripe at slightly different moments, and the older answer must not undo the newer one.
 */
const DISPUTE_STEP: Record<string, number> = {
  warning_needs_response: 0,
  warning_under_review: 1,
  needs_response: 2,
  under_review: 3,
  warning_closed: 4,
  prevented: 4,
  won: 4,
  lost: 4,
};
/** An open or lost dispute holds the money; an inquiry (warning_*) never withdrew it; a won one gave it back. */
const DISPUTE_HOLDS = new Set(['needs_response', 'under_review', 'lost']);

/** The later of two reports of a charge: refunds only grow, a dispute only moves forward. */
function laterState(a: ChargeState, b: ChargeState | null): ChargeState {
  if (!b) return a;
  const refundedCents = Math.max(a.refundedCents, b.refundedCents);
  const step = (d: ChargeState['dispute']) => (d && d.status in DISPUTE_STEP ? DISPUTE_STEP[d.status]! : -1);
  const dispute = step(b.dispute) > step(a.dispute) ? b.dispute : (a.dispute ?? b.dispute);
  return { chargeId: a.chargeId, refundedCents, dispute };
}

/**
 * The last known state of a charge, merged with `state` and kept (charge_states). Its row is the
 * lock every writer of this charge takes first: the gift's own recording and its refund or
 * dispute events run one after the other, so neither misses the other (PostgreSQL's row lock of
 * the upsert; SQLite has one writer at a time).
 */
async function lockChargeState(trx: Knex.Transaction, chargeId: string, state: ChargeState | null): Promise<ChargeState> {
  await trx('charge_states')
    .insert({ chargeId, refundedCents: 0, disputeStatus: null, disputeCents: null, updatedAt: new Date().toISOString() })
    .onConflict('chargeId')
    .merge(['updatedAt']);
  const row = (await trx('charge_states').where({ chargeId }).first()) as { refundedCents: unknown; disputeStatus: string | null; disputeCents: unknown };
  const stored: ChargeState = {
    chargeId,
    refundedCents: Number(row.refundedCents ?? 0),
    dispute: row.disputeStatus ? { status: row.disputeStatus, amountCents: Number(row.disputeCents ?? 0) } : null,
  };
  const merged = laterState(stored, state);
  if (merged.refundedCents !== stored.refundedCents || merged.dispute?.status !== stored.dispute?.status || merged.dispute?.amountCents !== stored.dispute?.amountCents) {
    await trx('charge_states')
      .where({ chargeId })
      .update({ refundedCents: merged.refundedCents, disputeStatus: merged.dispute?.status ?? null, disputeCents: merged.dispute?.amountCents ?? null });
  }
  return merged;
}

export interface ReconcileResult {
  /** False when no donation has this charge (yet): its gift is credited net of it when it arrives. */
  found: boolean;
  donation: Donation | null;
  /** What the project total moved by now, in USD cents (0 when nothing changed). */
  changedCents: number;
}

/**
 * Brings a donation in line with its charge's refunds and dispute: what it should add to its
 * project now is compared with the sum of its ledger rows, and one row per kind writes the
 * difference (nothing when equal). Replays and events in any order change nothing twice.
 */
export async function reconcileCharge(
  db: Knex,
  state: ChargeState,
  options: { paymentIntentId?: string | null; actor?: string } = {},
): Promise<ReconcileResult> {
  const actor = options.actor ?? 'stripe:webhook';
  return db.transaction(async (trx) => {
    state = await lockChargeState(trx, state.chargeId, state);
    let row = await lockedDonation(trx, { chargeId: state.chargeId });
    // A gift recorded before its charge was known (or before charges were kept): found by its PaymentIntent.
    if (!row && options.paymentIntentId) {
      const byIntent = await lockedDonation(trx, { paymentIntentId: options.paymentIntentId });
      if (byIntent && byIntent.chargeId == null && byIntent.appliedAt) {
        await trx('donations').where({ id: byIntent.id }).update({ chargeId: state.chargeId });
        row = { ...byIntent, chargeId: state.chargeId };
      }
    }
    if (!row) return { found: false, donation: null, changedCents: 0 };
    const changedCents = await reconcileRow(trx, row, state, actor);
    const after = (await trx('donations').where({ id: row.id }).first()) as Row;
    return { found: true, donation: toDonation(after), changedCents };
  });
}

async function reconcileRow(trx: Knex.Transaction, row: Row, state: ChargeState, actor: string): Promise<number> {
  const donation = toDonation(row);
  const amount = donation.amountCents;
  // Refunds only grow: the larger of what we saw and what Stripe says now.
  const refunded = Math.min(amount, Math.max(donation.refundedCents, Number.isSafeInteger(state.refundedCents) && state.refundedCents > 0 ? state.refundedCents : 0));

  let disputeStatus = donation.disputeStatus;
  let disputed = donation.disputedCents;
  const reported = state.dispute;
  if (reported && reported.status in DISPUTE_STEP && Number.isSafeInteger(reported.amountCents) && reported.amountCents >= 0) {
    const before = disputeStatus && disputeStatus in DISPUTE_STEP ? DISPUTE_STEP[disputeStatus]! : -1;
    const finalBefore = before === 4;
    if (!finalBefore && DISPUTE_STEP[reported.status]! >= before) {
      disputeStatus = reported.status;
      disputed = DISPUTE_HOLDS.has(reported.status) ? Math.min(reported.amountCents, amount - refunded) : 0;
    }
  }
  disputed = Math.max(0, Math.min(disputed, amount - refunded));

  if (refunded !== donation.refundedCents || disputed !== donation.disputedCents || disputeStatus !== donation.disputeStatus) {
    await trx('donations').where({ id: donation.id }).update({ refundedCents: refunded, disputedCents: disputed, disputeStatus, updatedAt: trx.fn.now() });
  }

  // Only a gift that was credited to a project has anything to take back from it.
  const rows = (await trx('project_ledger').where({ donationId: donation.id }).select('kind', 'projectId', 'amountCents')) as { kind: string; projectId: number; amountCents: number | string }[];
  const credit = rows.find((r) => r.kind === 'donation');
  if (!credit) return 0;
  const sumOf = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + Number(r.amountCents), 0);
  // What the gift credited: its row, corrected by a rate recorded later (models/giving/rates.ts).
  const settled = Number(credit.amountCents) + sumOf('revaluation');
  const refundTarget = -Math.round((settled * refunded) / amount);
  const disputeTarget = Math.max(-settled - refundTarget, -Math.round((settled * disputed) / amount));
  let moved = 0;
  for (const [kind, target] of [
    ['refund', refundTarget],
    ['dispute', disputeTarget],
  ] as const) {
    const difference = target - sumOf(kind);
    if (difference === 0) continue;
    const note = kind === 'refund' ? `${state.chargeId} refunded ${refunded} of ${amount} ${donation.currency}` : `${state.chargeId} dispute ${disputeStatus ?? ''}`;
    await addToLedger(trx, { projectId: Number(credit.projectId), kind, amountCents: difference, donationId: donation.id, actor, note });
    moved += difference;
  }
  return moved;
}

// ---- Monthly gifts

/** A subscription as Stripe reports it, with who gives and for what (from its metadata and customer). */
export interface SubscriptionRecord {
  subscriptionId: string;
  customerId: string;
  donorEmail: string;
  donorName: string | null;
  amountCents: number;
  currency: string;
  /** How often it is paid (Stripe's price); absent: left as it is (a new row: monthly). */
  interval?: RegularInterval;
  projectId: number | null;
  language: string | null;
  status: string;
  paused: boolean;
  /** Unix seconds. */
  currentPeriodEnd: number | null;
  canceledAt: number | null;
}

/** Subscription statuses Stripe never leaves. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

const fromUnix = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/**
 * Creates or updates the mirror of a monthly gift (donation_subscriptions), in Stripe's words.
 * Stripe's events about one gift often arrive together (created, the first invoice paid, updated):
 * the first one's insert makes the row, and every one then reads it locked before it writes, so
 * two at the same moment are applied one after the other. (A select for update of a row that does
 * not exist yet locks nothing: on PostgreSQL two first events both found no row and the later
 * merge, an older answer, took an active gift back to 'incomplete'.)
 */
export async function upsertSubscription(db: Knex, sub: SubscriptionRecord): Promise<void> {
  if (!Number.isSafeInteger(sub.amountCents) || sub.amountCents < 0) throw new Error(`not an amount in cents: ${sub.amountCents}`);
  await db.transaction(async (trx) => {
    const projectId = await existingProjectId(trx, sub.projectId);
    const fields = (status: string) => ({
      customerId: sub.customerId,
      donorEmail: cleanEmail(sub.donorEmail) ?? '',
      donorName: cleanName(sub.donorName),
      amountCents: sub.amountCents,
      currency: sub.currency,
      ...(sub.interval && isRegularInterval(sub.interval) ? { interval: sub.interval } : {}),
      projectId,
      language: cleanLanguage(sub.language) ?? 'en',
      status: status.slice(0, 30),
      paused: sub.paused,
      currentPeriodEnd: fromUnix(sub.currentPeriodEnd),
      canceledAt: fromUnix(sub.canceledAt),
      updatedAt: new Date().toISOString(),
    });
    // Another transaction inserting the same gift makes this insert wait for it, then do nothing.
    await trx('donation_subscriptions').insert({ subscriptionId: sub.subscriptionId, ...fields(sub.status) }).onConflict('subscriptionId').ignore();
    const q = trx('donation_subscriptions').where({ subscriptionId: sub.subscriptionId }).first('status');
    if (!isSqlite(trx)) q.forUpdate();
    const known = (await q) as { status: string };
    // Two events read Stripe a moment apart: an older answer never undoes an end (canceled) or
    // takes an active gift back to its first, unpaid state.
    const status = ENDED.has(known.status) || (sub.status === 'incomplete' && known.status !== 'incomplete') ? known.status : sub.status;
    await trx('donation_subscriptions').where({ subscriptionId: sub.subscriptionId }).update(fields(status));
  });
}

export async function findSubscription(db: Knex, subscriptionId: string): Promise<{ donorEmail: string; donorName: string | null; customerId: string } | null> {
  const row = await db('donation_subscriptions').where({ subscriptionId }).first('donorEmail', 'donorName', 'customerId');
  return row ? { donorEmail: String(row.donorEmail), donorName: strOrNull(row.donorName), customerId: String(row.customerId) } : null;
}

/** A Stripe customer this site made before for this address (newest first), to reuse for a new monthly gift. */
export async function customerIdForEmail(db: Knex, email: string): Promise<string | null> {
  const row = await db('donation_subscriptions').where({ donorEmail: cleanEmail(email) }).orderBy('id', 'desc').first('customerId');
  return row ? String(row.customerId) : null;
}

const MONTHLY_PRODUCT_SETTING = 'stripe_monthly_product_id';

/**
 * The id of the Stripe product every monthly gift's price belongs to, created once for all
 * instances: concurrent first callers create it with the same idempotency key (so Stripe makes
 * one product), and the first id stored in app_settings wins.
 */
export async function monthlyProductId(db: Knex, create: (idempotencyKey: string) => Promise<string>): Promise<string> {
  const read = async () => ((await db('app_settings').where({ key: MONTHLY_PRODUCT_SETTING }).first('value')) as { value: string } | undefined)?.value;
  const known = await read();
  if (known) return known;
  const id = await create('monthly-donation-product-v1');
  await db('app_settings').insert({ key: MONTHLY_PRODUCT_SETTING, value: id }).onConflict('key').ignore();
  return (await read()) ?? id;
}

/**
 * The product `stale` is gone at Stripe (deleted in the Dashboard): a new one replaces it, unless
 * another instance replaced it already (then that one is used).
 */
export async function renewMonthlyProduct(db: Knex, stale: string, create: (idempotencyKey: string) => Promise<string>): Promise<string> {
  const current = ((await db('app_settings').where({ key: MONTHLY_PRODUCT_SETTING }).first('value')) as { value: string } | undefined)?.value;
  if (current && current !== stale) return current;
  const id = await create(`monthly-donation-product-after-${stale}`);
  await db('app_settings').insert({ key: MONTHLY_PRODUCT_SETTING, value: id }).onConflict('key').merge();
  return id;
}

/** Projects whose raised total differs from their ledger (see models/content/ledger.ts). */
export { checkLedger } from '../content/ledger';

/**
 * A gift valued anew (a rate that arrived or was corrected, models/giving/rates.ts): its project
 * is credited with what it counts for now, in the caller's transaction. A gift not credited yet
 * gets its `donation` row; one credited at another value a `revaluation` row for the difference;
 * either way its refunds and dispute are applied to the new value.
 */
export async function recreditGift(trx: Knex.Transaction, donationId: number, usdCents: number, actor: string, note: string): Promise<number> {
  const row = await lockedDonation(trx, { id: donationId });
  if (!row || row.projectId == null || row.status !== 'succeeded' || !row.appliedAt) return 0;
  const gift = toDonation(row);
  const rows = (await trx('project_ledger').where({ donationId }).select('kind', 'amountCents', 'coveredFeeCents')) as { kind: string; amountCents: unknown; coveredFeeCents: unknown }[];
  const credited = rows.find((r) => r.kind === 'donation');
  let moved = 0;
  if (!credited) {
    await creditProject(trx, { id: gift.id, projectId: gift.projectId!, amountCents: gift.amountCents, coveredFeeCents: gift.coveredFeeCents }, usdCents, actor, note);
    moved = usdCents;
  } else {
    const fee = gift.amountCents > 0 ? Math.round((usdCents * gift.coveredFeeCents) / gift.amountCents) : 0;
    const now = Number(credited.amountCents) + rows.filter((r) => r.kind === 'revaluation').reduce((s, r) => s + Number(r.amountCents), 0);
    const difference = usdCents - fee - now;
    if (difference !== 0) {
      await addToLedger(trx, { projectId: gift.projectId!, kind: 'revaluation', amountCents: difference, donationId, actor, note });
      moved = difference;
    }
  }
  const state: ChargeState = { chargeId: gift.chargeId ?? `donation-${gift.id}`, refundedCents: gift.refundedCents, dispute: gift.disputeStatus ? { status: gift.disputeStatus, amountCents: gift.disputedCents } : null };
  return moved + (await reconcileRow(trx, row, state, actor));
}
