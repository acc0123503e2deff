import type { Knex } from 'knex';
import { z } from 'zod';
import type { PageContent } from './rules';
import { PAGE_NAMES } from './admin-rules';
import { invalidField } from './errors';
import { insertReturningId, oneOf, optionalText, requiredText } from './admin-input';
import { toIso } from './dates';
import { isUniqueViolation } from './db-limits';
import { moveToTrash } from './trash-rules';
import { notDeleted, publishingFields, publishingOnCreate, publishingOnUpdate, toPublishing } from './publishing';

interface PageRow extends Omit<PageContent, 'updatedAt' | 'draft' | 'publishAt' | 'texts'> {
  updatedAt: unknown;
  draft: unknown;
  publishAt: unknown;
  texts: string | null;
}

// The list lives with the browser-safe admin rules (the admin form offers it); exported here as before.
export { PAGE_NAMES };

export function toPageContent(row: PageRow): PageContent {
  return { ...row, updatedAt: toIso(row.updatedAt), ...toPublishing(row, toIso), texts: parseTexts(row.texts) };
}

/** The stored JSON of a page's words; anything unreadable counts as no edits (the built-in copy). */
function parseTexts(raw: string | null | undefined): PageContent['texts'] {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PageContent['texts']) : null;
  } catch {
    return null;
  }
}

/** Page contents not in the trash. */
const table = (db: Knex) => notDeleted(db<PageRow>('page_contents'));

export async function listPageContents(db: Knex): Promise<PageContent[]> {
  const rows = await table(db).select('*').orderBy('pageName');
  return rows.map(toPageContent);
}

export async function findPageContent(db: Knex, pageName: string): Promise<PageContent | null> {
  const row = await table(db).where({ pageName }).first();
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
  ...publishingFields,
});

export type PageInput = z.output<typeof PageInputSchema>;

export async function findPageContentById(db: Knex, id: number): Promise<PageContent | null> {
  const row = await table(db).where({ id }).first();
  return row ? toPageContent(row) : null;
}

async function checkPageName(db: Knex, pageName: string, excludeId?: number): Promise<void> {
  // A page content in the trash still holds its page name (one per page): the admin restores it
  // from the trash (or waits for the purge) instead of writing the page twice.
  const other = (await db('page_contents').where({ pageName }).first('id', 'deletedAt')) as { id: number; deletedAt: unknown } | undefined;
  if (other && other.id !== excludeId) throw invalidField('pageName', other.deletedAt ? 'page_in_trash' : 'page_taken');
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

/** The columns the form sets directly (the publishing fields are written by their own rules). */
function pageRow({ draft: _draft, publishAt: _publishAt, ...rest }: PageInput) {
  return rest;
}

/** Creates the editable content of a page (one per page name). */
export async function createPageContent(db: Knex, input: PageInput): Promise<PageContent> {
  await checkPageName(db, input.pageName);
  const id = await pageNameTaken(insertReturningId(db, 'page_contents', { ...pageRow(input), ...publishingOnCreate(input), updatedAt: new Date().toISOString() }));
  return (await findPageContentById(db, id))!;
}

export async function updatePageContent(db: Knex, id: number, input: PageInput): Promise<PageContent | null> {
  if (!(await findPageContentById(db, id))) return null;
  await checkPageName(db, input.pageName, id);
  await pageNameTaken(Promise.resolve(db('page_contents').where({ id }).update({ ...pageRow(input), ...publishingOnUpdate(input), updatedAt: new Date().toISOString() })));
  return findPageContentById(db, id);
}

/** Moves a page content to the trash. False when unknown. */
export async function deletePageContent(db: Knex, id: number, by: { actor: string } = { actor: 'system' }): Promise<boolean> {
  return moveToTrash(db, 'page_contents', id, by.actor);
}
