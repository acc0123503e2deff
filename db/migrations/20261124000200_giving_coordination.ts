import type { Knex } from 'knex';

// The monthly gifts a checkout visit started. The checkout asks for a new subscription whenever
// the donor changes the amount, currency or project before paying; the ones left behind (still
// `incomplete` at Stripe) are canceled by a job, so they never reach the donor's page or the admin.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkout_subscriptions', (t) => {
    t.increments('id');
    t.string('checkout_id', 64).notNullable();
    t.string('subscription_id', 255).notNullable().unique();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['checkout_id']);
  });

  // The last known refunds and dispute of each charge of a gift, and the row every writer of that
  // charge locks first: a refund handled while its gift is being recorded waits for it, or leaves
  // its state here for the gift to take.
  await knex.schema.createTable('charge_states', (t) => {
    t.string('charge_id', 255).primary();
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
    t.string('dispute_status', 30);
    t.bigInteger('dispute_cents');
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('charge_states');
  await knex.schema.dropTableIfExists('checkout_subscriptions');
}
