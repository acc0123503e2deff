// The trash's one write every model shares: a delete marks the row (deleted_at, deleted_by)
// instead of removing it, so the admin can restore it for TRASH_DAYS; every read but the trash's
// own leaves marked rows out (models/content/publishing.ts notDeleted, and the media library's).
import type { Knex } from 'knex';

export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

export type ContentTable = 'projects' | 'news_articles' | 'team_members' | 'page_contents';
/** Every table with a trash: the content's, and the media library's. */
export type TrashTable = ContentTable | 'media_items';

/** Marks a row as trashed now by `actor`. False when unknown or already in the trash. */
export async function moveToTrash(db: Knex, table: TrashTable, id: number, actor: string): Promise<boolean> {
  const changed = await db(table)
    .where({ id })
    .whereNull('deletedAt')
    .update({ deletedAt: new Date().toISOString(), deletedBy: actor.slice(0, 320) });
  return Number(changed) > 0;
}
