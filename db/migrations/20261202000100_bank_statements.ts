import type { Knex } from 'knex';

// The bank statement fully explained (models/giving/bank-statement.ts):
// - bank_statements: each imported camt.053/camt.054 file once (statement_key: the account, the
//   kind, the statement's own Id and its lines, hashed), with its period and who imported it.
// - bank_statement_lines: every booked line of it, credits and debits, with the bank's own note
//   (RmtInf/Ustrd, AddtlTxInf, AddtlNtryInf) and the other party's name and IBAN. What explains a
//   line: its bank credit credited as a gift (bank_credit_id), a Stripe payout (payout_id:
//   stripe_payouts.id), or a not-a-gift category chosen by a treasurer (category, category_note).
// - bank_credits gain the sender's IBAN and the bank's note (to decide by; erased with the donor).
// - bank_remembered_accounts: a sender's account a treasurer assigned once, with the donor's
//   consent noted (consent_at, consent_by): the next credit from it is credited by itself to the
//   same project and donor. Erased with the donor's data (models/privacy/personal-data.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bank_statements', (t) => {
    t.increments('id');
    t.string('statement_key', 64).notNullable().unique();
    t.string('kind', 10).notNullable();
    t.string('account_iban', 34);
    t.string('statement_ref', 100);
    t.string('period_from', 10);
    t.string('period_to', 10);
    t.string('file_name', 200);
    t.string('imported_by', 320).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('bank_statement_lines', (t) => {
    t.increments('id');
    t.integer('statement_id').notNullable().references('id').inTable('bank_statements').onDelete('CASCADE');
    t.string('line_key', 64).notNullable();
    t.integer('position').notNullable();
    t.string('direction', 6).notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('booked_on', 10);
    t.string('reference', 40);
    t.string('bank_ref', 120);
    t.string('counterparty_name', 200);
    t.string('counterparty_iban', 34);
    t.string('note', 500);
    t.integer('bank_credit_id');
    t.integer('payout_id');
    t.string('category', 20);
    t.string('category_note', 500);
    t.string('explained_by', 320);
    t.timestamp('explained_at');
    t.unique(['statement_id', 'line_key']);
    t.index(['bank_credit_id']);
  });
  await knex.schema.alterTable('bank_credits', (t) => {
    t.string('debtor_iban', 34);
    t.string('note', 500);
  });
  await knex.schema.createTable('bank_remembered_accounts', (t) => {
    t.increments('id');
    t.string('iban', 34).notNullable().unique();
    t.string('holder_name', 200);
    t.integer('project_id');
    t.string('email', 320);
    t.timestamp('consent_at').notNullable();
    t.string('consent_by', 320).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bank_remembered_accounts');
  await knex.schema.alterTable('bank_credits', (t) => {
    t.dropColumn('note');
    t.dropColumn('debtor_iban');
  });
  await knex.schema.dropTable('bank_statement_lines');
  await knex.schema.dropTable('bank_statements');
}
