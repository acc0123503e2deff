import type { Knex } from 'knex';
import { toIso } from './dates';
import { addToLedger } from './ledger';
import { isValidDonationCents } from './donation-rules';
import { parseDbId } from './db-limits';

/**
 * One row per Stripe PaymentIntent. A donation moves a project's total only through
 * applySucceededPayment(), which does it exactly once per PaymentIntent id: the unique
 * payment_intent_id plus a conditional update on applied_at make replays and concurrent
 * deliveries (webhook and the browser's verified call, or two webhook retries) change nothing.
 */
export interface Donation {
  id: number;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  projectId: number | null;
  status: 'succeeded' | 'failed' | string;
  language: string | null;
  appliedAt: string | null;
  appliedBy: string | null;
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConfirmedPayment {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  projectId: number | null;
  language: string | null;
}

export interface ApplyResult {
  /** True only for the one call that recorded the money; false for every replay. */
  applied: boolean;
  donation: Donation;
  /** The project's new total in cents (null for General Support or a project that no longer exists). */
  projectRaisedCents: number | null;
}

interface DonationRow extends Omit<Donation, 'amountCents' | 'appliedAt' | 'createdAt' | 'updatedAt'> {
  amountCents: number | string;
  appliedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

function toDonation(row: DonationRow): Donation {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    appliedAt: row.appliedAt ? toIso(row.appliedAt) : null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const LANGUAGES = new Set(['en', 'de']);
const cleanLanguage = (lang: string | null) => (lang && LANGUAGES.has(lang) ? lang : null);

/** Stripe metadata values are strings: "12" -> 12, "" / "general" / junk -> null. */
export function projectIdFromMetadata(value: string | undefined): number | null {
  return parseDbId(value);
}

export async function findDonation(db: Knex, paymentIntentId: string): Promise<Donation | null> {
  const row = await db<DonationRow>('donations').where({ paymentIntentId }).first();
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
      amountCents: payment.amountCents,
      currency: payment.currency,
      projectId,
      language: cleanLanguage(payment.language),
      ...fields,
    })
    .onConflict('paymentIntentId')
    .ignore();
}

/**
 * Records a payment Stripe confirmed and adds it to the project's raised amount, in one
 * transaction, exactly once per PaymentIntent id. `by` says who reported it (webhook, verified client call).
 */
export async function applySucceededPayment(db: Knex, payment: ConfirmedPayment, by: 'webhook' | 'client'): Promise<ApplyResult> {
  // The last line of defence: whatever the caller checked, no odd amount reaches a total.
  if (!isValidDonationCents(payment.amountCents)) throw new Error(`not a donation amount in cents: ${payment.amountCents}`);
  if (!/^[a-z]{3}$/.test(payment.currency)) throw new Error(`not a currency code: ${payment.currency}`);
  return db.transaction(async (trx) => {
    const projectId = await existingProjectId(trx, payment.projectId);
    await insertOnce(trx, payment, projectId, { status: 'succeeded' });

    // The claim: only the one caller that finds applied_at empty moves the money.
    const claimed = await trx('donations')
      .where({ paymentIntentId: payment.paymentIntentId })
      .whereNull('appliedAt')
      .update({
        status: 'succeeded',
        amountCents: payment.amountCents,
        currency: payment.currency,
        projectId,
        appliedAt: trx.fn.now(),
        appliedBy: by,
        failureMessage: null,
        updatedAt: trx.fn.now(),
      });

    const row = await trx<DonationRow>('donations').where({ paymentIntentId: payment.paymentIntentId }).first();
    const donation = toDonation(row!);

    // Project totals are in USD; another currency is recorded but never mixed into them. The
    // ledger row (unique per donation) and the total move together, in this transaction.
    if (claimed === 1 && projectId !== null && payment.currency === 'usd') {
      await addToLedger(trx, {
        projectId,
        kind: 'donation',
        amountCents: payment.amountCents,
        donationId: donation.id,
        actor: `stripe:${by}`,
        note: payment.paymentIntentId,
      });
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
export async function recordFailedPayment(
  db: Knex,
  payment: ConfirmedPayment & { failureMessage: string | null },
): Promise<Donation> {
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
    const row = await trx<DonationRow>('donations').where({ paymentIntentId: payment.paymentIntentId }).first();
    return toDonation(row!);
  });
}

/** Projects whose raised total differs from their ledger (see models/ledger.ts). */
export { checkLedger } from './ledger';
