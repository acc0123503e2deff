// The admin app's route tree (react-router-dom), the same on both sides: the sign-in page, and the
// frame (/admin) with one child route per screen (/admin/<name>; the dashboard is its index). The
// server gives each route its loader (controllers/admin/screens/) and renders through React
// Router's static handler (controllers/admin/pages.ts, views/render.tsx); the browser's loaders
// ask the same address for that route's data as JSON (views/admin-client.tsx). Public pages are
// not in it: a link there is an ordinary page load.
import { Outlet, useLoaderData, useMatches, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router-dom';
import { useEffect, type ComponentType } from 'react';
import { AppContext, useApp } from './app-context';
import AdminLoginPage from './pages/admin-login-page';
import { AdminFrameRoute } from './admin/frame';
import { SCREEN_ROUTES } from './admin/screens';
import { ADMIN_TABS, type AdminTab } from '../models/shared/admin-rules';
import type { Lang, PagePayload, SiteInfo } from './types';

export const ADMIN_BOOT_ID = '__boot';

/** The header of the browser's JSON request naming the route whose data it wants (the server runs that loader alone). */
export const ADMIN_ROUTE_HEADER = 'X-Admin-Route';

/** useId's prefix in the admin app, the same on the server and in the browser (views/render.tsx). */
export const ADMIN_ID_PREFIX = 'a-';

/** What the server hands the admin app in the page (JSON): each matched route's data, the page's (the last), and where the text is. */
export interface AdminBoot {
  loaderData: Record<string, PagePayload>;
  page: PagePayload;
  site: SiteInfo;
  /** The admin's interface text, per language. */
  locales: Record<Lang, string>;
}

/** The admin's routes in React Router's patterns: the German twin under an optional /de. */
export const ADMIN_PATHS = { adminLogin: '/de?/admin-login', admin: '/de?/admin' } as const;

/** A screen's route id: admin.<screen>. */
export const screenRouteId = (screen: AdminTab) => `admin.${screen}`;

/**
 * The frame's data (who is signed in, the activity) is read with the page and again only when the
 * language changes or a form was posted: moving between screens asks for the screen's data alone.
 */
const frameRevalidates: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined ? defaultShouldRevalidate : currentUrl.pathname.startsWith('/de/') !== nextUrl.pathname.startsWith('/de/');

/** The app's frame: the current page's language and address for everything inside. */
function Shell({ onReady }: { onReady?: () => void }) {
  const { site } = useApp();
  const matches = useMatches();
  const page = matches[matches.length - 1]!.data as PagePayload;
  useEffect(() => onReady?.(), []);
  return (
    <AppContext.Provider value={{ lang: page.lang, site, page: { routeId: page.routeId, url: page.url, alternates: page.alternates, props: page.props, ...(page.texts ? { texts: page.texts } : {}) } }}>
      <Outlet />
    </AppContext.Provider>
  );
}

function routed(Page: ComponentType<any>): ComponentType {
  return function RoutedPage() {
    const page = useLoaderData<PagePayload>();
    return <Page {...page.props} />;
  };
}

/** The tree; `loader` gives a route its loader by id (the browser's fetch, or the server's controller). */
export function adminRouteTree(options: { loader?: (routeId: string) => LoaderFunction; onReady?: () => void } = {}): RouteObject[] {
  const { loader, onReady } = options;
  const load = (id: string) => (loader ? { loader: loader(id) } : {});
  return [
    {
      id: 'root',
      element: <Shell onReady={onReady} />,
      children: [
        { id: 'adminLogin', path: ADMIN_PATHS.adminLogin, Component: routed(AdminLoginPage), ...load('adminLogin') },
        {
          id: 'admin',
          path: ADMIN_PATHS.admin,
          Component: AdminFrameRoute,
          shouldRevalidate: frameRevalidates,
          ...load('admin'),
          children: ADMIN_TABS.map((screen) => ({
            id: screenRouteId(screen),
            ...(screen === 'dashboard' ? { index: true } : { path: screen }),
            Component: SCREEN_ROUTES[screen],
            ...load(screenRouteId(screen)),
          })),
        },
      ],
    },
  ];
}
