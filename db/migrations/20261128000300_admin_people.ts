import type { Knex } from 'knex';

// Admins are people: the people an admin invited, each with a role (editor,
// treasurer or admin); their invitation links (one-time tokens, the same columns as login_tokens);
// their passkeys (WebAuthn credentials: the public key and the signature counter, never a secret);
// and the challenges of passkey ceremonies in progress (shared by every instance, valid minutes).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_people', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().unique();
    t.string('name', 120).notNullable();
    t.string('role', 20).notNullable();
    t.string('language', 2).notNullable().defaultTo('en');
    t.string('invited_by', 200);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('joined_at');
  });
  await knex.schema.createTable('admin_invite_tokens', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    t.string('email', 320).notNullable();
    t.string('lang', 2).notNullable().defaultTo('en');
    t.timestamp('expires_at').notNullable();
    t.timestamp('used_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });
  await knex.schema.createTable('passkeys', (t) => {
    t.increments('id');
    t.integer('person_id').notNullable().references('id').inTable('admin_people').onDelete('CASCADE');
    t.string('credential_id', 512).notNullable().unique();
    t.text('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.string('transports', 200).notNullable().defaultTo('[]');
    t.string('name', 120).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at');
    t.index(['person_id']);
  });
  await knex.schema.createTable('webauthn_challenges', (t) => {
    t.string('id', 64).primary();
    t.string('challenge', 200).notNullable();
    t.string('purpose', 20).notNullable();
    t.integer('person_id');
    t.timestamp('expires_at').notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webauthn_challenges');
  await knex.schema.dropTableIfExists('passkeys');
  await knex.schema.dropTableIfExists('admin_invite_tokens');
  await knex.schema.dropTableIfExists('admin_people');
}
