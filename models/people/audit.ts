import type { Knex } from 'knex';
import { toIso } from '../shared/dates';
import { keepable } from '../shared/db-limits';
import { storedActorName } from './user';
import type { AuditDetails } from '../shared/audit-details';

export type { AuditDetails } from '../shared/audit-details';

export interface AuditEntry {
  id: number;
  actor: string;
  /** The actor's name when the entry was written; null for the system and an unnamed key (the page words them in its language). */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** One plain line (English, for scripts and the API); the admin words the entry from `details`. */
  summary: string | null;
  /** What the entry is about, as data (read back from `summary` for entries written before it was stored). */
  details: AuditDetails;
  createdAt: string;
}

export interface AuditInput {
  /** Who: the admin id (`res.locals.admin.id`). */
  actor: string;
  /** The admin's name (AdminIdentity.name): entries keep it even when the configuration changes later. */
  actorName?: string | null;
  /** What was done: create, update, delete, upload, login, send... */
  action: string;
  /** What it was done to: project, news, team, page, media, newsletter... */
  entity: string;
  entityId?: number | string | null;
  /** One human-readable line, e.g. the item's title. */
  summary?: string;
  /** What the admin's sentence needs beyond action and entity (the item's name is the summary unless given). */
  details?: AuditDetails;
}

/** Writes one audit entry (who, what, when). Every admin change calls this. Its texts are kept as both databases can (keepable: PostgreSQL refuses NUL). */
export async function recordAudit(db: Knex, entry: AuditInput): Promise<void> {
  await db('audit_log').insert({
    actor: keepable(entry.actor, 320),
    actorName: entry.actorName ? keepable(entry.actorName, 120) : null,
    action: entry.action.slice(0, 40),
    entity: entry.entity.slice(0, 40),
    entityId: entry.entityId === undefined || entry.entityId === null ? null : keepable(String(entry.entityId), 80),
    summary: entry.summary ? keepable(entry.summary, 500) || null : null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    createdAt: new Date().toISOString(),
  });
}

/** What to record about a change once it is known how it went (null: nothing happened, nothing to record). */
export type AuditOf<T> = (result: T, trx: Knex.Transaction) => AuditInput | null | Promise<AuditInput | null>;

/**
 * A write and its audit entry in one transaction: both are kept, or neither is (a crash, a failed
 * write or a failed entry leaves no change without its entry and no entry without its change).
 * `write` must do all its work through the transaction it is given.
 */
export function audited<T>(db: Knex, write: (trx: Knex.Transaction) => Promise<T>, entry: AuditOf<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await write(trx);
    const e = await entry(result, trx);
    if (e) await recordAudit(trx, e);
    return result;
  });
}

/** The kinds of thing the Activity panel filters by, and the audit entities each covers. */
export const AUDIT_KINDS = {
  // A project's spending records are filed with the project.
  projects: ['project', 'spending'],
  news: ['news'],
  team: ['team'],
  pages: ['page'],
  media: ['media'],
  newsletter: ['newsletter', 'campaign', 'subscriber', 'subscribers'],
  social: ['social'],
  donations: ['donations', 'certificates', 'bank', 'offline_gift'],
  signins: ['session'],
} as const satisfies Record<string, readonly string[]>;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const isAuditKind = (v: unknown): v is AuditKind => typeof v === 'string' && Object.hasOwn(AUDIT_KINDS, v);

export interface AuditFilter {
  limit?: number;
  /** One audit entity (project, news...). */
  entity?: string;
  kind?: AuditKind;
  action?: string;
  /** The admin id (an e-mail address or key:<fingerprint>). */
  actor?: string;
}

type AuditRow = Omit<AuditEntry, 'createdAt' | 'actorName' | 'details'> & { createdAt: unknown; actorName?: string | null; details?: string | null };

const CONTENT_ENTITIES = new Set(['project', 'news', 'team', 'page']);

/**
 * The details of an entry written before they were stored: its `summary` was one English line in
 * a few fixed shapes, read back here so that old entries read as sentences too. A line of no
 * known shape is the item's name.
 */
