// Durable background jobs behind one small interface: graphile-worker on PostgreSQL (any number
// of instances share the queue; LISTEN/NOTIFY wakes a worker at once), and a `jobs` table worked by
// the one process on SQLite. A job survives a restart, runs on any instance, and is retried with
// exponential backoff when it throws. Tasks must be idempotent or claim their effect first
// (mails and newsletter deliveries do: a recipient row is claimed before the mail leaves).
//
// A job is locked by the worker that runs it. Every instance records in `job_workers`, every
// HEARTBEAT_MS, that its workers are alive; a job whose worker has been silent for STALE_MS
// (killed with -9, frozen, its machine gone) is freed by whichever instance beats next, and runs
// again on a living one: within STALE_MS + 2 x HEARTBEAT_MS of the last sign of life (50 s).
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import pg from 'pg';
import type { Runner, WorkerUtils } from 'graphile-worker';
import { EventEmitter } from 'node:events';
import { isSqlite, schemaOf } from '../../db/connection';

export interface JobContext {
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  log: Logger;
  /** Aborted when the process is shutting down: long tasks stop early and run again later. */
  signal: AbortSignal;
}

export type TaskHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type TaskList = Record<string, TaskHandler>;

export interface AddJobOptions {
  /** At most one waiting job per key: adding again replaces its payload and time. */
  key?: string;
  runAt?: Date;
  /** Default 10 (backoff e^attempt seconds: the last retry about 2.5 hours after the first run). */
  maxAttempts?: number;
  /** Add the job inside this transaction: it exists only if the transaction commits. */
  trx?: Knex | Knex.Transaction;
}

export interface JobStats {
  /** Due or scheduled, not yet done. */
  waiting: number;
  /** Being worked on now. */
  running: number;
  /** Gave up after their last attempt (kept for the operator). */
  failed: number;
}

export interface JobQueue {
  kind: 'graphile' | 'local';
  /** Creates or updates the queue's own tables (at start, in the instance's start-up turn). */
  prepare(): Promise<void>;
  add(task: string, payload: Record<string, unknown>, options?: AddJobOptions): Promise<void>;
  /** Starts working jobs with these handlers (once). */
  start(tasks: TaskList): Promise<void>;
  /** Stops taking jobs and waits for running ones (aborting them after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when no job is due or running (tests; nothing in production waits on it). */
  idle(timeoutMs?: number): Promise<void>;
  stats(): Promise<JobStats>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;
/** How often each instance says its workers are alive. */
export const HEARTBEAT_MS = 10_000;
/** A worker silent this long is dead or frozen: the jobs it holds are freed. */
export const STALE_MS = 30_000;
/** Exponential backoff as graphile-worker does it: e^min(attempt, 10) seconds. */
export const backoffMs = (attempt: number) => Math.round(Math.exp(Math.min(attempt, 10)) * 1000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string, describe?: () => Promise<string>): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`jobs: timed out waiting for ${what}${describe ? `: ${await describe().catch(() => '?')}` : ''}`);
    await sleep(20);
  }
}

/**
 * The heartbeat of one instance's workers, the same on both databases: `ids()` are the worker ids
 * this instance locks jobs with; `freeStale()` frees the jobs locked more than STALE_MS ago by a
 * worker with no heartbeat in the last STALE_MS (none at all: killed before its first beat, or its
 * row already removed) and answers which workers it freed. The grace on the lock's age keeps a
 * worker that has just started (its first beat on its way) from losing its first job.
 */
