// The books: what every gift is worth in the charity's book currency (BOOK_CURRENCY: usd, chf or
// eur) and in the project totals' US dollars, and the rates that say so.
//
// A gift keeps what the donor gave (amount_cents, currency). Its book value is, in this order:
// its own amount when given in the book currency ('same'); what Stripe settled it for when the
// account settles in the book currency ('stripe'); otherwise the amount at the rate recorded for
// its day ('ecb' from the daily job, 'treasurer' set by hand, 'demo'): the rate of that day, else
// the last one before it, else the first one after it. Its US-dollar value (usd_cents, what the
// project totals count) is its amount in USD, Stripe's settlement in USD, or its book value at the
// day's USD rate. With no rate at all yet a gift is recorded and valued, and credited to its
// project, as soon as a rate arrives (valuePendingGifts): no gift counts for nothing.
//
// Rates are decimal text, exact; arithmetic is BigInt (rates scaled by 10^12), rounded half up.
import type { Knex } from 'knex';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DONATION_CURRENCY } from '../shared/donation-rules';

export const BOOK_CURRENCIES = ['usd', 'chf', 'eur'] as const;
export type BookCurrency = (typeof BOOK_CURRENCIES)[number];
export const isBookCurrency = (v: unknown): v is BookCurrency => typeof v === 'string' && (BOOK_CURRENCIES as readonly string[]).includes(v);

export type RateSource = 'same' | 'stripe' | 'ecb' | 'treasurer' | 'demo';
/** Sources of recorded rates (exchange_rates.source). */
export type RecordedRateSource = 'ecb' | 'treasurer' | 'demo';

export interface Valuation {
  bookCents: number;
  bookCurrency: string;
  /** One unit of the gift's currency in the book currency (decimal text). */
  bookRate: string;
  /** The day of the rate used (YYYY-MM-DD). */
  bookRateOn: string;
  bookRateSource: RateSource;
  /** What the gift counts for in the project totals (USD cents); null while no USD rate is known. */
  usdCents: number | null;
}

/** The rates' scale: 12 decimals, far beyond any reference rate's 4 to 6. */
const SCALE = 10n ** 12n;
const RATE_TEXT = /^(\d{1,9})(?:\.(\d{1,12}))?$/;

/** A positive decimal rate as text ("0.9315"), or null when it is not one. */
export function normalRate(value: unknown): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = RATE_TEXT.exec(text);
  if (!m) return null;
  const scaled = BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(12, '0'));
  if (scaled <= 0n) return null;
  return formatScaled(scaled);
}

function scaledOf(rate: string): bigint {
  const m = RATE_TEXT.exec(rate);
  if (!m) throw new Error(`not a rate: ${rate}`);
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(12, '0'));
}

