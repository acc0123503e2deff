import type { Knex } from 'knex';
import { centsToDecimal, type Project } from './rules';
import { toDateOnly, toIso } from './dates';

interface ProjectRow {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  imageUrl: string;
  status: string;
  raisedCents: number | string;
  goalCents: number | string;
  startDate: unknown;
  displayOrder: number;
  createdAt: unknown;
  updatedAt: unknown;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    titleDe: row.titleDe,
    description: row.description,
    descriptionDe: row.descriptionDe,
    imageUrl: row.imageUrl,
    status: row.status,
    raisedAmount: centsToDecimal(Number(row.raisedCents)),
    goalAmount: centsToDecimal(Number(row.goalCents)),
    startDate: toDateOnly(row.startDate),
    order: row.displayOrder,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const table = (db: Knex) => db<ProjectRow>('projects');

export async function listProjects(db: Knex): Promise<Project[]> {
  const rows = await table(db).select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return rows.map(toProject);
}

export async function findProjectBySlug(db: Knex, slug: string): Promise<Project | null> {
  const row = await table(db).where({ slug }).first();
  return row ? toProject(row) : null;
}

export async function findProjectById(db: Knex, id: number): Promise<Project | null> {
  const row = await table(db).where({ id }).first();
  return row ? toProject(row) : null;
}
