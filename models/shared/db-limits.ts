// Input that PostgreSQL refuses but SQLite would take (and store differently): checked at the
// edge, so that both databases answer the same clear 4xx instead of one of them failing with a 500.

/** PostgreSQL `integer` (every id and foreign key): a larger number is an error there. */
export const MAX_DB_ID = 2_147_483_647;

/** True for an id a row can have: a whole number from 1 to MAX_DB_ID. */
export const isDbId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_DB_ID;

/** An id written in a URL or form ("42"): the number, or null when it is no possible id. */
export function parseDbId(value: unknown): number | null {
  const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (!/^[1-9]\d{0,9}$/.test(s)) return null;
  const n = Number(s);
  return n <= MAX_DB_ID ? n : null;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const UNICODE_MESSAGE = 'Text must be valid Unicode: it contains a lone surrogate character';

export type TextProblem = 'nul' | 'unicode';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * NUL characters (PostgreSQL cannot store them in text; SQLite can) and lone UTF-16 surrogates
 * (neither database can store them: both drivers silently turn them into U+FFFD, so what is read
 * back would differ from what was sent) anywhere in a string, an array or an object's keys and values.
 */
export function textProblem(value: unknown, depth = 0): TextProblem | null {
  if (typeof value === 'string') {
    if (value.includes('\0')) return 'nul';
    return LONE_SURROGATE.test(value) ? 'unicode' : null;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const p = textProblem(v, depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = textProblem(k, depth + 1) ?? textProblem(v, depth + 1);
    if (p) return p;
  }
  return null;
}

/**
 * A text only noted beside the data (a file's name, a line of the audit log) as both databases keep
 * it: without NUL and lone surrogates, at most `max` characters. Data a person typed is refused
 * instead (textProblem), so that nothing they meant is changed silently.
 */
export function keepable(text: string, max: number): string {
  return clip(text.replace(/\0/g, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD'), max);
}

/** Cuts a text to at most `max` characters without splitting an emoji's surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * A unique constraint refused the write (SQLite: SQLITE_CONSTRAINT 'UNIQUE constraint failed:
 * table.column'; PostgreSQL: 23505), optionally only when it is the given column's.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const message = typeof e.message === 'string' ? e.message : '';
  const sqlite = e.code === 'SQLITE_CONSTRAINT' && message.includes('UNIQUE constraint failed');
  const postgres = e.code === '23505';
  if (!sqlite && !postgres) return false;
  if (!column) return true;
  if (sqlite) return new RegExp(`UNIQUE constraint failed: [^ ]*\\.${column}\\b`).test(message);
  const where = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.detail === 'string' ? e.detail : ''}`;
  return new RegExp(`(_|\\()${column}(_|\\))`).test(where);
}
