import i18next, { type i18n, type Resource } from 'i18next';
import type { Lang } from '../models/shared/rules';
import type { TFunction } from './translate';

/** One i18next instance: resources of the languages given, a missing key warns and shows the key. */
export function createI18n(lang: Lang, bundles: Partial<Record<Lang, Record<string, unknown>>>): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const [l, bundle] of Object.entries(bundles)) resources[l] = { translation: bundle as Record<string, string> };
  void instance.init({
    lng: lang,
    resources,
    fallbackLng: false,
    supportedLngs: ['en', 'de'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => {
      console.warn(`[i18n] missing translation key "${key}" (${instance.language})`);
    },
    react: { useSuspense: false },
  });
  return instance;
}

const serverTexts = new WeakMap<i18n, TFunction>();
const SERVER_TEXTS_MAX = 20_000;
/** Texts with values (a project's title, a count) are as many as the values: fewer are kept. */
const SERVER_TEXTS_WITH_VALUES_MAX = 5_000;

/** Values that are only strings, numbers and booleans: their JSON names them exactly. */
const plainValues = (options: Record<string, unknown>) =>
  Object.values(options).every((v) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');

/**
 * The server's text lookup for a language: its i18next instance never changes after start, so the
 * text of a key is looked up once per process (a page shows hundreds), and so is the text of a key
 * with the same plain values (i18next's interpolation was a fifth of a page render).
 */
export function serverT(instance: i18n): TFunction {
  let t = serverTexts.get(instance);
  if (t) return t;
  const texts = new Map<string, string>();
  const withValues = new Map<string, string>();
  t = (key, options) => {
    if (options) {
      if (!plainValues(options)) return instance.t(key, options) as string;
      const id = `${key} ${JSON.stringify(options)}`;
      let text = withValues.get(id);
      if (text === undefined) {
        text = instance.t(key, options) as string;
        if (withValues.size < SERVER_TEXTS_WITH_VALUES_MAX) withValues.set(id, text);
      }
      return text;
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = instance.t(key) as string;
      if (texts.size < SERVER_TEXTS_MAX) texts.set(key, text);
    }
    return text;
  };
  serverTexts.set(instance, t);
  return t;
}
