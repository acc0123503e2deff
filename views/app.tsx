import type { ReactNode } from 'react';
import { AppContext } from './app-context';
import { routesById, type RouteId } from './routes';
import { PublicLayout } from './layouts/public-layout';
import type { TFunction } from './translate';
import type { PagePayload, SiteInfo } from './types';

export interface AppProps {
  page: PagePayload;
  site: SiteInfo;
  /** Interface text in the page's language (i18next on the server, views/translate.ts in the browser). */
  t: TFunction;
  /** The page itself. */
  children: ReactNode;
}

/** A page in its frame: the context its components read, and the public layout around public pages. */
export function App({ page, site, t, children }: AppProps) {
  const route = routesById[page.routeId as RouteId];
  return (
    <AppContext.Provider value={{ lang: page.lang, site, page, t }}>
      {route?.layout === 'admin' ? children : <PublicLayout>{children}</PublicLayout>}
    </AppContext.Provider>
  );
}
