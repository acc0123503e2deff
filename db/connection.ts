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
export function openDatabase(databaseUrl: string): Knex {
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
          conn.run('PRAGMA foreign_keys = ON', (err) => {
            if (err) return done(err, conn);
            conn.run('PRAGMA journal_mode = WAL', (err2) => done(err2, conn));
          });
        },
      },
      ...common,
    });
  }
  return knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 10 }, ...common });
}

export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}

export const isSqlite = (knex: Knex) => knex.client.config.client === 'sqlite3';