export function detailsFromSummary(action: string, entity: string, entityId: string | null, summary: string | null): AuditDetails {
  const s = summary ?? '';
  if (!s) return {};
  let m: RegExpExecArray | null;
  if (entity === 'session') return s.includes('e-mail') ? { method: 'email' } : s.includes('key') ? { method: 'key' } : {};
  if (CONTENT_ENTITIES.has(entity)) {
    if (action === 'adjust' && (m = /^Raised amount adjusted by ([+-]?\d+(?:\.\d+)?) USD \(now (-?\d+(?:\.\d+)?) USD\): ([\s\S]*)$/.exec(s))) {
      return { name: m[3], amountCents: Math.round(Number(m[1]) * 100), totalCents: Math.round(Number(m[2]) * 100), currency: 'USD' };
    }
    if ((m = /^([\s\S]*) \(revision #(\d+)\)$/.exec(s))) return { name: m[1], revision: { id: Number(m[2]) } };
    if ((m = /^([\s\S]*) \(machine draft: ([\w., -]+)\)$/.exec(s))) return { name: m[1], machine: m[2]!.split(',').map((f) => f.trim()).filter(Boolean) };
    return { name: s };
  }
  if (entity === 'spending' && (m = /^(-?\d+(?:\.\d+)?) USD (\w+) on (\d{4}-\d{2}-\d{2}): ([\s\S]*)$/.exec(s))) {
    // "<description> (<project>)": the project is the last parenthesis (a description rarely ends in one).
    const rest = m[4]!;
    const cut = rest.endsWith(')') ? rest.lastIndexOf(' (') : -1;
    return {
      amountCents: Math.round(Number(m[1]) * 100),
      currency: 'USD',
      category: m[2],
      date: m[3],
      description: cut > 0 ? rest.slice(0, cut) : rest,
      ...(cut > 0 ? { project: rest.slice(cut + 2, -1) } : {}),
    };
  }
  if ((entity === 'subscribers' || entity === 'donations') && action === 'export' && /^\d+$/.test(s)) return { count: Number(s) };
  if (entity === 'certificates' && /^\d{4}$/.test(s)) return { year: Number(s) };
  if (entity === 'subscriber') return {};
  if (entity === 'newsletter' && action === 'retry') return {};
  if (entity === 'newsletter' && action === 'send') {
    if (entityId === null && (m = /^([\s\S]*) \u2192 (\S+@\S+)$/.exec(s))) return { name: m[1]!.replace(/^\[Test\] /, ''), to: m[2] };
    if ((m = /^([\s\S]*) \((\d+)\)$/.exec(s))) return { name: m[1], count: Number(m[2]) };
    return { name: s };
  }
  if (entity === 'social' && (m = /^([\s\S]*) \(([^()]*)\)$/.exec(s))) return { name: m[1], platforms: m[2]!.split(', ').filter(Boolean) };
  return { name: s };
}

function parseDetails(raw: unknown): AuditDetails | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditDetails) : null;
  } catch {
    return null;
  }
}

/**
 * Restores whose revision is known only by its id (entries written before details were stored):
 * who saved that revision and when, from the revisions table (a purged item's are gone: the
 * sentence then says "an earlier version").
 */
async function withRevisionAuthors(db: Knex, entries: AuditEntry[]): Promise<void> {
  const wanted = entries.filter((e) => e.details.revision && !e.details.revision.at);
  if (!wanted.length) return;
  const ids = [...new Set(wanted.map((e) => e.details.revision!.id))];
  const rows = (await db('revisions').whereIn('id', ids).select('id', 'action', 'actor', 'actorName', 'createdAt')) as { id: number; action: string; actor: string; actorName: string | null; createdAt: unknown }[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const e of wanted) {
    const r = byId.get(e.details.revision!.id);
    if (r) e.details = { ...e.details, revision: { id: Number(r.id), action: r.action, actor: r.actor, actorName: storedActorName(r.actor, r.actorName), at: toIso(r.createdAt) } };
  }
}

