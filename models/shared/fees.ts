// Covering the fees: pure rules shared by the checkout (browser) and the
// server. A donor who ticks the box gives their gift plus what the payment service takes for
// charging it, so the charity receives the gift in full. The rate is per payment method and
// currency, from a table the charity configures (FEE_RATES); by default Stripe's published Swiss
// rate for domestic cards, 2.9 % + 0.30, for every method and currency.
import { MAX_DONATION_CENTS, type DonationCurrency } from './donation-rules';

export const FEE_METHODS = ['card', 'twint'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** A percentage of the amount charged plus a fixed amount in minor units of the currency. */
export interface FeeRate {
  percent: number;
  fixedCents: number;
}
export type FeeTable = Record<FeeMethod, Record<DonationCurrency, FeeRate>>;

const STRIPE_SWISS_CARD: FeeRate = { percent: 2.9, fixedCents: 30 };
export const DEFAULT_FEE_TABLE: FeeTable = {
  card: { usd: STRIPE_SWISS_CARD, chf: STRIPE_SWISS_CARD, eur: STRIPE_SWISS_CARD },
  twint: { usd: STRIPE_SWISS_CARD, chf: STRIPE_SWISS_CARD, eur: STRIPE_SWISS_CARD },
};

/**
 * What to add to a gift so that, after the service takes its percentage of the whole charge and
 * its fixed part, the gift arrives in full: total = (gift + fixed) / (1 - percent), rounded up to
 * the cent; the fee is the difference. 100.00 at 2.9 % + 0.30 adds 3.30 (103.30 charged, of
 * which the service takes 3.30 rounded).
 */
export function coveredFeeCents(giftCents: number, rate: FeeRate): number {
  if (!Number.isSafeInteger(giftCents) || giftCents <= 0) return 0;
  const share = 1 - rate.percent / 100;
  if (!(share > 0)) return 0;
  // In hundredths of a cent first, so that 2.9 % is exact before the one rounding up.
  const total = Math.ceil(Math.round(((giftCents + rate.fixedCents) / share) * 100) / 100);
  return Math.max(0, total - giftCents);
}

/** The fee for a gift in a currency and method from a table; the card rate when the method is not in it. */
export function feeFor(table: FeeTable, giftCents: number, currency: DonationCurrency, method: FeeMethod = 'card'): number {
  return coveredFeeCents(giftCents, table[method]?.[currency] ?? table.card[currency]);
}

/**
 * What a gift charges: the gift, plus the fee of `method` when the donor covers it. `feeCents` is
 * that fee either way (the form offers it in the box's label); `coveredFeeCents` is what is added.
 */
export function chargeFor(
  table: FeeTable,
  giftCents: number,
  currency: DonationCurrency,
  method: FeeMethod,
  cover: boolean,
): { feeCents: number; coveredFeeCents: number; chargedCents: number } {
  const feeCents = feeFor(table, giftCents, currency, method);
  const coveredFeeCents = cover ? feeCents : 0;
  return { feeCents, coveredFeeCents, chargedCents: giftCents + coveredFeeCents };
}

/** The largest gift whose total with the fee still fits a single charge. */
export function fitsWithFee(giftCents: number, feeCents: number): boolean {
  return giftCents + feeCents <= MAX_DONATION_CENTS;
}

/**
 * FEE_RATES, as the charity writes it: `card 2.9% + 0.30; twint 1.3% + 0.25` (each method a rate
 * for every currency) or with a currency, `card chf 2.9% + 0.30; card usd 3.25% + 0.30`. Later
 * entries win. Throws with a sentence naming the entry that cannot be read.
 */
export function parseFeeRates(text: string): FeeTable {
  const table: FeeTable = structuredClone(DEFAULT_FEE_TABLE);
  for (const raw of text.split(';')) {
    const entry = raw.trim();
    if (!entry) continue;
    const m = /^(card|twint)(?:\s+(usd|chf|eur))?\s+(\d{1,2}(?:\.\d{1,3})?)\s*%\s*(?:\+\s*(\d{1,3}(?:\.\d{1,2})?))?$/i.exec(entry);
    if (!m) throw new Error(`"${entry}" is not a rate like "card 2.9% + 0.30" or "twint chf 1.3% + 0.25"`);
    const method = m[1]!.toLowerCase() as FeeMethod;
    const rate: FeeRate = { percent: Number(m[3]), fixedCents: Math.round(Number(m[4] ?? '0') * 100) };
    if (rate.percent >= 50) throw new Error(`"${entry}": a fee of 50 % or more is not a payment fee`);
    const currencies = m[2] ? [m[2].toLowerCase() as DonationCurrency] : (Object.keys(table[method]) as DonationCurrency[]);
    for (const c of currencies) table[method][c] = rate;
  }
  return table;
}
