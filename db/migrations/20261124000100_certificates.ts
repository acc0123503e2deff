import type { Knex } from 'knex';

// The yearly donation certificates sent in one go by an admin: a run per start (its year, status
// and progress counters), and a row per donor of that year. A donor's row is claimed by the same
// transaction that queues their mail, so a retried or interrupted run never mails anyone twice and
// resumes with the donors still pending.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('certificate_runs', (t) => {
    t.increments('id');
    t.integer('year').notNullable();
    // running -> done, or failed when the job gave up.
    t.string('status', 10).notNullable().defaultTo('running');
    // Null until the job has listed the year's donors.
    t.integer('total');
    t.integer('sent').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.string('error', 500);
    t.string('started_by', 320).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at');
    t.index(['year']);
  });
  // One run at a time per year: a second click while one is under way is refused, not a second mail.
  await knex.raw(`create unique index certificate_runs_one_running on certificate_runs (year) where status = 'running'`);
  await knex.schema.createTable('certificate_sends', (t) => {
    t.increments('id');
    t.integer('run_id').unsigned().notNullable().references('id').inTable('certificate_runs').onDelete('CASCADE');
    t.string('donor_email', 320).notNullable();
    // pending -> sent (mail queued), skipped (nothing to certify any more) or failed.
    t.string('status', 10).notNullable().defaultTo('pending');
    t.string('error', 500);
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['run_id', 'donor_email']);
    t.index(['run_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('certificate_sends');
  await knex.schema.dropTableIfExists('certificate_runs');
}
