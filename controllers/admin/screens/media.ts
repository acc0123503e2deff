// The Media screen: the library, filtered by the address.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { MediaScreenProps } from '../../../views/admin/screens';
import { listMedia } from '../../../models/media/library';
import { MEDIA_CATEGORIES } from '../../../models/shared/media-rules';
import { idParam } from './params';

/** The library with the filter in the address (?category=&q=), a file's details form (?edit=), a delete's question (?delete=). */
export async function media(req: Request, _res: Response, deps: Deps): Promise<MediaScreenProps> {
  const q = req.query;
  const category = typeof q.category === 'string' && (MEDIA_CATEGORIES as readonly string[]).includes(q.category) ? q.category : '';
  const filter = { category, q: typeof q.q === 'string' ? q.q.slice(0, 100) : '' };
  return { items: await listMedia(deps.db, { category: filter.category || undefined, q: filter.q || undefined }), filter, confirmDelete: idParam(q.delete), edit: idParam(q.edit) };
}
