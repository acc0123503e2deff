// The admin's pages (the sign-in page, the frame and its screens) as React Router's data APIs have
// them on a server: the route tree of views/admin-routes.tsx with the loaders of
// controllers/admin/screens/, run by `createStaticHandler(routes).query(request)` for a document,
// and by `queryRoute` for the one route whose data the browser asks for as JSON when the admin
// moves to a screen (the X-Admin-Route header names it). Mounted behind the admin's guards
// (controllers/routes.ts): the frame and the screens need a session; these answers are never stored.
import type { Request, RequestHandler, Response } from 'express';
import { createStaticHandler, isRouteErrorResponse, type LoaderFunctionArgs, type StaticHandlerContext } from 'react-router-dom';
import { langOf, type Deps } from '../context';
import { pagePayload, wantsPageJson, writePage } from '../render';
import { adminRouteTree, ADMIN_ROUTE_HEADER } from '../../views/admin-routes';
import { renderAdminDocument } from '../../views/render';
import { adminHref, isAdminTab } from '../../models/shared/admin-rules';
import { homeScreen, tabAllowed } from '../../models/shared/roles';
import { splitLang } from '../../models/shared/urls';
import type { PagePayload } from '../../views/types';
import { ADMIN_LOADERS } from './screens/index';

/** What a loader gets besides the Fetch request: the Express request and response, the app's dependencies. */
interface RequestScope {
  req: Request;
  res: Response;
  deps: Deps;
}

const routes = adminRouteTree({
  loader:
    (routeId) =>
    async ({ context }: LoaderFunctionArgs<RequestScope>): Promise<PagePayload> => {
      const { req, res, deps } = context;
      const load = ADMIN_LOADERS[routeId];
      if (!load) throw new Error(`no loader for the admin route ${routeId}`);
      return pagePayload(req, res, deps, routeId, await load(req, res, deps));
    },
});
const handler = createStaticHandler(routes);

/** The address of the request as a Fetch request (the static handler matches its path and hands loaders its signal). */
function fetchRequest(req: Request): globalThis.Request {
  const controller = new AbortController();
  req.once('close', () => controller.abort());
  return new globalThis.Request(new URL(req.originalUrl, 'http://admin.invalid'), { signal: controller.signal });
}

/** The old addresses of the screens (/admin?tab=news&edit=3): the screen's own, with the rest of the query. */
function oldTabAddress(req: Request, path: string): string | null {
  if (path !== '/admin' || typeof req.query.tab !== 'string') return null;
  const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');
  const tab = query.get('tab');
  query.delete('tab');
  const rest = query.toString();
  return adminHref(langOf(req), isAdminTab(tab) ? tab : 'dashboard', rest ? `?${rest}` : '');
}

/** The query of the request's address, with its '?' ('' without one). */
const queryOf = (req: Request): string => (req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');

/**
 * The role's first screen (models/shared/roles.ts homeScreen), when the address is a screen the
 * role's menu does not offer: the dashboard's address (/admin) keeps its query, another screen's
 * query belongs to that screen and is dropped.
 */
function roleHome(req: Request, path: string): string | null {
  const admin = req.session?.admin;
  const screen = path === '/admin' ? 'dashboard' : path.startsWith('/admin/') ? path.slice('/admin/'.length) : null;
  if (!admin || !isAdminTab(screen)) return null;
  const role = admin.role ?? 'admin';
  if (tabAllowed(role, screen)) return null;
  return adminHref(langOf(req), homeScreen(role), screen === 'dashboard' ? queryOf(req) : '');
}

/** What a loader threw (React Router keeps it in the context): a page that does not exist goes on to the 404 page, anything else to the error handler. */
function thrown(errors: StaticHandlerContext['errors']): unknown {
  const error = errors ? Object.values(errors)[0] : null;
  return isRouteErrorResponse(error) && error.status === 404 ? null : error;
}

export function adminPages(deps: Deps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { path } = splitLang(new URL(req.originalUrl, 'http://admin.invalid').pathname.replace(/\/$/, '') || '/');
    const moved = oldTabAddress(req, path);
    if (moved) return res.redirect(301, moved);
    // Each role opens where its work is (/admin is the dashboard: an editor's first screen is
    // Projects), and a screen the role's menu does not offer (Donations for an editor) leads there too.
    const elsewhere = roleHome(req, path);
    if (elsewhere) return res.redirect(303, elsewhere);

    const requestContext: RequestScope = { req, res, deps };
    const routeId = req.get(ADMIN_ROUTE_HEADER);
    if (wantsPageJson(req) && routeId) {
      try {
        const page: PagePayload | globalThis.Response = await handler.queryRoute(fetchRequest(req), { routeId, requestContext });
        // A screen's old address (a loader's redirect): the browser's fetch follows it.
        if (page instanceof globalThis.Response) {
          const location = page.headers.get('Location');
          return location ? res.redirect(page.status, location) : next();
        }
        return writePage(res, { status: page.status, type: 'json', body: JSON.stringify(page) });
      } catch (err) {
        if (err instanceof globalThis.Response || isRouteErrorResponse(err)) return next();
        throw err;
      }
    }
    const context = await handler.query(fetchRequest(req), { requestContext });
    if (context instanceof globalThis.Response) {
      const location = context.headers.get('Location');
      return location ? res.redirect(context.status, location) : next();
    }
    if (context.errors) {
      const error = thrown(context.errors);
      if (error) throw error;
      return next();
    }
    const page: PagePayload = context.loaderData[context.matches[context.matches.length - 1]!.route.id];
    // A client that asks for JSON without naming a route: the page's own data (the last route's).
    if (wantsPageJson(req)) return writePage(res, { status: page.status, type: 'json', body: JSON.stringify(page) });
    const html = renderAdminDocument({ context, routes: handler.dataRoutes, page, site: deps.config.site, i18n: deps.i18n[page.lang], assets: deps.assets() });
    writePage(res, { status: Math.max(page.status, context.statusCode), type: 'html', body: html });
  };
}
