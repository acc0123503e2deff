import { createContext, useContext } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import type { Lang, PagePayload, SiteInfo } from './types';
import { pathFor, type RouteId } from './routes';

export interface AppContextValue {
  lang: Lang;
  site: SiteInfo;
  page: PagePayload;
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

/** Texts of the server's own i18n instances (one per language, never changed after start). */
type TFunction = ReturnType<typeof useTranslation>['t'];
const serverTexts = new WeakMap<i18n, TFunction>();
const SERVER_TEXTS_MAX = 20_000;

/**
 * On the server a language's instance never changes, so the text of a key without options is
 * looked up once per process: a page shows hundreds of texts, and useTranslation's per-component
 * work (a wrapper of the instance, a fixed t, a store subscription) was a third of a render. The
 * browser keeps useTranslation: it re-renders when a language bundle arrives.
 */
function serverT(instance: i18n): TFunction {
  let t = serverTexts.get(instance);
  if (t) return t;
  const lookUp = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return lookUp(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = lookUp(key);
      if (texts.size < SERVER_TEXTS_MAX) texts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  serverTexts.set(instance, t);
  return t;
}

const onServer = typeof window === 'undefined';

export function useT() {
  // The branch is fixed for the process: the same hooks run on every render of a component.
  if (onServer) {
    const instance = useContext(I18nContext)?.i18n;
    if (instance) return serverT(instance);
  }
  return useTranslation().t;
}
