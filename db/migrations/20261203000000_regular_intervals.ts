import type { Knex } from 'knex';

// Regular gifts repeat every month, quarter, half-year or year (models/shared/donation-rules.ts,
// REGULAR_INTERVALS): donation_subscriptions.interval says which, read from the Stripe price's
// recurring interval and interval_count. Every gift made before is monthly.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donation_subscriptions', (t) => {
    t.string('interval', 10).notNullable().defaultTo('month');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donation_subscriptions', (t) => {
    t.dropColumn('interval');
  });
}
