import type { Knex } from 'knex';

// Its own copy, like content-version-triggers.ts: a migration depends on nothing that may change
// (importing db/connection.ts also made an import circle through the migration list).
const isSqlite = (knex: Knex) => knex.client.config.client === 'sqlite3';

// Giving the way Swiss donors give: several currencies, monthly gifts, receipts, refunds and disputes.
//
// donations: one row per Stripe PaymentIntent, as before; a monthly gift adds one row per paid
//   invoice (each invoice has its own PaymentIntent). New columns say who gave (for the receipt and
//   the yearly certificate), what Stripe settled the gift for in US dollars (the currency of project
//   totals), and how much of it was refunded or is held by a dispute.
// donation_subscriptions: the monthly gifts, mirrored from Stripe so the donor's page and the admin
//   list them without a call to Stripe.
// donor_tokens: one-time links to "Manage my donations" (only the hash is kept).
// project_ledger: refunds and disputes become ledger rows of their own, so one donation can have
//   several rows; a donation is still credited once (a partial unique index on kind = 'donation').
export const LEDGER_KINDS = ['opening', 'donation', 'adjustment', 'refund', 'dispute'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.string('kind', 10).notNullable().defaultTo('one_off');
    t.string('donor_email', 320);
    t.string('donor_name', 200);
    t.string('customer_id', 255);
    t.string('subscription_id', 255);
    t.string('invoice_id', 255);
    t.string('charge_id', 255);
    // What Stripe's balance transaction says the gift is worth in the account's currency (USD).
    t.bigInteger('settled_cents');
    t.string('settled_currency', 3);
    // In the gift's own currency: refunded so far, and held by an open or lost dispute.
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
    t.bigInteger('disputed_cents').notNullable().defaultTo(0);
    t.string('dispute_status', 30);
    t.timestamp('receipt_sent_at');
    t.index(['donor_email']);
    t.index(['subscription_id']);
    t.unique(['charge_id']);
    t.unique(['invoice_id']);
    t.index(['applied_at']);
  });
  // Rows from before: a USD gift settled for what it was.
  await knex('donations').where({ currency: 'usd', status: 'succeeded' }).update({ settled_cents: knex.ref('amount_cents'), settled_currency: 'usd' });

  await knex.schema.createTable('donation_subscriptions', (t) => {
    t.increments('id');
    t.string('subscription_id', 255).notNullable().unique();
    t.string('customer_id', 255).notNullable();
    t.string('donor_email', 320).notNullable();
    t.string('donor_name', 200);
    t.bigInteger('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.integer('project_id').unsigned().references('id').inTable('projects').onDelete('SET NULL');
    t.string('language', 2).notNullable().defaultTo('en');
    // Stripe's status (incomplete, active, past_due, canceled...); paused is our own flag on top.
    t.string('status', 30).notNullable();
    t.boolean('paused').notNullable().defaultTo(false);
    t.timestamp('current_period_end');
    t.timestamp('canceled_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['donor_email']);
    t.index(['customer_id']);
  });

  await knex.schema.createTable('donor_tokens', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    t.string('email', 320).notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    t.timestamp('expires_at').notNullable();
    t.timestamp('used_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });

  // Mails may carry a file (the donation certificate's PDF), base64 in JSON.
  await knex.schema.alterTable('outbox', (t) => t.text('attachments'));

  await rebuildLedger(knex, LEDGER_KINDS, false);
}

/**
 * The ledger's kind check and the "one row per donation" rule change: PostgreSQL alters them in
 * place; SQLite cannot alter a CHECK, so the table is rebuilt with the same rows and ids.
 */
async function rebuildLedger(knex: Knex, kinds: readonly string[], uniqueDonation: boolean): Promise<void> {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  if (!isSqlite(knex)) {
    await knex.raw('alter table ?? drop constraint if exists project_ledger_kind_check', ['project_ledger']);
    await knex.raw(`alter table ?? add constraint project_ledger_kind_check check (kind in (${list}))`, ['project_ledger']);
    if (uniqueDonation) {
      await knex.raw('drop index if exists project_ledger_donation_once');
      await knex.schema.alterTable('project_ledger', (t) => t.unique(['donation_id']));
    } else {
      await knex.schema.alterTable('project_ledger', (t) => t.dropUnique(['donation_id']));
      await knex.raw(`create unique index project_ledger_donation_once on project_ledger (donation_id) where kind = 'donation'`);
    }
    // The unique constraint of before indexes donation_id itself; the partial one does not.
    if (!uniqueDonation) await knex.schema.alterTable('project_ledger', (t) => t.index(['donation_id'], 'project_ledger_donation_id_index'));
    return;
  }
  await knex.raw('drop index if exists project_ledger_donation_id_unique');
  await knex.raw('drop index if exists project_ledger_donation_once');
  await knex.raw('drop index if exists project_ledger_project_id_index');
  await knex.raw('drop index if exists project_ledger_donation_id_index');
  await knex.schema.renameTable('project_ledger', 'project_ledger_old');
  await knex.schema.createTable('project_ledger', (t) => {
    t.increments('id');
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('kind', 20).notNullable().checkIn([...kinds], 'project_ledger_kind_check');
    t.bigInteger('amount_cents').notNullable();
    t.integer('donation_id').unsigned().nullable().references('id').inTable('donations');
    t.string('actor', 320).notNullable();
    t.string('note', 500);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['project_id']);
    t.index(['donation_id'], 'project_ledger_donation_id_index');
  });
  await knex.raw(
    'insert into project_ledger (id, project_id, kind, amount_cents, donation_id, actor, note, created_at) select id, project_id, kind, amount_cents, donation_id, actor, note, created_at from project_ledger_old',
  );
  await knex.schema.dropTable('project_ledger_old');
  if (uniqueDonation) await knex.raw('create unique index project_ledger_donation_id_unique on project_ledger (donation_id)');
  else await knex.raw(`create unique index project_ledger_donation_once on project_ledger (donation_id) where kind = 'donation'`);
}

export async function down(knex: Knex): Promise<void> {
  // Refund and dispute rows become adjustments (detached from their donation, which may have only
  // one row before this migration): every project keeps its total, and the ledger still explains it.
  await knex('project_ledger')
    .whereIn('kind', ['refund', 'dispute'])
    .update({ kind: 'adjustment', donationId: null, note: knex.raw("'(was ' || kind || ') ' || coalesce(note, '')") });
  await knex.raw('drop index if exists project_ledger_donation_id_index');
  await rebuildLedger(knex, ['opening', 'donation', 'adjustment'], true);
  await dropColumns(knex, 'outbox', ['attachments']);
  await knex.schema.dropTableIfExists('donor_tokens');
  await knex.schema.dropTableIfExists('donation_subscriptions');
  await knex.schema.alterTable('donations', (t) => {
    t.dropIndex(['applied_at']);
    t.dropUnique(['invoice_id']);
    t.dropUnique(['charge_id']);
    t.dropIndex(['subscription_id']);
    t.dropIndex(['donor_email']);
  });
  await dropColumns(knex, 'donations', ['receipt_sent_at', 'dispute_status', 'disputed_cents', 'refunded_cents', 'settled_currency', 'settled_cents', 'charge_id', 'invoice_id', 'subscription_id', 'customer_id', 'donor_name', 'donor_email', 'kind']);
}

/**
 * SQLite: knex drops a column by copying the table, which the ledger's foreign key to donations
 * refuses inside the migration's transaction; SQLite's own DROP COLUMN (3.35+) changes it in place.
 */
async function dropColumns(knex: Knex, table: string, columns: string[]): Promise<void> {
  for (const column of columns) {
    if (isSqlite(knex)) await knex.raw('alter table ?? drop column ??', [table, column]);
    else await knex.schema.alterTable(table, (t) => t.dropColumn(column));
  }
}
