import type { Knex } from 'knex';

const CONTENT_TABLES = ['projects', 'news_articles', 'team_members', 'page_contents'] as const;

// Editing without fear: every content item can be a draft or wait for its publication time, goes
// to a trash before it is gone, and keeps a revision of each save. Previews of unsaved edits and
// the admins' names live here too, so every instance sees them.
export async function up(knex: Knex): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      // Public when not a draft and publish_at is empty or past.
      t.boolean('draft').notNullable().defaultTo(false);
      t.timestamp('publish_at');
      // In the trash since then (purged 30 days later); null: not deleted.
      t.timestamp('deleted_at');
      t.string('deleted_by', 320);
    });
  }
  // A page's words beyond its title and introduction: JSON { "<text key>": { "en": "...", "de": "..." } }.
  await knex.schema.alterTable('page_contents', (t) => {
    t.text('texts');
  });

  await knex.schema.createTable('revisions', (t) => {
    t.increments('id');
    // project, news, team, page (the audit log's entity names).
    t.string('entity', 40).notNullable();
    t.integer('entity_id').notNullable();
    // create, update, restore, delete, undelete
    t.string('action', 20).notNullable();
    t.string('actor', 320).notNullable();
    t.string('actor_name', 120);
    // The item as saved (its admin JSON), and the fields that changed from the revision before.
    t.text('data').notNullable();
    t.text('changed_fields').notNullable().defaultTo('[]');
    // How the text came about: null (typed), 'restore' (from revision n), 'machine' (a machine draft).
    t.string('source', 40);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id']);
  });

  // Signed preview links: the previewed item (saved or an unsaved edit), for a short time.
  await knex.schema.createTable('previews', (t) => {
    // sha256 of the link's secret, hex: the link itself is never stored.
    t.string('id', 64).primary();
    t.string('entity', 40).notNullable();
    t.integer('entity_id');
    t.text('data').notNullable();
    t.string('created_by', 320).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at').notNullable();
    t.index(['expires_at']);
  });

  await knex.schema.alterTable('audit_log', (t) => {
    t.string('actor_name', 120);
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('display_name', 120);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('display_name'));
  await knex.schema.alterTable('audit_log', (t) => t.dropColumn('actor_name'));
  await knex.schema.dropTableIfExists('previews');
  await knex.schema.dropTableIfExists('revisions');
  await knex.schema.alterTable('page_contents', (t) => t.dropColumn('texts'));
  for (const table of CONTENT_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('deleted_by');
      t.dropColumn('deleted_at');
      t.dropColumn('publish_at');
      t.dropColumn('draft');
    });
  }
}
