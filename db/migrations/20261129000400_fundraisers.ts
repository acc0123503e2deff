import type { Knex } from 'knex';
import { contentVersionTriggers, dropContentVersionTriggers } from './content-version-triggers';

// Supporters' fundraisers: a supporter's own page for one project, public once
// an admin approved it. `goal` is minor units of `currency` (goal_kind 'amount') or a number of
// donors ('donors'); `end_date` is a Swiss calendar day. The owner manages it through a link whose
// token is kept only as a SHA-256 hash. A gift names its fundraiser in donations.fundraiser_id;
// `fundraiser_cents` is a bank credit's worth in the fundraiser's currency when it came in another
// one (card gifts are always in the fundraiser's currency). The public pages read both tables, so
// a write to them raises the content version like any content table.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fundraisers', (t) => {
    t.increments('id');
    t.string('slug', 140).notNullable().unique();
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.string('title', 120).notNullable();
    t.text('story').notNullable();
    t.string('image_url', 500);
    t.string('goal_kind', 10).notNullable();
    t.bigInteger('goal').notNullable();
    t.string('currency', 3).notNullable();
    t.string('end_date', 10).notNullable();
    t.string('owner_name', 200);
    t.string('owner_email', 320);
    t.string('lang', 2).notNullable().defaultTo('en');
    t.string('status', 12).notNullable().defaultTo('pending');
    t.text('reject_reason');
    t.string('manage_token_hash', 64).unique();
    t.string('reviewed_by', 320);
    t.timestamp('reviewed_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status']);
    t.index(['owner_email']);
    t.index(['project_id']);
  });
  await knex.schema.createTable('fundraiser_updates', (t) => {
    t.increments('id');
    t.integer('fundraiser_id').notNullable().references('fundraisers.id').onDelete('CASCADE');
    t.text('body').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['fundraiser_id']);
  });
  // On SQLite a new column with a foreign key makes Knex rebuild the table, which drops its
  // triggers (the content version's): there the column is a plain one (a fundraiser is never
  // deleted on its own; with its project the gifts' project goes to null anyway).
  const sqlite = knex.client.config.client === 'sqlite3';
  await knex.schema.alterTable('donations', (t) => {
    const column = t.integer('fundraiser_id');
    if (!sqlite) column.references('fundraisers.id').onDelete('SET NULL');
    t.bigInteger('fundraiser_cents');
    t.index(['fundraiser_id']);
  });
  await contentVersionTriggers(knex, 'fundraisers');
  await contentVersionTriggers(knex, 'fundraiser_updates');
}

export async function down(knex: Knex): Promise<void> {
  await dropContentVersionTriggers(knex, 'fundraiser_updates');
  await dropContentVersionTriggers(knex, 'fundraisers');
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['fundraiser_id']);
    t.dropColumn('fundraiser_cents');
    t.dropColumn('fundraiser_id');
  });
  await knex.schema.dropTableIfExists('fundraiser_updates');
  await knex.schema.dropTableIfExists('fundraisers');
}
