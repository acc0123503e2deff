import type { Knex } from 'knex';

// When a person last saved a media item's alt texts. An alt text suggestion that arrives later (a
// job that finished after the save) must not come back beside or over what the person wrote.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.timestamp('alt_saved_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.dropColumn('alt_saved_at');
  });
}
