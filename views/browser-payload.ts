import type { Lang, PagePayload } from './types';

/**
 * The page payload as the browser gets it (inside the HTML for hydration, or as JSON when it
 * navigates): public pages show one language, so the other language's text stays on the server.
 * Content carries both languages as twin fields (`title` / `titleDe`) and views choose with
 * `localized(lang, en, de)`: German if there is German, else English. So on an English page the
 * `…De` twins go; on a German page a field whose German twin has text takes that text. What the
 * page renders is unchanged (test/api/islands.test.tsx renders every island from the props the
 * browser gets and compares it with the server's HTML); the home page's payload shrinks by about a third.
 * Admin pages edit both languages and get everything.
 */
export function browserPayload(page: PagePayload, layout: 'public' | 'admin'): PagePayload {
  if (layout !== 'public') return page;
  return { ...page, props: oneLanguage(page.props, page.lang) as PagePayload['props'] };
}

/** Props in one language: `…De` twins dropped on English pages, taken on German ones. */
export function oneLanguage(value: unknown, lang: Lang): unknown {
  if (Array.isArray(value)) return value.map((v) => oneLanguage(v, lang));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = oneLanguage(v, lang);
  for (const key of Object.keys(out)) {
    const base = key.slice(0, -2);
    if (!key.endsWith('De') || !(base in out) || typeof out[base] !== 'string') continue;
    if (lang === 'en') delete out[key];
    else if (typeof out[key] === 'string' && out[key] !== '') out[base] = out[key];
  }
  return out;
}
