import { Router, type Request, type Response } from 'express';
import type { Deps } from './context';
import { langOf } from './context';
import { inEveryLanguage } from './lang-routes';
import { writePage } from './render';
import { notFound } from '../models/shared/errors';
import { atomFeed, jsonFeed, type FeedInfo } from '../models/content/feeds';
import { listLiveNews, listLiveNewsForProject } from '../models/content/news';
import { findLiveProjectBySlug } from '../models/content/project';
import { localized } from '../models/shared/rules';
import { pathFor } from '../models/shared/urls';
import { newsFeedTitle } from './seo';

/**
 * The news feeds (models/content/feeds.ts): /news/feed.xml and /news/feed.json, /de/... in German,
 * and /projects/:slug/feed.xml (Atom) per project. Kept in the page cache under the content
 * version, so they are rendered once per change and invalidated with the pages on every instance;
 * sent with the pages' ETag and 'no-cache' (a reader asks again cheaply and gets a 304).
 */
export function feedsRouter(deps: Deps): Router {
  const router = Router();

  async function send(req: Request, res: Response, type: 'atom' | 'jsonfeed', render: () => Promise<string | null>): Promise<void> {
    const key = `feed ${req.path}`;
    const version = await deps.pageCache.version();
    const hit = deps.pageCache.get(key);
    if (hit) return writePage(res, hit);
    const body = await render();
    if (body === null) throw notFound('No such project');
    writePage(res, deps.pageCache.set(key, { status: 200, type, body }, version));
  }

  const newsInfo = (req: Request, format: 'xml' | 'json'): FeedInfo => {
    const lang = langOf(req);
    const news = pathFor('news', lang);
    return { lang, title: newsFeedTitle(deps, lang), publicUrl: deps.config.publicUrl, siteName: deps.config.site.name, homePath: news, selfPath: `${news}/feed.${format}` };
  };

  router.get(inEveryLanguage('/news/feed.xml'), (req, res) => send(req, res, 'atom', async () => atomFeed(await listLiveNews(deps.db), newsInfo(req, 'xml'))));
  router.get(inEveryLanguage('/news/feed.json'), (req, res) => send(req, res, 'jsonfeed', async () => jsonFeed(await listLiveNews(deps.db), newsInfo(req, 'json'))));
  router.get(inEveryLanguage('/projects/:slug/feed.xml'), (req, res) =>
    send(req, res, 'atom', async () => {
      const lang = langOf(req);
      const project = await findLiveProjectBySlug(deps.db, String(req.params.slug ?? ''));
      if (!project) return null;
      const home = pathFor('projectDetail', lang, { slug: project.slug });
      const title = `${deps.config.site.name}: ${localized(lang, project.title, project.titleDe)}`;
      return atomFeed(await listLiveNewsForProject(deps.db, project.id), { lang, title, publicUrl: deps.config.publicUrl, siteName: deps.config.site.name, homePath: home, selfPath: `${home}/feed.xml` });
    }),
  );
  return router;
}
