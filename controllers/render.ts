import type { Request, Response } from 'express';
import type { Deps } from './context';
import { localizePath, routesById, splitLang, type RouteId } from '../views/routes';
import { renderDocument } from '../views/render';
import type { Lang, PagePayload, PageResult } from '../views/types';
import type { RenderedPage } from './middleware/caching';
import { browserPayload } from '../views/browser-payload';

/** Clients that ask for JSON (client-side navigation) get the page's props, browsers get HTML. */
export const wantsPageJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** The one way a page is answered: JSON payload for navigation, or the full server-rendered document. */
export async function sendPage(req: Request, res: Response, deps: Deps, routeId: RouteId, result: PageResult<any>): Promise<void> {
  writePage(res, await renderPage(req, res, deps, routeId, result));
}

export function writePage(res: Response, page: RenderedPage): void {
  res.status(page.status);
  res.vary('Accept');
  // A page may ask for stricter caching (the admin pages: 'private, no-store').
  res.set('Cache-Control', (res.locals.cacheControl as string | undefined) ?? 'no-cache');
  res.type(page.type);
  // A cached page carries its compressed forms (made once per content version): sent as they are,
  // with their own ETag, instead of compressing the same bytes again for every visitor.
  const packed = page.packed;
  if (packed) {
    res.vary('Accept-Encoding');
    const encoding = res.req.acceptsEncodings(['br', 'gzip', 'identity']);
    if (encoding === 'br' || encoding === 'gzip') {
      res.set({ 'Content-Encoding': encoding, ETag: packed.etag.replace(/"$/, `-${encoding}"`) });
      res.send(packed[encoding]);
      return;
    }
    res.set('ETag', packed.etag);
  }
  res.send(page.body);
}

export async function renderPage(req: Request, res: Response, deps: Deps, routeId: RouteId, result: PageResult<any>): Promise<RenderedPage> {
  const lang = (res.locals.lang as Lang | undefined) ?? 'en';
  const { path } = splitLang(req.path);
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
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
