// The Media screen: the library, filtered by the address.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { MediaScreenProps } from '../../../views/admin/screens';
import { listMedia } from '../../../models/media/library';
import { MEDIA_CATEGORIES } from '../../../models/shared/media-rules';
import { mediaUsage } from '../../../models/media/usage';
import { idParam } from './params';

/**
 * The library with the filter in the address (?category=&q=), a file's details form (?edit=), a
 * delete's question (?delete=) with where the content still shows that file.
 */
export async function media(req: Request, _res: Response, deps: Deps): Promise<MediaScreenProps> {
  const q = req.query;
  const category = typeof q.category === 'string' && (MEDIA_CATEGORIES as readonly string[]).includes(q.category) ? q.category : '';
  const filter = { category, q: typeof q.q === 'string' ? q.q.slice(0, 100) : '' };
  const items = await listMedia(deps.db, { category: filter.category || undefined, q: filter.q || undefined });
  const confirmDelete = idParam(q.delete);
  const asked = confirmDelete === null ? undefined : items.find((m) => m.id === confirmDelete);
  const deleteUsage = asked ? ((await mediaUsage(deps.db, [asked])).get(asked.id) ?? []) : null;
  return { items, filter, confirmDelete, deleteUsage, edit: idParam(q.edit) };
}
