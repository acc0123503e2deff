import { Router } from 'express';
import type { Deps } from './context';
import { listTeam } from '../models/team';

export function teamApi(deps: Deps): Router {
  const router = Router();
  router.get('/api/team', async (_req, res) => {
    res.json(await listTeam(deps.db));
  });
  return router;
}
