import type { Knex } from 'knex';
import { listableNews, type NewsArticle } from './rules';
import { toIso } from './dates';

interface NewsRow extends Omit<NewsArticle, 'publishedAt' | 'createdAt'> {
  publishedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
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
  };
}

const table = (db: Knex) => db<NewsRow>('news_articles');

/** All articles, newest first (the public API of SPEC section 7). */
export async function listNews(db: Knex): Promise<NewsArticle[]> {
  const rows = await table(db).select('*').orderBy([{ column: 'publishedAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
  return rows.map(toArticle);
}

/** A card's worth of an article: everything but the (long) bodies, so list pages stay small. */
export type NewsSummary = Omit<NewsArticle, 'content' | 'contentDe'>;

export function toSummary({ content: _c, contentDe: _d, ...rest }: NewsArticle): NewsSummary {
  return rest;
}

/** Articles shown on public pages: both abstracts present, newest first, optionally limited. */
export async function listPublicNews(db: Knex, limit?: number): Promise<NewsSummary[]> {
  const all = listableNews(await listNews(db)).map(toSummary);
  return limit ? all.slice(0, limit) : all;
}

export async function findNewsBySlug(db: Knex, slug: string): Promise<NewsArticle | null> {
  const row = await table(db).where({ slug }).first();
  return row ? toArticle(row) : null;
}

export async function listNewsForProject(db: Knex, projectId: number): Promise<NewsArticle[]> {
  const rows = await table(db).where({ projectId }).orderBy('publishedAt', 'desc');
  return rows.map(toArticle);
}
