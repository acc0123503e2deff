// The trash: what admins deleted in the last TRASH_DAYS days (content and the media library's
// files), restorable; afterwards the `purge-trash` job deletes it for good. One job waits at any
// time (its job key), however many instances queue it, and each run queues the next, like the
// upload sweep. The media library purges its own rows and files (models/media/library.ts), in
// the same job: this domain sits below media and only names its table.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { toIso } from '../shared/dates';
import { isTrashName, TRASH_NAMES, type TrashName } from '../shared/admin-rules';
import { TRASH_MS, type TrashTable } from './trash-rules';
import { purgeProject } from './project';
import { deleteRevisionsOf } from './revisions';
import { storedActorName } from '../people/user';
import { recordAudit, type ActivityLine, type AuditEntry } from '../people/audit';

export { TRASH_DAYS, TRASH_MS, moveToTrash } from './trash-rules';
export { isTrashName, TRASH_NAMES, type TrashName };

/** The kinds of content (all but the media library's files): they have forms, revisions and a resource in content-edits.ts. */
export type ContentTrashName = Exclude<TrashName, 'media'>;
export const CONTENT_TRASH_NAMES = TRASH_NAMES.filter((n): n is ContentTrashName => n !== 'media');
export const isContentTrashName = (v: unknown): v is ContentTrashName => isTrashName(v) && v !== 'media';

interface TrashKind<E extends string> {
  table: TrashTable;
  /** The audit entity (and, for content, the revisions' entity). */
  entity: E;
  /** The column an admin recognises the item by, and its German twin (null: one for both languages). */
  label: string;
  labelDe: string | null;
  /** What a file shows, for telling two files of one name apart (the alt texts); null: nothing more. */
  about: string | null;
  aboutDe: string | null;
}

