import type { Knex } from 'knex';

// Newsletter campaigns built in the admin, and one delivery row per (campaign, subscriber):
// the unique pair is what makes a resumed send skip everyone who already got a copy.
// Subscribers get the rest of their consent record (the wording they agreed to, when the last
// confirmation mail went out) and a history of consent events (Swiss FADP / EU GDPR: be able to
// show when, how and from which form someone agreed, and when they withdrew).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.text('consent_text');
    t.timestamp('confirm_sent_at');
  });

  await knex.schema.createTable('newsletter_consent_events', (t) => {
    t.increments('id');
    t.integer('subscriber_id').unsigned().notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE');
    // requested | confirmed | unsubscribed
    t.string('event', 20).notNullable();
    // how: double-opt-in, confirmation-link, unsubscribe-link, one-click-header...
    t.string('method', 40).notNullable();
    t.string('form', 60);
    t.string('language', 2).notNullable();
    t.text('consent_text');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['subscriber_id']);
  });

  await knex.schema.createTable('newsletter_campaigns', (t) => {
    t.increments('id');
    // local | mailchimp
    t.string('provider', 20).notNullable();
    t.string('external_id', 120);
    t.string('subject', 200).notNullable();
    t.string('preview_text', 300).notNullable().defaultTo('');
    t.string('language', 2).notNullable();
    t.text('news_ids').notNullable().defaultTo('[]');
    t.text('project_ids').notNullable().defaultTo('[]');
    t.text('html').notNullable();
    t.text('text_body').notNullable();
    // draft | sending | sent
    t.string('status', 20).notNullable().defaultTo('draft');
    t.integer('recipients').notNullable().defaultTo(0);
    t.timestamp('sent_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['external_id']);
  });

  await knex.schema.createTable('newsletter_deliveries', (t) => {
    t.increments('id');
    t.integer('campaign_id').unsigned().notNullable().references('id').inTable('newsletter_campaigns').onDelete('CASCADE');
    t.integer('subscriber_id').unsigned().notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE');
    // sending (claimed; may have gone out) | sent | failed (definitely not sent: retried on resume)
    t.string('status', 20).notNullable();
    t.text('error');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['campaign_id', 'subscriber_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('newsletter_deliveries');
  await knex.schema.dropTableIfExists('newsletter_campaigns');
  await knex.schema.dropTableIfExists('newsletter_consent_events');
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropColumn('consent_text');
    t.dropColumn('confirm_sent_at');
  });
}
