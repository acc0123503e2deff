// React Router's route tree of the site, the same on both sides: the server's static handler
// (controllers/pages.ts) runs a route's loader against the page's controller, the browser's
// router (views/client.tsx) runs it as a fetch of the same address with Accept: application/json,
// which the same controller answers. Each route loads its page module lazily, so the browser
// downloads a page's code with the page.
import { createContext, useContext, useLayoutEffect, useEffect, useRef, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLoaderData, useLocation, useMatches, type DataRouteMatch, type DataRouteObject, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { App } from './app';
import { whenHydrated } from './later';
import { routes, routerPath, type RouteDef } from './routes';
import type { TFunction } from './translate';
import type { Lang, PagePayload, SiteInfo } from './types';
import NotFoundPage from './pages/not-found-page';
import ErrorPage from './pages/error-page';

/** What the tree needs from its side: the site, the interface text, and (in the browser) what happens after a navigation. */
export interface SiteEnv {
  site: SiteInfo;
  /** Interface text of a page (the browser has loaded the page's locale bundles before it renders). */
  tFor: (lang: Lang, routeId: string) => TFunction;
  /** In the browser: head, language, scroll and focus after a client-side navigation. */
  afterNavigation?: (page: PagePayload) => void;
  /** In the browser: once, when the first page has hydrated. */
  hydrated?: () => void;
}

export const SiteEnvContext = createContext<SiteEnv | null>(null);

/** Pages the server answers any address with (an unknown path, an error): not the matched route's own. */
const STAND_INS: Record<string, ComponentType<any>> = { notFound: NotFoundPage, error: ErrorPage };

/** The root route: the frame of every page, with the page the server's payload names. */
function Shell() {
  const env = useContext(SiteEnvContext)!;
  const matches = useMatches();
  const leaf = matches[matches.length - 1]!;
  const page = leaf.data as PagePayload;
  const location = useLocation();
  const first = useRef(true);
  // The server answered this address with another page (404, error): that page stands in.
  const StandIn = page.routeId !== leaf.id ? STAND_INS[page.routeId] : undefined;

  // Usable once the parts that hydrate later have (views/later.tsx).
  useEffect(() => whenHydrated(() => env.hydrated?.()), []);
  // The new content, its URL, <html lang> and head change in one commit, before the browser paints.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    env.afterNavigation?.(page);
  }, [location, page]);

  return (
    <App page={page} site={env.site} t={env.tFor(page.lang, page.routeId)}>
      {StandIn ? <StandIn {...page.props} /> : <Outlet />}
    </App>
  );
}

/** A page module as a route component: its props are the payload the loader returned. */
function routed(Page: ComponentType<any>): ComponentType {
  return function RoutedPage() {
    const page = useLoaderData() as PagePayload;
    return <Page {...page.props} />;
  };
}

/**
 * The route tree; `loader` makes each route's loader (the server's and the browser's differ).
 * With `pages` (the server, which has every page module loaded) the routes have their components;
 * without (the browser) each route loads its module when it is first visited.
 */
export function createRouteTree(loader: (route: RouteDef) => LoaderFunction, pages?: Record<string, ComponentType<any>>): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Shell,
      children: (routes as readonly RouteDef[])
        // The error page has no address of its own: the server renders it in place of any page.
        .filter((r) => r.id !== 'error')
        .map((r) => ({
          id: r.id,
          path: routerPath(r.path),
          loader: loader(r),
          ...(pages ? { Component: routed(pages[r.id]!) } : { lazy: async () => ({ Component: routed((await r.load()).default) }) }),
        })),
    },
  ];
}

const matchesByTree = new WeakMap<DataRouteObject[], Map<string, DataRouteMatch[] | null>>();

/**
 * React Router's matches of a path in a tree, remembered per path: matchRoutes flattens and ranks
 * the whole tree on every call (about 0.2 ms here, a twentieth of rendering a page), and a site has
 * few distinct paths. The memory is emptied when it holds 1000 of them (article slugs, typos).
 */
export function matchTree(routes: DataRouteObject[], pathname: string): DataRouteMatch[] | null {
  let memo = matchesByTree.get(routes);
  if (!memo) matchesByTree.set(routes, (memo = new Map()));
  if (memo.has(pathname)) return memo.get(pathname)!;
  if (memo.size >= 1000) memo.clear();
  const matches = matchRoutes(routes, pathname) as DataRouteMatch[] | null;
  memo.set(pathname, matches);
  return matches;
}
