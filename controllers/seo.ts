import type { SiteInfo } from '../config';
import type { Lang, PageMeta } from '../views/types';
import type { Deps } from './context';
import { newsFeedLinks } from '../models/content/feeds';

/** The organisation as schema.org NGO: on the home page and as publisher of articles and projects. */
export function organizationLd(site: SiteInfo, lang: Lang): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: site.name,
    url: lang === 'de' ? `${site.publicUrl}/de` : site.publicUrl,
    logo: `${site.publicUrl}/images/logo.svg`,
    email: site.email,
    telephone: site.phone,
    areaServed: 'Mwenezi, Masvingo Province, Zimbabwe',
    address: [
      { '@type': 'PostalAddress', addressLocality: 'Lucerne', addressCountry: 'CH' },
      { '@type': 'PostalAddress', addressLocality: 'Mwenezi', addressRegion: 'Masvingo', addressCountry: 'ZW' },
    ],
    sameAs: Object.values(site.socials),
  };
}

/** Title, description and keywords of a page from the locale files (`meta.<key>.*`). */
export function metaFromLocale(deps: Deps, lang: Lang, key: string, extra: Partial<PageMeta> = {}): PageMeta {
  const t = deps.i18n[lang].t;
  const keywordsKey = `meta.${key}.keywords`;
  const keywords = deps.i18n[lang].exists(keywordsKey) ? t(keywordsKey) : undefined;
  return { title: t(`meta.${key}.title`), description: t(`meta.${key}.description`), keywords, ...extra };
}

/** The news feeds' title in a language ("Kuvaka Community Trust: News"), for the feeds and the links announcing them. */
export const newsFeedTitle = (deps: Deps, lang: Lang) => `${deps.config.site.name}: ${deps.i18n[lang].t('nav.news')}`;

/** The news feeds the home and news pages announce (models/content/feeds.ts). */
export const newsFeeds = (deps: Deps, lang: Lang) => newsFeedLinks(lang, newsFeedTitle(deps, lang));
