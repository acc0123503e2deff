import type { Request, RequestHandler } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { tFor } from '../models/shared/text';
import { pagePayload, renderPayload, searchOf, wantsPageJson, writePage } from './render';
import { pageHandler, pageRoutes, type PageRequestContext } from './page-routes';
import { metaFromLocale } from './seo';
import { routesById, type PagePropsOf, type RouteId } from '../views/routes';
import { matchTree } from '../views/router';
import { frontDoor } from './middleware/locale';
import { pageEntry } from './page-content';
import type { PageIntro } from '../views/components/content/page-hero';
import * as home from './home';
import * as projects from './projects';
import * as news from './news';
import * as checkout from './checkout';
import * as backendDemo from './backend-demo';
import { listLiveTeam } from '../models/content/team';
import * as admin from './admin/index';
import * as donor from './donor';
import { answerPreview, previewSecretOf } from './preview';
import { PAGE_NAME_BY_ROUTE } from './page-content';

/**
 * A page without data of its own: its entry of the admin Pages tab (title and introduction, the
 * edited words of the page, the meta description) and its search data.
 */
export function staticPage(routeId: RouteId, metaKey: string = routeId): PageLoader<{ content: PageIntro | null }> {
  return async (req, deps) => {
    const lang = langOf(req);
    const pageName = PAGE_NAME_BY_ROUTE[routeId];
    const entry = pageName ? await pageEntry(req, deps, pageName) : null;
    const meta = metaFromLocale(deps, lang, metaKey);
    return {
      props: { content: entry?.intro ?? null },
      meta: entry?.description ? { ...meta, description: entry.description } : meta,
      texts: entry?.texts,
    };
  };
}

// Page controllers by route id; a route without one is a static page. Each must return the props
// its page component takes (PagePropsOf reads them from the route table's module): a controller
// and its page cannot drift apart without the type check failing.
const loaders: { [Id in RouteId]?: PageLoader<PagePropsOf<Id>> } = {
  home: home.index,
  projects: projects.index,
  projectDetail: projects.show,
  projectTemplate: projects.template,
  news: news.index,
  newsDetail: news.show,
  checkout: checkout.index,
  donorManage: donor.managePage,
  team: async (req, deps) => {
    const [page, team] = await Promise.all([staticPage('team')(req, deps), sharedRead(req, deps, 'team', () => listLiveTeam(deps.db))]);
    return { ...page, props: { ...page.props, team } };
  },
  backendDemo: backendDemo.show,
  adminLogin: admin.loginPage,
  admin: admin.adminPage,
  // Any address no other route has.
  notFound: async (req, deps) => ({ props: {}, meta: { title: tFor(deps.i18n, langOf(req))('notFound.title'), description: '', noindex: true }, status: 404 }),
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

/** A malformed %-escape in a page's parameter (/news/%zz) is a bad address: 400, as Express answers it. */
function badEscape(): URIError {
  return Object.assign(new URIError('Failed to decode param'), { status: 400 });
}

/**
 * Every page of the route table, in both languages: React Router's static handler matches the
 * address and runs the route's loader, which asks the page's controller (the loaders map above).
 * The document or, for the browser's router, the JSON payload is rendered from the result.
 */
export function pagesRouter(deps: Deps): RequestHandler {
  const cache = deps.pageCache;
  const answer: RequestHandler = async (req, res, next) => {
    const matches = matchTree(pageRoutes, req.path);
    // Not even the catch-all matches (control characters in the path): the not-found page.
    if (!matches) return next();
    const leaf = matches[matches.length - 1]!.route;
    if (leaf.path?.includes(':')) {
      try {
        decodeURIComponent(req.path);
      } catch {
        throw badEscape();
      }
    }
    const requestContext: PageRequestContext = {
      load: async (id, params) => {
        // The controllers read the route's parameters where Express puts them.
        req.params = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
        return pagePayload(req, res, deps, id as RouteId, await (loaders[id as RouteId] ?? staticPage(id as RouteId))(req, deps));
      },
    };
    const render = async () => {
      const context = await pageHandler.query(new Request(`http://localhost${req.originalUrl}`), {
        requestContext,
        // The address as Express has it: the URL parser would resolve /x/%2e%2e to /, another page.
        normalizePath: () => ({ pathname: req.path, search: searchOf(req), hash: '' }),
      });
      if (context instanceof Response) throw new Error(`a page loader answered with a response (${context.status})`);
      if (context.errors) throw Object.values(context.errors)[0];
      return renderPayload(req, deps, context.loaderData[leaf.id]);
    };
    // Public pages are the same for every visitor, so they are rendered once per content version.
    if (routesById[leaf.id as RouteId]?.layout !== 'public') return writePage(res, await render());
    // A preview link: the page with the previewed item, never kept (controllers/preview.ts).
    const previewSecret = previewSecretOf(req);
    if (previewSecret !== null) return answerPreview(deps, req, res, previewSecret, render);
    const key = pageKey(deps, req);
    // The version is read before the data: a page is never filed under a newer version than its data.
    const version = await cache.version();
    res.locals.contentVersion = version;
    const page = await cache.obtain(key, version, async () => {
      const rendered = await render();
      return { page: rendered, keep: rendered.status === 200 && !res.locals.noPageCache };
    });
    writePage(res, page);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The front door decides between the English and the German home before the page cache.
    const run = () => Promise.resolve(answer(req, res, next)).catch(next);
    if (req.path === '/') return frontDoor(req, res, run);
    return run();
  };
}
