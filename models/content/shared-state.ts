// The content version every instance shares (table content_version, migration shared_state): a
// database trigger on each table a public page reads raises it on every write, whoever writes (any
// instance, a webhook, a script, psql), and each instance files its page cache under it.

/**
 * Every table whose writes raise the content version today. A new table a public page reads gets
 * its triggers in its own migration (db/migrations/content-version-triggers.ts, frozen: migrations
 * never import app code) and its name here; the content-invalidation test checks both
 * against the SQL the public pages send.
 */
export const CONTENT_TABLES = ['projects', 'news_articles', 'team_members', 'page_contents', 'media_items', 'project_spending'] as const;
