import type { Knex } from 'knex';
import { contentVersionTriggers, dropContentVersionTriggers } from './content-version-triggers';

// The yearly impact report (models/site/impact.ts):
// - impact_reports: the admins' introduction of a year's report, in English and German (a public
//   page shows it, so a change moves the content version and the cached report is drawn again);
// - donations.payment_method: the kind of method a gift was paid with, as Stripe's charge names it
//   ('card', 'twint'); null for bank transfers (their kind says so) and gifts recorded before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('impact_reports', (t) => {
    t.integer('year').primary();
    t.text('intro').notNullable().defaultTo('');
    t.text('intro_de').notNullable().defaultTo('');
    t.string('updated_by', 200);
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await contentVersionTriggers(knex, 'impact_reports');
  // The report counts the monthly gifts running (models/site/stats.ts monthlyDonorsAt).
  await contentVersionTriggers(knex, 'donation_subscriptions');
  // A plain column: on SQLite one with a foreign key makes Knex rebuild the table and drop its triggers.
  await knex.schema.alterTable('donations', (t) => {
    t.string('payment_method', 40);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => t.dropColumn('payment_method'));
  await dropContentVersionTriggers(knex, 'donation_subscriptions');
  await dropContentVersionTriggers(knex, 'impact_reports');
  await knex.schema.dropTableIfExists('impact_reports');
}
