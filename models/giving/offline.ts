// Gifts outside the website: cash at an event, a cheque, a transfer recorded by hand, anything
// else. A treasurer records one (a donations row of kind 'offline', succeeded, applied on its day):
// it is valued like every gift (models/giving/books.ts, at the rates of its day), credited to its
// project through the ledger, gets the receipt mail when it has an address (the durable receipt
// job, in the donor's language), and counts in the certificate, the list, the export, the
// dashboard and the impact report as every other gift does.
//
// A mistake is never edited away: a reversing entry takes the gift back. It is a donations row of
// its own (status 'reversal', reverses_id the gift, negative amounts, the reason as its note) with
// a 'reversal' ledger row taking back what the gift credited; the gift's status becomes 'reversed',
// so nothing that counts standing gifts (status 'succeeded') counts it any more. Once only:
// reverses_id is unique, and the claim on the gift's status is a conditional update.
//
// A booked bank or offline gift can get the donor's details afterwards (name, address, e-mail,
// language): an address given for the first time brings the receipt (once: receipt_sent_at).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { amount, optionalText, oneOf, optionalId } from '../content/admin-input';
import { addToLedger } from '../content/ledger';
import { AppError, invalidField } from '../shared/errors';
import { swissToday, toIso } from '../shared/dates';
import { decimalToCents, type Lang } from '../shared/rules';
import { DONATION_CURRENCY, MAX_DONATION_CENTS } from '../shared/donation-rules';
import type { JobQueue } from '../providers/jobs';
import { valueGift, valuationColumns } from './books';
import { creditProject, lockedDonationRow } from './donation';
import { donationReference, RECEIPT_TASK } from './names';

export const OFFLINE_METHODS = ['cash', 'cheque', 'bank', 'other'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
/** The currencies a gift outside the website is recorded in. */
export const OFFLINE_CURRENCIES = ['chf', 'eur', 'usd'] as const;
/** Gifts that can be reversed or get their donor's details afterwards: the ones a person booked. */
export const BOOKED_KINDS = ['offline', 'bank'] as const;
export const LANGUAGES = ['en', 'de'] as const;

const code = (c: string) => c;

/** A day YYYY-MM-DD that exists, from 2000 to today (Swiss calendar). */
const giftDate = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: code('date') })
    .trim()
    .min(1, code('required'))
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return Number(m[1]) >= 2000 && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, code('date'))
    .refine((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s) || s <= swissToday(), code('date_future')),
);

/** An e-mail address, or empty (none). */
const optionalEmail = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.union([z.literal(''), z.email({ error: code('email') }).max(320, code('too_long'))], { error: code('email') }).transform((s) => (s === '' ? null : s)),
);

const language = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(LANGUAGES, { error: code('invalid') }).optional());

const buildOfflineGiftSchema = (lang: Lang) =>
  z.object({
    amount: amount(lang).refine((s) => decimalToCents(s)! > 0, code('amount')).refine((s) => decimalToCents(s)! <= MAX_DONATION_CENTS, code('amount_too_large')),
    currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), oneOf(OFFLINE_CURRENCIES, 'invalid')),
    date: giftDate,
    method: oneOf(OFFLINE_METHODS, 'invalid'),
    projectId: optionalId.optional().transform((v) => v ?? null),
    donorName: optionalText(200).optional().transform((v) => v ?? null),
    donorEmail: optionalEmail.optional().transform((v) => v ?? null),
    donorAddress: optionalText(500).optional().transform((v) => v ?? null),
    note: optionalText(500).optional().transform((v) => v ?? null),
    language,
  });

const OFFLINE_SCHEMAS = { en: buildOfflineGiftSchema('en'), de: buildOfflineGiftSchema('de') };
/** The input of a gift outside the website, its amount typed as people write it in `lang`. */
export const offlineGiftSchema = (lang: Lang) => OFFLINE_SCHEMAS[lang];
export type OfflineGiftInput = z.output<ReturnType<typeof buildOfflineGiftSchema>>;

