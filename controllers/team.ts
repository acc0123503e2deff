import { Router } from 'express';
import type { Deps } from './context';
import { listLiveTeam } from '../models/content/team';

/** Public read API of the team, mounted at /api/team: live members only. */
export function teamApi(deps: Deps): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listLiveTeam(deps.db));
  });
  return router;
}
