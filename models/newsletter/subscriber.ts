// Newsletter subscribers kept in our own database (used when Mailchimp is not configured):
// double opt-in with a one-time confirmation token (only its hash is stored), a one-click
// unsubscribe token, and a consent record for every step.
import { SourceSchema } from '../shared/source-schema';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Lang, SubscribeStatus } from '../shared/rules';
import { toIso } from '../shared/dates';
import { normalizeEmail } from '../shared/text';
import { NOT_SUPPRESSED_SQL } from '../people/mail-suppression';
import { csvDateTime, csvLabel, toCsv } from '../shared/csv';
import type { TFunction } from 'i18next';

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

/** The request body of POST /api/newsletter/subscribe. */
export const SubscribeInputSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'This email address is too long')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  language: z.enum(['en', 'de']).optional(),
  /** Which form the visitor used (kept in the consent record). */
  form: z.string().trim().max(60).regex(/^[a-z0-9-]*$/).optional(),
  /** The page the visitor subscribed from (models/site/visits.ts): counted, not kept with the address. */
  source: SourceSchema,
});

export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  language: Lang;
  consentAt: string | null;
  consentSource: string | null;
  consentForm: string | null;
  consentText: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  unsubscribeToken: string;
  createdAt: string;
}

interface SubscriberRow {
  id: number;
  email: string;
  status: string;
  language: string;
  consentAt: unknown;
  consentSource: string | null;
  consentForm: string | null;
  consentText: string | null;
  confirmTokenHash: string | null;
  confirmExpiresAt: unknown;
  confirmSentAt: unknown;
  unsubscribeToken: string | null;
  confirmedAt: unknown;
  unsubscribedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : toIso(v));

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status as SubscriberStatus,
    language: row.language === 'de' ? 'de' : 'en',
    consentAt: iso(row.consentAt),
    consentSource: row.consentSource,
    consentForm: row.consentForm,
    consentText: row.consentText,
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
    unsubscribeToken: row.unsubscribeToken ?? '',
    createdAt: toIso(row.createdAt),
  };
}

/** A confirmation link stays valid for a week. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Asking again within this time does not send another confirmation mail (no mail bombing). */
export const CONFIRM_RESEND_MS = 10 * 60 * 1000;

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const table = (db: Knex) => db<SubscriberRow>('newsletter_subscribers');

export async function findSubscriberByEmail(db: Knex, email: string): Promise<Subscriber | null> {
  const row = await table(db).where({ email: normalizeEmail(email) }).first();
  return row ? toSubscriber(row) : null;
}

export interface RequestResult {
  status: SubscribeStatus;
  subscriber: Subscriber;
  /** The one-time confirmation token to mail, or null when no mail should go out now. */
  confirmToken: string | null;
}

/**
 * Records a subscription request (double opt-in). A new or returning address gets a fresh
 * confirmation token; a pending one gets a new token at most every CONFIRM_RESEND_MS.
 */
export async function requestSubscription(
  db: Knex,
  input: { email: string; language: Lang; form: string; consentText: string },
  now = new Date(),
): Promise<RequestResult> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (trx) => {
    const existing = await table(trx).where({ email }).first();
    if (existing?.status === 'subscribed') {
      return { status: 'already_subscribed', subscriber: toSubscriber(existing), confirmToken: null };
    }
    const sentAt = existing?.confirmSentAt ? new Date(toIso(existing.confirmSentAt)).getTime() : 0;
    if (existing?.status === 'pending' && now.getTime() - sentAt < CONFIRM_RESEND_MS) {
      return { status: 'pending_confirmation', subscriber: toSubscriber(existing), confirmToken: null };
    }
    const token = newToken();
    const fields = {
      status: 'pending',
      language: input.language,
      consentAt: now,
      consentSource: 'double-opt-in',
      consentForm: input.form,
      consentText: input.consentText,
      confirmTokenHash: hashToken(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      confirmSentAt: now,
      updatedAt: now,
    };
    let id: number;
    if (existing) {
      await table(trx).where({ id: existing.id }).update({ ...fields, unsubscribeToken: existing.unsubscribeToken || newToken() } as never);
      id = existing.id;
    } else {
      const [created] = (await table(trx).insert({ email, ...fields, unsubscribeToken: newToken(), createdAt: now } as never, ['id'])) as unknown as ({ id: number } | number)[];
      id = typeof created === 'object' ? created.id : Number(created);
    }
    await trx('newsletter_consent_events').insert({
      subscriberId: id,
      event: 'requested',
      method: 'double-opt-in',
      form: input.form,
      language: input.language,
      consentText: input.consentText,
      createdAt: now,
    });
    const row = (await table(trx).where({ id }).first())!;
    const status: SubscribeStatus = existing?.status === 'unsubscribed' ? 'resubscribed_pending' : 'pending_confirmation';
    return { status, subscriber: toSubscriber(row), confirmToken: token };
  });
}

