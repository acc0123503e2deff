import type { Knex } from 'knex';

// Admin area: the audit log (who changed what, when), one-time e-mail sign-in tokens, and the
// pixel size of uploaded images (so pages can give <img> explicit dimensions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id');
    t.string('actor', 320).notNullable();
    t.string('action', 40).notNullable();
    t.string('entity', 40).notNullable();
    t.string('entity_id', 80);
    t.string('summary', 500);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['entity', 'entity_id']);
  });

  await knex.schema.createTable('login_tokens', (t) => {
    t.increments('id');
    // Only the SHA-256 of the token is kept: a database leak does not open sessions.
    t.string('token_hash', 64).notNullable().unique();
    t.string('email', 320).notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    t.timestamp('expires_at').notNullable();
    t.timestamp('used_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });

  await knex.schema.alterTable('media_items', (t) => {
    t.integer('width');
    t.integer('height');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_items', (t) => {
    t.dropColumn('width');
    t.dropColumn('height');
  });
  await knex.schema.dropTableIfExists('login_tokens');
  await knex.schema.dropTableIfExists('audit_log');
}
