import type { Knex } from 'knex';

// Every change of a project's raised total becomes a row of project_ledger, written in the same
// transaction as the change, so a total can always be explained: raised_cents = sum(amount_cents).
// Kinds: `opening` (what a project started with: the demo seed, the admin's create form, or what an
// existing database held before the ledger existed), `donation` (one row per applied USD donation;
// donation_id is unique, so a donation is counted once) and `adjustment` (an admin's correction,
// possibly negative, with who and why).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_ledger', (t) => {
    t.increments('id');
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('kind', 20).notNullable().checkIn(['opening', 'donation', 'adjustment'], 'project_ledger_kind_check');
    t.bigInteger('amount_cents').notNullable();
    t.integer('donation_id').unsigned().nullable().unique().references('id').inTable('donations');
    t.string('actor', 320).notNullable();
    t.string('note', 500);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['project_id']);
  });

  // Backfill: explain what every existing total holds. Applied USD donations become donation rows;
  // the rest (money entered by hand before the ledger) one opening row. A total lower than its
  // donations (an admin form saved over them, the defect this ledger fixes) gets an adjustment row
  // for the difference instead, so the books still add up and the gap stays visible.
  const projects = (await knex('projects').select('id', 'raised_cents', 'created_at')) as { id: number; raisedCents: number | string; createdAt: unknown }[];
  for (const p of projects) {
    const donations = (await knex('donations')
      .select('id', 'amount_cents', 'applied_at')
      .where({ project_id: p.id, status: 'succeeded', currency: 'usd' })
      .whereNotNull('applied_at')
      .orderBy('id')) as { id: number; amountCents: number | string; appliedAt: unknown }[];
    let donated = 0;
    for (const d of donations) {
      donated += Number(d.amountCents);
      await knex('project_ledger').insert({
        project_id: p.id,
        kind: 'donation',
        amount_cents: Number(d.amountCents),
        donation_id: d.id,
        actor: 'migration',
        note: 'Recorded before the ledger existed',
        created_at: d.appliedAt ?? knex.fn.now(),
      });
    }
    const rest = Number(p.raisedCents) - donated;
    if (rest > 0) {
      await knex('project_ledger').insert({
        project_id: p.id,
        kind: 'opening',
        amount_cents: rest,
        actor: 'migration',
        note: 'Raised amount before the ledger existed, not from recorded donations',
        created_at: p.createdAt ?? knex.fn.now(),
      });
    } else if (rest < 0) {
      await knex('project_ledger').insert({
        project_id: p.id,
        kind: 'adjustment',
        amount_cents: rest,
        actor: 'migration',
        note: 'The raised amount was lower than the recorded donations when the ledger was introduced',
      });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_ledger');
}
