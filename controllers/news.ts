import { Router } from 'express';
import type { Deps } from './context';
import { HttpError, parseId } from './middleware/errors';
import { findNewsBySlug, listNews, listNewsForProject } from '../models/news';
import { findProjectById } from '../models/project';

/** Public read API of news articles (SPEC section 7), newest first. */
export function newsApi(deps: Deps): Router {
  const router = Router();
  router.get('/api/news', async (_req, res) => {
    res.json(await listNews(deps.db));
  });
  router.get('/api/news/slug/:slug', async (req, res) => {
    const article = await findNewsBySlug(deps.db, req.params.slug);
    if (!article) throw new HttpError(404, 'Article not found');
    res.json(article);
  });
  router.get('/api/news/project/:id', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await findProjectById(deps.db, id))) throw new HttpError(404, 'Project not found');
    res.json(await listNewsForProject(deps.db, id));
  });
  return router;
}
