import { Router } from 'express';
import type { Deps } from './context';
import { HttpError, parseId } from './middleware/errors';
import { findProjectById, findProjectBySlug, listProjects } from '../models/project';

/** Public read API of projects (SPEC section 7). */
export function projectsApi(deps: Deps): Router {
  const router = Router();
  router.get('/api/projects', async (_req, res) => {
    res.json(await listProjects(deps.db));
  });
  router.get('/api/projects/slug/:slug', async (req, res) => {
    const project = await findProjectBySlug(deps.db, req.params.slug);
    if (!project) throw new HttpError(404, 'Project not found');
    res.json(project);
  });
  router.get('/api/projects/:id', async (req, res) => {
    const project = await findProjectById(deps.db, parseId(req.params.id));
    if (!project) throw new HttpError(404, 'Project not found');
    res.json(project);
  });
  return router;
}
