import type { Knex } from 'knex';

// Column names are snake_case; db/connection.ts maps them to the camelCase
// field names of the entities (docs/behaviour.md §8 "Entities") in both directions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    t.increments('id');
    t.string('slug', 160).notNullable().unique();
    t.string('title', 200).notNullable();
    t.string('title_de', 200).notNullable();
    t.text('description').notNullable();
    t.text('description_de').notNullable();
    t.string('image_url', 500).notNullable();
    t.string('status', 20).notNullable().defaultTo('funding');
    // Money is kept in integer cents; the API edge turns it into decimal strings.
    t.bigInteger('raised_cents').notNullable().defaultTo(0);
    t.bigInteger('goal_cents').notNullable().defaultTo(0);
    t.date('start_date');
    t.integer('display_order').notNullable().defaultTo(0);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('news_articles', (t) => {
    t.increments('id');
    t.string('slug', 160).notNullable().unique();
    t.string('title', 200).notNullable();
    t.string('title_de', 200).notNullable();
    t.text('abstract');
    t.text('abstract_de');
    t.text('content').notNullable();
    t.text('content_de').notNullable();
    t.text('excerpt');
    t.string('image_url', 500).notNullable();
    t.timestamp('published_at').notNullable().defaultTo(knex.fn.now());
    t.integer('project_id').unsigned().references('id').inTable('projects').onDelete('SET NULL');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['published_at']);
    t.index(['project_id']);
  });

  await knex.schema.createTable('team_members', (t) => {
    t.increments('id');
    t.string('name', 160).notNullable();
    t.string('position', 200).notNullable();
    t.string('position_de', 200).notNullable();
    t.text('bio').notNullable();
    t.text('bio_de').notNullable();
    t.string('image_url', 500).notNullable();
    t.string('location', 120).notNullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('page_contents', (t) => {
    t.increments('id');
    t.string('page_name', 40).notNullable().unique();
    t.string('title', 200).notNullable();
    t.string('title_de', 200).notNullable();
    t.text('content').notNullable();
    t.text('content_de').notNullable();
    t.string('meta_description', 320);
    t.string('meta_description_de', 320);
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('media_items', (t) => {
    t.increments('id');
    t.string('file_name', 200).notNullable().unique();
    t.string('original_name', 300).notNullable();
    t.string('file_type', 20).notNullable();
    t.bigInteger('file_size').notNullable();
    t.string('file_path', 500).notNullable();
    t.string('mime_type', 120).notNullable();
    t.string('category', 40).notNullable();
    t.text('description');
    t.text('alt_text');
    t.text('tags').notNullable().defaultTo('[]');
    t.text('variants').notNullable().defaultTo('[]');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 120).notNullable().unique();
    t.string('password', 200).notNullable();
    t.string('role', 20).notNullable().defaultTo('user');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().unique();
    t.string('status', 30).notNullable();
    t.string('language', 2).notNullable().defaultTo('en');
    t.timestamp('consent_at');
    t.string('consent_source', 60);
    t.string('consent_form', 60);
    t.string('confirm_token_hash', 128);
    t.timestamp('confirm_expires_at');
    t.string('unsubscribe_token', 128);
    t.timestamp('confirmed_at');
    t.timestamp('unsubscribed_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('donations', (t) => {
    t.increments('id');
    t.string('payment_intent_id', 255).notNullable().unique();
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    t.integer('project_id').unsigned().references('id').inTable('projects').onDelete('SET NULL');
    t.string('status', 30).notNullable();
    t.string('language', 2);
    t.timestamp('applied_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });

  // The schema connect-session-knex expects (it is told not to create its own).
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.text('sess').notNullable();
    t.timestamp('expired').notNullable().index();
  });

  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 80).primary();
    t.text('value').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['app_settings', 'sessions', 'donations', 'newsletter_subscribers', 'users', 'media_items', 'page_contents', 'team_members', 'news_articles', 'projects']) {
    await knex.schema.dropTableIfExists(table);
  }
}