function formatScaled(scaled: bigint): string {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(12, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** a × b / c rounded half up (all positive, or a zero a). */
function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const value = (abs * b * 2n + c) / (2n * c);
  return negative ? -value : value;
}

/** `cents` of a currency at `rate` (one unit in the book currency): book cents. */
export const atRate = (cents: number, rate: string): number => Number(mulDiv(BigInt(cents), scaledOf(rate), SCALE));
/** Book cents back into the currency whose rate is `rate`. */
export const fromBook = (bookCents: number, rate: string): number => Number(mulDiv(BigInt(bookCents), SCALE, scaledOf(rate)));
/** The rate that turns `cents` into `valueCents` (Stripe's settlement as a rate). */
export const rateBetween = (cents: number, valueCents: number): string => formatScaled(mulDiv(BigInt(valueCents), SCALE, BigInt(cents)) || 1n);

export interface RecordedRate {
  day: string;
  currency: string;
  rate: string;
  source: RecordedRateSource;
}

/** The recorded rate for `currency` on `day`: that day's, else the last before, else the first after; null when none. */
export async function rateFor(db: Knex | Knex.Transaction, currency: string, day: string, book: string): Promise<RecordedRate | null> {
  if (currency === book) return { day, currency, rate: '1', source: 'ecb' };
  const base = () => db('exchange_rates').where({ currency, bookCurrency: book });
  const row =
    ((await base().where('day', '<=', day).orderBy('day', 'desc').first('day', 'rate', 'source')) as { day: string; rate: string; source: RecordedRateSource } | undefined) ??
    ((await base().where('day', '>', day).orderBy('day', 'asc').first('day', 'rate', 'source')) as { day: string; rate: string; source: RecordedRateSource } | undefined);
  return row ? { day: row.day, currency, rate: row.rate, source: row.source } : null;
}

export interface GiftToValue {
  amountCents: number;
  currency: string;
  /** The gift's Swiss calendar day (YYYY-MM-DD). */
  day: string;
  /** What Stripe settled it for, when it did (the account's currency). */
  settlement?: { amount: number; currency: string } | null;
}

/** What a gift is worth in the books and in the project totals, or null when no rate is known yet. */
export async function valueGift(db: Knex | Knex.Transaction, gift: GiftToValue, book: string): Promise<Valuation | null> {
  const s = gift.settlement ?? null;
  let bookPart: Omit<Valuation, 'usdCents'> | null = null;
  if (gift.currency === book) {
    bookPart = { bookCents: gift.amountCents, bookCurrency: book, bookRate: '1', bookRateOn: gift.day, bookRateSource: 'same' };
  } else if (s && s.currency === book && s.amount > 0) {
    bookPart = { bookCents: s.amount, bookCurrency: book, bookRate: rateBetween(gift.amountCents, s.amount), bookRateOn: gift.day, bookRateSource: 'stripe' };
  } else {
    const rate = await rateFor(db, gift.currency, gift.day, book);
    if (rate) bookPart = { bookCents: atRate(gift.amountCents, rate.rate), bookCurrency: book, bookRate: rate.rate, bookRateOn: rate.day, bookRateSource: rate.source };
  }
  if (!bookPart) return null;
  return { ...bookPart, usdCents: await usdValue(db, gift, bookPart.bookCents, book) };
}

async function usdValue(db: Knex | Knex.Transaction, gift: GiftToValue, bookCents: number, book: string): Promise<number | null> {
  if (gift.currency === DONATION_CURRENCY) return gift.amountCents;
  if (gift.settlement && gift.settlement.currency === DONATION_CURRENCY) return gift.settlement.amount;
  if (book === DONATION_CURRENCY) return bookCents;
  const usd = await rateFor(db, DONATION_CURRENCY, gift.day, book);
  return usd ? fromBook(bookCents, usd.rate) : null;
}

/** `cents` of `from` in `to` through the book currency at the rates of `day`; null when a rate is missing. */
export async function convert(db: Knex | Knex.Transaction, cents: number, from: string, to: string, day: string, book: string): Promise<number | null> {
  if (from === to) return cents;
  const a = await rateFor(db, from, day, book);
  const b = await rateFor(db, to, day, book);
  if (!a || !b) return null;
  return fromBook(atRate(cents, a.rate), b.rate);
}

/** The donations columns of a valuation (all null: not valued yet). */
export function valuationColumns(v: Valuation | null): Record<string, unknown> {
  return {
    bookCents: v?.bookCents ?? null,
    bookCurrency: v?.bookCurrency ?? null,
    bookRate: v?.bookRate ?? null,
    bookRateOn: v?.bookRateOn ?? null,
    bookRateSource: v?.bookRateSource ?? null,
    usdCents: v?.usdCents ?? null,
  };
}

/**
 * Records rates, one a day, currency and book currency. A treasurer's rate replaces any; the job's
 * (ecb, demo) never replaces a treasurer's. Returns the rows written.
 */
export async function recordRates(db: Knex | Knex.Transaction, rates: RecordedRate[], book: string, actor: string | null): Promise<number> {
  let written = 0;
  for (const r of rates) {
    if (r.currency === book) continue;
    const row = { day: r.day, currency: r.currency, bookCurrency: book, rate: r.rate, source: r.source, setBy: actor, updatedAt: new Date().toISOString() };
    const q = db('exchange_rates').insert({ ...row, createdAt: row.updatedAt }).onConflict(['day', 'currency', 'bookCurrency']);
    if (r.source === 'treasurer') {
      await q.merge(['rate', 'source', 'setBy', 'updatedAt']);
      written++;
    } else {
      // The job's rate fills a day once and never overrides the treasurer's.
      const existing = (await db('exchange_rates').where({ day: r.day, currency: r.currency, bookCurrency: book }).first('source', 'rate')) as { source: string; rate: string } | undefined;
      if (existing && (existing.source === 'treasurer' || existing.rate === r.rate)) continue;
      await q.merge(['rate', 'source', 'setBy', 'updatedAt']);
      written++;
    }
  }
  return written;
}

/** The recorded rates, newest day first (the treasurer's list). */
export async function listRates(db: Knex, book: string, limit = 60): Promise<(RecordedRate & { setBy: string | null; updatedAt: string })[]> {
  const rows = (await db('exchange_rates').where({ bookCurrency: book }).orderBy([{ column: 'day', order: 'desc' }, { column: 'currency' }]).limit(limit).select('day', 'currency', 'rate', 'source', 'setBy', 'updatedAt')) as Record<string, unknown>[];
  return rows.map((r) => ({ day: String(r.day), currency: String(r.currency), rate: String(r.rate), source: r.source as RecordedRateSource, setBy: (r.setBy as string | null) ?? null, updatedAt: String(r.updatedAt) }));
}

/**
 * Reads the European Central Bank's reference rates (eurofxref-daily.xml, or the 90-day and full
 * histories: any number of `<Cube time>` days) and turns them into rates of `currencies` in
 * `book`: one unit of C is ECB[book] / ECB[C] of the book currency (the ECB quotes units per euro).
 */
export function ratesFromEcb(xml: string, currencies: readonly string[], book: string): RecordedRate[] {
  if (XMLValidator.validate(xml) !== true) throw new Error('not XML');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => name === 'Cube' }).parse(xml) as Record<string, unknown>;
  const envelope = doc.Envelope as { Cube?: { Cube?: EcbDay[] }[] } | undefined;
  const days = envelope?.Cube?.[0]?.Cube;
  if (!Array.isArray(days)) throw new Error('no <Cube time> in the reference rates');
  const out: RecordedRate[] = [];
  for (const day of days) {
    if (typeof day.time !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day.time)) continue;
    const perEuro = new Map<string, bigint>([['eur', SCALE]]);
    for (const c of day.Cube ?? []) {
      const rate = normalRate(c.rate);
      if (rate && typeof c.currency === 'string' && /^[A-Z]{3}$/.test(c.currency)) perEuro.set(c.currency.toLowerCase(), scaledOf(rate));
    }
    const bookPerEuro = perEuro.get(book);
    if (!bookPerEuro) continue;
    for (const currency of currencies) {
      if (currency === book) continue;
      const cPerEuro = perEuro.get(currency);
      if (!cPerEuro) continue;
      out.push({ day: day.time, currency, rate: formatScaled(mulDiv(bookPerEuro, SCALE, cPerEuro)), source: 'ecb' });
    }
  }
  return out;
}

type EcbDay = { time?: unknown; Cube?: { currency?: unknown; rate?: unknown }[] };
