// One approved fundraiser on a fresh demo database, for the measuring scripts (budget, Lighthouse):
// its page is measured like a project's.
import type { Knex } from 'knex';
import { approveFundraiser, createFundraiser, latestEndDate } from '../models/giving/fundraiser';
import { swissToday } from '../models/shared/dates';

export async function demoFundraiserSlug(db: Knex): Promise<string> {
  const project = (await db('projects').where({ status: 'funding' }).orderBy('id').first('id')) as { id: number };
  const { fundraiser } = await createFundraiser(db, {
    projectId: Number(project.id),
    title: "Anna's 40th birthday for the Nook",
    story: 'Instead of presents, I am asking my friends to give to the learning centre in Mwenezi.\n\nEvery franc buys books, tools and time with a mentor.',
    imageUrl: null,
    goalKind: 'amount',
    goal: 80000,
    currency: 'chf',
    endDate: latestEndDate(swissToday()).slice(0, 8) + '01',
    name: 'Anna Muster',
    email: 'anna@example.org',
    language: 'en',
  });
  await db.transaction((trx) => approveFundraiser(trx, fundraiser.id, 'demo'));
  return fundraiser.slug;
}
