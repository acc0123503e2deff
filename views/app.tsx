import type { ComponentType } from 'react';
import { AppContext } from './app-context';
import { routesById, type RouteId } from './routes';
import { PublicLayout } from './layouts/public-layout';
import type { TFunction } from './translate';
import type { PagePayload, SiteInfo } from './types';

export interface AppProps {
  page: PagePayload;
  Page: ComponentType<any>;
  site: SiteInfo;
  /** Interface text in the page's language (i18next on the server, views/translate.ts in the browser). */
  t: TFunction;
}

/** The same tree on the server (renderToString) and in the browser (hydrateRoot). */
export function App({ page, Page, site, t }: AppProps) {
  const route = routesById[page.routeId as RouteId];
  const content = <Page {...page.props} />;
  return (
    <AppContext.Provider value={{ lang: page.lang, site, page, t }}>
      {route?.layout === 'admin' ? content : <PublicLayout>{content}</PublicLayout>}
    </AppContext.Provider>
  );
}
