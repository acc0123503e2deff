// The trash: what admins deleted in the last TRASH_DAYS days, restorable; afterwards the
// `purge-trash` job deletes it for good. One job waits at any time (its job key), however many
// instances queue it, and each run queues the next, like the upload sweep.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { toIso } from '../shared/dates';
import { TRASH_MS, type ContentTable } from './trash-rules';
import { purgeProject } from './project';
import { deleteRevisionsOf, type RevisionEntity } from './revisions';
import { storedActorName } from '../people/user';
import { recordAudit } from '../people/audit';

export { TRASH_DAYS, TRASH_MS, moveToTrash } from './trash-rules';

export type TrashName = 'projects' | 'news' | 'team' | 'pages';

/** Where each kind of content lives, what its audit entity is called and what an admin recognises it by. */
export const TRASH_KINDS: Record<TrashName, { table: ContentTable; entity: RevisionEntity; label: string }> = {
  projects: { table: 'projects', entity: 'project', label: 'title' },
  news: { table: 'news_articles', entity: 'news', label: 'title' },
  team: { table: 'team_members', entity: 'team', label: 'name' },
  pages: { table: 'page_contents', entity: 'page', label: 'pageName' },
};
export const TRASH_NAMES = Object.keys(TRASH_KINDS) as TrashName[];
export const isTrashName = (v: unknown): v is TrashName => typeof v === 'string' && Object.hasOwn(TRASH_KINDS, v);

export interface TrashItem {
  entity: RevisionEntity;
  name: TrashName;
  id: number;
  label: string;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  /** When the purge deletes it for good. */
  purgeAt: string;
}

/** Trashed items, the latest deleted first (`name`: of one kind only). `nameOf` names the admin who deleted it. */
export async function listTrash(db: Knex, options: { name?: TrashName; nameOf?: (actor: string) => string | null } = {}): Promise<TrashItem[]> {
  const out: TrashItem[] = [];
  for (const name of options.name ? [options.name] : TRASH_NAMES) {
    const kind = TRASH_KINDS[name];
    const rows = (await db(kind.table).select('id', kind.label, 'deletedAt', 'deletedBy').whereNotNull('deletedAt')) as Record<string, unknown>[];
    // The name the admin had when deleting: the revision of the delete holds it.
    const names = new Map<number, string>();
    if (rows.length) {
      const revs = (await db('revisions')
        .select('entityId', 'actor', 'actorName')
        .where({ entity: kind.entity, action: 'delete' })
        .whereIn('entityId', rows.map((r) => Number(r.id)))
        .orderBy('id', 'asc')) as { entityId: number; actor: string; actorName: string | null }[];
      for (const r of revs) {
        const named = storedActorName(r.actor, r.actorName);
        if (named) names.set(Number(r.entityId), named);
      }
    }
    for (const r of rows) {
      const deletedAt = toIso(r.deletedAt);
      const by = (r.deletedBy as string | null) ?? null;
      out.push({
        entity: kind.entity,
        name,
        id: Number(r.id),
        label: String(r[kind.label] ?? ''),
        deletedAt,
        deletedBy: by,
        // Null for an unnamed key: the panel words "Admin key ..." in the page's language.
        deletedByName: names.get(Number(r.id)) ?? (by && options.nameOf ? options.nameOf(by) : null),
        purgeAt: new Date(Date.parse(deletedAt) + TRASH_MS).toISOString(),
      });
    }
  }
  return out.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id);
}

export async function countTrash(db: Knex, name: TrashName): Promise<number> {
  const row = (await db(TRASH_KINDS[name].table).whereNotNull('deletedAt').count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Takes an item out of the trash. A trashed item keeps its slug (and a page content its page
 * name) reserved, so it comes back under its old address. False when it is not in the trash.
 */
export async function restoreFromTrash(db: Knex, name: TrashName, id: number): Promise<boolean> {
  const changed = await db(TRASH_KINDS[name].table).where({ id }).whereNotNull('deletedAt').update({ deletedAt: null, deletedBy: null });
  return Number(changed) > 0;
}

export interface PurgeResult {
  purged: { name: TrashName; id: number }[];
}

/**
 * Deletes for good what went to the trash more than TRASH_DAYS before `now` (with its revisions).
 * Each deletion leaves an audit entry (by "system", action erase, with the item's label), written
 * in the same transaction: the final deletion is never without its trace, nor the trace without it.
 */
export async function purgeTrash(db: Knex, now: Date = new Date()): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - TRASH_MS).toISOString();
  const result: PurgeResult = { purged: [] };
  for (const name of TRASH_NAMES) {
    const kind = TRASH_KINDS[name];
    const rows = (await db(kind.table).select('id', kind.label).whereNotNull('deletedAt').where('deletedAt', '<', cutoff)) as Record<string, unknown>[];
    for (const row of rows) {
      const id = Number(row.id);
      const gone = await db.transaction(async (trx) => {
        // A project's spending records go with it, explicitly: they describe only that project,
        // and a database restored without its foreign keys' cascade must not keep them orphaned.
        if (name === 'projects' && (await trx('projects').where({ id }).whereNotNull('deletedAt').first('id'))) {
          await trx('project_spending').where({ projectId: id }).delete();
        }
        const deleted =
          name === 'projects'
            ? await purgeProject(trx, id)
            : Number(await trx(kind.table).where({ id }).whereNotNull('deletedAt').delete()) > 0;
        if (!deleted) return false;
        await deleteRevisionsOf(trx, kind.entity, id);
        // Its translation status rows describe texts that no longer exist.
        await trx('translation_sources').where({ entity: kind.entity, entityId: id }).delete();
        await recordAudit(trx, { actor: 'system', action: 'erase', entity: kind.entity, entityId: id, summary: String(row[kind.label] ?? '') });
        return true;
      });
      if (gone) result.purged.push({ name, id });
    }
  }
  return result;
}

export const PURGE_TRASH_TASK = 'purge-trash';
/** Every run queues the next under this key: at most one purge waits at any time. */
export const PURGE_TRASH_KEY = 'purge-trash';
export const PURGE_EVERY_MS = 60 * 60 * 1000;

export function queueTrashPurge(jobs: JobQueue, runAt?: Date): Promise<void> {
  return jobs.add(PURGE_TRASH_TASK, {}, { key: PURGE_TRASH_KEY, runAt, maxAttempts: 3 });
}

/** The job: purges, then queues the next run in an hour (also after a failed run). */
export async function runTrashPurgeJob(deps: { db: Knex; jobs: JobQueue; log: Logger }, log: Logger = deps.log, now: () => Date = () => new Date()): Promise<PurgeResult | null> {
  try {
    const r = await purgeTrash(deps.db, now());
    if (r.purged.length) log.info({ purged: r.purged }, 'trash: deleted items trashed more than 30 days ago');
    return r;
  } catch (err) {
    // The next hourly run tries again; retrying at once would only meet the same outage.
    log.warn({ err: (err as Error).message }, 'trash: purge could not finish; next run in an hour');
    return null;
  } finally {
    await queueTrashPurge(deps.jobs, new Date(Date.now() + PURGE_EVERY_MS));
  }
}