/** Where each kind lives, what its audit entity is called and what an admin recognises it by. */
export const TRASH_KINDS: {
  projects: TrashKind<'project'>;
  news: TrashKind<'news'>;
  team: TrashKind<'team'>;
  pages: TrashKind<'page'>;
  media: TrashKind<'media'>;
} = {
  projects: { table: 'projects', entity: 'project', label: 'title', labelDe: 'titleDe', about: null, aboutDe: null },
  news: { table: 'news_articles', entity: 'news', label: 'title', labelDe: 'titleDe', about: null, aboutDe: null },
  team: { table: 'team_members', entity: 'team', label: 'name', labelDe: null, about: null, aboutDe: null },
  pages: { table: 'page_contents', entity: 'page', label: 'pageName', labelDe: null, about: null, aboutDe: null },
  media: { table: 'media_items', entity: 'media', label: 'originalName', labelDe: null, about: 'altText', aboutDe: 'altTextDe' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrashItem {
  entity: string;
  name: TrashName;
  id: number;
  label: string;
  /** The German title, when the kind has one and it is filled in. */
  labelDe: string | null;
  /** A file's alt texts (what it shows), else null. */
  about: string | null;
  aboutDe: string | null;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  /** When the purge deletes it for good. */
  purgeAt: string;
  /** Whole days until then, counted from the moment of the list (0: in the next purge). */
  daysLeft: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The names the admins had when they deleted these items: content's delete revisions hold them, a file's audit entry. */
async function deleterNames(db: Knex, name: TrashName, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!ids.length) return names;
  const entity = TRASH_KINDS[name].entity;
  const rows =
    name === 'media'
      ? ((await db('audit_log').select('entityId', 'actor', 'actorName').where({ entity, action: 'delete' }).whereIn('entityId', ids.map(String)).orderBy('id', 'asc')) as { entityId: string; actor: string; actorName: string | null }[])
      : ((await db('revisions').select('entityId', 'actor', 'actorName').where({ entity, action: 'delete' }).whereIn('entityId', ids).orderBy('id', 'asc')) as { entityId: number; actor: string; actorName: string | null }[]);
  for (const r of rows) {
    const named = storedActorName(r.actor, r.actorName);
    if (named) names.set(Number(r.entityId), named);
  }
  return names;
}

/**
 * Trashed items, the latest deleted first (`name`: of one kind only). `nameOf` names the admin who
 * deleted it; `now` counts the days left.
 */
export async function listTrash(db: Knex, options: { name?: TrashName; nameOf?: (actor: string) => string | null; now?: Date } = {}): Promise<TrashItem[]> {
  const out: TrashItem[] = [];
  const now = (options.now ?? new Date()).getTime();
  for (const name of options.name ? [options.name] : TRASH_NAMES) {
    const kind = TRASH_KINDS[name];
    const columns = ['id', kind.label, kind.labelDe, kind.about, kind.aboutDe, 'deletedAt', 'deletedBy'].filter((c): c is string => c !== null);
    const rows = (await db(kind.table).select(columns).whereNotNull('deletedAt')) as Record<string, unknown>[];
    // The name the admin had when deleting: the revision (or a file's audit entry) of the delete holds it.
    const names = await deleterNames(db, name, rows.map((r) => Number(r.id)));
    for (const r of rows) {
      const deletedAt = toIso(r.deletedAt);
      const by = (r.deletedBy as string | null) ?? null;
      const purgeAt = Date.parse(deletedAt) + TRASH_MS;
      out.push({
        entity: kind.entity,
        name,
        id: Number(r.id),
        label: String(r[kind.label] ?? ''),
        labelDe: kind.labelDe ? text(r[kind.labelDe]) : null,
        about: kind.about ? text(r[kind.about]) : null,
        aboutDe: kind.aboutDe ? text(r[kind.aboutDe]) : null,
        deletedAt,
        deletedBy: by,
        // Null for an unnamed key: the screen words "Admin key ..." in the page's language.
        deletedByName: names.get(Number(r.id)) ?? (by && options.nameOf ? options.nameOf(by) : null),
        purgeAt: new Date(purgeAt).toISOString(),
        daysLeft: Math.max(0, Math.ceil((purgeAt - now) / DAY_MS)),
      });
    }
  }
  return out.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id);
}

export async function countTrash(db: Knex, name: TrashName): Promise<number> {
  const row = (await db(TRASH_KINDS[name].table).whereNotNull('deletedAt').count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** How many items of each kind are in the trash (the Trash screen's filter). */
export async function countTrashByKind(db: Knex): Promise<Record<TrashName, number>> {
  const counts = await Promise.all(TRASH_NAMES.map(async (name) => [name, await countTrash(db, name)] as const));
  return Object.fromEntries(counts) as Record<TrashName, number>;
}

/**
 * Takes an item out of the trash. A trashed item keeps its slug (and a page content its page
 * name) reserved, so it comes back under its old address. False when it is not in the trash.
 */
export async function restoreFromTrash(db: Knex, name: TrashName, id: number): Promise<boolean> {
  const changed = await db(TRASH_KINDS[name].table).where({ id }).whereNotNull('deletedAt').update({ deletedAt: null, deletedBy: null });
  return Number(changed) > 0;
}

/** The kind of trash an audit entity belongs to (project -> projects), or null. */
export function trashNameOfEntity(entity: string): TrashName | null {
  return TRASH_NAMES.find((n) => TRASH_KINDS[n].entity === entity) ?? null;
}

/**
 * What the Activity panel links and names: for each entry about a project, article, team member,
 * page content or file that still exists, where it is now (in the trash, or live: its form), and,
 * for an entry written before German titles were stored with it, the item's German title when the
 * item still carries the English title the entry names (then it is that title's twin). Entries
 * about something purged meanwhile stay as they are: nothing to link, their name as stored.
 */
export async function withActivityItems<E extends AuditEntry>(db: Knex, entries: E[]): Promise<(E & Pick<ActivityLine, 'item'>)[]> {
  const wanted = new Map<TrashName, Set<number>>();
  for (const e of entries) {
    const name = trashNameOfEntity(e.entity);
    const id = Number(e.entityId);
    if (name && Number.isSafeInteger(id) && id > 0) wanted.set(name, (wanted.get(name) ?? new Set()).add(id));
  }
  const found = new Map<string, { deleted: boolean; label: string | null; labelDe: string | null }>();
  for (const [name, ids] of wanted) {
    const kind = TRASH_KINDS[name];
    const columns = ['id', 'deletedAt', kind.label, kind.labelDe].filter((c): c is string => c !== null);
    const rows = (await db(kind.table).select(columns).whereIn('id', [...ids])) as Record<string, unknown>[];
    for (const r of rows) {
      found.set(`${name}:${Number(r.id)}`, { deleted: r.deletedAt != null, label: text(r[kind.label]), labelDe: kind.labelDe ? text(r[kind.labelDe]) : null });
    }
  }
  return entries.map((e) => {
    const name = trashNameOfEntity(e.entity);
    const row = name ? found.get(`${name}:${Number(e.entityId)}`) : undefined;
    if (!name || !row) return e;
    const details = e.details.nameDe === undefined && row.labelDe && row.label === (e.details.name ?? e.summary) ? { ...e.details, nameDe: row.labelDe } : e.details;
    return { ...e, details, item: { name, id: Number(e.entityId), state: row.deleted ? 'trash' : 'live' } };
  });
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
  // The media library's files are purged by the media library (runTrashPurgeJob's purgeMore).
  for (const name of CONTENT_TRASH_NAMES) {
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

/** What the job needs: `purgeMore` purges the kinds this domain cannot (the media library's files, which need the storage). */
export interface TrashPurgeDeps {
  db: Knex;
  jobs: JobQueue;
  log: Logger;
  purgeMore?: (now: Date) => Promise<PurgeResult['purged']>;
}

/** The job: purges, then queues the next run in an hour (also after a failed run). */
export async function runTrashPurgeJob(deps: TrashPurgeDeps, log: Logger = deps.log, now: () => Date = () => new Date()): Promise<PurgeResult | null> {
  try {
    const at = now();
    const r = await purgeTrash(deps.db, at);
    if (deps.purgeMore) r.purged.push(...(await deps.purgeMore(at)));
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