export const ReverseSchema = z.object({
  reason: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: code('required') }).trim().min(1, code('required')).max(500, code('too_long'))),
});

/** The donor's details afterwards: a field left out stays as it is; an empty one is cleared. */
export const DonorDetailsSchema = z
  .object({
    donorName: optionalText(200).optional(),
    donorEmail: optionalEmail.optional(),
    donorAddress: optionalText(500).optional(),
    language,
  })
  .refine((v) => v.donorName !== undefined || v.donorEmail !== undefined || v.donorAddress !== undefined || v.language !== undefined, { message: code('required'), path: ['donorName'] });
export type DonorDetailsInput = z.output<typeof DonorDetailsSchema>;

export interface OfflineHooks {
  jobs?: Pick<JobQueue, 'add'>;
  /** The book currency (BOOK_CURRENCY). */
  book: string;
}

export interface RecordedGift {
  id: number;
  reference: string;
  amountCents: number;
  currency: string;
  method: OfflineMethod;
  date: string;
  projectId: number | null;
  donorEmail: string | null;
  /** What it counts for in the project totals (USD cents); null while no rate is known. */
  usdCents: number | null;
}

/** A booking day as an instant: midday UTC is the same day in Zurich (the year of the certificate). */
const middayOf = (day: string) => `${day}T12:00:00.000Z`;

const insertedId = (rows: (number | { id: number })[]) => (typeof rows[0] === 'object' ? Number(rows[0].id) : Number(rows[0]));

