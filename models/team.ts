import type { Knex } from 'knex';
import type { TeamMember } from './rules';
import { toIso } from './dates';

interface TeamRow extends Omit<TeamMember, 'order' | 'createdAt'> {
  displayOrder: number;
  createdAt: unknown;
}

export function toTeamMember(row: TeamRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    positionDe: row.positionDe,
    bio: row.bio,
    bioDe: row.bioDe,
    imageUrl: row.imageUrl,
    location: row.location,
    order: row.displayOrder,
    createdAt: toIso(row.createdAt),
  };
}

export async function listTeam(db: Knex): Promise<TeamMember[]> {
  const rows = await db<TeamRow>('team_members').select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return rows.map(toTeamMember);
}
