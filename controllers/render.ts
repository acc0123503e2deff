import type { Request, Response } from 'express';
import type { Deps } from './context';
import { localizePath, routesById, splitLang, type RouteId } from '../views/routes';
import { renderDocument } from '../views/render';
import type { Lang, PagePayload, PageResult } from '../views/types';
import { encodingFor, PackedPage, type Encoding, type RenderedPage } from './middleware/caching';
import { browserPayload } from '../views/browser-payload';

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

/** The one way a page is answered: JSON payload for navigation, or the full server-rendered document. */
export async function sendPage(req: Request, res: Response, deps: Deps, routeId: RouteId, result: PageResult<any>): Promise<void> {
  writePage(res, await renderPage(req, res, deps, routeId, result));
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
const CONTENT_TYPES = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** Bytes that are ready as they are: no ETag to compute, freshness was checked, no conversion. */
function sendBytes(res: Response, encoding: Encoding, bytes: Buffer): void {
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  if (res.req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/** A stray "%" (a malformed escape such as %zz) written as %25: the links a page builds from its address stay valid URLs. */
const validUrl = (s: string) => s.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');

export async function renderPage(req: Request, res: Response, deps: Deps, routeId: RouteId, result: PageResult<any>): Promise<RenderedPage> {
  const lang = (res.locals.lang as Lang | undefined) ?? 'en';
  const { path } = splitLang(validUrl(req.path));
  const query = req.originalUrl.includes('?') ? validUrl(req.originalUrl.slice(req.originalUrl.indexOf('?'))) : '';
  const site = deps.config.site;
  const payload: PagePayload = {
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
  };
  if (wantsPageJson(req)) return { status: payload.status, type: 'json', body: JSON.stringify(browserPayload(payload)) };
  const Page = (await routesById[routeId].load()).default;
  const html = renderDocument({ page: payload, Page, site, i18n: deps.i18n[lang], assets: deps.assets() });
  return { status: payload.status, type: 'html', body: html };
}