export type ConfirmCheck = { ok: true; subscriber: Subscriber } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * Whether a confirmation token would confirm, without confirming: the page behind the link reads
 * this (mail scanners open every link; only the visitor's POST confirms). A used token is unknown
 * (confirming clears its hash).
 */
export async function checkConfirmToken(db: Knex, token: string, now = new Date()): Promise<ConfirmCheck> {
  if (!token || token.length > 200) return { ok: false, reason: 'unknown' };
  const row = await table(db).where({ confirmTokenHash: hashToken(token) }).first();
  if (!row || row.status !== 'pending') return { ok: false, reason: 'unknown' };
  if (row.confirmExpiresAt && new Date(toIso(row.confirmExpiresAt)).getTime() < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subscriber: toSubscriber(row) };
}

/** The subscriber an unsubscribe token belongs to (whatever their status), without changing anything. */
export async function findByUnsubscribeToken(db: Knex, token: string): Promise<Subscriber | null> {
  if (!token || token.length > 200) return null;
  const row = await table(db).where({ unsubscribeToken: token }).first();
  return row ? toSubscriber(row) : null;
}

/** Confirms with the token from the mail; null when it is unknown, used or expired. */
export async function confirmSubscription(db: Knex, token: string, now = new Date()): Promise<Subscriber | null> {
  if (!token || token.length > 200) return null;
  return db.transaction(async (trx) => {
    const row = await table(trx).where({ confirmTokenHash: hashToken(token) }).first();
    if (!row || row.status !== 'pending') return null;
    if (row.confirmExpiresAt && new Date(toIso(row.confirmExpiresAt)).getTime() < now.getTime()) return null;
    await table(trx)
      .where({ id: row.id })
      .update({ status: 'subscribed', confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now } as never);
    await trx('newsletter_consent_events').insert({
      subscriberId: row.id,
      event: 'confirmed',
      method: 'confirmation-link',
      form: row.consentForm,
      language: row.language,
      consentText: row.consentText,
      createdAt: now,
    });
    return toSubscriber((await table(trx).where({ id: row.id }).first())!);
  });
}

/**
 * One-click unsubscribe with the token from any newsletter mail. Returns the subscriber (also
 * when they had already left, so a second click shows the same friendly page), null if unknown.
 */
export async function unsubscribe(db: Knex, token: string, method: string, now = new Date()): Promise<Subscriber | null> {
  if (!token || token.length > 200) return null;
  return db.transaction(async (trx) => {
    const row = await table(trx).where({ unsubscribeToken: token }).first();
    if (!row) return null;
    if (row.status !== 'unsubscribed') {
      await table(trx)
        .where({ id: row.id })
        .update({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now } as never);
      await trx('newsletter_consent_events').insert({
        subscriberId: row.id,
        event: 'unsubscribed',
        method,
        form: null,
        language: row.language,
        consentText: null,
        createdAt: now,
      });
    }
    return toSubscriber((await table(trx).where({ id: row.id }).first())!);
  });
}

/** Confirmed subscribers per language a newsletter goes to: not those whose address is suppressed (a bounce, a complaint). */
export async function countConfirmedSubscribers(db: Knex): Promise<Record<Lang, number>> {
  const rows = (await table(db).where({ status: 'subscribed' }).whereRaw(NOT_SUPPRESSED_SQL('email')).select('language').count({ n: '*' }).groupBy('language')) as unknown as {
    language: string;
    n: number | string;
  }[];
  const counts: Record<Lang, number> = { en: 0, de: 0 };
  for (const r of rows) counts[r.language === 'de' ? 'de' : 'en'] += Number(r.n);
  return counts;
}

export interface ConsentEvent {
  event: string;
  method: string;
  form: string | null;
  language: string;
  consentText: string | null;
  createdAt: string;
}

export async function consentHistory(db: Knex, subscriberId: number): Promise<ConsentEvent[]> {
  const rows = await db('newsletter_consent_events').where({ subscriberId }).orderBy('id');
  return rows.map((r: ConsentEvent & { createdAt: unknown }) => ({
    event: r.event,
    method: r.method,
    form: r.form,
    language: r.language,
    consentText: r.consentText,
    createdAt: toIso(r.createdAt),
  }));
}

// --- The admin's view of the list (Swiss FADP / EU GDPR: show a consent record, erase on request) ---

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;

/** What the admin sees of a subscriber in a list: never a token or a token hash. */
export type SubscriberRecord = Omit<Subscriber, 'consentText' | 'unsubscribeToken'>;

export interface SubscriberCounts {
  pending: number;
  subscribed: number;
  unsubscribed: number;
  /** Everyone stored, whatever their status, by the language they chose. */
  byLanguage: Record<Lang, number>;
  total: number;
}

export interface SubscriberFilter {
  status?: SubscriberStatus;
  /** Part of the e-mail address. */
  q?: string;
}

/** The admin list shows at most this many rows (newest first); the CSV export has no limit. */
export const SUBSCRIBER_LIST_LIMIT = 500;

/** The query string of the admin list and the CSV export. */
export const SubscriberQuerySchema = z.object({
  status: z
    .union([z.enum(SUBSCRIBER_STATUSES), z.literal('')], { error: 'status must be pending, subscribed, unsubscribed or empty' })
    .optional()
    .transform((s) => s || undefined),
  q: z.string({ error: 'q must be a single search text' }).trim().max(254, 'The search text is too long').optional(),
});

/** Whitelisted columns: tokens and their hashes never leave the model through these. */
const RECORD_COLUMNS = ['id', 'email', 'status', 'language', 'consentAt', 'consentSource', 'consentForm', 'confirmedAt', 'unsubscribedAt', 'createdAt'] as const;

function toRecord(row: Pick<SubscriberRow, (typeof RECORD_COLUMNS)[number]>): SubscriberRecord {
  return {
    id: row.id,
    email: row.email,
    status: (SUBSCRIBER_STATUSES as readonly string[]).includes(row.status) ? (row.status as SubscriberStatus) : 'pending',
    language: row.language === 'de' ? 'de' : 'en',
    consentAt: iso(row.consentAt),
    consentSource: row.consentSource,
    consentForm: row.consentForm,
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
    createdAt: toIso(row.createdAt),
  };
}

function filtered(db: Knex, filter: SubscriberFilter) {
  const query = table(db).select(...RECORD_COLUMNS);
  if (filter.status) query.where({ status: filter.status });
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // Addresses are stored in lower case; % and _ in the search text are meant literally.
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.whereRaw("?? like ? escape '\\'", ['email', pattern]);
  }
  // Newest first: ids grow with time (timestamps are stored differently by SQLite and PostgreSQL).
  return query.orderBy('id', 'desc');
}

