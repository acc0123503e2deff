import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor, type RouteId } from '../models/shared/urls';
import { withEditedTexts, type TFunction } from './translate';
import type { Lang, SiteInfo } from './types';

/** What every part of a page may know about the page it is on (also inside an island, in the browser). */
export interface PageInfo {
  routeId: string;
  /** Path and query of this page in its own language. */
  url: string;
  /** Path of the same page in each language (the switch, hreflang). */
  alternates: Record<Lang, string>;
  /** The page's words edited in the admin (locale key -> text); absent: the built-in copy. */
  texts?: Record<string, string>;
  /** The admin app only: the page's props as the server sent them (its forms read some without JavaScript). */
  props?: Record<string, unknown>;
}

export interface AppContextValue {
  lang: Lang;
  site: SiteInfo;
  page: PageInfo;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside AppContext');
  return ctx;
}

export function useLang(): Lang {
  return useApp().lang;
}

/** Builds internal links from the route table in the current language. */
export function useLinks(): (id: RouteId, params?: Record<string, string>) => string {
  const lang = useLang();
  return (id, params) => pathFor(id, lang, params);
}

/**
 * Interface text in the page's language: react-i18next's `t` (one i18next instance per request on
 * the server, the page's namespaces in the browser), with the words volunteers edited for this
 * page answering their keys.
 */
export function useT(): TFunction {
  const { t } = useTranslation();
  const { page } = useApp();
  return useMemo(() => withEditedTexts(t as unknown as TFunction, page.texts), [t, page.texts]);
}
