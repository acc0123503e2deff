// The People screen: one's own account for every role (passkeys, sessions), and the people for
// those who manage them (admins): the same functions the people API answers with.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { AdminIdentity } from '../../middleware/auth';
import type { PeopleScreenProps } from '../../../views/admin/screens';
import { roleCan } from '../../../models/shared/roles';
import { listPeople } from '../../../models/people/people';
import { accountView } from '../people';

export async function people(req: Request, res: Response, deps: Deps): Promise<PeopleScreenProps> {
  const me = res.locals.admin as AdminIdentity;
  const [account, everyone] = await Promise.all([accountView(deps, me, req.sessionID), roleCan(me.role, 'people') ? listPeople(deps.db, deps.config.adminEmails) : null]);
  return { account, people: everyone };
}
