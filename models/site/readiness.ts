// What /readyz asks of the database: does it answer, and has every migration this code knows run.
import type { Knex } from 'knex';
import { migrationsCurrent } from '../../db/connection';

/** Resolves when the database answers a trivial query; rejects when it cannot be reached. */
export async function databaseAnswers(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** True when every migration this code knows has run on the database. */
export function schemaCurrent(db: Knex): Promise<boolean> {
  return migrationsCurrent(db);
}
