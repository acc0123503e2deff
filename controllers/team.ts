import { Router } from 'express';
import type { Deps } from './context';
import { listTeam } from '../models/team';

/** Public read API of the team, mounted at /api/team. */
export function teamApi(deps: Deps): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listTeam(deps.db));
  });
  return router;
}
