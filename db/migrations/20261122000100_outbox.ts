import type { Knex } from 'knex';

// Mail that would be sent when no SMTP server is configured: kept here (and logged) so sign-in
// links and confirmations can still be followed on a demo or development site.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.increments('id');
    t.string('to_address', 320).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.string('transport', 20).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['to_address']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox');
}