/** Subscribers matching the filter, newest first; `truncated` when more than `limit` match. */
export async function listSubscribers(db: Knex, filter: SubscriberFilter = {}, limit = SUBSCRIBER_LIST_LIMIT): Promise<{ subscribers: SubscriberRecord[]; truncated: boolean }> {
  const rows = await filtered(db, filter).limit(limit + 1);
  return { subscribers: rows.slice(0, limit).map(toRecord), truncated: rows.length > limit };
}

/** Every subscriber matching the filter (the CSV export), newest first. */
export async function allSubscribers(db: Knex, filter: SubscriberFilter = {}): Promise<SubscriberRecord[]> {
  return (await filtered(db, filter)).map(toRecord);
}

export async function countSubscribers(db: Knex): Promise<SubscriberCounts> {
  const rows = (await table(db).select('status', 'language').count({ n: '*' }).groupBy('status', 'language')) as unknown as {
    status: string;
    language: string;
    n: number | string;
  }[];
  const counts: SubscriberCounts = { pending: 0, subscribed: 0, unsubscribed: 0, byLanguage: { en: 0, de: 0 }, total: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if ((SUBSCRIBER_STATUSES as readonly string[]).includes(r.status)) counts[r.status as SubscriberStatus] += n;
    counts.byLanguage[r.language === 'de' ? 'de' : 'en'] += n;
    counts.total += n;
  }
  return counts;
}

