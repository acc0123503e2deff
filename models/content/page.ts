import type { Knex } from 'knex';
import { z } from 'zod';
import type { PageContent } from '../shared/rules';
import { PAGE_NAMES } from '../shared/site-pages';
import { invalidField } from '../shared/errors';
import { insertReturningId, oneOf, optionalText, requiredText } from './admin-input';
import { toIso } from '../shared/dates';
import { isUniqueViolation } from '../shared/db-limits';
import { notDeleted, publishingFields, publishingOnCreate, publishingOnUpdate, toPublishing, whereLive } from './publishing';
import { previewedOr } from './preview-scope';
import { cleanPageTexts, PAGE_TEXT_MAX } from './page-texts';
import type { PageTexts } from '../shared/rules';
import { moveToTrash } from './trash-rules';

interface PageRow extends Omit<PageContent, 'updatedAt' | 'draft' | 'publishAt' | 'texts'> {
  updatedAt: unknown;
  draft: unknown;
  publishAt: unknown;
  texts: string | null;
}

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

/**
 * The page content visitors see for a page: only a live one (a draft or a future one leaves the
 * page with its built-in copy). Every public page loader reads through this; a preview's page
 * content takes its place (see preview-scope.ts).
 */
export async function findPageContent(db: Knex, pageName: string): Promise<PageContent | null> {
  const row = await whereLive(db<PageRow>('page_contents')).where({ pageName }).first();
  return previewedOr('pages', (p) => p.pageName === pageName, row ? toPageContent(row) : null);
}

// ---- Admin writes.

const FORM_TEXT = /^texts\.(en|de)\.(.+)$/;

/**
 * The page's edited words come as `texts` (an object, or its JSON text from the admin form) or,
 * from the form without JavaScript, as one field per text and language: `texts.de.about.story.p1`.
 * Absent: the stored words stay as they are (a new page: the built-in copy).
 */
function gatherTexts(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...body };
  let texts: unknown = out.texts;
  if (typeof texts === 'string') {
    try {
      texts = texts.trim() === '' ? {} : JSON.parse(texts);
    } catch {
      // Left as the string: the schema says it is not a list of texts.
    }
  }
  for (const [name, value] of Object.entries(body)) {
    const m = FORM_TEXT.exec(name);
    if (!m) continue;
    delete out[name];
    if (texts === undefined) texts = {};
    if (texts && typeof texts === 'object' && !Array.isArray(texts)) {
      const byKey = texts as Record<string, Record<string, unknown>>;
      const key = m[2]!;
      const known = Object.prototype.hasOwnProperty.call(byKey, key) ? byKey[key] : {};
      // An own property whatever the name ("__proto__" too): the page's check then refuses it.
      Object.defineProperty(byKey, key, { value: { ...known, [m[1]!]: value }, enumerable: true, writable: true, configurable: true });
    }
  }
  if (texts !== undefined) out.texts = texts;
  return out;
}

const textValue = z.string({ error: 'Each text must be a string' }).max(PAGE_TEXT_MAX * 2, 'too_long').optional();
const textsInput = z
  .record(z.string().max(200), z.object({ en: textValue, de: textValue }, { error: 'Give each text as { "en": "...", "de": "..." }' }).strict(), {
    error: 'Give the texts as { "<text key>": { "en": "...", "de": "..." } }',
  })
  .refine((v) => Object.keys(v).length <= 1000, 'Too many texts')
  // null: no edits (what the API answers for a page with the built-in copy, sent back as it came).
  .nullable()
  .optional();

export const PageInputSchema = z.preprocess(
  gatherTexts,
  z
    .object({
      pageName: oneOf(PAGE_NAMES, 'page_name'),
      title: requiredText(200),
      titleDe: requiredText(200),
      content: requiredText(50_000),
      contentDe: requiredText(50_000),
      // Meta descriptions are optional: without one the page keeps its built-in description.
      metaDescription: optionalText(320),
      metaDescriptionDe: optionalText(320),
      ...publishingFields,
      texts: textsInput,
    })
    .transform((input, ctx) => {
      if (input.texts === undefined) return { ...input, texts: undefined as PageTexts | null | undefined };
      // Which keys a page knows depends on the page: checked here, after pageName is known.
      const { texts, errors } = cleanPageTexts(input.pageName, (input.texts ?? {}) as PageTexts);
      for (const [field, problem] of Object.entries(errors)) {
        ctx.issues.push({ code: 'custom', message: problem.code === 'too_long' ? 'too_long' : problem.message, path: [field], input: input.texts });
      }
      return { ...input, texts };
    }),
);

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
function pageRow({ draft: _draft, publishAt: _publishAt, texts, ...rest }: PageInput) {
  return texts === undefined ? rest : { ...rest, texts: texts ? JSON.stringify(texts) : null };
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
