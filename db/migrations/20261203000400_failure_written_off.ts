import type { Knex } from 'knex';

// A failed invoice the charity gave up on at Stripe (voided, or marked uncollectible by hand or by
// Billing's "mark the invoice uncollectible" setting): its episode is closed (closed_at, with
// closed_as 'void' or 'uncollectible'), so the at-risk list and the donor's page stop saying the
// payment failed, no mail is owed for it any more, and it is not counted as recovered.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('regular_gift_failures', (t) => {
    t.timestamp('closed_at');
    t.string('closed_as', 20);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('regular_gift_failures', (t) => {
    t.dropColumn('closed_at');
    t.dropColumn('closed_as');
  });
}
