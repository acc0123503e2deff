import type { Knex } from 'knex';

// Newsletter sends run as background jobs: every recipient gets a delivery row when the send
// starts (pending), a job claims rows in small batches (sending, who and when) and marks each one
// sent, failed or skipped (unsubscribed meanwhile). A row left 'sending' by a crash becomes
// 'unknown' and is never sent again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_deliveries', (t) => {
    t.string('claimed_by', 120);
    t.timestamp('claimed_at');
    t.index(['campaign_id', 'status']);
  });
  await knex.schema.alterTable('newsletter_campaigns', (t) => {
    t.timestamp('send_started_at');
    t.string('sent_by', 320);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_campaigns', (t) => {
    t.dropColumn('sent_by');
    t.dropColumn('send_started_at');
  });
  await knex.schema.alterTable('newsletter_deliveries', (t) => {
    t.dropIndex(['campaign_id', 'status']);
    t.dropColumn('claimed_at');
    t.dropColumn('claimed_by');
  });
}
