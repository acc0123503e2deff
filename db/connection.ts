import knexFactory, { type Knex } from 'knex';
import fs from 'node:fs';
import path from 'node:path';
import { migrationSource } from './migrations/index';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), v]));
  }
  return value;
}

/**
 * Opens the database named by DATABASE_URL (`sqlite:<file>`, `sqlite::memory:` or
 * `postgres://...`). Code uses camelCase names; the database keeps snake_case columns.
 */
export function openDatabase(databaseUrl: string, options: { schema?: string } = {}): Knex {
  const common = {
    wrapIdentifier: (value: string, origImpl: (v: string) => string) =>
      origImpl(typeof value === 'string' && value !== '*' ? snake(value) : value),
    postProcessResponse: (result: unknown) => camelize(result),
  };
  if (databaseUrl.startsWith('sqlite:')) {
    const filename = databaseUrl.slice('sqlite:'.length);
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    return knexFactory({
      client: 'sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      // As on PostgreSQL: a query waits at most 10 s for the connection, then fails (never a minute).
      acquireConnectionTimeout: 10_000,
      // One connection: SQLite serialises writers anyway, and :memory: databases are per connection.
      pool: {
        min: 1,
        max: 1,
        afterCreate: (conn: { run: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) => {
          // busy_timeout: a writer waits up to 5 s for another connection's lock (a second
          // process, a backup) instead of failing at once with SQLITE_BUSY.
          const pragmas = ['PRAGMA busy_timeout = 5000', 'PRAGMA foreign_keys = ON', 'PRAGMA journal_mode = WAL'];
          const next = (err: Error | null): void => {
            const sql = pragmas.shift();
            if (err || !sql) return done(err, conn);
            conn.run(sql, next);
          };
          next(null);
        },
      },
      ...common,
    });
  }
  return knexFactory({
    client: 'pg',
    // No query may hang a request for ever; a server that does not answer fails fast.
    connection: { connectionString: databaseUrl, statement_timeout: 30_000, connectionTimeoutMillis: 5_000 },
    ...(options.schema ? { searchPath: [options.schema] } : {}),
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 10_000,
    ...common,
  });
}

/** The schema of the app's tables on PostgreSQL (null on SQLite and for the default `public`). */
export const schemaOf = (knex: Knex): string | null => {
  const sp = (knex.client.config as { searchPath?: string[] }).searchPath;
  return sp?.[0] ?? null;
};

/** Any number: the PostgreSQL advisory lock that lets one instance at a time do its start-up work. */
const STARTUP_LOCK = 7_370_001;
/** How long an instance waits for its turn (another instance migrating a large database). */
const STARTUP_WAIT_MS = 10 * 60 * 1000;

/**
 * Runs `work` while no other instance runs its own start-up work on this database, so any number
 * of instances can start together on an empty one: the first migrates and seeds, the others wait
 * and then find nothing left to do. The turn is a lock that a killed instance cannot leave behind:
 * on PostgreSQL an advisory lock held by a transaction (its connection's end frees it); on SQLite
 * the write lock of a small file beside the database, which the operating system frees when the
 * process ends. `work` uses the database as usual (other connections on PostgreSQL).
 */
export async function inStartupTurn<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  if (isSqlite(knex)) {
    const filename = (knex.client.config.connection as { filename: string }).filename;
    if (filename === ':memory:') return work();
    return withFileLock(`${path.resolve(filename)}-startup.lock`, work);
  }
  const schema = schemaOf(knex);
  if (schema) {
    // Committed before anything else (the work runs on other connections). Two instances creating
    // it at the same moment: one of them sees a duplicate, which is fine.
    await knex.raw('create schema if not exists ??', [schema]).catch((err: { code?: string }) => {
      if (err.code !== '23505' && err.code !== '42P06') throw err;
    });
  }
  return knex.transaction(async (trx) => {
    // Waiting for the turn may take longer than one statement may (statement_timeout).
    await trx.raw(`set local statement_timeout = ${STARTUP_WAIT_MS}`);
    await trx.raw('select pg_advisory_xact_lock(?)', [STARTUP_LOCK]);
    return work();
  });
}

/** The write lock of a SQLite file of its own, held while `work` runs (waits up to STARTUP_WAIT_MS). */
async function withFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const { default: sqlite3 } = await import('sqlite3');
  const lock = await new Promise<InstanceType<typeof sqlite3.Database>>((resolve, reject) => {
    const d = new sqlite3.Database(lockFile, (err) => (err ? reject(err) : resolve(d)));
  });
  const exec = (sql: string) => new Promise<void>((resolve, reject) => lock.exec(sql, (err) => (err ? reject(err) : resolve())));
  try {
    lock.configure('busyTimeout', STARTUP_WAIT_MS);
    await exec('BEGIN IMMEDIATE');
    try {
      return await work();
    } finally {
      await exec('ROLLBACK').catch(() => undefined);
    }
  } finally {
    await new Promise<void>((resolve) => lock.close(() => resolve()));
  }
}

/**
 * Brings the schema up to date, then runs `firstStart` (seeding, and whatever else an instance
 * does once at start), all in one start-up turn (inStartupTurn). Knex's own lock row, which a kill
 * in the middle of a migration would leave set for ever, is freed while we hold the turn.
 */
export async function migrate(knex: Knex, firstStart?: () => Promise<void>): Promise<void> {
  await inStartupTurn(knex, async () => {
    if (await knex.schema.hasTable('knex_migrations_lock')) await knex('knex_migrations_lock').update({ isLocked: 0 });
    await knex.migrate.latest({ migrationSource });
    await firstStart?.();
  });
}

/** True when every migration this code knows has run (readiness checks). */
export async function migrationsCurrent(knex: Knex): Promise<boolean> {
  const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length === 0;
}

export const isSqlite = (knex: Knex) => knex.client.config.client === 'sqlite3';
