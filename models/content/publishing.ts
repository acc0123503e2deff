// When content is public, and what lies in the trash. Projects, news, team members and page
// contents share these rules: an item is public when it is not a draft, its publication time is
// empty or past, and it is not in the trash. The queries and input fields live here; the state
// functions the admin bundle needs too are in publish-state.ts (no zod, no knex).
import type { Knex } from 'knex';
import { z } from 'zod';

export { publishState, isPublic, toZurichLocal, zurichOffsetMinutes, type Publishing, type PublishState } from '../shared/publish-state';
import { zurichOffsetMinutes, type Publishing } from '../shared/publish-state';

/** Rows not in the trash (every read but the trash's own). `table` qualifies the columns in joins. */
export function notDeleted<Q extends Knex.QueryBuilder>(q: Q, table?: string): Q {
  return q.whereNull(table ? `${table}.deletedAt` : 'deletedAt') as Q;
}

/**
 * Rows visitors may see: not in the trash, not a draft, publication time empty or past. Timestamps
 * are written as ISO strings (SQLite compares them as text, in order) and PostgreSQL compares its
 * timestamptz with the same string.
 */
export function whereLive<Q extends Knex.QueryBuilder>(q: Q, now: Date = new Date(), table?: string): Q {
  const col = (c: string) => (table ? `${table}.${c}` : c);
  return notDeleted(q, table)
    .where(col('draft'), false)
    .andWhere((w) => w.whereNull(col('publishAt')).orWhere(col('publishAt'), '<=', now.toISOString())) as Q;
}

/** SQLite answers 0/1 for booleans, PostgreSQL true/false. */
export const toBool = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** A row's publishing fields as the entities carry them. */
export function toPublishing(row: { draft?: unknown; publishAt?: unknown }, toIso: (v: unknown) => string): Publishing {
  return { draft: toBool(row.draft), publishAt: row.publishAt === null || row.publishAt === undefined || row.publishAt === '' ? null : toIso(row.publishAt) };
}

/**
 * A local date-time as the form's `datetime-local` sends it (no zone), read as Swiss time: the
 * team works from Switzerland. A value with a zone (the API's ISO strings) keeps its own.
 */
export function parsePublishAt(value: string): Date | null {
  const s = value.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (local) {
    const [, y, mo, d, h, mi, sec] = local.map(Number) as number[];
    const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!, sec || 0);
    // Date.UTC rolls impossible values over (month 13, February 30, 25 o'clock): those are no date.
    const check = new Date(guess);
    if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || check.getUTCHours() !== h! || check.getUTCMinutes() !== mi! || (sec || 0) > 59) return null;
    // The offset at the guessed instant, then once more at the corrected one (around the switch).
    let at = guess - zurichOffsetMinutes(new Date(guess)) * 60_000;
    at = guess - zurichOffsetMinutes(new Date(at)) * 60_000;
    const date = new Date(at);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return null;
  const date = new Date(s);
  return Number.isNaN(date.getTime()) ? null : date;
}

const lastOf = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * The two publishing fields of the admin input schemas. Both are optional: an API call without
 * them publishes at once when creating and leaves the item's state alone when updating. The form
 * sends `draft` as a hidden "false" followed by the checkbox's "true", so the last value counts.
 */
export const publishingFields = {
  draft: z
    .preprocess((v) => {
      const last = lastOf(v);
      if (last === undefined) return undefined;
      if (typeof last === 'boolean') return last;
      if (last === 'true' || last === 'on' || last === '1' || last === 1) return true;
      if (last === 'false' || last === 'off' || last === '0' || last === 0 || last === '') return false;
      return last;
    }, z.boolean({ error: 'invalid' }))
    .optional(),
  publishAt: z
    .preprocess((v) => (v === undefined ? undefined : v === null ? '' : v), z.string({ error: 'date' }).max(40, 'date'))
    .transform((s, ctx) => {
      if (s.trim() === '') return null;
      const date = parsePublishAt(s);
      const year = date?.getUTCFullYear() ?? 0;
      if (!date || year < 2000 || year > 9999) {
        ctx.addIssue({ code: 'custom', message: 'date' });
        return z.NEVER;
      }
      return date.toISOString();
    })
    .optional(),
};

/** The columns a create writes: a create without the fields is public at once. */
export function publishingOnCreate(input: Partial<Publishing>): Publishing {
  return { draft: input.draft ?? false, publishAt: input.publishAt ?? null };
}

/** The columns an update writes: only the fields the input names. */
export function publishingOnUpdate(input: Partial<Publishing>): Partial<Publishing> {
  const out: Partial<Publishing> = {};
  if (input.draft !== undefined) out.draft = input.draft;
  if (input.publishAt !== undefined) out.publishAt = input.publishAt;
  return out;
}
