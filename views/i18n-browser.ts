// The options of every i18next instance in the browser (the islands' runtime, the admin app): texts
// are added per namespace as their files arrive, a missing key is said in the console.
import type { i18n as I18n, InitOptions } from 'i18next';

export function browserI18nOptions(instance: I18n, lang: string): InitOptions {
  return {
    lng: lang,
    resources: {},
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.warn(`[i18n] missing translation key "${key}" (${instance.language ?? lang})`),
    react: { useSuspense: false },
  };
}
