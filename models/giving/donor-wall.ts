// A donor wall, by choice: the names donors chose to be shown under on a
// project's page (the checkout's "show my gift" question; anonymous by default). A gift counts
// while it stands: recorded, not wholly refunded, not lost in a dispute.
import type { Knex } from 'knex';

/** How many names a project's page shows, newest first. */
export const DONOR_WALL_SIZE = 24;

export interface DonorWall {
  /** The chosen names of the newest gifts (one per name), newest first. */
  names: string[];
  /** Every standing gift to the project, named or not. */
  gifts: number;
}

/** Gifts that stand: recorded, with some of them left after refunds, and no lost dispute (the donor wall, fundraisers, the numbers and the impact report count these). */
export function standing(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.whereNotNull('appliedAt').where('status', 'succeeded').whereRaw('refunded_cents < amount_cents').where((w) => w.whereNull('disputeStatus').orWhereNot('disputeStatus', 'lost'));
}

export async function donorWall(db: Knex, projectId: number): Promise<DonorWall> {
  const rows = (await standing(db('donations').where({ projectId }).whereNotNull('publicName'))
    .orderBy('appliedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(DONOR_WALL_SIZE * 4)
    .select('publicName')) as { publicName: string }[];
  const names: string[] = [];
  for (const { publicName } of rows) {
    if (!names.includes(publicName)) names.push(publicName);
    if (names.length === DONOR_WALL_SIZE) break;
  }
  const count = (await standing(db('donations').where({ projectId })).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return { names, gifts: Number(count?.n ?? 0) };
}
