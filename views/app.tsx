import { useMemo, type ReactNode } from 'react';
import { AppContext } from './app-context';
import { routesById, type RouteId } from './routes';
import { PublicLayout } from './layouts/public-layout';
import { withEditedTexts, type TFunction } from './translate';
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
  // The words volunteers edited for this page answer their keys; the server and the browser get
  // the same `texts` in the payload, so both render the same text.
  const text = useMemo(() => withEditedTexts(t, page.texts), [t, page.texts]);
  return (
    <AppContext.Provider value={{ lang: page.lang, site, page, t: text }}>
      {route?.layout === 'admin' ? children : <PublicLayout>{children}</PublicLayout>}
    </AppContext.Provider>
  );
}
