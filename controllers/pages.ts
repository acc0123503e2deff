import { Router, type Request, type RequestHandler } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { renderPage, wantsPageJson, writePage } from './render';
import { metaFromLocale } from './seo';
import { localizePath, routes, type RouteId } from '../views/routes';
import { frontDoor } from './middleware/locale';
import { findPageContent } from '../models/page';
import * as home from './home';
import * as projects from './projects';
import * as news from './news';
import * as checkout from './checkout';
import * as backendDemo from './backend-demo';
import { listTeam } from '../models/team';
import * as admin from './admin/index';

/** Route id -> page name of the page_contents table (SPEC section 5's list). */
export const PAGE_NAME_BY_ROUTE: Partial<Record<RouteId, string>> = {
  home: 'home', about: 'about', vision: 'vision', mission: 'mission', projects: 'projects', news: 'news',
  team: 'team', contact: 'contact', foodSecurity: 'food-security', skillsTraining: 'skills-training',
  health: 'health', environment: 'environment',
};

/** A page without data of its own: its editable intro (admin Pages tab) and its search data. */
export function staticPage(routeId: RouteId, metaKey: string = routeId): PageLoader {
  return async (req, deps) => {
    const lang = langOf(req);
    const pageName = PAGE_NAME_BY_ROUTE[routeId];
    const content = pageName ? await sharedRead(req, deps, `page ${pageName}`, () => findPageContent(deps.db, pageName)) : null;
    const meta = metaFromLocale(deps, lang, metaKey);
    const editedDescription = content ? (lang === 'de' ? content.metaDescriptionDe : content.metaDescription) : null;
    return { props: { content }, meta: editedDescription ? { ...meta, description: editedDescription } : meta };
  };
}

// Page controllers by route id; a route without one is a static page.
const loaders: Partial<Record<RouteId, PageLoader>> = {
  home: home.index,
  projects: projects.index,
  projectDetail: projects.show,
  projectTemplate: projects.template,
  news: news.index,
  newsDetail: news.show,
  checkout: checkout.index,
  team: async (req, deps) => {
    const [page, team] = await Promise.all([staticPage('team')(req, deps), sharedRead(req, deps, 'team', () => listTeam(deps.db))]);
    return { ...page, props: { ...page.props, team } };
  },
  backendDemo: backendDemo.show,
  adminLogin: admin.loginPage,
  admin: admin.adminPage,
};

/** The cache key of a page. The asset names are part of it: after a rebuild no cached page points at deleted files. */
const pageKey = (deps: Deps, req: Request) => `${deps.assets().client} ${deps.pageCache.key(req, wantsPageJson(req))}`;

/**
 * Public pages already rendered for the current content version, answered as soon as the
 * request's language is known (app.ts mounts this right after the cookies and the language), before
 * compression, static files, body parsers and the routers of the admin area and the API. Only
 * addresses the page routes below answered with a page they kept are in the cache, so each of them
 * went through all of those once and none changed the answer: static files live elsewhere, the
 * page is compressed already, the address passed the text checks (they look at the address and at
 * a body; a request with a body goes the long way), and no other router answers a page's address.
 * A visitor gets the same, at a fraction of the cost. Anything else goes on unchanged.
 */
export function cachedPages(deps: Deps): RequestHandler {
  const cache = deps.pageCache;
  const fromCache: RequestHandler = async (req, res, next) => {
    const key = pageKey(deps, req);
    // A first look without the database: most requests that get here are for no cached page.
    if (!cache.get(key)) return next();
    // The version empties the cache when the content moved on.
    await cache.version();
    const page = cache.get(key);
    if (!page) return next();
    writePage(res, page);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined) return next();
    if (req.path === '/') return frontDoor(req, res, () => fromCache(req, res, next));
    return fromCache(req, res, next);
  };
}

/** Mounts every page of the route table at its English path and its German twin under /de. */
export function pagesRouter(deps: Deps): Router {
  const router = Router();
  const cache = deps.pageCache;
  // The front door decides between the English and the German home before the page cache.
  router.get('/', frontDoor);
  for (const route of routes) {
    if (route.path === '*') continue;
    // Public pages are the same for every visitor, so they are rendered once per content version.
    const cacheable = route.layout === 'public';
    router.get([route.path, localizePath(route.path, 'de')], async (req, res) => {
      const key = pageKey(deps, req);
      // The version is read before the data: a page is never filed under a newer version than its data.
      const loader = loaders[route.id] ?? staticPage(route.id);
      const render = async () => renderPage(req, res, deps, route.id, await loader(req, deps));
      if (!cacheable) return writePage(res, await render());
      const version = await cache.version();
      res.locals.contentVersion = version;
      const page = await cache.obtain(key, version, async () => {
        const rendered = await render();
        return { page: rendered, keep: rendered.status === 200 && !res.locals.noPageCache };
      });
      writePage(res, page);
    });
  }
  return router;
}
