// The rates the books use (models/giving/books.ts) and the gifts they value:
// - the daily job `exchange-rates` (one pending job for all instances) reads the reference rates
//   at EXCHANGE_RATES_URL (the European Central Bank's daily XML by default), records them for the
//   book currency, and values every gift still waiting for a rate;
// - a treasurer sets a rate for a day (POST /api/admin/exchange-rates): that day's gifts in that
//   currency which were valued at a recorded rate use it from then on (book value and, where the
//   US-dollar value came from it, the project total through a `revaluation` ledger row).
// Gifts whose value Stripe settled, or given in the book currency, never change.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { DONATION_CURRENCIES, DONATION_CURRENCY } from '../shared/donation-rules';
import { swissDateTimeParts, swissToday } from '../shared/dates';
import { AppError } from '../shared/errors';
import type { FieldCode } from '../shared/error-codes';
import { listRates, normalRate, ratesFromEcb, recordRates, valueGift, valuationColumns, type RecordedRate } from './books';
import { lockedDonationRow, recreditGift } from './donation';

export const EXCHANGE_RATES_TASK = 'exchange-rates';
export const EXCHANGE_RATES_EVERY_MS = 24 * 60 * 60 * 1000;
export const EXCHANGE_RATES_FIRST_DELAY_MS = 60 * 1000;
/** How long the reference rates may take to arrive. */
export const EXCHANGE_RATES_TIMEOUT_MS = 10_000;
/** Gifts read at a time, and batches a run at most (the rest in the next run or with the next rate). */
const VALUE_BATCH = 500;
const VALUE_BATCHES = 200;

/** Rates are kept for the project totals' US dollars and the currencies gifts are made in. */
const RATE_CURRENCIES: readonly string[] = [...new Set([DONATION_CURRENCY, ...DONATION_CURRENCIES])];

export interface RatesDeps {
  db: Knex;
  book: string;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** A gift's Swiss calendar day: a bank or offline gift's booking day (midday UTC), a card gift's arrival. */
function dayOf(appliedAt: unknown): string {
  const iso = appliedAt instanceof Date ? appliedAt.toISOString() : String(appliedAt ?? '');
  const parts = swissDateTimeParts(iso);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : swissToday();
}

type GiftRow = { id: number; kind: string; amountCents: unknown; currency: string; settledCents: unknown; settledCurrency: string | null; appliedAt: unknown; projectId: unknown };

/** Values one gift with the rates known now and credits its project with what it counts for; true when it moved. */
async function revalue(db: Knex, book: string, id: number, actor: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    // The gift's row lock first: two instances valuing it at once take turns, the second finds it done.
    const row = await lockedDonationRow<GiftRow & { bookCents: unknown; bookRate: string | null; bookRateSource: string | null; bookCurrency: string | null; usdCents: unknown }>(trx, id);
    if (!row) return false;
    // Stripe's settlement (card gifts only: a bank or offline gift's settled_cents is a conversion).
    const card = row.kind === 'one_off' || row.kind === 'monthly';
    const settlement = card && row.settledCurrency && row.settledCents != null ? { amount: Number(row.settledCents), currency: row.settledCurrency } : null;
    const v = await valueGift(trx, { amountCents: Number(row.amountCents), currency: row.currency, day: dayOf(row.appliedAt), settlement }, book);
    if (!v) return false;
    const same = row.bookCents != null && Number(row.bookCents) === v.bookCents && row.bookRate === v.bookRate && row.bookRateSource === v.bookRateSource && row.bookCurrency === v.bookCurrency && (row.usdCents == null ? null : Number(row.usdCents)) === v.usdCents;
    if (same) return false;
    await trx('donations')
      .where({ id })
      .update({ ...valuationColumns(v), ...(card ? {} : { settledCents: v.usdCents, settledCurrency: v.usdCents === null ? null : DONATION_CURRENCY }), updatedAt: new Date().toISOString() });
    if (v.usdCents !== null && row.projectId != null) await recreditGift(trx, id, v.usdCents, actor, `${row.currency.toUpperCase()} at ${v.bookRate} ${book.toUpperCase()} (${v.bookRateSource}, ${v.bookRateOn})`);
    return true;
  });
}

/**
 * Values the gifts still waiting for a rate (or kept in another book currency, after BOOK_CURRENCY
 * changed) and credits their projects; returns how many were valued.
 */
export async function valuePendingGifts(deps: Pick<RatesDeps, 'db' | 'book'>, actor = 'rates'): Promise<number> {
  const { db, book } = deps;
  // In batches after one another (a site upgraded with years of gifts values them all in one run);
  // a gift with no rate yet is passed over until the next run.
  let valued = 0;
  let after = 0;
  for (let batch = 0; batch < VALUE_BATCHES; batch++) {
    const ids = (
      (await db('donations')
        .where({ status: 'succeeded' })
        .whereNotNull('appliedAt')
        .where('id', '>', after)
        .where((q) => q.whereNull('bookCents').orWhereNull('usdCents').orWhereNot('bookCurrency', book))
        .orderBy('id')
        .limit(VALUE_BATCH)
        .select('id')) as { id: number }[]
    ).map((r) => Number(r.id));
    for (const id of ids) if (await revalue(db, book, id, actor)) valued++;
    if (ids.length < VALUE_BATCH) break;
    after = ids.at(-1)!;
  }
  return valued;
}

