import type { Knex } from 'knex';
import { seedDemoContent } from './seeds/demo-content';

/** Seeds the demo content once: only into a database that has no projects yet. */
export async function seedIfEmpty(db: Knex): Promise<boolean> {
  const row = await db('projects').count<{ n: number | string }[]>({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemoContent(db);
  return true;
}
