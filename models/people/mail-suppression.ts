// Bounces and complaints heeded (issue 40): what mailbox providers report about the site's mails
// arrives as events (a provider's signed webhook, a delivery status notification or complaint
// report in the bounce mailbox, Mailchimp's cleaned and unsubscribed members, a recipient the
// site's own SMTP relay refused for good), and an address is suppressed after one hard bounce,
// three soft bounces in a row or one complaint. Newsletters and project news are not sent to a
// suppressed address; mails a person asked for (a receipt, a sign-in link) still are. An admin can
// lift a suppression (audited): the address is mailed again until it bounces or complains anew.
//
// Each event is kept once per (source, event id), so one bounce reported to two instances, or
// again by a provider that retries its webhook, counts once; the suppression itself is one row per
// address, written by whichever instance records the deciding event.
import type { Knex } from 'knex';
import { normalizeEmail } from '../shared/text';
import { toIso } from '../shared/dates';
import { recordAudit } from './audit';
import { notFound } from '../shared/errors';

export const MAIL_EVENT_KINDS = ['hard_bounce', 'soft_bounce', 'complaint', 'delivered', 'unsubscribed', 'lifted'] as const;
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];

/** Where an event came from: a sending provider's webhook, the bounce mailbox, Mailchimp, the SMTP relay, an admin. */
export const MAIL_EVENT_SOURCES = ['postmark', 'ses', 'mailgun', 'brevo', 'imap', 'mailchimp', 'smtp', 'admin'] as const;
export type MailEventSource = (typeof MAIL_EVENT_SOURCES)[number];

export type SuppressionReason = 'hard_bounce' | 'soft_bounce' | 'complaint' | 'cleaned';

/** Soft bounces in a row (no delivery or lift between them) that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;

export interface MailEvent {
  source: MailEventSource;
  /** The provider's own id of this event (or of the report): the same id twice is one event. */
  eventId: string;
  address: string;
  kind: MailEventKind;
  occurredAt?: Date;
  /** What the provider said (an SMTP reply, a diagnostic code), kept short. */
  detail?: string | null;
  /**
   * Mailchimp "cleaned": Mailchimp itself gave the address up after its bounces, so it is
   * suppressed as 'cleaned' (the site's own count of bounces does not apply).
   */
  cleaned?: boolean;
}

export interface Suppression {
  address: string;
  reason: SuppressionReason;
  source: MailEventSource;
  detail: string | null;
  suppressedAt: string;
}

export interface RecordedEvent {
  /** False when this event was recorded before (a retry, or the other instance). */
  recorded: boolean;
  /** True when this event suppressed the address (it was not suppressed before). */
  suppressed: boolean;
}

const short = (s: string | null | undefined, n: number) => (s ? s.replace(/\s+/g, ' ').trim().slice(0, n) : null) || null;

/** A syntactically plausible address, lower case; null for anything else (never stored). */
export function eventAddress(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(raw);
  const address = normalizeEmail(m ? m[1]! : raw);
  return address.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : null;
}

async function activeSuppression(db: Knex, address: string): Promise<boolean> {
  const row = await db('mail_suppressions').where({ address }).whereNull('liftedAt').first('address');
  return !!row;
}

