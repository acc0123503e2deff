import type { Knex } from 'knex';
import { z } from 'zod';
import type { TeamMember } from '../shared/rules';
import { TEAM_LOCATIONS } from '../shared/admin-rules';
import { displayOrder, imageUrl, insertReturningId, oneOf, requiredText } from './admin-input';
import { toIso } from '../shared/dates';
import { moveToTrash } from './trash-rules';
import { notDeleted, publishingFields, publishingOnCreate, publishingOnUpdate, toPublishing, whereLive } from './publishing';
import { withPreviewed } from './preview-scope';

interface TeamRow extends Omit<TeamMember, 'order' | 'createdAt' | 'draft' | 'publishAt'> {
  displayOrder: number;
  createdAt: unknown;
  draft: unknown;
  publishAt: unknown;
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
    ...toPublishing(row, toIso),
  };
}

/** Team members not in the trash. */
const table = (db: Knex) => notDeleted(db<TeamRow>('team_members'));

export async function listTeam(db: Knex): Promise<TeamMember[]> {
  const rows = await table(db).select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return rows.map(toTeamMember);
}

/** The team as visitors see it: live members only (a preview's member in place, see preview-scope.ts). */
export async function listLiveTeam(db: Knex): Promise<TeamMember[]> {
  const rows = await whereLive(db<TeamRow>('team_members')).select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return withPreviewed('team', rows.map(toTeamMember), (a, b) => a.order - b.order || a.id - b.id);
}

// ---- Admin writes.

export const TeamInputSchema = z.object({
  name: requiredText(160),
  position: requiredText(200),
  positionDe: requiredText(200),
  bio: requiredText(10_000),
  bioDe: requiredText(10_000),
  imageUrl,
  location: oneOf(TEAM_LOCATIONS, 'location', 'zimbabwe'),
  // Display order defaults to 0.
  order: displayOrder,
  ...publishingFields,
});

export type TeamInput = z.output<typeof TeamInputSchema>;

export async function findTeamMemberById(db: Knex, id: number): Promise<TeamMember | null> {
  const row = await table(db).where({ id }).first();
  return row ? toTeamMember(row) : null;
}

function teamRow({ order, draft: _draft, publishAt: _publishAt, ...rest }: TeamInput) {
  return { ...rest, displayOrder: order };
}

export async function createTeamMember(db: Knex, input: TeamInput): Promise<TeamMember> {
  const now = new Date().toISOString();
  const id = await insertReturningId(db, 'team_members', { ...teamRow(input), ...publishingOnCreate(input), createdAt: now, updatedAt: now });
  return (await findTeamMemberById(db, id))!;
}

export async function updateTeamMember(db: Knex, id: number, input: TeamInput): Promise<TeamMember | null> {
  const changed = await notDeleted(db('team_members')).where({ id }).update({ ...teamRow(input), ...publishingOnUpdate(input), updatedAt: new Date().toISOString() });
  return Number(changed) > 0 ? findTeamMemberById(db, id) : null;
}

/** Moves a team member to the trash. False when unknown. */
export async function deleteTeamMember(db: Knex, id: number, by: { actor: string } = { actor: 'system' }): Promise<boolean> {
  return moveToTrash(db, 'team_members', id, by.actor);
}
