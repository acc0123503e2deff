import type { Knex } from 'knex';
import { contentVersionTriggers, dropContentVersionTriggers } from './content-version-triggers';

// State every instance shares through the database.
// - content_version: one counter that database triggers raise on every write to a table a public
//   page shows, whoever writes (any instance, a webhook, a script, psql). Each instance compares it
//   with the version its page cache was rendered at, once per request.
// - rate_limits: the hit counters of express-rate-limit (controllers/middleware/rate-limit.ts).
// The tables of that day; later ones get their triggers in their own migration (models/site/shared-state.ts lists them all).
const FIRST_CONTENT_TABLES = ['projects', 'news_articles', 'team_members', 'page_contents', 'media_items'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_version', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(1);
  });
  await knex('content_version').insert({ id: 1, version: 1 });

  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 300).primary();
    t.integer('hits').notNullable();
    t.bigInteger('reset_at_ms').notNullable().index();
  });

  if (knex.client.config.client !== 'sqlite3') {
    await knex.raw(`create or replace function bump_content_version() returns trigger language plpgsql as $$
      begin update content_version set version = version + 1 where id = 1; return null; end $$`);
  }
  for (const table of FIRST_CONTENT_TABLES) await contentVersionTriggers(knex, table);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of FIRST_CONTENT_TABLES) await dropContentVersionTriggers(knex, table);
  if (knex.client.config.client !== 'sqlite3') await knex.raw('drop function if exists bump_content_version()');
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('content_version');
}
