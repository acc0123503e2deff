import type { Knex } from 'knex';

// Keep no more than needed: a mail that carries a one-time link (an admin's
// sign-in, a donor's page, a newsletter confirmation) is marked, so the daily retention job can
// delete it from the outbox once RETENTION_MAIL_DAYS have passed. Existing rows are marked by the
// addresses those links have.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.boolean('one_time_link').notNullable().defaultTo(false);
  });
  await knex('outbox')
    .where((q) => q.where('text_body', 'like', '%/admin-login/verify?%').orWhere('text_body', 'like', '%/donations/manage?token=%').orWhere('text_body', 'like', '%/newsletter/confirm?%'))
    .update({ one_time_link: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => t.dropColumn('one_time_link'));
}
