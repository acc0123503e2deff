import type { Lang } from './types';

/** How views ask for interface text: a key of locales/*.json and its values. */
export type TFunction = (key: string, options?: Record<string, unknown>) => string;

/**
 * The browser's translator: the part of i18next our locale files use (nested keys, `{{name}}`
 * values, `_one`/`_other` plurals by `count`, `defaultValue`, the key itself when missing), in
 * under 1 KB instead of i18next's 15 KB. The server renders with i18next; test/unit/translate.test.ts
 * proves that both give the same text for every key of both languages, so hydration never differs.
 */
export function createTranslator(
  lang: Lang,
  resources: Record<string, unknown>,
  onMissing: (key: string) => void = (key) => console.warn(`[i18n] missing translation key "${key}" (${lang})`),
): TFunction {
  const plurals = new Intl.PluralRules(lang);
  const lookup = (key: string): string | undefined => {
    let node: unknown = resources;
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  return (key, options = {}) => {
    const count = options.count;
    let text = typeof count === 'number' ? (lookup(`${key}_${plurals.select(count)}`) ?? lookup(key)) : lookup(key);
    if (text === undefined) {
      if (typeof options.defaultValue === 'string') text = options.defaultValue;
      else {
        onMissing(key);
        return key;
      }
    }
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      if (!(name in options)) return whole;
      const value = options[name];
      return value == null ? '' : String(value);
    });
  };
}

/**
 * The page's interface text with the words volunteers edited for it: an edited key answers with
 * the edited text (its `{{values}}` filled in as the built-in ones are), every other key as before.
 */
export function withEditedTexts(t: TFunction, texts: Record<string, string> | undefined): TFunction {
  if (!texts) return t;
  return (key, options = {}) => {
    const text = texts[key];
    if (text === undefined) return t(key, options);
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name] ?? '') : whole));
  };
}