function heartbeat(options: { db: Knex; log: Logger; instance: string; ids: () => string[]; freeStale: () => Promise<string[]> }) {
  const { db, log, instance, ids, freeStale } = options;
  let timer: NodeJS.Timeout | null = null;
  // The database's clock on PostgreSQL (instances on several machines compare one clock); SQLite
  // is on this machine.
  const now = () => (isSqlite(db) ? new Date().toISOString() : db.fn.now());
  async function beat(): Promise<void> {
    for (const workerId of ids()) {
      await db('job_workers').insert({ workerId, instance, heartbeatAt: now() }).onConflict('workerId').merge(['instance', 'heartbeatAt']);
    }
    const freed = await freeStale();
    if (freed.length) log.warn({ workers: freed }, 'jobs: freed the jobs of workers that stopped answering; a living instance runs them again');
    // Rows of workers silent for STALE_MS: their jobs are free now (a frozen one that wakes up beats again).
    const cutoff = isSqlite(db) ? new Date(Date.now() - STALE_MS).toISOString() : db.raw(`now() - make_interval(secs => ?)`, [STALE_MS / 1000]);
    await db('job_workers').where('heartbeatAt', '<', cutoff).delete();
  }
  const safeBeat = () => beat().catch((err: unknown) => log.warn({ err }, 'jobs: heartbeat failed'));
  return {
    /** Beats once now (before the first job is taken), then every HEARTBEAT_MS. */
    async start(): Promise<void> {
      await safeBeat();
      timer ??= setInterval(() => void safeBeat(), HEARTBEAT_MS);
      timer.unref();
    },
    beat: safeBeat,
    /** Stops beating and says goodbye: this instance's rows go (its jobs are finished or given back). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await db('job_workers').where({ instance }).delete().catch(() => undefined);
    },
  };
}

/** The queue for this database: graphile-worker on PostgreSQL, the local table on SQLite. */
export function createJobQueue(options: { db: Knex; databaseUrl: string; log: Logger; concurrency?: number; pollIntervalMs?: number }): JobQueue {
  return isSqlite(options.db) ? localQueue(options) : graphileQueue(options);
}

// --- SQLite: the `jobs` table, worked by this process --------------------------------------------

interface JobRow {
  id: number;
  task: string;
  payload: string;
  key: string | null;
  runAtMs: number | string;
  attempts: number;
  maxAttempts: number;
  lockedAtMs: number | string | null;
}

function localQueue({ db, log, concurrency = 4, pollIntervalMs = 1000 }: { db: Knex; log: Logger; concurrency?: number; pollIntervalMs?: number }): JobQueue {
  const workerId = `local-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  let tasks: TaskList | null = null;
  let running = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();

  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  // Several processes may work one SQLite file (two instances on one machine, a restart while
  // the old process hangs): a job stays with its worker while that worker beats.
  const beats = heartbeat({
    db,
    log,
    instance: workerId,
    ids: () => [workerId],
    async freeStale() {
      const lockedBefore = Date.now() - STALE_MS;
      const aliveSince = new Date(lockedBefore).toISOString();
      const orphaned = db('jobs')
        .whereNotNull('lockedBy')
        .where('lockedAtMs', '<', lockedBefore)
        .whereNotExists((q) => q.select(db.raw('1')).from('job_workers').whereRaw('job_workers.worker_id = jobs.locked_by').where('heartbeatAt', '>=', aliveSince));
      const freed = [...new Set(((await orphaned.clone().select('lockedBy')) as { lockedBy: string }[]).map((r) => r.lockedBy))];
      if (freed.length) {
        await orphaned.clone().update({ lockedAtMs: null, lockedBy: null });
        nudge();
      }
      return freed;
    },
  });

  async function claim(): Promise<JobRow | null> {
    const now = Date.now();
    // One statement: SQLite runs it atomically, so a job is claimed once.
    const rows = (await db.raw(
      `update jobs set locked_at_ms = ?, locked_by = ?, attempts = attempts + 1
        where id = (select id from jobs where locked_at_ms is null and run_at_ms <= ? and attempts < max_attempts
                    order by run_at_ms, id limit 1)
        returning *`,
      [now, workerId, now],
    )) as Record<string, unknown>[];
    // Raw SQLite rows come back camelCased by db/connection.ts.
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      task: String(row.task),
      payload: String(row.payload),
      key: (row.key as string | null) ?? null,
      runAtMs: Number(row.runAtMs),
      attempts: Number(row.attempts),
      maxAttempts: Number(row.maxAttempts),
      lockedAtMs: Number(row.lockedAtMs),
    };
  }

  /** Runs a claimed job and records how it went. Never rejects: it runs detached from the loop. */
  async function work(job: JobRow): Promise<void> {
    const handler = tasks?.[job.task];
    const jobLog = log.child({ job: job.id, task: job.task, attempt: job.attempts });
    try {
      if (!handler) throw new Error(`no handler for task ${job.task}`);
      await handler(JSON.parse(job.payload), { attempt: job.attempts, maxAttempts: job.maxAttempts, log: jobLog, signal: abort.signal });
      // Only while it is still ours: a job freed while this process was frozen belongs to its new worker.
      await db('jobs').where({ id: job.id, lockedBy: workerId }).delete();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      (final ? jobLog.error.bind(jobLog) : jobLog.warn.bind(jobLog))({ err: message }, final ? 'job failed for good' : 'job failed, will retry');
      const record = () =>
        db('jobs')
          .where({ id: job.id, lockedBy: workerId })
          .update({ lockedAtMs: null, lockedBy: null, lastError: message.slice(0, 2000), runAtMs: Date.now() + backoffMs(job.attempts), failedAt: final ? new Date().toISOString() : null });
      // The database may be busy past its wait (another process's long write lock) or gone for a
      // moment: a few more tries, then the job stays locked by this worker until this instance
      // stops and another takes it over (as after a crash). Never a crash of the process.
      for (const [i, pause] of [0, 2000, 5000, 15000].entries()) {
        if (pause) await new Promise<void>((resolve) => setTimeout(resolve, abort.signal.aborted ? 0 : pause).unref());
        try {
          await record();
          return;
        } catch (recordErr) {
          const last = i === 3 || abort.signal.aborted;
          jobLog.error({ err: recordErr instanceof Error ? recordErr.message : String(recordErr) }, last ? 'jobs: could not record the outcome of a job; it runs again later' : 'jobs: could not record the outcome of a job yet; trying again');
          if (last) return;
        }
      }
    }
  }

  async function runLoop(): Promise<void> {
    while (running) {
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      let job: JobRow | null = null;
      try {
        job = await claim();
      } catch (err) {
        log.error({ err }, 'jobs: could not claim a job');
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, pollIntervalMs).unref();
        });
        continue;
      }
      const p: Promise<void> = work(job).finally(() => {
        inFlight.delete(p);
        nudge();
      });
      inFlight.add(p);
    }
  }

  return {
    kind: 'local',
    // The `jobs` table comes with the app's migrations.
    async prepare() {},
    async add(task, payload, opts = {}) {
      const q = opts.trx ?? db;
      const row = {
        task,
        payload: JSON.stringify(payload),
        runAtMs: (opts.runAt ?? new Date()).getTime(),
        maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        attempts: 0,
        lockedAtMs: null,
        lockedBy: null,
        lastError: null,
        failedAt: null,
      };
      if (opts.key) {
        // Like graphile-worker's job keys: a waiting job is replaced; a running one keeps going
        // and loses its key, so the new job runs after it.
        await q('jobs').where({ key: opts.key }).whereNotNull('lockedAtMs').update({ key: null });
        await q('jobs').insert({ ...row, key: opts.key }).onConflict('key').merge();
      } else {
        await q('jobs').insert(row);
      }
      setImmediate(nudge);
    },
    async start(list) {
      if (tasks) return;
      tasks = list;
      // Alive before the first claim, so no other process takes this one's jobs for a dead one's.
      await beats.start();
      running = true;
      loop = runLoop();
    },
    async stop(graceMs = 8000) {
      if (!running) return;
      running = false;
      nudge();
      const timer = setTimeout(() => abort.abort(), graceMs);
      await loop;
      // A job that ignores the abort (stuck in a call to a database that is gone) does not hold the
      // shutdown past the grace: its row stays locked by this worker, whose heartbeat stops, so a
      // living instance takes it over (as after a crash).
      let late: ReturnType<typeof setTimeout> | undefined;
      const done = await Promise.race([
        Promise.allSettled([...inFlight]).then(() => true),
        new Promise<false>((resolve) => (late = setTimeout(() => resolve(false), graceMs + 2000))),
      ]);
      clearTimeout(late);
      clearTimeout(timer);
      if (!done) log.warn({ jobs: inFlight.size }, 'jobs: stopped with jobs still running past the grace; another instance takes them over');
      await beats.stop();
    },
    async idle(timeoutMs = 20_000) {
      await waitUntil(
        async () => {
          if (inFlight.size) return false;
          const due = await db('jobs').where('runAtMs', '<=', Date.now()).whereRaw('attempts < max_attempts').count({ n: '*' }).first();
          return Number(due?.n ?? 0) === 0 && inFlight.size === 0;
        },
        timeoutMs,
        'idle jobs',
      );
    },
    async stats() {
      const rows = (await db('jobs').select(
        db.raw('sum(case when attempts < max_attempts and locked_at_ms is null then 1 else 0 end) as waiting'),
        db.raw('sum(case when locked_at_ms is not null then 1 else 0 end) as running'),
        db.raw('sum(case when attempts >= max_attempts and locked_at_ms is null then 1 else 0 end) as failed'),
      )) as Record<string, unknown>[];
      const r = rows[0] ?? {};
      return { waiting: Number(r.waiting ?? 0), running: Number(r.running ?? 0), failed: Number(r.failed ?? 0) };
    },
  };
}

// --- PostgreSQL: graphile-worker ------------------------------------------------------------------

/** The schema of graphile-worker's tables: `<app schema>_jobs`, or graphile-worker's own default. */
export function workerSchemaOf(db: Knex): string {
  const schema = schemaOf(db);
  return schema ? `${schema}_jobs` : 'graphile_worker';
}

function graphileQueue({ db, databaseUrl, log, concurrency = 4, pollIntervalMs = 1000 }: { db: Knex; databaseUrl: string; log: Logger; concurrency?: number; pollIntervalMs?: number }): JobQueue {
  const schema = workerSchemaOf(db);
  const instance = `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency + 2, connectionTimeoutMillis: 5000 });
  // A connection lost while idle or in use (PostgreSQL restarted) is logged; the pool makes a new one.
  pool.on('error', (err) => log.warn({ err: err.message }, 'jobs: idle PostgreSQL connection failed'));
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err: err.message }, 'jobs: PostgreSQL connection failed')));
  // graphile-worker is loaded on PostgreSQL only.
  const gw = import('graphile-worker');
  const logger = gw.then(
    ({ Logger }) =>
      new Logger(() => (level, message, meta) => {
        const line = { ...(meta ?? {}), scope: 'graphile-worker' };
        if (level === 'error') log.error(line, message);
        else if (level === 'warning') log.warn(line, message);
        else log.debug(line, message);
      }),
  );
  let runner: Runner | null = null;
  let utils: WorkerUtils | null = null;
  let migrated: Promise<void> | null = null;
  // graphile-worker locks a job with the id of its worker *pool* (`pool-...`), not of the worker
  // that runs it: the pool ids are what the heartbeat must record (a runner started again after
  // a lost connection has a new pool).
  const poolIds = new Set<string>();
  let inFlight = 0;
  let stopping = false;

  const migrate = () => (migrated ??= (async () => (await gw).runMigrations({ pgPool: pool, schema, logger: await logger }))());

  const beats = heartbeat({
    db,
    log,
    instance,
    ids: () => [...poolIds],
    async freeStale() {
      if (!utils) return [];
      // The `jobs` view is graphile-worker's public face of its tables (named queues included below).
      const r = await db.raw(
        `select distinct j.locked_by as worker from ??.jobs j
          where j.locked_by is not null and j.locked_at < now() - make_interval(secs => ?)
            and not exists (select 1 from job_workers w where w.worker_id = j.locked_by and w.heartbeat_at >= now() - make_interval(secs => ?))`,
        [schema, STALE_MS / 1000, STALE_MS / 1000],
      );
      const stale = (r.rows as { worker: string }[]).map((row) => row.worker);
      // Without this, graphile-worker frees a dead worker's jobs only after four hours.
      if (stale.length) await utils.forceUnlockWorkers(stale);
      return stale;
    },
  });

  return {
    kind: 'graphile',
    prepare: migrate,
    async add(task, payload, opts = {}) {
      await migrate();
      const q = opts.trx ?? db;
      await q.raw(`select ??.add_job(identifier => ?, payload => ?::json, run_at => ?::timestamptz, max_attempts => ?, job_key => ?)`, [
        schema,
        task,
        JSON.stringify(payload),
        (opts.runAt ?? new Date()).toISOString(),
        opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        opts.key ?? null,
      ]);
    },
    async start(tasks) {
      if (runner) return;
      await migrate();
      const { makeWorkerUtils, run } = await gw;
      utils = await makeWorkerUtils({ pgPool: pool, schema, logger: await logger });
      const taskList = Object.fromEntries(
        Object.entries(tasks).map(([name, handler]) => [
          name,
          async (payload: unknown, helpers: { job: { id: string; attempts: number; max_attempts: number }; abortSignal?: AbortSignal }) => {
            inFlight++;
            try {
              await handler(payload, {
                attempt: helpers.job.attempts,
                maxAttempts: helpers.job.max_attempts,
                log: log.child({ job: helpers.job.id, task: name, attempt: helpers.job.attempts }),
                signal: helpers.abortSignal ?? new AbortController().signal,
              });
            } finally {
              inFlight--;
            }
          },
        ]),
      );
      const launch = async (): Promise<void> => {
        // Our own emitter, so the pool's id is known from its creation on (run() resolves later).
        const events = new EventEmitter() as NonNullable<Parameters<typeof run>[0]['events']>;
        events.on('pool:create', ({ workerPool }) => {
          poolIds.add(workerPool.id);
          void beats.beat();
        });
        events.on('pool:release', ({ workerPool }) => poolIds.delete(workerPool.id));
        const r = await run({ pgPool: pool, schema, logger: await logger, concurrency, pollInterval: pollIntervalMs, noHandleSignals: true, taskList: taskList as never, events });
        runner = r;
        // A runner that ends by itself (graphile-worker stops on a migration it was not built
        // for, or on a lost connection) is started again: the site must not go on without jobs.
        const restart = (err?: unknown) => {
          if (runner !== r || stopping) return;
          runner = null;
          log.error({ err }, 'jobs: the worker stopped by itself; starting it again in 5 s');
          setTimeout(() => void (stopping ? undefined : launch().catch((e: unknown) => restart(e))), 5000).unref();
        };
        r.promise.then(() => restart(), restart);
      };
      await launch();
      await beats.start();
    },
    async stop(graceMs = 8000) {
      stopping = true;
      if (runner) {
        const r = runner;
        runner = null;
        const timer = setTimeout(() => void r.kill('shutdown took too long').catch(() => undefined), graceMs);
        await r.stop('shutting down').catch((err: unknown) => log.warn({ err }, 'jobs: stop failed'));
        clearTimeout(timer);
      }
      await beats.stop();
      if (utils) await Promise.resolve(utils.release()).catch(() => undefined);
      utils = null;
      await pool.end().catch(() => undefined);
    },
    async idle(timeoutMs = 20_000) {
      await migrate();
      await waitUntil(
        async () => {
          if (inFlight) return false;
          const r = await db.raw(`select count(*)::int as n from ??.jobs where run_at <= now() and attempts < max_attempts`, [schema]);
          return Number((r.rows as { n: number }[])[0]?.n ?? 0) === 0 && inFlight === 0;
        },
        timeoutMs,
        'idle jobs',
        async () => {
          const r = await db.raw(`select task_identifier, attempts, locked_at, last_error from ??.jobs where run_at <= now() and attempts < max_attempts limit 5`, [schema]);
          return `${inFlight} running here; due: ${JSON.stringify(r.rows)}`;
        },
      );
    },
    async stats() {
      await migrate();
      const r = await db.raw(
        `select count(*) filter (where attempts < max_attempts and locked_at is null)::int as waiting,
                count(*) filter (where locked_at is not null)::int as running,
                count(*) filter (where attempts >= max_attempts and locked_at is null)::int as failed
           from ??.jobs`,
        [schema],
      );
      const row = (r.rows as JobStats[])[0];
      return { waiting: row?.waiting ?? 0, running: row?.running ?? 0, failed: row?.failed ?? 0 };
    },
  };
}
