import { Router } from 'express';
import { langOf, type Deps, type PageLoader } from './context';
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
    const content = pageName ? await findPageContent(deps.db, pageName) : null;
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
    const [page, team] = await Promise.all([staticPage('team')(req, deps), listTeam(deps.db)]);
    return { ...page, props: { ...page.props, team } };
  },
  backendDemo: backendDemo.show,
  adminLogin: admin.loginPage,
  admin: admin.adminPage,
};

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
      // The asset names are part of the key: after a rebuild no cached page points at deleted files.
      const key = `${deps.assets().client} ${cache.key(req, wantsPageJson(req))}`;
      // The version is read before the data: a page is never filed under a newer version than its data.
      const loader = loaders[route.id] ?? staticPage(route.id);
      const render = async () => renderPage(req, res, deps, route.id, await loader(req, deps));
      if (!cacheable) return writePage(res, await render());
      const version = await cache.version();
      const page = await cache.obtain(key, version, async () => {
        const rendered = await render();
        return { page: rendered, keep: rendered.status === 200 && !res.locals.noPageCache };
      });
      writePage(res, page);
    });
  }
  return router;
}