/** Records a gift outside the website in the caller's transaction: valued, credited, its receipt queued. */
export async function recordOfflineGift(trx: Knex.Transaction, input: OfflineGiftInput, actor: string, defaultLang: Lang, hooks: OfflineHooks): Promise<RecordedGift> {
  const cents = decimalToCents(input.amount)!;
  if (input.projectId !== null && !(await trx('projects').where({ id: input.projectId }).whereNull('deletedAt').first('id'))) throw invalidField('projectId', 'project');
  const valuation = await valueGift(trx, { amountCents: cents, currency: input.currency, day: input.date }, hooks.book);
  const usd = valuation?.usdCents ?? null;
  const appliedAt = middayOf(input.date);
  const now = new Date().toISOString();
  const id = insertedId(
    (await trx('donations')
      .insert({
        paymentIntentId: `offline-${crypto.randomUUID()}`,
        kind: 'offline',
        amountCents: cents,
        currency: input.currency,
        ...valuationColumns(valuation),
        // What it is worth in USD (the totals' currency), as a bank gift keeps it.
        settledCents: usd,
        settledCurrency: usd === null ? null : DONATION_CURRENCY,
        projectId: input.projectId,
        status: 'succeeded',
        language: input.language ?? defaultLang,
        donorEmail: input.donorEmail,
        donorName: input.donorName,
        donorAddress: input.donorAddress,
        offlineMethod: input.method,
        note: input.note,
        recordedBy: actor.slice(0, 320),
        appliedAt,
        appliedBy: 'admin',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')) as (number | { id: number })[],
  );
  if (input.projectId !== null && usd !== null) {
    await creditProject(trx, { id, projectId: input.projectId, amountCents: cents, coveredFeeCents: 0 }, usd, `offline:${actor}`, `${input.method} ${input.amount} ${input.currency.toUpperCase()}${input.note ? `: ${input.note}` : ''}`);
  }
  if (input.donorEmail && hooks.jobs) await hooks.jobs.add(RECEIPT_TASK, { donationId: id }, { key: `donation-receipt-${id}`, trx });
  return { id, reference: donationReference(id, appliedAt), amountCents: cents, currency: input.currency, method: input.method, date: input.date, projectId: input.projectId, donorEmail: input.donorEmail, usdCents: usd };
}

type GiftRow = Record<string, unknown> & { id: number; kind: string; status: string; amountCents: unknown; currency: string; projectId: number | null; appliedAt: unknown; donorEmail: string | null };

/** A gift's row, locked until the transaction ends. */
const lockedGift = (trx: Knex.Transaction, id: number) => lockedDonationRow<GiftRow>(trx, id);

function bookedGift(row: GiftRow | undefined): GiftRow {
  if (!row) throw new AppError(404, 'not_found', 'No such gift.');
  if (row.status === 'reversed') throw new AppError(409, 'gift.already_reversed', 'This gift has been reversed already: nothing was changed.');
  if (!(BOOKED_KINDS as readonly string[]).includes(row.kind) || row.status !== 'succeeded' || !row.appliedAt) {
    throw new AppError(409, 'gift.not_booked', 'Only a booked bank transfer or gift outside the website can be changed here (a card gift is refunded at Stripe).');
  }
  return row;
}

export interface ReversalResult {
  giftId: number;
  giftReference: string;
  reversalId: number;
  reference: string;
  amountCents: number;
  currency: string;
  projectId: number | null;
  /** What went back out of the project's total (USD cents, positive). */
  takenBackCents: number;
}

const negative = (v: unknown) => (v === null || v === undefined ? null : -Number(v));

/** Reverses a booked bank or offline gift, once, in the caller's transaction. */
export async function reverseGift(trx: Knex.Transaction, id: number, reason: string, actor: string): Promise<ReversalResult> {
  const row = bookedGift(await lockedGift(trx, id));
  const claimed = await trx('donations').where({ id, status: 'succeeded' }).update({ status: 'reversed', updatedAt: new Date().toISOString() });
  if (Number(claimed) !== 1) throw new AppError(409, 'gift.already_reversed', 'This gift has been reversed already: nothing was changed.');
  const now = new Date().toISOString();
  const reversalId = insertedId(
    (await trx('donations')
      .insert({
        paymentIntentId: `reversal-${id}`,
        kind: row.kind,
        amountCents: -Number(row.amountCents),
        currency: row.currency,
        bookCents: negative(row.bookCents),
        bookCurrency: row.bookCurrency ?? null,
        bookRate: row.bookRate ?? null,
        bookRateOn: row.bookRateOn ?? null,
        bookRateSource: row.bookRateSource ?? null,
        usdCents: negative(row.usdCents),
        settledCents: negative(row.settledCents),
        settledCurrency: row.settledCurrency ?? null,
        projectId: row.projectId,
        status: 'reversal',
        language: row.language ?? null,
        donorEmail: row.donorEmail,
        donorName: row.donorName ?? null,
        offlineMethod: row.offlineMethod ?? null,
        note: reason.slice(0, 500),
        recordedBy: actor.slice(0, 320),
        reversesId: id,
        appliedAt: now,
        appliedBy: 'admin',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')) as (number | { id: number })[],
  );
  // What the gift adds to its project now (its credit, revaluations, refunds): all of it goes back.
  const ledger = (await trx('project_ledger').where({ donationId: id }).select('projectId', 'amountCents')) as { projectId: number; amountCents: unknown }[];
  const credited = ledger.reduce((s, r) => s + Number(r.amountCents), 0);
  const giftReference = donationReference(id, toIso(row.appliedAt));
  if (ledger.length && credited !== 0) {
    await addToLedger(trx, { projectId: Number(ledger[0]!.projectId), kind: 'reversal', amountCents: -credited, donationId: reversalId, actor: `offline:${actor}`, note: `${giftReference} reversed: ${reason}` });
  }
  return {
    giftId: id,
    giftReference,
    reversalId,
    reference: donationReference(reversalId, now),
    amountCents: Number(row.amountCents),
    currency: row.currency,
    projectId: row.projectId ?? null,
    takenBackCents: credited,
  };
}

export interface DonorDetailsResult {
  id: number;
  reference: string;
  kind: string;
  donorName: string | null;
  donorEmail: string | null;
  donorAddress: string | null;
  language: string | null;
  /** True when this change queued the receipt (an address given for the first time). */
  receiptQueued: boolean;
  /** The fields this change set. */
  fields: string[];
}

/** The donor's details of a booked bank or offline gift, afterwards, in the caller's transaction. */
export async function setDonorDetails(trx: Knex.Transaction, id: number, input: DonorDetailsInput, hooks: Pick<OfflineHooks, 'jobs'>): Promise<DonorDetailsResult> {
  const row = bookedGift(await lockedGift(trx, id));
  const change: Record<string, unknown> = {};
  if (input.donorName !== undefined) change.donorName = input.donorName;
  if (input.donorEmail !== undefined) change.donorEmail = input.donorEmail;
  if (input.donorAddress !== undefined) change.donorAddress = input.donorAddress;
  if (input.language !== undefined) change.language = input.language;
  const fields = Object.keys(change).filter((k) => (change[k] ?? null) !== ((row as Record<string, unknown>)[k] ?? null));
  if (fields.length) await trx('donations').where({ id }).update({ ...change, updatedAt: new Date().toISOString() });
  const email = input.donorEmail !== undefined ? input.donorEmail : row.donorEmail;
  // An address for the first time and no receipt yet: it goes now (the job claims receipt_sent_at, so once).
  const receiptQueued = Boolean(email && !row.donorEmail && !row.receiptSentAt && hooks.jobs);
  if (receiptQueued) await hooks.jobs!.add(RECEIPT_TASK, { donationId: id }, { key: `donation-receipt-${id}`, trx });
  const after = (await trx('donations').where({ id }).first('donorName', 'donorEmail', 'donorAddress', 'language')) as Record<string, string | null>;
  return {
    id,
    reference: donationReference(id, toIso(row.appliedAt)),
    kind: row.kind,
    donorName: after.donorName ?? null,
    donorEmail: after.donorEmail ?? null,
    donorAddress: after.donorAddress ?? null,
    language: after.language ?? null,
    receiptQueued,
    fields,
  };
}

/** The latest booked gifts (bank and offline) with what the admin offers on them: reverse, donor details. */
export interface BookedGift {
  id: number;
  reference: string;
  kind: string;
  method: string | null;
  date: string;
  amountCents: number;
  currency: string;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  donorName: string | null;
  donorEmail: string | null;
  donorAddress: string | null;
  language: string | null;
  note: string | null;
  status: string;
}

export async function listBookedGifts(db: Knex, limit = 30): Promise<BookedGift[]> {
  const rows = (await db('donations as d')
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .whereIn('d.kind', [...BOOKED_KINDS])
    .whereIn('d.status', ['succeeded', 'reversed'])
    .whereNotNull('d.appliedAt')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .select('d.id', 'd.kind', 'd.offlineMethod', 'd.appliedAt', 'd.amountCents', 'd.currency', 'd.projectId', 'p.title as projectTitle', 'p.titleDe as projectTitleDe', 'd.donorName', 'd.donorEmail', 'd.donorAddress', 'd.language', 'd.note', 'd.status')) as Record<string, unknown>[];
  return rows.map((r) => {
    const applied = toIso(r.appliedAt);
    return {
      id: Number(r.id),
      reference: donationReference(Number(r.id), applied),
      kind: String(r.kind),
      method: (r.offlineMethod as string | null) ?? null,
      date: applied,
      amountCents: Number(r.amountCents),
      currency: String(r.currency),
      projectId: r.projectId == null ? null : Number(r.projectId),
      projectTitle: (r.projectTitle as string | null) ?? null,
      projectTitleDe: (r.projectTitleDe as string | null) ?? null,
      donorName: (r.donorName as string | null) ?? null,
      donorEmail: (r.donorEmail as string | null) ?? null,
      donorAddress: (r.donorAddress as string | null) ?? null,
      language: (r.language as string | null) ?? null,
      note: (r.note as string | null) ?? null,
      status: String(r.status),
    };
  });
}
