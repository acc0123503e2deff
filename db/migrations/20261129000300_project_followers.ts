import type { Knex } from 'knex';

// News to a project's donors: a donor who ticks "tell me how it goes" follows
// the project (one row per project and address, in their language, with the token of their
// one-click unsubscribe link); each article linked to a project is handed to its followers once
// (project_news_runs: one row per article, so two instances queue it once) and mailed to each of
// them once (project_news_sends). Articles that exist when this runs count as handed out.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_followers', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    t.string('unsubscribe_token', 64).notNullable().unique();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('unsubscribed_at');
    t.unique(['project_id', 'email']);
    t.index(['email']);
  });
  await knex.schema.createTable('project_news_runs', (t) => {
    t.integer('article_id').primary().references('news_articles.id').onDelete('CASCADE');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('project_news_sends', (t) => {
    t.integer('follower_id').notNullable().references('project_followers.id').onDelete('CASCADE');
    t.integer('article_id').notNullable().references('news_articles.id').onDelete('CASCADE');
    t.timestamp('sent_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['follower_id', 'article_id']);
  });
  await knex.schema.alterTable('donations', (t) => {
    t.boolean('follow_project').notNullable().defaultTo(false);
  });
  // Articles that exist now (published or scheduled) were written before anyone could follow.
  await knex.raw('insert into project_news_runs (article_id) select id from news_articles');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => t.dropColumn('follow_project'));
  await knex.schema.dropTableIfExists('project_news_sends');
  await knex.schema.dropTableIfExists('project_news_runs');
  await knex.schema.dropTableIfExists('project_followers');
}
