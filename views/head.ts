import type { PagePayload, SiteInfo } from './types';

/** Updates the document head after a client-side navigation (the server renders the same tags). */
export function applyHead(page: PagePayload, site: SiteInfo): void {
  const abs = (p: string) => (/^https?:/.test(p) ? p : site.publicUrl + p);
  const { meta } = page;
  document.title = meta.title;
  document.documentElement.lang = page.lang;
  const set = (selector: string, attr: string, value: string | undefined) => {
    const el = document.head.querySelector(selector);
    if (el && value !== undefined) el.setAttribute(attr, value);
  };
  const canonical = abs(page.url.split('?')[0]!);
  set('meta[name="description"]', 'content', meta.description);
  set('link[rel="canonical"]', 'href', canonical);
  set('link[hreflang="en"]', 'href', abs(page.alternates.en));
  set('link[hreflang="de"]', 'href', abs(page.alternates.de));
  set('link[hreflang="x-default"]', 'href', abs(page.alternates.en));
  set('meta[property="og:title"]', 'content', meta.title);
  set('meta[property="og:description"]', 'content', meta.description);
  set('meta[property="og:url"]', 'content', canonical);
  set('meta[name="twitter:title"]', 'content', meta.title);
  set('meta[name="twitter:description"]', 'content', meta.description);
}
