// Money amounts as people type them into the admin (a project's goal and raised amount, spending
// records): the one parser of every money field the admin reads, on the server (the input schemas)
// and in the browser (a field's message goes as soon as the value is right). Browser-safe: no imports
// but types.
//
// What is accepted (the amount is US dollars; the result is integer cents):
// - digits with an optional decimal part of one or two digits: 1250, 1250.5, 1250.50;
// - thousands grouped by an apostrophe (' or the typographic ’ the site's Swiss formatting writes),
//   a space (also a no-break, narrow no-break or thin space) or a comma, as the site itself writes
//   amounts: 1'250.50, 1’250.50, 1 250.50, 1,250.50; groups after the first have exactly three digits;
// - a leading "$" (1,250.50 as the English pages show it: $1,250.50);
// - JSON numbers (the admin API): 1250.5, whatever the language.
// The decimal mark, and so the one ambiguous case, depends on the admin's language:
// - English: the point is the decimal mark; a comma only groups thousands. "1,250" is 1250 (a
//   comma followed by exactly three digits); "1,25" and "1250,50" are refused.
// - German: the point (Swiss: 1’250.50) or the comma (1250,50, 1.250,50) is the decimal mark.
//   When both appear, the last one is the decimal mark and the other groups thousands. When only one
//   of them appears, once, it is the decimal mark: "1,25" is 1.25 and "1,250" would be 1.250, which
//   has more than two decimals and is refused (so 1,250 meaning one thousand two hundred and fifty is
//   never silently read as 1.25). Appearing more than once (1.250.000), it groups thousands.
// Refused, each with its own field code: anything else ('amount'), a minus sign
// ('amount_negative'), more than two decimals ('amount_decimals'), more than the maximum
// ('amount_too_large').
import type { Lang } from './rules';

/** The largest amount an admin may enter: far below PostgreSQL's bigint of cents, and exact in JavaScript. */
export const MAX_AMOUNT_CENTS = 99_999_999_999_999;

/** Why a typed amount was refused: the field codes of models/shared/error-codes.ts. */
export type AmountProblem = 'amount' | 'amount_negative' | 'amount_decimals' | 'amount_too_large';

export type AmountResult = { cents: number } | { problem: AmountProblem };

/** Characters that group thousands in any language (the point and the comma depend on it). */
const SPACES = ' \u00a0\u202f\u2009';
const APOSTROPHES = "'\u2019";
const GROUP_CLASS: Record<string, string> = {};
for (const c of SPACES) GROUP_CLASS[c] = 'space';
for (const c of APOSTROPHES) GROUP_CLASS[c] = 'apostrophe';
GROUP_CLASS[','] = 'comma';
GROUP_CLASS['.'] = 'point';

const MINUS = /^[-\u2212]/;

/**
 * Parses an amount typed in `lang` (or a JSON number) into cents, or names the problem. Empty
 * input is the caller's to judge (required, or a default): here it is 'amount'.
 */
export function parseAmount(value: unknown, lang: Lang, max: number = MAX_AMOUNT_CENTS): AmountResult {
  if (typeof value === 'number') return parseNumber(value, max);
  if (typeof value !== 'string') return { problem: 'amount' };
  let s = value.trim();
  let negative = false;
  if (MINUS.test(s)) (negative = true), (s = s.slice(1).trimStart());
  if (s.startsWith('$')) s = s.slice(1).trimStart();
  if (!negative && MINUS.test(s)) (negative = true), (s = s.slice(1).trimStart());
  const result = parseDigits(s, lang, max);
  // "-5" is a number the field cannot take; "-abc" is not a number at all.
  if (negative && ('cents' in result || result.problem !== 'amount')) return { problem: 'amount_negative' };
  return result;
}

/** A JSON number: the same rules as "1250.50" (at most two decimals, not negative, not too large). */
function parseNumber(n: number, max: number): AmountResult {
  if (!Number.isFinite(n)) return { problem: 'amount' };
  if (n < 0) return { problem: 'amount_negative' };
  if (n * 100 > max) return { problem: 'amount_too_large' };
  // String() writes the shortest form that reads back as the same number: 19.99, not 19.989999...
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  if (!m) return { problem: 'amount_decimals' }; // 1e-7
  return toCents(m[1]!, m[2] ?? '', max);
}

function parseDigits(s: string, lang: Lang, max: number): AmountResult {
  if (!/^\d/.test(s) || !/^[\d.,'\u2019 \u00a0\u202f\u2009]+$/.test(s)) return { problem: 'amount' };
  const decimalAt = decimalMarkIndex(s, lang);
  if (decimalAt === null) return { problem: 'amount' };
  const whole = decimalAt < 0 ? s : s.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : s.slice(decimalAt + 1);
  if (decimalAt >= 0 && !/^\d+$/.test(fraction)) return { problem: 'amount' };
  const digits = wholeDigits(whole);
  if (digits === null) return { problem: 'amount' };
  return toCents(digits, fraction, max);
}

/**
 * Where the decimal mark is: its index, -1 when the amount has none, null when the separators
 * cannot be read (see the rules at the top of this file).
 */
function decimalMarkIndex(s: string, lang: Lang): number | null {
  const points = count(s, '.');
  const commas = count(s, ',');
  if (lang === 'en') {
    if (points > 1) return null;
    if (points === 0) return -1;
    const at = s.indexOf('.');
    return s.lastIndexOf(',') > at ? null : at;
  }
  if (points > 0 && commas > 0) {
    const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
    return count(s, s[last]!) === 1 ? last : null;
  }
  if (points === 1) return s.indexOf('.');
  if (commas === 1) return s.indexOf(',');
  return -1;
}

/** The digits of the whole part: plain, or grouped by threes with one kind of separator. */
function wholeDigits(whole: string): string | null {
  if (/^\d+$/.test(whole)) return whole;
  const groups = whole.split(/[.,'\u2019 \u00a0\u202f\u2009]/);
  const kinds = new Set([...whole].filter((c) => !/\d/.test(c)).map((c) => GROUP_CLASS[c]));
  if (kinds.size !== 1) return null;
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first!) || !rest.every((g) => /^\d{3}$/.test(g))) return null;
  return groups.join('');
}

function toCents(whole: string, fraction: string, max: number): AmountResult {
  if (fraction.length > 2) return { problem: 'amount_decimals' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  // More digits than the maximum has cannot be within it (and would not be exact as a number).
  if (digits.length > String(Math.floor(max / 100)).length) return { problem: 'amount_too_large' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > max ? { problem: 'amount_too_large' } : { cents };
}

const count = (s: string, c: string) => s.split(c).length - 1;
