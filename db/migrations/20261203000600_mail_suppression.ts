import type { Knex } from 'knex';

// What mailbox providers said about the site's mails (bounces, complaints, deliveries), from the
// sending provider's signed webhooks, the bounce mailbox (IMAP) or Mailchimp, and the addresses
// that no newsletter or project news may be sent to any more because of it (issue 40). An event
// is kept once per (source, event id): the same bounce reported to two instances, or twice by a
// provider that retries, counts once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_events', (t) => {
    t.increments('id');
    t.string('source', 20).notNullable();
    t.string('event_id', 200).notNullable();
    t.string('address', 320).notNullable();
    // hard_bounce, soft_bounce, complaint, delivered, unsubscribed, lifted
    t.string('kind', 20).notNullable();
    t.string('detail', 500);
    t.timestamp('occurred_at').notNullable();
    t.timestamp('created_at').notNullable();
    t.unique(['source', 'event_id']);
    t.index(['address', 'id']);
  });
  await knex.schema.createTable('mail_suppressions', (t) => {
    t.string('address', 320).primary();
    // hard_bounce, soft_bounce (three in a row), complaint, cleaned (Mailchimp)
    t.string('reason', 20).notNullable();
    t.string('source', 20).notNullable();
    t.string('detail', 500);
    t.timestamp('suppressed_at').notNullable();
    // Lifted by an admin: the address gets newsletters again until a new bounce or complaint.
    t.timestamp('lifted_at');
    t.string('lifted_by', 320);
    t.index(['lifted_at', 'suppressed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_suppressions');
  await knex.schema.dropTableIfExists('mail_events');
}
