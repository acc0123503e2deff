import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { AppContext } from './app-context';
import { routesById, type RouteId } from './routes';
import { PublicLayout } from './layouts/public-layout';
import type { PagePayload, SiteInfo } from './types';

export interface AppProps {
  page: PagePayload;
  Page: ComponentType<any>;
  site: SiteInfo;
  i18n: i18n;
}

/** The same tree on the server (renderToString) and in the browser (hydrateRoot). */
export function App({ page, Page, site, i18n }: AppProps) {
  const route = routesById[page.routeId as RouteId];
  const content = <Page {...page.props} />;
  return (
    <I18nextProvider i18n={i18n}>
      <AppContext.Provider value={{ lang: page.lang, site, page }}>
        {route?.layout === 'admin' ? content : <PublicLayout>{content}</PublicLayout>}
      </AppContext.Provider>
    </I18nextProvider>
  );
}
