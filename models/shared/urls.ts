// Absolute addresses for what leaves the site (mails, head tags, structured data, share targets):
// the configured public origin in front of a site path. One place, so every mail and tag agrees.
import type { Lang } from './rules';
import { routeOfPageName, SITE_PAGES, type PublicPageId } from './site-pages';

export { NOOK_SLUG } from './site-pages';

/** The addresses that are no public page of SITE_PAGES: the admin app's (views/admin-routes.tsx) and the stand-ins ('*': any other address). */
const APP_PATHS = { adminLogin: '/admin-login', admin: '/admin', notFound: '*', error: '*' } as const;

/**
 * The English path of every page by its route id (the German twin is the same path under /de):
 * the public pages' from their entries in models/shared/site-pages.ts, then the admin app's and the
 * stand-ins. Mails, head tags and controllers build their addresses from here, so models never
 * import views.
 */
export const PAGE_PATHS = /* @__PURE__ */ (() => ({
  ...(Object.fromEntries(Object.entries(SITE_PAGES).map(([id, page]) => [id, page.path])) as { readonly [Id in PublicPageId]: (typeof SITE_PAGES)[Id]['path'] }),
  ...APP_PATHS,
}))();

export type RouteId = keyof typeof PAGE_PATHS;

/** The page that shows a content item (the admin's preview and "View on site"): its own page, the team page, or the page a page content drives. */
export function contentItemPath(entity: 'projects' | 'news' | 'team' | 'pages', item: { slug?: string; pageName?: string }, lang: Lang): string {
  if (entity === 'projects') return pathFor('projectDetail', lang, { slug: item.slug ?? '' });
  if (entity === 'news') return pathFor('newsDetail', lang, { slug: item.slug ?? '' });
  if (entity === 'team') return pathFor('team', lang);
  return pathFor(routeOfPageName(item.pageName ?? '') ?? 'home', lang);
}

/** Path of a route in a language, with :params filled in (and URL-encoded). */
export function pathFor(id: RouteId, lang: Lang, params: Record<string, string> = {}): string {
  const path = PAGE_PATHS[id].replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return localizePath(path, lang);
}

/** A path in a language: English unprefixed, German under /de. */
export function localizePath(path: string, lang: Lang): string {
  if (lang === 'en') return path;
  return path === '/' ? '/de' : `/de${path}`;
}

/** Splits /de/projects into { lang: 'de', path: '/projects' }. */
export function splitLang(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/de' || pathname === '/de/') return { lang: 'de', path: '/' };
  if (pathname.startsWith('/de/')) return { lang: 'de', path: pathname.slice(3) };
  return { lang: 'en', path: pathname };
}

/** The same address in the other language, query and fragment kept. */
export function twinPath(pathnameWithSearch: string, target: Lang): string {
  const [pathname, ...rest] = pathnameWithSearch.split(/(?=[?#])/);
  const { path } = splitLang(pathname ?? '/');
  return localizePath(path, target) + rest.join('');
}

/**
 * Where a "Donation page" link goes in a language: the configured address of another origin (new
 * tab), a configured path of this site in that language (its /de twin on German pages), or the
 * site's own checkout.
 */
export function donationLink(configured: string | null, lang: Lang): { href: string; external: boolean } {
  if (!configured) return { href: pathFor('checkout', lang), external: false };
  if (configured.startsWith('/')) return { href: twinPath(configured, lang), external: false };
  return { href: configured, external: true };
}

/** An address as given when it already is absolute (http or https), otherwise publicUrl + path. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:/i.test(pathOrUrl) ? pathOrUrl : publicUrl + pathOrUrl;
}

/** A page of the site by its route, in a language, as an absolute address. */
export function pageUrl(publicUrl: string, id: RouteId, lang: Lang, params: Record<string, string> = {}): string {
  return publicUrl + pathFor(id, lang, params);
}

/** A path in a language (English unprefixed, German under /de), with an optional query, as an absolute address. */
export function localUrl(publicUrl: string, path: string, lang: Lang, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return publicUrl + localizePath(path, lang) + (search ? `?${search}` : '');
}

/**
 * An image address for a mail: absolute, and a local SVG becomes its PNG rendition (mail clients
 * drop SVG). Null when there is no image or it is neither absolute nor a site path.
 */
export function mailImageUrl(publicUrl: string, imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  if (/^https?:\/\//i.test(imageUrl)) return imageUrl;
  if (!imageUrl.startsWith('/')) return null;
  if (/^\/images\/[\w\-/]+\.svg$/i.test(imageUrl)) return `${publicUrl}/newsletter${imageUrl.replace(/\.svg$/i, '.png')}`;
  return publicUrl + imageUrl;
}
