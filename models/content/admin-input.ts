// Field builders of the admin input schemas (projectInputSchema, NewsInputSchema...). Each accepts
// both JSON (API) and url-encoded form strings (the no-JavaScript forms), so one schema serves both.
import type { Knex } from 'knex';
import { z } from 'zod';
import type { FieldCode } from '../shared/error-codes';
import { fieldError, invalidFields } from '../shared/errors';
import { centsToDecimal, slugify, type Lang } from '../shared/rules';
import { parseAmount } from '../shared/amounts';
import { isUniqueViolation, MAX_DB_ID } from '../shared/db-limits';

/** The schemas' messages are field codes: models/shared/errors.ts parseInput gives each its English text. */
const code = (c: FieldCode) => c;

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v);

// `max` is the column's length where the column has one (varchar(n) in db/migrations): PostgreSQL
// refuses a longer text, SQLite would keep it. JavaScript counts UTF-16 units, the database
// characters, so a text within `max` here always fits.

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.preprocess(asText, z.string({ error: code('required') }).trim().min(1, code('required')).max(max, code('too_long')));

/** An optional text: trimmed; empty becomes null. */
export const optionalText = (max: number) =>
  z.preprocess(asText, z.string({ error: code('too_long') }).trim().max(max, code('too_long'))).transform((s) => (s === '' ? null : s));

/** Display order: a number, 0 when not numeric. */
export const displayOrder = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.max(-1_000_000, Math.min(1_000_000, Math.trunc(n))) : 0;
}, z.number().int());

/**
 * A dollar amount as the admin typed it in `lang` ("1’250.50", "1,250.50", "1250,50" in German...;
 * models/shared/amounts.ts has the rules) or as a JSON number, as the normalised string "1250.50".
 * Empty is `required`, or the default when there is one.
 */
export const amount = (lang: Lang, options: { default?: string } = {}) =>
  z.preprocess(
    (v) => {
      const s = asText(v);
      return typeof s === 'string' && s.trim() === '' && options.default !== undefined ? options.default : v;
    },
    z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: code('required') });
        return z.NEVER;
      }
      const parsed = parseAmount(v, lang);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: code(parsed.problem) });
        return z.NEVER;
      }
      return centsToDecimal(parsed.cents);
    }),
  );

/**
 * An image address on this site (/uploads/..., /images/...): the pages' Content-Security-Policy
 * shows images from this origin only, so an outside address would never display.
 */
export const imageUrl = z.preprocess(
  asText,
  z
    .string({ error: code('required') })
    .trim()
    .min(1, code('required'))
    .max(500, code('too_long'))
    .refine((s) => /^\/(?!\/)[^\s\\<>"]*$/.test(s), code('image_url')),
);

/** An optional slug typed by the admin: normalised with slugify; empty means "derive from the title". */
export const optionalSlug = z
  .preprocess(asText, z.string({ error: code('slug') }).trim().max(160, code('too_long')))
  .transform((s) => (s === '' ? undefined : slugify(s)));

/** A value from a fixed list; empty takes the default when there is one. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, problem: FieldCode, fallback?: T[number]) =>
  z.preprocess((v) => (fallback !== undefined && (v === undefined || v === null || v === '') ? fallback : v), z.enum(values, { error: problem }));

/**
 * A slug that no other row of the table uses: `base`, then `base-2`, `base-3`...
 * (`excludeId`: the row being edited keeps its own slug). Another request may take the same
 * slug between this read and the write: write through withFreeSlug, which tries again.
 */
export async function uniqueSlug(db: Knex, table: 'projects' | 'news_articles', base: string, excludeId?: number): Promise<string> {
  const root = base.slice(0, 150) || 'item';
  const rows = (await db(table)
    .select('slug', 'id')
    .where((q) => q.where({ slug: root }).orWhere('slug', 'like', `${root}-%`))) as { slug: string; id: number }[];
  const taken = new Set(rows.filter((r) => r.id !== excludeId).map((r) => r.slug));
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Tries of withFreeSlug: each lost race is won by another writer, so 20 at once need 20. */
const SLUG_ATTEMPTS = 50;

/**
 * Writes a row under the next free slug, and under the next one again when a concurrent write
 * took it first (the unique index refuses the second: SQLITE_CONSTRAINT / 23505). Only when no
 * free slug can be had is it the admin's problem: a 409 field error on the slug.
 */
export async function withFreeSlug<T>(
  db: Knex,
  table: 'projects' | 'news_articles',
  base: string,
  excludeId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  // Inside a transaction (the admin's saves write the item, its revision and audit entry in one),
  // a refused write must not take the transaction down with it: PostgreSQL aborts a transaction
  // at its first error, so each try runs under a savepoint that a lost race rolls back to.
  const savepoint = db.isTransaction === true;
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = await uniqueSlug(db, table, base, excludeId);
    if (savepoint) await db.raw('SAVEPOINT free_slug');
    try {
      const written = await write(slug);
      if (savepoint) await db.raw('RELEASE SAVEPOINT free_slug');
      return written;
    } catch (err) {
      if (savepoint) await db.raw('ROLLBACK TO SAVEPOINT free_slug');
      if (!isUniqueViolation(err, 'slug')) throw err;
    }
  }
  throw invalidFields({ slug: fieldError('slug_taken') }, 409);
}

/** Knex insert that returns the new id on SQLite and PostgreSQL alike. */
export async function insertReturningId(db: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const [r] = (await db(table).insert(row).returning('id')) as (number | { id: number })[];
  return typeof r === 'object' && r !== null ? Number(r.id) : Number(r);
}

/** The earliest and latest year a date may have: PostgreSQL keeps them, and ISO strings stay 4 digits. */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** An optional date or date-time ("2026-03-01"); empty means "not given". */
export const optionalDate = z
  .preprocess(
    asText,
    z
      .string({ error: code('date') })
      .trim()
      .max(40, code('date'))
      .refine((s) => {
        if (s === '') return true;
        const year = new Date(s).getUTCFullYear();
        return year >= MIN_YEAR && year <= MAX_YEAR;
      }, code('date')),
  )
  .transform((s) => (s === '' ? undefined : new Date(s).toISOString()));

/** An optional positive id (e.g. the related project); empty or "none" means no link. */
export const optionalId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'none' || v === 0 || v === '0' ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ error: code('project') }).int(code('project')).positive(code('project')).max(MAX_DB_ID, code('project')).nullable(),
);
