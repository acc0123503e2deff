// What a killed process (kill -9, a crash, a lost machine) leaves of uploads: temporary files in
// UPLOAD_DIR/.incoming, and stored files whose row was never written (or whose delete could not
// reach the storage). The `sweep-uploads` job removes them; it keeps one pending run an hour
// under one job key, however many instances queue it.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import type { FileStorage } from '../providers/storage';
import { LIBRARY_MARKER, storageOwner, STORED_NAME, variantNamesOf } from './library';

export const SWEEP_UPLOADS_TASK = 'sweep-uploads';
/** Every run queues the next under this key: at most one sweep waits at any time. */
export const SWEEP_UPLOADS_KEY = 'sweep-uploads';
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/**
 * Only files older than this are swept: an upload writes its file a moment before its row, and
 * an upload being received writes its temporary file for a while.
 */
export const SWEEP_AGE_MS = 60 * 60 * 1000;

export interface SweepDeps {
  db: Knex;
  storage: FileStorage;
  log: Logger;
  /** UPLOAD_DIR: its .incoming folder holds the temporary files of uploads on this machine. */
  uploadDir: string;
}

export interface SweepResult {
  temporary: string[];
  stored: string[];
  /** False when the storage carries another database's mark, or none (no upload yet): its files were not touched. */
  storageSwept: boolean;
}

/** Every name the library's rows refer to: originals, recorded variants, variants still to be made. */
async function referencedNames(db: Knex): Promise<Set<string>> {
  const rows = (await db('media_items').select('fileName', 'fileType', 'variants')) as { fileName: string; fileType: string; variants: string }[];
  const names = new Set<string>();
  for (const row of rows) {
    names.add(row.fileName);
    if (row.fileType === 'image') for (const n of variantNamesOf(row.fileName)) names.add(n);
    try {
      for (const v of JSON.parse(row.variants) as { fileName?: string }[]) if (v.fileName) names.add(v.fileName);
    } catch {
      // A damaged variants list only means fewer names are known here; the derived ones remain.
    }
  }
  return names;
}

/** Removes this machine's temporary upload files last changed before `cutoff`; returns their names. */
export async function sweepIncoming(uploadDir: string, cutoff: number): Promise<string[]> {
  const incoming = path.join(path.resolve(uploadDir), '.incoming');
  const entries = await fs.readdir(incoming, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(incoming, entry.name);
    const st = await fs.stat(file).catch(() => null);
    if (!st || st.mtimeMs >= cutoff) continue;
    await fs.rm(file, { force: true });
    removed.push(entry.name);
  }
  return removed;
}

/**
 * Removes temporary upload files older than an hour, and stored files (originals and variants)
 * that no row refers to and that are older than an hour. `now` is injectable for tests.
 */
export async function sweepUploads(deps: SweepDeps, options: { now?: number; olderThanMs?: number } = {}): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const cutoff = now - (options.olderThanMs ?? SWEEP_AGE_MS);
  const result: SweepResult = { temporary: [], stored: [], storageSwept: false };

  result.temporary = await sweepIncoming(deps.uploadDir, cutoff);

  // Only a storage marked with this database's library id: another database's files are not ours.
  const owner = await storageOwner(deps);
  if (owner === 'other') deps.log.warn({ storage: deps.storage.where }, `sweep: the storage carries another database's ${LIBRARY_MARKER}; its files are left alone`);
  if (owner !== 'this') return result;
  result.storageSwept = true;
  const old = (await deps.storage.list()).filter((e) => STORED_NAME.test(e.name) && e.lastModified.getTime() < cutoff);
  if (!old.length) return result;
  // Read after listing: a row written meanwhile is seen, so its file stays.
  const referenced = await referencedNames(deps.db);
  for (const entry of old) {
    if (referenced.has(entry.name)) continue;
    await deps.storage.delete(entry.name);
    result.stored.push(entry.name);
  }
  return result;
}

/** Queues the sweep under its key (a single pending sweep, whoever queues it). */
export function queueUploadSweep(jobs: JobQueue, runAt?: Date): Promise<void> {
  return jobs.add(SWEEP_UPLOADS_TASK, {}, { key: SWEEP_UPLOADS_KEY, runAt, maxAttempts: 3 });
}

/**
 * At start: queues a sweep to run now (on whichever instance is free), and clears this machine's
 * own stale temporary files at once, since the queued sweep may well run on another machine.
 */
export async function startUploadSweeps(deps: { jobs: JobQueue; log: Logger; uploadDir: string }): Promise<void> {
  await queueUploadSweep(deps.jobs);
  void sweepIncoming(deps.uploadDir, Date.now() - SWEEP_AGE_MS).then(
    (removed) => removed.length && deps.log.info({ temporary: removed }, 'sweep: removed temporary files of interrupted uploads'),
    (err: unknown) => deps.log.warn({ err: (err as Error).message }, 'sweep: could not clear the temporary upload files'),
  );
}

/** The job: sweeps, then queues the next run in an hour (also after a failed sweep). */
export async function runUploadSweepJob(deps: SweepDeps & { jobs: JobQueue }, log: Logger = deps.log): Promise<void> {
  try {
    const r = await sweepUploads(deps);
    if (r.temporary.length || r.stored.length) log.info({ temporary: r.temporary, stored: r.stored }, 'sweep: removed files left by interrupted uploads');
  } catch (err) {
    // The next hourly run tries again; retrying at once would only meet the same outage.
    log.warn({ err: (err as Error).message }, 'sweep: could not finish; next run in an hour');
  } finally {
    await queueUploadSweep(deps.jobs, new Date(Date.now() + SWEEP_EVERY_MS));
  }
}