/** Newest entries first. `nameOf` names entries written before names were stored (from the current configuration). */
export async function listAudit(db: Knex, options: AuditFilter = {}, nameOf?: (actor: string) => string | null): Promise<AuditEntry[]> {
  const q = db('audit_log').select('*').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(Math.min(options.limit ?? 50, 1000));
  if (options.entity) q.where({ entity: options.entity });
  if (options.kind) q.whereIn('entity', [...AUDIT_KINDS[options.kind]]);
  if (options.action) q.where({ action: options.action });
  if (options.actor) q.where({ actor: options.actor });
  const rows = (await q) as AuditRow[];
  const entries = rows.map((r): AuditEntry => ({
    ...r,
    actorName: storedActorName(r.actor, r.actorName) ?? (nameOf && r.actor !== 'system' ? nameOf(r.actor) : null),
    entityId: r.entityId ?? null,
    summary: r.summary ?? null,
    details: parseDetails(r.details) ?? detailsFromSummary(r.action, r.entity, r.entityId ?? null, r.summary ?? null),
    createdAt: toIso(r.createdAt),
  }));
  await withRevisionAuthors(db, entries);
  return entries;
}

/**
 * Where the item of an entry is now, for the Activity panel's link: `name` is its kind of trash
 * (projects, news, team, pages, media: models/shared/admin-rules.ts TRASH_NAMES), `state` whether
 * it lies in the trash or is live (its form). Absent: not about such an item, or it is gone.
 */
export interface ActivityItem {
  name: string;
  id: number;
  state: 'live' | 'trash';
}

/** One line of the Activity panel: an entry, or several sign-ins of one person in a row. */
export interface ActivityLine extends AuditEntry {
  /** How many entries the line stands for (sign-ins grouped), 1 otherwise. */
  count: number;
  /** The earliest of them (createdAt is the latest). */
  firstAt: string;
  /** Filled by models/content/trash.ts withActivityItems (this domain knows no content). */
  item?: ActivityItem;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Groups consecutive sign-ins of one person (nothing else of theirs, or anyone's, between them in
 * the list shown) within a day into one line, so a morning of sign-ins does not push the changes
 * out of sight. Entries come newest first.
 */
export function groupSignIns(entries: AuditEntry[]): ActivityLine[] {
  const out: ActivityLine[] = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (
      last &&
      e.action === 'login' &&
      last.action === 'login' &&
      last.actor === e.actor &&
      Date.parse(last.createdAt) - Date.parse(e.createdAt) < DAY_MS
    ) {
      last.count += 1;
      last.firstAt = e.createdAt;
      continue;
    }
    out.push({ ...e, count: 1, firstAt: e.createdAt });
  }
  return out;
}

/** The Activity panel's lines: grouped, at most `limit` of them (more entries are read to fill them). */
export async function listActivity(db: Knex, filter: AuditFilter, nameOf?: (actor: string) => string | null): Promise<ActivityLine[]> {
  const limit = Math.max(1, Math.min(filter.limit ?? 15, 200));
  const entries = await listAudit(db, { ...filter, limit: Math.min(limit * 5, 1000) }, nameOf);
  return groupSignIns(entries).slice(0, limit);
}

/** Everyone who appears in the audit log (id and latest known name; null: an unnamed key), for the person filter. */
export async function auditActors(db: Knex, nameOf: (actor: string) => string | null): Promise<{ id: string; name: string | null }[]> {
  const rows = (await db('audit_log').distinct('actor').orderBy('actor').limit(200)) as { actor: string }[];
  const named = (await db('audit_log').select('actor', 'actorName').whereNotNull('actorName').orderBy('id', 'desc').limit(2000)) as { actor: string; actorName: string }[];
  const latest = new Map<string, string>();
  for (const r of named) {
    const name = storedActorName(r.actor, r.actorName);
    if (name && !latest.has(r.actor)) latest.set(r.actor, name);
  }
  return rows.filter((r) => r.actor !== 'system').map((r) => ({ id: r.actor, name: latest.get(r.actor) ?? nameOf(r.actor) }));
}

/** The Activity panel's filter from query parameters (API and the no-JavaScript page alike); unknown values are ignored. */
export function activityFilter(q: Record<string, unknown>): AuditFilter {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined);
  return {
    entity: text(q.entity, 40),
    kind: isAuditKind(q.kind) ? q.kind : undefined,
    action: text(q.action, 40),
    actor: text(q.actor, 320),
  };
}
