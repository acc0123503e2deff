// The admin's CSV exports (donations, newsletter subscribers) as a spreadsheet opens them in the
// admin's language, by a double click, in Swiss Excel as much as in any other:
// - a UTF-8 byte-order mark first, so Excel reads UTF-8 (umlauts) instead of the PC's code page;
// - the separator Excel expects for the language: ";" in German (Swiss and German Excel use it,
//   because the comma is a decimal mark there), "," in English; lines end with CRLF;
// - cells quoted per RFC 4180 when they hold a separator (either), a quote or a line break;
// - amounts as plain numbers, without grouping, with the site's decimal mark of the language
//   (DECIMAL_MARK: the point in both, as Swiss German writes it and Swiss Excel reads it);
// - dates and times in Swiss time (Europe/Zurich): "27.11.2026 14:05" in German, "2026-11-27 14:05"
//   in English (ISO order: every Excel reads it as a date and time, whatever its language);
// - the formula guard: a text cell starting with =, +, -, @, a tab or a carriage return would run
//   as a formula (CSV injection: a donor named =HYPERLINK(...)), so it gets a leading '. Numbers the
//   export writes itself are never text from outside and are left as they are (a refund of -12.50
//   stays a number).
// No imports but types and shared rules: the module is pure.
import type { TFunction } from 'i18next';
import { DECIMAL_MARK, type Lang } from './rules';
import { swissDateTimeParts } from './dates';

export const CSV_BOM = '\uFEFF';

/** The cell separator of each language. */
export const CSV_SEPARATOR: Record<Lang, ',' | ';'> = { en: ',', de: ';' };

/** A number the export wrote itself (not text from outside: no formula guard). */
export interface CsvNumber {
  readonly number: string;
}

/** A cell: text (guarded, quoted when needed), a number, or empty. */
export type CsvValue = string | CsvNumber | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** A text cell: the formula guard, then RFC 4180 quoting. */
export function csvCell(value: string | null | undefined): string {
  let s = value ?? '';
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cents as a plain number with two decimals in the language's decimal mark ("1250.50"); empty for null. */
export function csvAmount(cents: number | null | undefined, lang: Lang): CsvNumber | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  return { number: (cents / 100).toFixed(2).replace('.', DECIMAL_MARK[lang]) };
}

/** An instant in Swiss time: "27.11.2026 14:05" (German), "2026-11-27 14:05" (English); empty for none. */
export function csvDateTime(iso: string | null | undefined, lang: Lang): string {
  const p = iso ? swissDateTimeParts(iso) : null;
  if (!p) return '';
  return lang === 'de' ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * A stored code in people's words: its text under `prefix` (admin.donations.disputeStatuses.lost)
 * when the locale has one, else the value as stored (a value from outside is never a key).
 */
export function csvLabel(t: TFunction, prefix: string, value: string | null | undefined): string {
  if (!value) return '';
  if (!/^[a-z0-9_-]{1,60}$/.test(value)) return value;
  return t(`${prefix}.${value}`, { defaultValue: value });
}

const cell = (value: CsvValue) => (value !== null && typeof value === 'object' ? value.number : csvCell(value));

/** The whole file: the byte-order mark, the header and the rows, in the language's format. */
export function toCsv(header: string[], rows: CsvValue[][], lang: Lang): string {
  const separator = CSV_SEPARATOR[lang];
  return CSV_BOM + [header, ...rows].map((cells) => cells.map(cell).join(separator)).join('\r\n') + '\r\n';
}
