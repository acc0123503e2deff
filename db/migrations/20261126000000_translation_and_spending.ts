import type { Knex } from 'knex';
import { contentVersionTriggers, dropContentVersionTriggers } from './content-version-triggers';

// Two languages kept in step, and where the money went:
// - translation_sources: for each translated field, a hash of the source text the translation was
//   last saved against (out of date when the source's hash differs now);
// - glossary_terms: names and terms a machine draft must keep or translate one way;
// - media_items: the German alt text, and alt text suggestions waiting for a person;
// - project_spending: what each project's money was spent on.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('translation_sources', (t) => {
    t.increments('id');
    // project, news, team, page (the audit log's names)
    t.string('entity', 40).notNullable();
    t.integer('entity_id').notNullable();
    // The source field's name: title, description, texts.about.story.p1 ...
    t.string('field', 200).notNullable();
    // The translation's language (de: German from English; en: English from German).
    t.string('language', 2).notNullable();
    // sha256 hex of the source text when the translation was last saved.
    t.string('source_hash', 64).notNullable();
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['entity', 'entity_id', 'field', 'language']);
  });

  await knex.schema.createTable('glossary_terms', (t) => {
    t.increments('id');
    t.string('term_en', 200).notNullable();
    t.string('term_de', 200).notNullable();
    t.string('note', 500);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['term_en']);
  });

  await knex.schema.alterTable('media_items', (t) => {
    t.text('alt_text_de');
    // A machine's proposal, shown as such until a person saves the alt text.
    t.text('alt_suggestion_en');
    t.text('alt_suggestion_de');
    t.timestamp('alt_suggested_at');
  });

  await knex.schema.createTable('project_spending', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.date('spent_on').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.string('category', 40).notNullable();
    t.string('description', 500).notNullable();
    t.string('description_de', 500).notNullable();
    t.integer('receipt_media_id').references('id').inTable('media_items').onDelete('SET NULL');
    t.string('created_by', 320);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['project_id', 'spent_on']);
  });
  // Project pages show the spending: a write raises the content version like any content table's.
  await contentVersionTriggers(knex, 'project_spending');
}

export async function down(knex: Knex): Promise<void> {
  await dropContentVersionTriggers(knex, 'project_spending');
  await knex.schema.dropTableIfExists('project_spending');
  await knex.schema.alterTable('media_items', (t) => {
    t.dropColumn('alt_suggested_at');
    t.dropColumn('alt_suggestion_de');
    t.dropColumn('alt_suggestion_en');
    t.dropColumn('alt_text_de');
  });
  await knex.schema.dropTableIfExists('glossary_terms');
  await knex.schema.dropTableIfExists('translation_sources');
}
