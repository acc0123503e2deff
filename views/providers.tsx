import type { ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { AppContext, type AppContextValue } from './app-context';

/**
 * What every React root of the site renders inside, on the server and in the browser: the page's
 * i18next (react-i18next) and what the page is (language, site, address, edited words). A whole
 * page, an island and the admin app have the same providers, so an island hydrates against what the
 * server rendered.
 */
export function Providers({ app, i18n, children }: { app: AppContextValue; i18n: i18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppContext.Provider value={app}>{children}</AppContext.Provider>
    </I18nextProvider>
  );
}
