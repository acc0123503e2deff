// The admin app's route tree (react-router-dom), the same on both sides: the server renders an
// admin page with a static router over it (views/render.tsx), the browser hydrates it with a
// browser router whose loaders ask the same addresses for their JSON payload
// (views/admin-client.tsx). Public pages are not in it: a link there is an ordinary page load.
import { Outlet, useLoaderData, useMatches, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { useEffect, type ComponentType } from 'react';
import { AppContext, useApp } from './app-context';
import AdminLoginPage from './pages/admin-login-page';
import AdminPage from './pages/admin-page';
import type { Lang, PagePayload, SiteInfo } from './types';

export const ADMIN_BOOT_ID = '__boot';

/** useId's prefix in the admin app, the same on the server and in the browser (views/render.tsx). */
export const ADMIN_ID_PREFIX = 'a-';

/** What the server hands the admin app in the page (JSON): its first page and where its text is. */
export interface AdminBoot {
  page: PagePayload;
  site: SiteInfo;
  /** The admin's interface text, per language. */
  locales: Record<Lang, string>;
}

/** The admin's routes in React Router's patterns: the German twin under an optional /de. */
export const ADMIN_PATHS = { adminLogin: '/de?/admin-login', admin: '/de?/admin' } as const;

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
    const page = useLoaderData() as PagePayload;
    return <Page {...page.props} />;
  };
}

/** The tree; `loader` is the browser's (the server gives each route its payload as data). */
export function adminRouteTree(options: { loader?: LoaderFunction; onReady?: () => void } = {}): RouteObject[] {
  const { loader, onReady } = options;
  return [
    {
      id: 'root',
      element: <Shell onReady={onReady} />,
      children: [
        { id: 'adminLogin', path: ADMIN_PATHS.adminLogin, Component: routed(AdminLoginPage), ...(loader ? { loader } : {}) },
        { id: 'admin', path: ADMIN_PATHS.admin, Component: routed(AdminPage), ...(loader ? { loader } : {}) },
      ],
    },
  ];
}
