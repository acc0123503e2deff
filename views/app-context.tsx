import { createContext, useContext } from 'react';
import type { TFunction } from './translate';
import type { Lang, PagePayload, SiteInfo } from './types';
import { pathFor, type RouteId } from './routes';

export interface AppContextValue {
  lang: Lang;
  site: SiteInfo;
  page: PagePayload;
  t: TFunction;
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

export function useT(): TFunction {
  return useApp().t;
}
