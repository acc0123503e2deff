import type { Request, Response } from 'express';
import type { ComponentType } from 'react';
import type { Deps } from './context';
import { localizePath, splitLang, type RouteId } from '../models/shared/urls';
import { renderPublicDocument } from '../views/render';
import type { Lang, PagePayload, PageResult } from '../views/types';
import { encodingFor, PackedPage, type Encoding, type RenderedPage } from './middleware/caching';
import { browserPayload } from '../views/browser-payload';

/** What a public page is, for rendering it: its id, its component and its frame (the admin's pages are controllers/admin/pages.ts). */
export interface PageView<P = any> {
  id: RouteId;
  view: ComponentType<P>;
  layout: 'public';
}

/** Answers by Accept header: browsers send a handful of different ones, each page request asks. */
const jsonByAccept = new Map<string, boolean>();

/** Clients that ask for JSON (client-side navigation) get the page's props, browsers get HTML. */
export function wantsPageJson(req: Request): boolean {
  const accept = req.headers.accept ?? '';
  let json = jsonByAccept.get(accept);
  if (json === undefined) {
    json = req.accepts(['html', 'json']) === 'json';
    if (jsonByAccept.size < 200 && accept.length < 500) jsonByAccept.set(accept, json);
  }
  return json;
}

/** Answers with a page the caller chose (the error pages, a form's outcome): as JSON or as the document. */
export async function sendPage<P>(req: Request, res: Response, deps: Deps, page: PageView<P>, result: PageResult<P>): Promise<void> {
  writePage(res, renderPage(req, deps, page, pagePayload(req, res, deps, page.id, result)));
}

/**
 * The one way a page goes out. A kept page (PackedPage) carries its compressed forms, made once
 * per content version: sent as they are, with an ETag per encoding, and a 304 without a body when
 * the browser has them already. Anything else is sent as rendered (the compression middleware
 * compresses it).
 */
export function writePage(res: Response, page: RenderedPage | PackedPage): void {
  res.status(page.status);
  res.vary('Accept');
  // A page may ask for stricter caching (the admin pages: 'private, no-store').
  res.setHeader('Cache-Control', (res.locals.cacheControl as string | undefined) ?? 'no-cache');
  res.setHeader('Content-Type', CONTENT_TYPES[page.type]);
  if (!(page instanceof PackedPage)) {
    res.send(page.body);
    return;
  }
  res.vary('Accept-Encoding');
  const encoding = encodingFor(res.req);
  res.setHeader('ETag', page.etagFor(encoding));
  // Nothing to compress for a browser that has this version already.
  if (res.req.fresh) {
    res.send(NOTHING);
    return;
  }
  sendBytes(res, encoding, page.bytes(encoding));
}

const NOTHING = Buffer.alloc(0);
const CONTENT_TYPES = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8', atom: 'application/atom+xml; charset=utf-8', jsonfeed: 'application/feed+json; charset=utf-8' } as const;

/** Bytes that are ready as they are: no ETag to compute, freshness was checked, no conversion. */
function sendBytes(res: Response, encoding: Encoding, bytes: Buffer): void {
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  if (res.req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/** A stray "%" (a malformed escape such as %zz) written as %25: the links a page builds from its address stay valid URLs. */
const validUrl = (s: string) => s.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');

/** The request's query string with its '?', as sent ('' without one). */
export const searchOf = (req: Request) => (req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');

/** What a page controller returned, as the page's payload: its address in its language, alternates, full title. */
export function pagePayload(req: Request, res: Response, deps: Deps, routeId: string, result: PageResult<any>): PagePayload {
  const lang = (res.locals.lang as Lang | undefined) ?? 'en';
  // A router mounted below the root (the admin at /admin) keeps its part of the address; its own root is the mount's address (/admin, not /admin/).
  const { path } = splitLang(validUrl(req.baseUrl && req.path === '/' ? req.baseUrl : req.baseUrl + req.path));
  const query = validUrl(searchOf(req));
  const site = deps.config.site;
  return {
    routeId,
    lang,
    url: localizePath(path, lang) + query,
    alternates: { en: localizePath(path, 'en'), de: localizePath(path, 'de') },
    props: result.props,
    meta: {
      ...result.meta,
      title: result.meta.title.includes(site.name) ? result.meta.title : `${result.meta.title} | ${site.name}`,
    },
    status: result.status ?? 200,
    ...(result.texts && Object.keys(result.texts).length ? { texts: result.texts } : {}),
  };
}

/** A page as the client asked for it: its payload as JSON (the admin app's router, scripts), else the whole document. */
export function renderPage(req: Request, deps: Deps, page: PageView, payload: PagePayload): RenderedPage {
  if (wantsPageJson(req)) return { status: payload.status, type: 'json', body: JSON.stringify(browserPayload(payload, page.layout)) };
  const options = { page: payload, site: deps.config.site, i18n: deps.i18n[payload.lang], assets: deps.assets() };
  const html = renderPublicDocument({ ...options, Page: page.view });
  return { status: payload.status, type: 'html', body: html };
}
