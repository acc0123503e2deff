import type { Knex } from 'knex';

// What an audit entry is about, as data (JSON): the fields a save changed, an amount and its
// currency, the version a restore brought back... The admin words each entry as a sentence in its
// own language from these; `summary` stays the plain line scripts and the API read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.text('details');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => t.dropColumn('details'));
}
