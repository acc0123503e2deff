import type { Knex } from 'knex';

// The books (models/giving/books.ts): every gift keeps what the donor gave (amount_cents, currency)
// and what it is worth in the charity's book currency (BOOK_CURRENCY): book_cents, book_currency,
// with the rate used, its day and its source ('same': given in the book currency; 'stripe': what
// Stripe settled it for; 'ecb' or 'treasurer': a recorded rate of exchange_rates; 'demo': the demo's).
// usd_cents is what the gift counts for in the project totals (the spec's US dollars), before the
// covered fee and refunds: null only while no rate is known yet (it is credited when one arrives).
// - exchange_rates: one rate a day, currency and book currency: what one unit of `currency` is
//   worth in `book_currency`, kept as decimal text (exact); a treasurer's rate replaces the job's.
// - stripe_fee_cents: Stripe's fee of a card gift (its balance transaction's fee, in the settled
//   currency), for the journal's fee bookings.
// - stripe_payouts and stripe_payout_lines: Stripe's payouts to the bank (read from Stripe when a
//   statement shows one) and the balance transactions each paid out (charges, refunds, disputes,
//   fees), so a bank credit of a payout is explained gift by gift.
// - Gifts outside the website (kind 'offline'): offline_method (cash, cheque, bank, other), a
//   note, the donor's postal address, who recorded it; a correction is a reversing entry
//   (reverses_id: the gift it takes back, once).
/** The project ledger's kinds: a rate recorded later corrects a gift ('revaluation'); a gift outside the website taken back ('reversal'). */
const LEDGER_KINDS_BEFORE = ['opening', 'donation', 'adjustment', 'refund', 'dispute'];
const LEDGER_KINDS = [...LEDGER_KINDS_BEFORE, 'revaluation', 'reversal'];

/**
 * The ledger's kind check: PostgreSQL alters it in place; SQLite cannot alter a CHECK, so the
 * table is made again from its own definition with the new list, with the same rows, ids and indexes.
 */
async function ledgerKinds(knex: Knex, kinds: readonly string[]): Promise<void> {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  if (knex.client.config.client !== 'sqlite3') {
    await knex.raw('alter table ?? drop constraint if exists project_ledger_kind_check', ['project_ledger']);
    await knex.raw(`alter table ?? add constraint project_ledger_kind_check check (kind in (${list}))`, ['project_ledger']);
    return;
  }
  const table = (await knex('sqlite_master').where({ type: 'table', name: 'project_ledger' }).first('sql')) as { sql: string };
  const check = /(check\s*\(\s*[`"]?kind[`"]?\s+in\s*\()[^)]*(\)\s*\))/i;
  if (!check.test(table.sql)) throw new Error('project_ledger: its kind check was not found');
  const indexes = ((await knex('sqlite_master').where({ type: 'index', tbl_name: 'project_ledger' }).whereNotNull('sql').select('sql')) as { sql: string }[]).map((r) => r.sql);
  const created = table.sql.replace(check, `$1${list}$2`).replace(/^create table\s+[`"]?project_ledger[`"]?/i, 'create table `project_ledger_new`');
  await knex.raw(created);
  await knex.raw('insert into project_ledger_new select * from project_ledger');
  await knex.raw('drop table project_ledger');
  await knex.raw('alter table project_ledger_new rename to project_ledger');
  for (const sql of indexes) await knex.raw(sql);
}

export async function up(knex: Knex): Promise<void> {
  await ledgerKinds(knex, LEDGER_KINDS);
  await knex.schema.createTable('exchange_rates', (t) => {
    t.increments('id');
    t.string('day', 10).notNullable();
    t.string('currency', 3).notNullable();
    t.string('book_currency', 3).notNullable();
    t.string('rate', 32).notNullable();
    t.string('source', 20).notNullable();
    t.string('set_by', 320);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['day', 'currency', 'book_currency']);
    t.index(['currency', 'book_currency', 'day']);
  });
  // On SQLite a new column with a foreign key makes Knex rebuild the table (and drop its triggers):
  // there reverses_id is a plain column, as donations.fundraiser_id is.
  const sqlite = knex.client.config.client === 'sqlite3';
  await knex.schema.alterTable('donations', (t) => {
    t.bigInteger('book_cents');
    t.string('book_currency', 3);
    t.string('book_rate', 32);
    t.string('book_rate_on', 10);
    t.string('book_rate_source', 20);
    t.bigInteger('usd_cents');
    t.bigInteger('stripe_fee_cents');
    t.string('offline_method', 10);
    t.string('note', 500);
    t.string('donor_address', 500);
    t.string('recorded_by', 320);
    const reverses = t.integer('reverses_id');
    if (!sqlite) reverses.references('donations.id').onDelete('SET NULL');
    t.unique(['reverses_id']);
  });
  await knex.schema.createTable('stripe_payouts', (t) => {
    t.increments('id');
    t.string('payout_id', 100).notNullable().unique();
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('arrival_date', 10).notNullable();
    t.string('status', 20).notNullable();
    t.bigInteger('gross_cents');
    t.bigInteger('fee_cents');
    t.integer('bank_credit_id');
    t.timestamp('fetched_at').notNullable().defaultTo(knex.fn.now());
    t.index(['arrival_date']);
  });
  await knex.schema.createTable('stripe_payout_lines', (t) => {
    t.increments('id');
    t.integer('payout_id').notNullable().references('id').inTable('stripe_payouts').onDelete('CASCADE');
    t.string('balance_transaction_id', 100).notNullable().unique();
    t.string('type', 30).notNullable();
    t.string('source_id', 100);
    t.integer('donation_id');
    t.bigInteger('amount_cents').notNullable();
    t.bigInteger('fee_cents').notNullable().defaultTo(0);
    t.bigInteger('net_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('created_on', 10);
    t.index(['payout_id']);
  });
  // What the gifts already recorded count for, by the rule they were credited by (what Stripe
  // settled in USD, a USD gift its amount); the rest is valued by the rates job once it has rates.
  await knex('donations').where({ settledCurrency: 'usd' }).whereNotNull('settledCents').update({ usdCents: knex.ref('settled_cents') });
  await knex('donations').whereNull('usdCents').where({ currency: 'usd' }).update({ usdCents: knex.ref('amount_cents') });
}

export async function down(knex: Knex): Promise<void> {
  // Rate corrections and reversals fold into adjustments (the totals stay explained).
  await knex('project_ledger').whereIn('kind', ['revaluation', 'reversal']).update({ kind: 'adjustment' });
  await ledgerKinds(knex, LEDGER_KINDS_BEFORE);
  await knex.schema.dropTable('stripe_payout_lines');
  await knex.schema.dropTable('stripe_payouts');
  await knex.schema.alterTable('donations', (t) => {
    t.dropUnique(['reverses_id']);
    for (const c of ['stripe_fee_cents', 'book_cents', 'book_currency', 'book_rate', 'book_rate_on', 'book_rate_source', 'usd_cents', 'offline_method', 'note', 'donor_address', 'recorded_by', 'reverses_id']) t.dropColumn(c);
  });
  await knex.schema.dropTable('exchange_rates');
}
