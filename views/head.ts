import { escapeHtml } from '../models/shared/text';
import { absoluteUrl } from '../models/shared/urls';
import type { PagePayload, SiteInfo } from './types';

/** One element of a page's head: the server writes it as HTML, the browser creates it after a navigation. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  /** Text content (the title, a JSON-LD script's JSON). */
  text?: string;
}

/** JSON inside <script>: "<" escaped so no string in the data can close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The head of a page, from its payload: title, description, canonical and language alternates,
 * robots, Open Graph and Twitter cards, JSON-LD. The one list both sides use, so a page reached by
 * a client-side navigation has exactly the head a fresh load of its address gets.
 */
export function headTags(page: PagePayload, site: SiteInfo): HeadTag[] {
  const { meta } = page;
  const abs = (p: string) => absoluteUrl(site.publicUrl, p);
  const canonical = abs(page.url.split('?')[0]!);
  // Social networks do not show SVG previews: those pages use the default raster image.
  const image = abs(meta.image && !meta.image.endsWith('.svg') ? meta.image : '/images/og-default.png');
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  const property = (prop: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: prop, content } });
  const alternate = (hreflang: string, href: string): HeadTag => ({ tag: 'link', attrs: { rel: 'alternate', hreflang, href: abs(href) } });
  return [
    { tag: 'title', attrs: {}, text: meta.title },
    named('description', meta.description),
    ...(meta.keywords ? [named('keywords', meta.keywords)] : []),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    alternate('en', page.alternates.en),
    alternate('de', page.alternates.de),
    alternate('x-default', page.alternates.en),
    ...(meta.feeds ?? []).map((f): HeadTag => ({ tag: 'link', attrs: { rel: 'alternate', type: f.type, title: f.title, href: abs(f.href) } })),
    property('og:type', meta.ogType ?? 'website'),
    property('og:site_name', site.name),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', canonical),
    property('og:image', image),
    property('og:locale', page.lang === 'de' ? 'de_CH' : 'en_US'),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    ...(meta.jsonLd ?? []).map((ld): HeadTag => ({ tag: 'script', attrs: { type: 'application/ld+json' }, text: safeJson(ld) })),
  ];
}

/** The tags as HTML, for the server's document. A JSON-LD script's text is JSON made safe by safeJson. */
export function headHtml(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attrs, text }) => {
      const open = `<${tag}${Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join('')}>`;
      if (tag === 'meta' || tag === 'link') return open;
      return `${open}${tag === 'script' ? (text ?? '') : escapeHtml(text ?? '')}</${tag}>`;
    })
    .join('\n');
}

/** Every element headTags makes (and nothing else of the head: charset, viewport, icon, styles, scripts). */
const PAGE_HEAD_SELECTOR =
  'title, meta[name=description], meta[name=keywords], meta[name=robots], meta[property^="og:"], meta[name^="twitter:"], link[rel=canonical], link[rel=alternate], script[type="application/ld+json"]';

/** After a client-side navigation: the new page's language and head, in place of the old one's. */
export function applyHead(page: PagePayload, site: SiteInfo): void {
  document.documentElement.lang = page.lang;
  document.head.querySelectorAll(PAGE_HEAD_SELECTOR).forEach((el) => el.remove());
  const fragment = document.createDocumentFragment();
  for (const { tag, attrs, text } of headTags(page, site)) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    fragment.appendChild(el);
  }
  // After the charset and viewport, where the server puts them.
  document.head.insertBefore(fragment, document.head.querySelector('meta[name=theme-color]')?.nextSibling ?? null);
}
