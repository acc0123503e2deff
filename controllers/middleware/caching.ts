import type { Knex } from 'knex';
import type { Request } from 'express';

export interface RenderedPage {
  status: number;
  type: 'html' | 'json';
  body: string;
}

// Tables whose writes never change what a public page shows.
const IGNORED = /["`]?(sessions|outbox|audit_log|login_tokens|app_settings|users|media_items|newsletter_\w+|campaign\w*|deliver\w*|donations)["`]?/i;
const WRITE = /^\s*(insert|update|delete|replace|commit)\b/i;

/**
 * Rendered public pages, kept in memory until the content changes. Every write that goes through
 * Knex to a content table (admin edits, seeds, a donation raising a project's total) empties the
 * cache, so a change is visible on the next request; nothing else needs to remember to invalidate.
 */
export function createPageCache(db: Knex, maxEntries = 500) {
  const entries = new Map<string, RenderedPage>();
  const onQuery = (q: { sql?: string }) => {
    if (q.sql && WRITE.test(q.sql) && !IGNORED.test(q.sql.slice(0, 200))) entries.clear();
  };
  // Before the write (so no render started after it is cached) and after it (and after COMMIT).
  db.on('query', onQuery);
  db.on('query-response', (_response: unknown, q: { sql?: string }) => onQuery(q));

  return {
    key(req: Request, json: boolean): string {
      return `${json ? 'json' : 'html'} ${req.originalUrl}`;
    },
    get(key: string): RenderedPage | undefined {
      return entries.get(key);
    },
    set(key: string, page: RenderedPage): void {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, page);
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
