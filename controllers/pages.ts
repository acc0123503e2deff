import { Router } from 'express';
import { langOf, type Deps, type PageLoader } from './context';
import { sendPage } from './render';
import { metaFromLocale } from './seo';
import { localizePath, routes, type RouteId } from '../views/routes';
import { LANG_COOKIE } from '../views/site';
import { findPageContent } from '../models/page';
import * as home from './home';

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
};

/** Mounts every page of the route table at its English path and its German twin under /de. */
export function pagesRouter(deps: Deps): Router {
  const router = Router();
  // A visitor who chose German and comes back to the front door gets the German home page.
  router.get('/', (req, res, next) => {
    res.vary('Cookie');
    if (req.cookies?.[LANG_COOKIE] === 'de' && req.accepts(['html', 'json']) === 'html') return res.redirect(302, '/de');
    next();
  });
  for (const route of routes) {
    if (route.path === '*') continue;
    router.get([route.path, localizePath(route.path, 'de')], async (req, res) => {
      const loader = loaders[route.id] ?? staticPage(route.id);
      const result = await loader(req, deps);
      await sendPage(req, res, deps, route.id, result);
    });
  }
  return router;
}
