import type { Knex } from 'knex';

// People's data by e-mailed link: the one-time tokens of the links that show a
// person what the site holds about their address, and of those that erase it (one table each, the
// same columns as login_tokens and donor_tokens: only the SHA-256 of a token is kept).
export async function up(knex: Knex): Promise<void> {
  for (const table of ['privacy_access_tokens', 'privacy_erasure_tokens']) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.string('token_hash', 64).notNullable().unique();
      t.string('email', 320).notNullable();
      t.string('lang', 2).notNullable().defaultTo('en');
      t.timestamp('expires_at').notNullable();
      t.timestamp('used_at');
      t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
      t.index(['expires_at']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('privacy_erasure_tokens');
  await knex.schema.dropTableIfExists('privacy_access_tokens');
}
