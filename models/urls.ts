// Absolute addresses for what leaves the site (mails, head tags, structured data, share targets):
// the configured public origin in front of a site path. One place, so every mail and tag agrees.
import { localizePath, pathFor, type RouteId } from '../views/routes';
import type { Lang } from './rules';

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
