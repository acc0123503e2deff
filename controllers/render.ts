import type { Request, Response } from 'express';
import type { Deps } from './context';
import { localizePath, routesById, splitLang, type RouteId } from '../views/routes';
import { renderDocument } from '../views/render';
import type { Lang, PagePayload, PageResult } from '../views/types';

/** Clients that ask for JSON (client-side navigation) get the page's props, browsers get HTML. */
export const wantsPageJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** The one way a page is answered: JSON payload for navigation, or the full server-rendered document. */
export async function sendPage(req: Request, res: Response, deps: Deps, routeId: RouteId, result: PageResult<any>): Promise<void> {
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
  res.status(payload.status);
  res.vary('Accept');
  res.set('Cache-Control', 'no-cache');
  if (wantsPageJson(req)) {
    res.json(payload);
    return;
  }
  const Page = (await routesById[routeId].load()).default;
  const html = renderDocument({ page: payload, Page, site, i18n: deps.i18n[lang], assets: deps.assets() });
  res.type('html').send(html);
}
