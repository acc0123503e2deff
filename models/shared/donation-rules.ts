// Donation amounts: pure rules shared by the checkout page (browser) and the server's validation.
// Money is integer cents everywhere inside; dollars appear only at the API edge and on screen.
import { decimalToCents, formatNumber, type Lang } from './rules';

/** Project goals and totals are kept in this currency; a gift in another counts with what Stripe settled it for. */
export const DONATION_CURRENCY = 'usd';
/** The currencies a donor can give in, the default first. Amounts are minor units (cents, Rappen). */
export const DONATION_CURRENCIES = ['usd', 'chf', 'eur'] as const;
export type DonationCurrency = (typeof DONATION_CURRENCIES)[number];
export const isDonationCurrency = (value: unknown): value is DonationCurrency =>
  typeof value === 'string' && (DONATION_CURRENCIES as readonly string[]).includes(value);
/** What a page in each language suggests first; the donor's choice always wins. */
export const SUGGESTED_CURRENCY: Record<'en' | 'de', DonationCurrency> = { en: 'usd', de: 'chf' };
/** Stripe offers TWINT only for CHF payments up to this amount. */
export const TWINT_MAX_CENTS = 500_000;
/** How often a gift repeats: once, or regularly (a Stripe subscription): every month, quarter, half-year or year. */
export const DONATION_INTERVALS = ['once', 'month', 'quarter', 'half_year', 'year'] as const;
export type DonationInterval = (typeof DONATION_INTERVALS)[number];
/**
 * The repeating gifts (a Stripe subscription each): every month, quarter, half-year or year, the
 * intervals Swiss donors use (yearly and quarterly above all for standing orders and direct debit).
 */
export const REGULAR_INTERVALS = ['month', 'quarter', 'half_year', 'year'] as const;
export type RegularInterval = (typeof REGULAR_INTERVALS)[number];
export const isRegularInterval = (value: unknown): value is RegularInterval =>
  typeof value === 'string' && (REGULAR_INTERVALS as readonly string[]).includes(value);
/** Months between two payments of each. */
export const INTERVAL_MONTHS: Record<RegularInterval, number> = { month: 1, quarter: 3, half_year: 6, year: 12 };
/** What a regular gift brings in a month: its amount divided by the months between payments (a yearly 120 is 10 a month). */
export const monthlyEquivalentCents = (amountCents: number, interval: unknown): number => amountCents / INTERVAL_MONTHS[isRegularInterval(interval) ? interval : 'month'];
/** Each in English words for texts that are not translated (Stripe descriptions, API messages, CSV). */
export const INTERVAL_ADJECTIVE: Record<RegularInterval, string> = { month: 'monthly', quarter: 'quarterly', half_year: 'half-yearly', year: 'yearly' };
/** Each as a Stripe price's `recurring` (https://docs.stripe.com/api/prices/object#price_object-recurring). */
export const STRIPE_RECURRING: Record<RegularInterval, { interval: 'month' | 'year'; interval_count: number }> = {
  month: { interval: 'month', interval_count: 1 },
  quarter: { interval: 'month', interval_count: 3 },
  half_year: { interval: 'month', interval_count: 6 },
  year: { interval: 'year', interval_count: 1 },
};
/** The interval a Stripe price's `recurring` stands for; null for one this site does not offer. */
export function intervalOfRecurring(recurring: { interval?: unknown; interval_count?: unknown } | null | undefined): RegularInterval | null {
  if (!recurring) return null;
  const count = recurring.interval_count === undefined || recurring.interval_count === null ? 1 : Number(recurring.interval_count);
  for (const interval of REGULAR_INTERVALS) {
    const r = STRIPE_RECURRING[interval];
    if (r.interval === recurring.interval && r.interval_count === count) return interval;
  }
  if (recurring.interval === 'month' && count === 12) return 'year';
  return null;
}
/** The presets, the same sizes in every currency: 50, 150, 3,500; 150 is preselected. */
export const DONATION_PRESETS_CENTS = [5000, 15000, 350000] as const;
export const DEFAULT_PRESET_CENTS = 15000;
/** The smallest donation, above Stripe's minimum charge in each currency: 1.00. */
export const MIN_DONATION_CENTS = 100;
/** 999,999.99: Stripe's upper limit for a single charge in USD, CHF or EUR. */
export const MAX_DONATION_CENTS = 99_999_999;

