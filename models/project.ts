import type { Knex } from 'knex';
import { z } from 'zod';
import { centsToDecimal, decimalToCents, slugify, type Project } from './rules';
import { VALIDATION_MESSAGES } from './admin-rules';
import { amount, displayOrder, imageUrl, insertReturningId, oneOf, optionalSlug, requiredText, withFreeSlug } from './admin-input';
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

// ---- Admin writes (issue 5). One schema serves the admin form, the admin API and the tests.

export const ProjectInputSchema = z.object({
  title: requiredText(200),
  titleDe: requiredText(200),
  description: requiredText(20_000),
  descriptionDe: requiredText(20_000),
  // SPEC section 4: any status at any time; new projects start as funding with nothing raised.
  status: oneOf(['funding', 'progress', 'completed'], VALIDATION_MESSAGES.status, 'funding'),
  raisedAmount: amount({ default: '0' }),
  goalAmount: amount(),
  imageUrl,
  order: displayOrder,
  slug: optionalSlug,
});

export type ProjectInput = z.output<typeof ProjectInputSchema>;

// Paths a project slug must not take: they are pages of their own under /projects/.
const RESERVED_PROJECT_SLUGS = ['new-project-template'];

const projectSlugBase = (wanted: string) => (RESERVED_PROJECT_SLUGS.includes(wanted) ? `${wanted}-project` : wanted);

function projectRow(input: ProjectInput) {
  return {
    title: input.title,
    titleDe: input.titleDe,
    description: input.description,
    descriptionDe: input.descriptionDe,
    status: input.status,
    raisedCents: decimalToCents(input.raisedAmount)!,
    goalCents: decimalToCents(input.goalAmount)!,
    imageUrl: input.imageUrl,
    displayOrder: input.order,
  };
}

/** Creates a project; its slug comes from the English title (or the given slug), made unique. */
export async function createProject(db: Knex, input: ProjectInput): Promise<Project> {
  const now = new Date().toISOString();
  const id = await withFreeSlug(db, 'projects', projectSlugBase(input.slug ?? slugify(input.title)), undefined, (slug) =>
    insertReturningId(db, 'projects', { ...projectRow(input), slug, createdAt: now, updatedAt: now }),
  );
  return (await findProjectById(db, id))!;
}

/** Updates a project; the slug stays unless the admin typed a different one. Null when unknown. */
export async function updateProject(db: Knex, id: number, input: ProjectInput): Promise<Project | null> {
  const current = await findProjectById(db, id);
  if (!current) return null;
  const write = (slug: string) => table(db).where({ id }).update({ ...projectRow(input), slug, updatedAt: new Date().toISOString() });
  if (input.slug && input.slug !== current.slug) await withFreeSlug(db, 'projects', projectSlugBase(input.slug), id, write);
  else await write(current.slug);
  return findProjectById(db, id);
}

/** Deletes a project (its news keep existing without the link). False when unknown. */
export async function deleteProject(db: Knex, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('news_articles').where({ projectId: id }).update({ projectId: null });
    return Number(await trx('projects').where({ id }).delete()) > 0;
  });
}
