import type { Knex } from 'knex';
import { z } from 'zod';
import type { PageContent } from './rules';
import { PAGE_NAMES } from './admin-rules';
import { invalidField } from './errors';
import { insertReturningId, oneOf, optionalText, requiredText } from './admin-input';
import { toIso } from './dates';
import { isUniqueViolation } from './db-limits';

interface PageRow extends Omit<PageContent, 'updatedAt'> {
  updatedAt: unknown;
}

// The list lives with the browser-safe admin rules (the admin form offers it); exported here as before.
export { PAGE_NAMES };

export function toPageContent(row: PageRow): PageContent {
  return { ...row, updatedAt: toIso(row.updatedAt) };
}

export async function listPageContents(db: Knex): Promise<PageContent[]> {
  const rows = await db<PageRow>('page_contents').select('*').orderBy('pageName');
  return rows.map(toPageContent);
}

export async function findPageContent(db: Knex, pageName: string): Promise<PageContent | null> {
  const row = await db<PageRow>('page_contents').where({ pageName }).first();
  return row ? toPageContent(row) : null;
}

// ---- Admin writes.

export const PageInputSchema = z.object({
  pageName: oneOf(PAGE_NAMES, 'page_name'),
  title: requiredText(200),
  titleDe: requiredText(200),
  content: requiredText(50_000),
  contentDe: requiredText(50_000),
  // Meta descriptions are optional: without one the page keeps its built-in description.
  metaDescription: optionalText(320),
  metaDescriptionDe: optionalText(320),
});

export type PageInput = z.output<typeof PageInputSchema>;

export async function findPageContentById(db: Knex, id: number): Promise<PageContent | null> {
  const row = await db<PageRow>('page_contents').where({ id }).first();
  return row ? toPageContent(row) : null;
}

async function checkPageName(db: Knex, pageName: string, excludeId?: number): Promise<void> {
  const other = await db('page_contents').where({ pageName }).first('id');
  if (other && other.id !== excludeId) throw invalidField('pageName', 'page_taken');
}

/** The unique index decides when two admins save the same page at once: the later one is told, as above. */
async function pageNameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'page_name')) throw invalidField('pageName', 'page_taken');
    throw err;
  }
}

/** Creates the editable content of a page (one per page name). */
export async function createPageContent(db: Knex, input: PageInput): Promise<PageContent> {
  await checkPageName(db, input.pageName);
  const id = await pageNameTaken(insertReturningId(db, 'page_contents', { ...input, updatedAt: new Date().toISOString() }));
  return (await findPageContentById(db, id))!;
}

export async function updatePageContent(db: Knex, id: number, input: PageInput): Promise<PageContent | null> {
  if (!(await findPageContentById(db, id))) return null;
  await checkPageName(db, input.pageName, id);
  await pageNameTaken(Promise.resolve(db('page_contents').where({ id }).update({ ...input, updatedAt: new Date().toISOString() })));
  return findPageContentById(db, id);
}

export async function deletePageContent(db: Knex, id: number): Promise<boolean> {
  return Number(await db('page_contents').where({ id }).delete()) > 0;
}
