import i18next, { type i18n, type Resource } from 'i18next';
import type { Lang } from '../models/rules';

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
