// The content version's triggers, as the migrations that ran made them. FROZEN: migrations that
// have run must create the same thing forever, so this file never changes; a different trigger
// for a later table goes into a new file (or into that migration itself). Not a migration.
import type { Knex } from 'knex';

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
