import type { Knex } from 'knex';

// See what works without tracking anyone: page views counted with no cookie and no
// stored address (models/site/visits.ts), and where a gift or a subscription came from.
// - visit_salts: one random salt per Swiss day, shared by every instance, deleted when the day is over;
// - visit_events: the views of the days not rolled up for good (today, and yesterday until the
//   rollup after midnight), each with a visitor hash of that day's salt: no address;
// - visit_daily: views per day, page, language, referring site, campaign and device class;
// - visit_days: views and distinct visitors per day;
// - donations.source: the path of the page the giver came from;
// - newsletter_signups: one row per subscription asked for, with the page it came from and the
//   outcome, and nothing about the person (Mailchimp keeps the list when it is configured).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visit_salts', (t) => {
    t.string('day', 10).primary();
    t.string('salt', 64).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('visit_events', (t) => {
    t.bigIncrements('id');
    t.string('day', 10).notNullable();
    t.string('path', 300).notNullable();
    t.string('lang', 2).notNullable();
    t.string('referrer', 120).notNullable().defaultTo('');
    t.string('campaign', 80).notNullable().defaultTo('');
    t.string('device', 10).notNullable();
    t.string('visitor', 16).notNullable();
    t.timestamp('at').notNullable();
    t.index(['day']);
  });
  await knex.schema.createTable('visit_daily', (t) => {
    t.string('day', 10).notNullable();
    t.string('path', 300).notNullable();
    t.string('lang', 2).notNullable();
    t.string('referrer', 120).notNullable();
    t.string('campaign', 80).notNullable();
    t.string('device', 10).notNullable();
    t.integer('views').notNullable();
    t.primary(['day', 'path', 'lang', 'referrer', 'campaign', 'device']);
  });
  await knex.schema.createTable('visit_days', (t) => {
    t.string('day', 10).primary();
    t.integer('views').notNullable();
    t.integer('visitors').notNullable();
  });
  // Plain columns (no foreign key): on SQLite a new column with one makes Knex rebuild the table
  // and drop its triggers (the content version's on donations).
  await knex.schema.alterTable('donations', (t) => {
    t.string('source', 300);
  });
  await knex.schema.createTable('newsletter_signups', (t) => {
    t.increments('id');
    t.string('source', 300);
    t.string('lang', 2).notNullable();
    t.string('status', 30).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('newsletter_signups');
  await knex.schema.alterTable('donations', (t) => t.dropColumn('source'));
  await knex.schema.dropTableIfExists('visit_days');
  await knex.schema.dropTableIfExists('visit_daily');
  await knex.schema.dropTableIfExists('visit_events');
  await knex.schema.dropTableIfExists('visit_salts');
}
