import type { Knex } from 'knex';
import { z } from 'zod';
import { listableNews, localized, slugify, truncate, type Lang, type NewsArticle } from '../shared/rules';
import { markdownToText } from './markup';
import { invalidField } from '../shared/errors';
import { imageUrl, insertReturningId, optionalDate, optionalId, optionalSlug, optionalText, requiredText, withFreeSlug } from './admin-input';
import { toIso } from '../shared/dates';
import { moveToTrash } from './trash-rules';
import { notDeleted, publishingFields, publishingOnCreate, publishingOnUpdate, toPublishing, whereLive } from './publishing';
import { previewedOr, withPreviewed } from './preview-scope';

interface NewsRow extends Omit<NewsArticle, 'publishedAt' | 'createdAt' | 'draft' | 'publishAt'> {
  publishedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
  draft: unknown;
  publishAt: unknown;
}

/** How long a summary cut from an article's text may be: the length the cards cut abstracts to. */
export const SUMMARY_CHARS = 150;

/**
 * An article in a few words, for a newsletter item, a social post or a drafting prompt: its
 * abstract (the excerpt when it has none) as plain text; without either, the start of its text,
 * cut to SUMMARY_CHARS.
 */
export function articleSummary(a: Pick<NewsArticle, 'abstract' | 'abstractDe' | 'excerpt' | 'content' | 'contentDe'>, lang: Lang): string {
  return (
    markdownToText(localized(lang, a.abstract ?? a.excerpt ?? '', a.abstractDe)) ||
    truncate(markdownToText(localized(lang, a.content, a.contentDe)), SUMMARY_CHARS)
  );
}

export function toArticle(row: NewsRow): NewsArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    titleDe: row.titleDe,
    abstract: row.abstract,
    abstractDe: row.abstractDe,
    content: row.content,
    contentDe: row.contentDe,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    publishedAt: toIso(row.publishedAt),
    projectId: row.projectId ?? null,
    createdAt: toIso(row.createdAt),
    ...toPublishing(row, toIso),
  };
}

/** Articles not in the trash. */
const table = (db: Knex) => notDeleted(db<NewsRow>('news_articles'));

