import type { Knex } from 'knex';

// The media library's trash: a deleted file is marked (deleted_at, deleted_by) instead of removed,
// as projects, news, team and page contents are (20261125000000_editing). Its files stay in the
// storage until the hourly trash purge deletes the row and them, 30 days later. Plain columns: on
// SQLite one with a foreign key makes Knex rebuild the table and drop its content version triggers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.timestamp('deleted_at');
    t.string('deleted_by', 320);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.dropColumn('deleted_by');
    t.dropColumn('deleted_at');
  });
}