/** One subscriber with their consent record (the wording they agreed to) and its history. */
export async function findSubscriberRecord(db: Knex, id: number): Promise<{ subscriber: SubscriberRecord & { consentText: string | null }; events: ConsentEvent[] } | null> {
  const row = await table(db).select(...RECORD_COLUMNS, 'consentText').where({ id }).first();
  if (!row) return null;
  return { subscriber: { ...toRecord(row), consentText: row.consentText }, events: await consentHistory(db, id) };
}

export interface ErasureReport {
  id: number;
  consentEvents: number;
  deliveries: number;
  outboxMessages: number;
}

/**
 * Erases a subscriber on request: their row, their consent history, the per-recipient delivery
 * records and the copies of mails to their address kept in the outbox, in one transaction.
 * (The foreign keys cascade too; deleting explicitly does not depend on SQLite's foreign_keys
 * pragma and tells what went.) Null when there is no such subscriber.
 */
export async function eraseSubscriber(db: Knex, id: number): Promise<ErasureReport | null> {
  return db.transaction(async (trx) => {
    const row = await table(trx).select('id', 'email').where({ id }).first();
    if (!row) return null;
    const deliveries = await trx('newsletter_deliveries').where({ subscriberId: id }).del();
    const consentEvents = await trx('newsletter_consent_events').where({ subscriberId: id }).del();
    const outboxMessages = await trx('outbox').where({ toAddress: row.email }).del();
    await table(trx).where({ id }).del();
    return { id, consentEvents, deliveries, outboxMessages };
  });
}

/** The export's columns, in order: their headers are admin.subscribers.csvColumns.<key>. */
export const SUBSCRIBER_CSV_COLUMNS = ['email', 'status', 'language', 'consentAt', 'source', 'form', 'confirmedAt', 'unsubscribedAt'] as const;

/**
 * The subscribers as CSV in the admin's language (models/shared/csv.ts: byte-order mark, separator,
 * Swiss time, formula guard): headers, status, language and the site's own consent methods and
 * forms in that language; any other stored value as it is.
 */
export function subscribersCsv(rows: SubscriberRecord[], lang: Lang, t: TFunction): string {
  return toCsv(
    SUBSCRIBER_CSV_COLUMNS.map((c) => t(`admin.subscribers.csvColumns.${c}`)),
    rows.map((r) => [
      r.email,
      t(`admin.subscribers.statuses.${r.status}`),
      t(`admin.subscribers.languages.${r.language}`),
      csvDateTime(r.consentAt, lang),
      csvLabel(t, 'admin.subscribers.methods', r.consentSource),
      csvLabel(t, 'admin.subscribers.forms', r.consentForm),
      csvDateTime(r.confirmedAt, lang),
      csvDateTime(r.unsubscribedAt, lang),
    ]),
    lang,
  );
}
