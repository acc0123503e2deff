import type { Knex } from 'knex';

// Bank transfers matched from the bank's file (models/giving/bank-import.ts):
// - bank_credits: every credit read from an imported camt.053/camt.054 statement, once. credit_key
//   (unique) is the credit's identity (the bank's reference of the booking, amount, currency, date
//   and creditor reference, hashed): the same file imported again, or on two instances at once,
//   finds the row there and changes nothing. A credited one names its donation; an unmatched one
//   waits for a person to assign it (assigned_by, assigned_at).
// - donor_references: each donor's own creditor reference (RFxx D<code>), by e-mail address.
// A gift by bank transfer is a donation of kind 'bank' (models/giving/bank-import.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bank_credits', (t) => {
    t.increments('id');
    t.string('credit_key', 64).notNullable().unique();
    t.string('reference', 40);
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('booked_on', 10);
    t.string('debtor_name', 200);
    t.string('bank_ref', 120);
    t.string('status', 20).notNullable();
    t.string('reason', 40);
    t.integer('donation_id').unsigned().nullable().unique().references('id').inTable('donations').onDelete('SET NULL');
    t.string('file_name', 200);
    t.string('imported_by', 320).notNullable();
    t.string('assigned_by', 320);
    t.timestamp('assigned_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status']);
  });
  await knex.schema.createTable('donor_references', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().unique();
    t.string('code', 20).notNullable().unique();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('donor_references');
  await knex.schema.dropTable('bank_credits');
}
