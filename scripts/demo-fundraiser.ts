// The fundraiser the measuring scripts (budget, Lighthouse) measure like a project's page: the demo
// content's approved one.
import type { Knex } from 'knex';

export async function demoFundraiserSlug(db: Knex): Promise<string> {
  const row = (await db('fundraisers').where({ status: 'approved' }).orderBy('id').first('slug')) as { slug: string } | undefined;
  if (!row) throw new Error('the demo content has no approved fundraiser');
  return row.slug;
}
