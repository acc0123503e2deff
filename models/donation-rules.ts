// Donation amounts: pure rules shared by the checkout page (browser) and the server's validation.
// Money is integer cents everywhere inside; dollars appear only at the API edge and on screen.
import { decimalToCents } from './rules';

export const DONATION_CURRENCY = 'usd';
/** The presets: $50, $150, $3,500; $150 is preselected. */
export const DONATION_PRESETS_CENTS = [5000, 15000, 350000] as const;
export const DEFAULT_PRESET_CENTS = 15000;
/** The smallest donation, also Stripe's minimum charge: 1 dollar. */
export const MIN_DONATION_CENTS = 100;
/** 999,999.99 USD: Stripe's upper limit for a single USD charge. */
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
