import type { Knex } from 'knex';

// The yearly appeal to last year's bank-transfer donors (models/giving/yearly-appeal.ts):
// - yearly_appeals: one row per donor and year of gifts, written in the transaction that queues
//   the donor's mail (unique: one mail however many runs or instances); token_hash is the SHA-256
//   of the "no more of these" link's token;
// - yearly_appeal_optouts: the addresses that asked for no more of these mails (kept: every later
//   run skips them).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('yearly_appeals', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable();
    t.integer('year').notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['email', 'year']);
  });
  await knex.schema.createTable('yearly_appeal_optouts', (t) => {
    t.string('email', 320).primary();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('yearly_appeal_optouts');
  await knex.schema.dropTableIfExists('yearly_appeals');
}
