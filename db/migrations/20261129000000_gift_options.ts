import type { Knex } from 'knex';
import { contentVersionTriggers, dropContentVersionTriggers } from './content-version-triggers';

// Giving beyond the checkout, the gift's own options:
// - covered_fee_cents: what the donor added to cover the card fee, in the gift's currency, inside
//   amount_cents (what was charged); the project counts the gift without it. The ledger row of the
//   gift keeps the fee's USD share apart in its own column, outside the project's total.
// - public_name: the name the donor chose to be shown under on the project's page (null:
//   anonymous, the default). A project's page now reads the donations (its donor wall), so a
//   write to them raises the content version like a write to any content table.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => {
    t.integer('covered_fee_cents').notNullable().defaultTo(0);
    t.string('public_name', 80);
  });
  await knex.schema.alterTable('project_ledger', (t) => {
    t.bigInteger('covered_fee_cents').notNullable().defaultTo(0);
  });
  await contentVersionTriggers(knex, 'donations');
}

export async function down(knex: Knex): Promise<void> {
  await dropContentVersionTriggers(knex, 'donations');
  await knex.schema.alterTable('project_ledger', (t) => t.dropColumn('covered_fee_cents'));
  await knex.schema.alterTable('donations', (t) => {
    t.dropColumn('public_name');
    t.dropColumn('covered_fee_cents');
  });
}