/** What the Donations screen's rates panel shows: the book currency, the latest rates, the gifts still waiting for one. */
export interface RatesOverview {
  book: string;
  /** The currencies a treasurer can set a rate for (all but the book currency). */
  currencies: string[];
  rates: Awaited<ReturnType<typeof listRates>>;
  /** Standing gifts not valued yet: they count in the totals once a rate arrives. */
  waiting: number;
}

export async function ratesOverview(db: Knex, book: string): Promise<RatesOverview> {
  const [rates, waiting] = await Promise.all([
    listRates(db, book, 24),
    db('donations').where({ status: 'succeeded' }).whereNotNull('appliedAt').where((q) => q.whereNull('bookCents').orWhereNull('usdCents')).count({ n: '*' }).first(),
  ]);
  return { book, currencies: RATE_CURRENCIES.filter((c) => c !== book), rates, waiting: Number((waiting as { n: unknown } | undefined)?.n ?? 0) };
}

const invalid = (field: string, code: FieldCode, message: string) => new AppError(400, 'validation', `${field}: ${message}`, { [field]: { code, message } });

export interface SetRateInput {
  date: unknown;
  currency: unknown;
  rate: unknown;
}

/** A treasurer's rate for a day: recorded, and that day's gifts in it valued at it. */
export async function setRate(deps: Pick<RatesDeps, 'db' | 'book'>, input: SetRateInput, actor: string): Promise<{ date: string; currency: string; rate: string; revalued: number }> {
  const { db, book } = deps;
  const date = typeof input.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input.date) && !Number.isNaN(Date.parse(`${input.date}T12:00:00Z`)) ? input.date : null;
  if (!date) throw invalid('date', 'date', 'date must be a day like 2026-11-30');
  if (date > swissToday()) throw invalid('date', 'day_future', 'date cannot be in the future');
  const currency = typeof input.currency === 'string' ? input.currency.trim().toLowerCase() : '';
  if (!RATE_CURRENCIES.includes(currency)) throw invalid('currency', 'invalid', `currency must be one of ${RATE_CURRENCIES.join(', ')}`);
  if (currency === book) throw invalid('currency', 'invalid', `${currency.toUpperCase()} is the book currency: its rate is always 1`);
  const rate = normalRate(typeof input.rate === 'string' ? input.rate.replace(',', '.') : input.rate);
  if (!rate || Number(rate) > 1000) throw invalid('rate', 'rate', 'rate must be a positive number like 0.9315 (what one unit of the currency is worth in the book currency)');
  await recordRates(db, [{ day: date, currency, rate, source: 'treasurer' }], book, actor);
  // That day's gifts valued at a recorded rate: in this currency, or (for the US-dollar value) any
  // currency when the rate is the dollar's; and any gift still waiting for a rate.
  const from = new Date(Date.parse(`${date}T00:00:00Z`) - 2 * 3_600_000).toISOString();
  const to = new Date(Date.parse(`${date}T00:00:00Z`) + 26 * 3_600_000).toISOString();
  const candidates = (await db('donations')
    .where({ status: 'succeeded' })
    .whereBetween('appliedAt', [from, to])
    .where((q) => (currency === DONATION_CURRENCY ? q.whereNot('currency', DONATION_CURRENCY) : q.where({ currency })))
    .select('id', 'appliedAt')) as { id: number; appliedAt: unknown }[];
  let revalued = 0;
  for (const c of candidates) if (dayOf(c.appliedAt) === date && (await revalue(db, book, Number(c.id), actor))) revalued++;
  revalued += await valuePendingGifts(deps, actor);
  return { date, currency, rate, revalued };
}

/** Reads the reference rates at `url` (with a deadline) into rates of the book currency. */
export async function fetchReferenceRates(url: string, book: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<RecordedRate[]> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(EXCHANGE_RATES_TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' } });
  if (!res.ok) throw new Error(`the reference rates answered ${res.status}`);
  const text = await res.text();
  const rates = ratesFromEcb(text, RATE_CURRENCIES, book);
  if (!rates.length) throw new Error(`no rates for ${book.toUpperCase()} in the reference rates`);
  return rates;
}

/** One run: the day's reference rates recorded, the waiting gifts valued. Never throws. */
export async function runRatesJob(deps: RatesDeps & { url: string; jobs?: Pick<JobQueue, 'add'> }): Promise<{ recorded: number; valued: number } | null> {
  try {
    const rates = await fetchReferenceRates(deps.url, deps.book);
    const recorded = await recordRates(deps.db, rates, deps.book, null);
    const valued = await valuePendingGifts(deps);
    if (recorded || valued) deps.log.info({ recorded, valued, book: deps.book }, 'exchange rates: recorded; gifts waiting for a rate valued');
    return { recorded, valued };
  } catch (err) {
    // Tomorrow's run tries again; a treasurer can set the day's rate by hand meanwhile.
    deps.log.warn({ err: (err as Error).message, url: deps.url }, 'exchange rates: could not read the reference rates; next run in a day');
    return null;
  } finally {
    if (deps.jobs) await queueRatesJob(deps.jobs, new Date(Date.now() + EXCHANGE_RATES_EVERY_MS));
  }
}

export function queueRatesJob(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(EXCHANGE_RATES_TASK, {}, { key: EXCHANGE_RATES_TASK, runAt, maxAttempts: 3 });
}
