// The frame of every admin screen: who is signed in, the CSRF token, the outcome of the last form
// post and the Activity panel (its filter from the address).
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { FrameProps } from '../../../views/admin/frame';
import { activityFilter, auditActors, listActivity } from '../../../models/people/audit';
import { withActivityItems } from '../../../models/content/trash';
import { adminDisplayName, storedActorName } from '../../../models/people/user';
import { AppError } from '../../../models/shared/errors';
import { takeFlash } from './flash';

/** Machine translation drafts need OpenAI: the templates that stand in without a key cannot translate. */
export const machineDraftsAvailable = (deps: Deps) => deps.assistant.kind === 'openai';

/** How many audit entries the Activity panel shows. */
export const ACTIVITY_LIMIT = 15;

export async function frame(req: Request, res: Response, deps: Deps): Promise<FrameProps> {
  const session = req.session;
  if (!session?.admin) throw new AppError(401, 'unauthorized', 'No admin credentials found');
  const nameOf = (actor: string) => adminDisplayName(deps.config.adminNames, actor);
  const filter = activityFilter(req.query as Record<string, unknown>);
  return {
    admin: {
      id: session.admin.id,
      via: 'session',
      name: storedActorName(session.admin.id, session.admin.name) ?? nameOf(session.admin.id),
      role: session.admin.role ?? 'admin',
      ...(session.admin.personId ? { personId: session.admin.personId } : {}),
    },
    csrfToken: session.csrfToken ?? '',
    machineDrafts: machineDraftsAvailable(deps),
    flash: takeFlash(req, res),
    activity: await withActivityItems(deps.db, await listActivity(deps.db, { ...filter, limit: ACTIVITY_LIMIT }, nameOf)),
    activityFilter: filter,
    activityPeople: await auditActors(deps.db, nameOf),
  };
}
