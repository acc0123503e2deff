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

/** Any number: the PostgreSQL advisory lock that lets one instance at a time migrate. */
const MIGRATION_LOCK = 7_370_001;

/**
 * Brings the schema up to date. On PostgreSQL instances starting together take turns through an
 * advisory lock (held by a transaction, so a killed instance never leaves it behind); the one that
 * waited then finds nothing left to do. Knex's own lock row, which a kill in the middle of a
 * migration would leave set for ever, is freed while we hold the advisory lock.
 */
export async function migrate(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    await knex.migrate.latest({ migrationSource });
    return;
  }
  const schema = schemaOf(knex);
  if (schema) {
    // Committed before migrating (the migrations run on other connections). Two instances creating
    // it at the same moment: one of them sees a duplicate, which is fine.
    await knex.raw('create schema if not exists ??', [schema]).catch((err: { code?: string }) => {
      if (err.code !== '23505' && err.code !== '42P06') throw err;
    });
  }
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    if (await knex.schema.hasTable('knex_migrations_lock')) await knex('knex_migrations_lock').update({ isLocked: 0 });
    await knex.migrate.latest({ migrationSource });
  });
}

/** True when every migration this code knows has run (readiness checks). */
export async function migrationsCurrent(knex: Knex): Promise<boolean> {
  const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length === 0;
}

export const isSqlite = (knex: Knex) => knex.client.config.client === 'sqlite3';
