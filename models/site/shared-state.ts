// The content version every instance shares (table content_version, migration shared_state): a
// database trigger on each table a public page reads raises it on every write, whoever writes (any
// instance, a webhook, a script, psql), and each instance files its page cache under it.
import type { Knex } from 'knex';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { isSqlite } from '../../db/connection';

/**
 * Every table whose writes raise the content version today. A new table a public page reads gets
 * its triggers in its own migration (db/migrations/content-version-triggers.ts, frozen: migrations
 * never import app code) and its name here; the content-invalidation test checks both
 * against the SQL the public pages send.
 */
export const CONTENT_TABLES = ['projects', 'news_articles', 'team_members', 'page_contents', 'media_items', 'project_spending', 'donations', 'fundraisers', 'fundraiser_updates', 'donation_subscriptions', 'impact_reports'] as const;

/** The content version now, read through Knex ('0' before the first write). */
export async function readContentVersion(db: Knex): Promise<string> {
  const row = (await db('content_version').where({ id: 1 }).first('version')) as { version: number | string } | undefined;
  return String(row?.version ?? 0);
}

/**
 * Reads the content version straight from a SQLite file, synchronously: a prepared statement on a
 * connection of its own answers in microseconds (WAL: readers never wait for the writer), where a
 * query through Knex's one pooled connection costs a trip through the thread pool and queues
 * behind page queries. Null for PostgreSQL and in-memory databases, and when the file cannot be
 * opened: those read through Knex.
 */
export function contentVersionReader(db: Knex): { read: () => string | null; close: () => void } | null {
  if (!isSqlite(db)) return null;
  const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  if (!filename || filename === ':memory:' || filename.startsWith('file:')) return null;
  let conn: DatabaseSync | null = null;
  let statement: StatementSync | null = null;
  return {
    read() {
      try {
        if (!conn) {
          // No busy wait: if the file is locked for a moment (a checkpoint), Knex answers instead.
          conn = new DatabaseSync(filename, { timeout: 0 });
          statement = conn.prepare('select version from content_version where id = 1');
        }
        const row = statement!.get() as { version: number | string } | undefined;
        return row ? String(row.version) : null;
      } catch {
        return null;
      }
    },
    close() {
      try {
        conn?.close();
      } catch {
        // already closed
      }
      conn = null;
    },
  };
}
