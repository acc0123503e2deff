import type { Knex } from 'knex';
import type { PageContent } from './rules';
import { toIso } from './dates';

interface PageRow extends Omit<PageContent, 'updatedAt'> {
  updatedAt: unknown;
}

export const PAGE_NAMES = [
  'home', 'about', 'vision', 'mission', 'projects', 'news', 'team', 'contact',
  'food-security', 'skills-training', 'health', 'environment',
] as const;

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
