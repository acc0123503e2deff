import type { Knex } from 'knex';

// Regular gifts that last (models/giving/recovery.ts, models/giving/card-expiry.ts):
// - regular_gift_failures: one row per failed invoice of a regular gift (invoice_id unique), the
//   episode from the first failed attempt to its end: Stripe's attempt count, the mails sent (the
//   first one claimed by failure_mailed_at, the last one by paused_mailed_at: each once, on every
//   instance), and recovered_at when a later invoice.paid ended it (counted once).
// - regular_gift_cards: the card each running gift is charged to, as the daily check read it from
//   Stripe (payment method and expiry month), for the at-risk list.
// - card_expiry_notices: one row per card and expiry (payment_method_id, exp_year, exp_month):
//   the claim of its one "your card expires" mail, or the note that Stripe renewed it by itself.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('regular_gift_failures', (t) => {
    t.increments('id');
    t.string('subscription_id', 255).notNullable().index();
    t.string('invoice_id', 255).notNullable().unique();
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.timestamp('failed_at').notNullable();
    t.integer('attempt_count').notNullable().defaultTo(1);
    t.timestamp('next_attempt_at');
    t.boolean('final').notNullable().defaultTo(false);
    t.integer('mails_sent').notNullable().defaultTo(0);
    t.timestamp('failure_mailed_at');
    t.timestamp('paused_mailed_at');
    t.timestamp('recovered_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('regular_gift_cards', (t) => {
    t.increments('id');
    t.string('subscription_id', 255).notNullable().unique();
    t.string('payment_method_id', 255).notNullable().index();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.timestamp('checked_at').notNullable();
  });
  await knex.schema.createTable('card_expiry_notices', (t) => {
    t.increments('id');
    t.string('payment_method_id', 255).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.string('subscription_id', 255);
    t.timestamp('mailed_at');
    t.timestamp('renewed_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['payment_method_id', 'exp_year', 'exp_month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('card_expiry_notices');
  await knex.schema.dropTableIfExists('regular_gift_cards');
  await knex.schema.dropTableIfExists('regular_gift_failures');
}
