import type { Knex } from 'knex';
import { toIso } from './dates';

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string | null;
  createdAt: string;
}

export interface AuditInput {
  /** Who: the admin id (`res.locals.admin.id`). */
  actor: string;
  /** What was done: create, update, delete, upload, login, send... */
  action: string;
  /** What it was done to: project, news, team, page, media, newsletter... */
  entity: string;
  entityId?: number | string | null;
  /** One human-readable line, e.g. the item's title. */
  summary?: string;
}

/** Writes one audit entry (who, what, when). Every admin change calls this. */
export async function recordAudit(db: Knex, entry: AuditInput): Promise<void> {
  await db('audit_log').insert({
    actor: entry.actor.slice(0, 320),
    action: entry.action.slice(0, 40),
    entity: entry.entity.slice(0, 40),
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId).slice(0, 80),
    summary: entry.summary ? entry.summary.slice(0, 500) : null,
    createdAt: new Date().toISOString(),
  });
}

/** Newest entries first. */
export async function listAudit(db: Knex, options: { limit?: number; entity?: string } = {}): Promise<AuditEntry[]> {
  const q = db('audit_log').select('*').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(Math.min(options.limit ?? 50, 500));
  if (options.entity) q.where({ entity: options.entity });
  const rows = (await q) as (Omit<AuditEntry, 'createdAt'> & { createdAt: unknown })[];
  return rows.map((r) => ({ ...r, entityId: r.entityId ?? null, summary: r.summary ?? null, createdAt: toIso(r.createdAt) }));
}
