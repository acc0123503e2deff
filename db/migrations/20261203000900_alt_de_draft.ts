import type { Knex } from 'knex';

// A machine draft of an image's German alt text (a translation of its English one), shown on German
// pages until a person saves a German alt text, and marked for review in the admin. Never a
// person's text: saving a German alt text clears it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.text('alt_text_de_draft');
    t.timestamp('alt_text_de_draft_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.dropColumn('alt_text_de_draft');
    t.dropColumn('alt_text_de_draft_at');
  });
}
