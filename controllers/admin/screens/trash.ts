// The Trash screen: every kind's deleted items (projects, news, team, pages, the media library's
// files), newest first, of the kind in the address (?kind=) or all; how many of each kind; and for
// each file, where the content still shows it (its address answers 404 while it is in the trash).
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { TrashScreenProps } from '../../../views/admin/screens';
import { countTrashByKind, isTrashName, listTrash } from '../../../models/content/trash';
import { trashedMediaUsage } from '../../../models/media/usage';
import { adminDisplayName } from '../../../models/people/user';

export async function trash(req: Request, _res: Response, deps: Deps): Promise<TrashScreenProps> {
  const kind = isTrashName(req.query.kind) ? req.query.kind : null;
  const nameOf = (actor: string) => adminDisplayName(deps.config.adminNames, actor);
  const [items, counts] = await Promise.all([listTrash(deps.db, { name: kind ?? undefined, nameOf }), countTrashByKind(deps.db)]);
  const usage = await trashedMediaUsage(deps.db, items.filter((i) => i.name === 'media').map((i) => i.id));
  return { kind, items, counts, usedIn: Object.fromEntries(usage) };
}