/** A confirmed payment's amount as a project total may take it: whole cents, 1 cent to the checkout's maximum. */
export function isValidDonationCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_DONATION_CENTS;
}

export type AmountProblem = 'invalid' | 'min' | 'max' | 'decimals';

/**
 * Parses a dollar amount (a number or a decimal string as typed) into cents, or names the problem.
 * The same rule serves the custom-amount field and POST /api/create-payment-intent.
 */
export function parseDonationAmount(value: unknown): { cents: number } | { problem: AmountProblem } {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'invalid' };
    s = String(value);
  } else if (typeof value === 'string') {
    s = value.trim();
  } else {
    return { problem: 'invalid' };
  }
  if (s === '') return { problem: 'invalid' };
  // Exponent forms such as 1e-7 or 1e21 (String() of extreme numbers) are not amounts.
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return { problem: 'invalid' };
  const n = Number(s);
  if (!Number.isFinite(n)) return { problem: 'invalid' };
  if (n < MIN_DONATION_CENTS / 100) return { problem: 'min' };
  if (n > MAX_DONATION_CENTS / 100) return { problem: 'max' };
  const normalised = s.replace(/^\+/, '').replace(/^\./, '0.').replace(/\.$/, '');
  const cents = decimalToCents(normalised);
  if (cents === null) return { problem: 'decimals' };
  return { cents };
}

/** The sign or code written before an amount: "$50", "CHF 50", "€50" (the same in both languages). */
const CURRENCY_PREFIX: Record<DonationCurrency, string> = { usd: '$', chf: 'CHF\u00a0', eur: '€' };

/**
 * An amount in minor units for people: "$3,500", "CHF 3’500", "€25.50" (Swiss grouping in German).
 * Whole amounts drop ".00"; `fractionDigits: 2` keeps them (receipts, certificates, ledgers).
 */
export function formatAmount(cents: number, currency: string, lang: Lang, fractionDigits?: number): string {
  const prefix = isDonationCurrency(currency) ? CURRENCY_PREFIX[currency] : `${currency.toUpperCase()}\u00a0`;
  const units = cents / 100;
  const number = formatNumber(Math.abs(units), lang, fractionDigits ?? (cents % 100 === 0 ? 0 : 2));
  return `${cents < 0 ? '-' : ''}${prefix}${number}`;
}

// What a link to the checkout asks for (?amount=, ?currency=, ?interval=): read by the checkout's
// controller, and by the page a redirect-based method comes back to.

/**
 * ?amount= in major units (the home page's donation tiers link with theirs), read with the custom
 * amount field's own rule; anything it refuses is ignored and the default amount is shown.
 */
export function amountFromLink(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const parsed = parseDonationAmount(value);
  return 'cents' in parsed ? parsed.cents : null;
}

/** ?interval=month (quarter, half_year, year) opens the form on that regular gift; anything else is a one-off gift. */
export const intervalFromLink = (value: unknown): DonationInterval => (isRegularInterval(value) ? value : 'once');

/**
 * The currency the form opens with: a fundraiser's, else the one the address names, else what the
 * page's language suggests. `fromLink`: the address (or the fundraiser) chose it, so a choice
 * remembered in the browser does not override it.
 */
export function currencyFromLink(value: unknown, lang: 'en' | 'de', fundraiserCurrency: DonationCurrency | null): { currency: DonationCurrency; fromLink: boolean } {
  if (fundraiserCurrency) return { currency: fundraiserCurrency, fromLink: true };
  return isDonationCurrency(value) ? { currency: value, fromLink: true } : { currency: SUGGESTED_CURRENCY[lang], fromLink: false };
}

/**
 * The query of the address a redirect-based method (TWINT, bank redirects...) comes back to: what
 * the checkout needs to finish (payment-return.tsx), the amount read back with amountFromLink.
 */
export function returnQuery(gift: { projectSlug: string | null; fundraiserSlug: string | null; chargedCents: number; currency: DonationCurrency; interval: DonationInterval }): string {
  const params = new URLSearchParams({ payment: 'success' });
  if (gift.fundraiserSlug) params.set('fundraiser', gift.fundraiserSlug);
  else if (gift.projectSlug) params.set('project', gift.projectSlug);
  params.set('amount', (gift.chargedCents / 100).toFixed(2));
  params.set('currency', gift.currency);
  if (isRegularInterval(gift.interval)) params.set('interval', gift.interval);
  return params.toString();
}
