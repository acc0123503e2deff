// Scheduled items go live by themselves. Visibility needs no job: every public read asks whether
// an item's publication time has passed (whereLive). What the job does is tell the caches: pages
// and API answers are kept per content version, and the time passing writes nothing that would
// raise the version. So at an item's publication time a job raises the `content_version` counter
// (every instance's page cache starts over) and writes a 'publish' audit entry.
//
// Two ways lead there, both through announceDue():
// - per item: saving an item with a future publication time queues `publish-item` at that time,
//   keyed per item (a re-save replaces the waiting job, so only the latest time counts);
// - the guard: `publish-sweep` runs every minute (one pending run for all instances, re-queued
//   by each run, as the upload sweep is) and catches anything whose job was lost.
// announceDue() announces the publication times in (watermark, now] and moves the watermark in
// the same transaction, taking it over only if no other run moved it meanwhile: each item is
// announced once, whichever run sees it first, on whichever instance.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { recordAudit } from '../people/audit';
import { toIso } from '../shared/dates';

export const PUBLISH_ITEM_TASK = 'publish-item';
export const PUBLISH_SWEEP_TASK = 'publish-sweep';
const PUBLISH_SWEEP_KEY = 'publish-sweep';
export const PUBLISH_SWEEP_EVERY_MS = 60_000;
const WATERMARK_KEY = 'publish_watermark';
const FIRST_LOOK_BACK_MS = 10 * 60_000;
/**
 * Each instance decides "public" by its own clock, and the run that announces an item by its own.
 * An instance whose clock lags may render the page once more without the item after the
 * announcement and keep it until the next raise; so the run after an announcement (a minute later
 * at most) raises the version once more for items published within this slack.
 */
const CLOCK_SLACK_MS = 60_000;
/** The first check after a start waits a moment: a start has enough to do. */
export const PUBLISH_SWEEP_FIRST_DELAY_MS = 5_000;

/** The content tables with publication times, and the audit log's name of each. */
const TABLES = [
  { table: 'projects', entity: 'project', label: 'title' },
  { table: 'news_articles', entity: 'news', label: 'title' },
  { table: 'team_members', entity: 'team', label: 'name' },
  { table: 'page_contents', entity: 'page', label: 'pageName' },
] as const;

export type PublishEntity = (typeof TABLES)[number]['entity'];

export interface Announced {
  entity: PublishEntity;
  id: number;
  label: string;
}

/**
 * Announces every item whose publication time passed since the last announcement: one raise of
 * the content version and one audit entry per item. Returns what it announced (empty: nothing
 * due, or another run announced it).
 */
export async function announceDue(db: Knex, now: Date = new Date()): Promise<Announced[]> {
  const nowIso = now.toISOString();
  return db.transaction(async (trx) => {
    // The very first run looks a little way back (an item's job may come before the first check),
    // not to the beginning: items public long ago need no announcement.
    const start = new Date(now.getTime() - FIRST_LOOK_BACK_MS).toISOString();
    await trx('app_settings').insert({ key: WATERMARK_KEY, value: start }).onConflict('key').ignore();
    const row = (await trx('app_settings').where({ key: WATERMARK_KEY }).first('value')) as { value: string };
    const since = row.value;
    if (since >= nowIso) return [];
    // Taken over only if still the one read: a concurrent run announces its own interval.
    const moved = Number(await trx('app_settings').where({ key: WATERMARK_KEY, value: since }).update({ value: nowIso }));
    if (moved !== 1) return [];
    const due: Announced[] = [];
    // Items announced by the run before, for instances whose clocks lag: see CLOCK_SLACK_MS.
    let recent = 0;
    const recheckFrom = new Date(Date.parse(since) - CLOCK_SLACK_MS).toISOString();
    for (const { table, entity, label } of TABLES) {
      const rows = (await trx(table)
        .whereNull('deletedAt')
        .where('draft', false)
        .where('publishAt', '>', recheckFrom)
        .andWhere('publishAt', '<=', nowIso)
        .select('id', 'publishAt', label)) as Record<string, unknown>[];
      for (const r of rows) {
        if (toIso(r.publishAt) > since) due.push({ entity, id: Number(r.id), label: String(r[label] ?? '') });
        else recent++;
      }
    }
    if (!due.length && !recent) return due;
    await trx('content_version').where({ id: 1 }).increment('version', 1);
    for (const item of due) await recordAudit(trx, { actor: 'system', action: 'publish', entity: item.entity, entityId: item.id, summary: item.label });
    return due;
  });
}

/** The job key of an item's publication: one waiting job per item. */
export const publishJobKey = (entity: string, id: number) => `publish:${entity}:${id}`;

/**
 * Queues the announcement of an item saved with a future publication time (nothing for a draft,
 * or a time already past: the save itself changed what visitors see), in the save's transaction.
 * The minute check (PUBLISH_SWEEP_TASK) announces any item whose job went missing all the same.
 */
export async function schedulePublication(deps: { jobs: JobQueue; trx: Knex }, entity: string, item: { id: number; draft: boolean; publishAt: string | null }, now = Date.now()): Promise<boolean> {
  if (item.draft || !item.publishAt) return false;
  const at = Date.parse(item.publishAt);
  if (!(at > now)) return false;
  await deps.jobs.add(PUBLISH_ITEM_TASK, { entity, id: item.id, publishAt: item.publishAt }, { key: publishJobKey(entity, item.id), runAt: new Date(at), maxAttempts: 5, trx: deps.trx });
  return true;
}

/** A job may start a moment before its time by another machine's clock: it waits that moment out. */
const EARLY_TOLERANCE_MS = 10_000;

export async function runPublishItemJob(db: Knex, payload: unknown, log: Logger): Promise<void> {
  const at = Date.parse(String((payload as { publishAt?: unknown } | null)?.publishAt ?? ''));
  const early = at - Date.now();
  if (early > 0 && early < EARLY_TOLERANCE_MS) await new Promise((r) => setTimeout(r, early + 5));
  const due = await announceDue(db);
  if (due.length) log.info({ published: due }, 'published scheduled content');
}

export function queuePublishSweep(jobs: JobQueue, runAt?: Date): Promise<void> {
  return jobs.add(PUBLISH_SWEEP_TASK, {}, { key: PUBLISH_SWEEP_KEY, runAt, maxAttempts: 3 });
}

/** The guard: announces what is due, then queues the next run in a minute (also after a failure). */
export async function runPublishSweepJob(deps: { db: Knex; jobs: JobQueue }, log: Logger): Promise<void> {
  try {
    const due = await announceDue(deps.db);
    if (due.length) log.info({ published: due }, 'published scheduled content (minute check)');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'publish check failed; next run in a minute');
  } finally {
    await queuePublishSweep(deps.jobs, new Date(Date.now() + PUBLISH_SWEEP_EVERY_MS));
  }
}
