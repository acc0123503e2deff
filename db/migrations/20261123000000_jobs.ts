import type { Knex } from 'knex';

// Background jobs. On SQLite the one process works the `jobs` table (models/providers/jobs.ts); on
// PostgreSQL graphile-worker keeps its own schema and `job_workers` records which worker of which
// instance is alive, so jobs a killed instance left locked are freed within a minute.
// Outgoing mail becomes a queue: an outbox row per mail, claimed before it is sent (at most once).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id');
    t.string('task', 128).notNullable();
    t.text('payload').notNullable();
    t.string('key', 512).unique();
    t.bigInteger('run_at_ms').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(10);
    t.bigInteger('locked_at_ms');
    t.string('locked_by', 200);
    t.text('last_error');
    t.timestamp('failed_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['run_at_ms']);
  });

  await knex.schema.createTable('job_workers', (t) => {
    t.string('worker_id', 200).primary();
    t.string('instance', 200).notNullable();
    t.timestamp('heartbeat_at').notNullable();
  });

  await knex.schema.alterTable('outbox', (t) => {
    // queued -> sending -> sent | failed; `unknown` when a crash cut a send off (never repeated).
    t.string('status', 20).notNullable().defaultTo('sent');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('error');
    t.text('headers');
    t.timestamp('sent_at');
    t.index(['status']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropIndex(['created_at']);
    t.dropIndex(['status']);
    t.dropColumn('sent_at');
    t.dropColumn('headers');
    t.dropColumn('error');
    t.dropColumn('attempts');
    t.dropColumn('status');
  });
  await knex.schema.dropTableIfExists('job_workers');
  await knex.schema.dropTableIfExists('jobs');
}
