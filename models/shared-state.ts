// The content version every instance shares (table content_version, migration shared_state): a
// database trigger on each table a public page reads raises it on every write, whoever writes (any
// instance, a webhook, a script, psql), and each instance files its page cache under it.
import type { Knex } from 'knex';

/**
 * Every table whose writes raise the content version today. A new table a public page reads gets
 * its triggers in its own migration (a copy of contentVersionTriggers inside the migration file:
 * migrations never import app code) and its name here; the content-invalidation test checks both
 * against the SQL the public pages send.
 */
export const CONTENT_TABLES = ['projects', 'news_articles', 'team_members', 'page_contents', 'media_items', 'project_spending'] as const;

const isSqlite = (knex: Knex) => knex.client.config.client === 'sqlite3';

/**
 * Creates the triggers that raise the content version on every write to `table`: on SQLite one per
 * event and row, on PostgreSQL one per statement (truncate too) calling bump_content_version().
 */
export async function contentVersionTriggers(knex: Knex, table: string): Promise<void> {
  if (isSqlite(knex)) {
    for (const event of ['insert', 'update', 'delete']) {
      await knex.raw(
        `create trigger ${table}_${event}_content_version after ${event} on ${table}
           begin update content_version set version = version + 1 where id = 1; end`,
      );
    }
  } else {
    await knex.raw(`create trigger ${table}_content_version after insert or update or delete or truncate on ${table}
        for each statement execute function bump_content_version()`);
  }
}

/** Drops what contentVersionTriggers created (a migration's down). */
export async function dropContentVersionTriggers(knex: Knex, table: string): Promise<void> {
  if (isSqlite(knex)) {
    for (const event of ['insert', 'update', 'delete']) await knex.raw(`drop trigger if exists ${table}_${event}_content_version`);
  } else {
    await knex.raw(`drop trigger if exists ${table}_content_version on ${table}`);
  }
}