/** All articles, newest first (GET /api/news). */
export async function listNews(db: Knex): Promise<NewsArticle[]> {
  const rows = await table(db).select('*').orderBy([{ column: 'publishedAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
  return rows.map(toArticle);
}

/** A card's worth of an article: everything but the (long) bodies, so list pages stay small. */
export type NewsSummary = Omit<NewsArticle, 'content' | 'contentDe'>;

export function toSummary({ content: _c, contentDe: _d, ...rest }: NewsArticle): NewsSummary {
  return rest;
}

// ---- What visitors see. An article is public when it is live (not a draft, publication time
// empty or past, not in the trash) and written in both languages (both abstracts: listableNews).
// /news lists only such articles, so every other public surface holds to the same rule: its
// address is a 404, the public API does not list or find it, a project page does not link to it,
// the sitemap leaves it out. A preview's article takes the saved one's place (see preview-scope.ts).

const live = (db: Knex) => whereLive(db<NewsRow>('news_articles'));
const newestFirst = (a: NewsArticle, b: NewsArticle) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id;

/** Whether an article may be shown to visitors once live: written in both languages. */
export const isListable = (a: Pick<NewsArticle, 'abstract' | 'abstractDe' | 'publishedAt'>) => listableNews([a]).length === 1;

async function livePublicNews(db: Knex, q: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (x) => x): Promise<NewsArticle[]> {
  const rows = (await q(live(db)).select('*').orderBy([{ column: 'publishedAt', order: 'desc' }, { column: 'id', order: 'desc' }])) as NewsRow[];
  return withPreviewed('news', rows.map(toArticle), newestFirst).filter(isListable).sort(newestFirst);
}

/** The public articles, newest first (GET /api/news). */
export async function listLiveNews(db: Knex): Promise<NewsArticle[]> {
  return livePublicNews(db);
}

/** Articles shown on public pages as summaries, newest first, optionally limited. */
export async function listPublicNews(db: Knex, limit?: number): Promise<NewsSummary[]> {
  const all = (await listLiveNews(db)).map(toSummary);
  return limit ? all.slice(0, limit) : all;
}

export async function findLiveNewsBySlug(db: Knex, slug: string): Promise<NewsArticle | null> {
  const row = await live(db).where({ slug }).first();
  const article = row ? toArticle(row) : null;
  return previewedOr('news', (a) => a.slug === slug, article && isListable(article) ? article : null);
}

export async function findLiveNewsById(db: Knex, id: number): Promise<NewsArticle | null> {
  const row = await live(db).where({ id }).first();
  const article = row ? toArticle(row) : null;
  return previewedOr('news', (a) => a.id === id, article && isListable(article) ? article : null);
}

/** The public articles about a project, newest first (a preview's article among them when it belongs). */
export async function listLiveNewsForProject(db: Knex, projectId: number): Promise<NewsArticle[]> {
  return (await livePublicNews(db, (q) => q.where({ projectId }))).filter((a) => a.projectId === projectId);
}

// ---- Admin writes.

export const NewsInputSchema = z.object({
  title: requiredText(200),
  titleDe: requiredText(200),
  abstract: requiredText(2_000),
  abstractDe: requiredText(2_000),
  content: requiredText(100_000),
  contentDe: requiredText(100_000),
  excerpt: optionalText(500),
  imageUrl,
  // The related project is optional.
  projectId: optionalId,
  publishedAt: optionalDate,
  slug: optionalSlug,
  ...publishingFields,
});

export type NewsInput = z.output<typeof NewsInputSchema>;

export async function findNewsById(db: Knex, id: number): Promise<NewsArticle | null> {
  const row = await table(db).where({ id }).first();
  return row ? toArticle(row) : null;
}

async function checkProject(db: Knex, projectId: number | null): Promise<void> {
  if (projectId === null) return;
  const found = await db('projects').where({ id: projectId }).first('id');
  if (!found) throw invalidField('projectId', 'project');
}

function newsRow(input: NewsInput) {
  return {
    title: input.title,
    titleDe: input.titleDe,
    abstract: input.abstract,
    abstractDe: input.abstractDe,
    content: input.content,
    contentDe: input.contentDe,
    excerpt: input.excerpt,
    imageUrl: input.imageUrl,
    projectId: input.projectId,
  };
}

/**
 * An article's publication date and its publication time agree: an article scheduled without a
 * date of its own is dated when it goes public, so it sorts and shows where a visitor expects it.
 * The admin form always says when to publish (its one publishing choice sends publishAt), so its
 * publication date is only the date shown. A caller that says nothing of publishAt (the spec's API)
 * keeps the older rule: a date in the future keeps the article hidden until then (its publishAt
 * becomes that date, unless a later one was chosen). `current` is the saved article (null: a new
 * one). Returns the columns to write.
 */
export function articleDates(
  input: Pick<NewsInput, 'publishedAt' | 'publishAt'>,
  current: Pick<NewsArticle, 'publishedAt' | 'publishAt'> | null,
  now: Date = new Date(),
): { publishedAt?: string; publishAt?: string | null } {
  const out: { publishedAt?: string; publishAt?: string | null } = {};
  const later = (a: string, b: string) => Date.parse(a) > Date.parse(b);
  if (input.publishedAt) out.publishedAt = input.publishedAt;
  else if (input.publishAt && (!current || later(input.publishAt, current.publishedAt))) out.publishedAt = input.publishAt;
  else if (!current) out.publishedAt = now.toISOString();
  const publishedAt = out.publishedAt ?? current!.publishedAt;
  const publishAt = input.publishAt !== undefined ? input.publishAt : (current?.publishAt ?? null);
  if (input.publishAt === undefined && later(publishedAt, now.toISOString()) && (!publishAt || later(publishedAt, publishAt))) out.publishAt = publishedAt;
  return out;
}

/** Creates an article (published now unless a date is given); slug from the English title, unique. */
export async function createNews(db: Knex, input: NewsInput): Promise<NewsArticle> {
  await checkProject(db, input.projectId);
  const now = new Date().toISOString();
  const id = await withFreeSlug(db, 'news_articles', input.slug ?? slugify(input.title), undefined, (slug) =>
    insertReturningId(db, 'news_articles', {
      ...newsRow(input),
      ...publishingOnCreate(input),
      ...articleDates(input, null),
      slug,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return (await findNewsById(db, id))!;
}

/** Updates an article; slug and date stay unless the admin changed them. Null when unknown. */
export async function updateNews(db: Knex, id: number, input: NewsInput): Promise<NewsArticle | null> {
  const current = await findNewsById(db, id);
  if (!current) return null;
  await checkProject(db, input.projectId);
  const write = (slug: string) =>
    table(db)
      .where({ id })
      .update({ ...newsRow(input), ...publishingOnUpdate(input), ...articleDates(input, current), slug, updatedAt: new Date().toISOString() });
  if (input.slug && input.slug !== current.slug) await withFreeSlug(db, 'news_articles', input.slug, id, write);
  else await write(current.slug);
  return findNewsById(db, id);
}

/** Moves an article to the trash. False when unknown. */
export async function deleteNews(db: Knex, id: number, by: { actor: string } = { actor: 'system' }): Promise<boolean> {
  return moveToTrash(db, 'news_articles', id, by.actor);
}
