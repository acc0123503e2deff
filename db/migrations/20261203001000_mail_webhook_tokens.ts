import type { Knex } from 'knex';

// The one-time tokens of signed provider webhooks (Mailgun's signature covers a timestamp and a
// token, not the event): a token is accepted once, whichever instance sees it first, so a captured
// signature cannot be replayed with another event (models/people/mail-events.ts, issue 40).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_webhook_tokens', (t) => {
    t.string('source', 20).notNullable();
    t.string('token', 200).notNullable();
    t.timestamp('seen_at').notNullable();
    t.primary(['source', 'token']);
    t.index(['seen_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_webhook_tokens');
}
