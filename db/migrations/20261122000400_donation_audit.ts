import type { Knex } from 'knex';

// Who applied a donation to its project's total (the verified webhook or the browser's call after the
// server retrieved the PaymentIntent from Stripe), and why an attempt failed: for the charity's records.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.string('applied_by', 20);
    t.string('failure_message', 500);
    t.index(['project_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['project_id']);
    t.dropColumn('failure_message');
    t.dropColumn('applied_by');
  });
}
