import type { Knex } from 'knex';

// Gifts in someone's honour: the gift names the person it honours or
// remembers (on the donations row, for the receipt), and may send that news as a card to someone
// on a chosen day: one row per card, claimed once by its job (sent_at). A monthly gift sends its
// card with its first payment only (`key`: the subscription's, else the donation's).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.string('tribute_kind', 10);
    t.string('tribute_name', 80);
  });
  await knex.schema.createTable('tribute_cards', (t) => {
    t.increments('id');
    t.string('key', 120).notNullable().unique();
    t.integer('donation_id').notNullable().references('donations.id').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('name', 80).notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    /** The day to send it, in Swiss time (YYYY-MM-DD). */
    t.string('send_on', 10).notNullable();
    t.timestamp('sent_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tribute_cards');
  await knex.schema.alterTable('donations', (t) => {
    t.dropColumn('tribute_name');
    t.dropColumn('tribute_kind');
  });
}