/** Soft bounces of an address since its last delivery or lift (its "in a row"). */
async function softBouncesInARow(db: Knex, address: string): Promise<number> {
  const reset = (await db('mail_events').where({ address }).whereIn('kind', ['delivered', 'lifted']).max({ id: 'id' }).first()) as { id: number | null } | undefined;
  const q = db('mail_events').where({ address, kind: 'soft_bounce' });
  if (reset?.id) q.where('id', '>', reset.id);
  const n = (await q.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(n?.n ?? 0);
}

async function suppress(db: Knex, address: string, reason: SuppressionReason, event: MailEvent, at: string): Promise<boolean> {
  const row = { address, reason, source: event.source, detail: short(event.detail, 500), suppressedAt: at, liftedAt: null, liftedBy: null };
  // A new row, or a lifted one suppressed again; an address suppressed already keeps its first reason.
  const n = (await db('mail_suppressions').insert(row).onConflict('address').merge().where('mail_suppressions.lifted_at', 'is not', null).returning('address')) as unknown[];
  return n.length > 0;
}

/** Records one event and suppresses its address when it decides so. */
export async function recordMailEvent(db: Knex, event: MailEvent): Promise<RecordedEvent> {
  const address = eventAddress(event.address);
  const eventId = event.eventId.slice(0, 200);
  if (!address || !eventId) return { recorded: false, suppressed: false };
  const now = new Date().toISOString();
  const occurredAt = event.occurredAt && !Number.isNaN(event.occurredAt.getTime()) ? event.occurredAt.toISOString() : now;
  return db.transaction(async (trx) => {
    const inserted = (await trx('mail_events')
      .insert({ source: event.source, eventId, address, kind: event.kind, detail: short(event.detail, 500), occurredAt, createdAt: now })
      .onConflict(['source', 'event_id'])
      .ignore()
      .returning('id')) as unknown[];
    if (inserted.length === 0) return { recorded: false, suppressed: false };
    let reason: SuppressionReason | null = null;
    if (event.cleaned) reason = 'cleaned';
    else if (event.kind === 'hard_bounce' || event.kind === 'complaint') reason = event.kind;
    else if (event.kind === 'soft_bounce' && (await softBouncesInARow(trx, address)) >= SOFT_BOUNCE_LIMIT) reason = 'soft_bounce';
    if (!reason || (await activeSuppression(trx, address))) return { recorded: true, suppressed: false };
    return { recorded: true, suppressed: await suppress(trx, address, reason, event, now) };
  });
}

export async function recordMailEvents(db: Knex, events: MailEvent[]): Promise<{ recorded: number; suppressed: number }> {
  let recorded = 0;
  let suppressed = 0;
  for (const e of events) {
    const r = await recordMailEvent(db, e);
    if (r.recorded) recorded++;
    if (r.suppressed) suppressed++;
  }
  return { recorded, suppressed };
}

export async function isSuppressed(db: Knex, address: string): Promise<boolean> {
  const a = eventAddress(address);
  return a ? activeSuppression(db, a) : false;
}

/** The addresses among these that are suppressed (lower case). */
export async function suppressedAmong(db: Knex, addresses: string[]): Promise<Set<string>> {
  const wanted = [...new Set(addresses.map((a) => normalizeEmail(a)))];
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = (await db('mail_suppressions').whereIn('address', wanted.slice(i, i + 500)).whereNull('liftedAt').pluck('address')) as string[];
    for (const r of rows) found.add(r);
  }
  return found;
}

/** SQL for "this address column is not suppressed" in a newsletter audience query (lower-cased addresses). */
export const NOT_SUPPRESSED_SQL = (column: string) => `lower(${column}) not in (select address from mail_suppressions where lifted_at is null)`;

type SuppressionRow = Omit<Suppression, 'suppressedAt'> & { suppressedAt: unknown };

export const SUPPRESSION_LIST_LIMIT = 200;

/** Suppressed addresses, newest first (at most SUPPRESSION_LIST_LIMIT), and how many there are. */
export async function listSuppressions(db: Knex, limit = SUPPRESSION_LIST_LIMIT): Promise<{ total: number; items: Suppression[] }> {
  const [rows, count] = await Promise.all([
    db('mail_suppressions').whereNull('liftedAt').orderBy('suppressedAt', 'desc').orderBy('address').limit(limit).select('address', 'reason', 'source', 'detail', 'suppressedAt') as Promise<SuppressionRow[]>,
    db('mail_suppressions').whereNull('liftedAt').count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { total: Number(count?.n ?? 0), items: rows.map((r) => ({ ...r, suppressedAt: toIso(r.suppressedAt) })) };
}

/**
 * An admin lifts a suppression (the person asked, the mailbox works again): newsletters go to the
 * address again, and its soft bounces count from zero. Audited.
 */
export async function liftSuppression(db: Knex, rawAddress: string, actor: { id: string; name: string | null }): Promise<Suppression> {
  const address = eventAddress(rawAddress);
  return db.transaction(async (trx) => {
    const row = address ? ((await trx('mail_suppressions').where({ address }).whereNull('liftedAt').first('address', 'reason', 'source', 'detail', 'suppressedAt')) as SuppressionRow | undefined) : undefined;
    if (!row || !address) throw notFound('This address is not suppressed.');
    const now = new Date().toISOString();
    await trx('mail_suppressions').where({ address }).whereNull('liftedAt').update({ liftedAt: now, liftedBy: actor.id.slice(0, 320) });
    await trx('mail_events').insert({ source: 'admin', eventId: `lift:${address}:${now}`.slice(0, 200), address, kind: 'lifted', detail: null, occurredAt: now, createdAt: now });
    await recordAudit(trx, {
      actor: actor.id,
      actorName: actor.name,
      action: 'lift',
      entity: 'subscriber',
      entityId: null,
      summary: `Suppression lifted: ${address}`,
      details: { name: address, reason: row.reason },
    });
    return { ...row, suppressedAt: toIso(row.suppressedAt) };
  });
}
