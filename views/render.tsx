import { renderToString } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import type { i18n } from 'i18next';
import { browserPayload } from './browser-payload';
import { criticalCss } from './critical-css';
import { headHtml, headTags, safeJson } from './head';
import { serverT } from './i18n';
import { STARTER_JS } from './starter';
import { matchTree, SiteEnvContext, type SiteEnv } from './router';
import { bundlesFor, routesById, type RouteId } from './routes';
import type { Assets, PagePayload, SiteInfo } from './types';
import type { DataRouteObject } from 'react-router-dom';

export { safeJson };

export interface RenderOptions {
  page: PagePayload;
  /** The route tree of the server's static handler (controllers/pages.ts). */
  routes: DataRouteObject[];
  site: SiteInfo;
  i18n: i18n;
  assets: Assets;
}

/**
 * The router state of a rendered page: the routes its address matches, with the page's payload as
 * the data of the deepest one. The same data the browser's router hydrates with (views/client.tsx).
 */
function routerContext(routes: DataRouteObject[], page: PagePayload): StaticHandlerContext {
  const [pathname, search = ''] = page.url.split(/(?=\?)/);
  const location = { pathname: pathname!, search, hash: '', state: null, key: 'default' };
  // An address not even the catch-all route matches (control characters) renders as the catch-all's.
  const matches = matchTree(routes, location.pathname) ?? matchTree(routes, '/-') ?? [];
  const leaf = matches[matches.length - 1];
  return {
    basename: '/',
    location,
    matches: matches as StaticHandlerContext['matches'],
    loaderData: leaf ? { [leaf.route.id]: page } : {},
    actionData: null,
    errors: null,
    statusCode: page.status,
    loaderHeaders: {},
    actionHeaders: {},
  };
}

/**
 * The HTML of a page inside #root (what the browser's router hydrates), and apart from it the
 * preloads of the page's first images (the logo, the hero) that React puts at the start of its
 * HTML: they belong in the head, and in #root the browser's Preact, which renders no such links,
 * would meet nodes it does not know while hydrating (views/later.tsx keeps server nodes by place).
 */
function renderParts(routes: DataRouteObject[], page: PagePayload, env: SiteEnv): { body: string; imagePreloads: string } {
  const context = routerContext(routes, page);
  const html = renderToString(
    <SiteEnvContext.Provider value={env}>
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />
    </SiteEnvContext.Provider>,
  );
  const [, imagePreloads = '', body = ''] = /^((?:<link rel="preload" as="image"[^>]*\/>)*)([\s\S]*)$/.exec(html)!;
  return { body, imagePreloads };
}

/** The HTML of a page inside #root: what the browser's router hydrates. */
export function renderBody(routes: DataRouteObject[], page: PagePayload, env: SiteEnv): string {
  return renderParts(routes, page, env).body;
}

export function renderDocument({ page, routes, site, i18n, assets }: RenderOptions): string {
  const t = serverT(i18n);
  const { body, imagePreloads } = renderParts(routes, page, { site, tFor: () => t });
  const boot = { page: browserPayload(page), site, locales: assets.locales, css: assets.css, adminCss: assets.adminCss };
  const admin = routesById[page.routeId as RouteId]?.layout === 'admin';
  const modules = [assets.client, ...assets.preload, ...(assets.pages[page.routeId] ?? [])];
  const localeFiles = bundlesFor(page.routeId)
    .map((b) => assets.locales[page.lang][b])
    .filter((href): href is string => Boolean(href));
  // Public pages carry the CSS their markup uses (views/critical-css.ts); the whole stylesheet is
  // not even preloaded: the client adds it once it has hydrated (views/client.tsx), so on a village
  // line its 10 KB never compete with the code that makes the page usable. Their code starts after
  // the first paint (views/starter.ts): no module or locale request is in flight before the page
  // shows its text and first picture, so nothing but the HTML (and the hero image, preloaded)
  // stands between a visitor and the first view. Admin pages link their stylesheets and preload
  // their modules as before (a volunteer's browser, not a first visit on a village phone).
  const head = [
    ...(imagePreloads ? [imagePreloads] : []),
    ...(admin
      ? [
          `<link rel="stylesheet" href="${assets.css}">`,
          `<link rel="stylesheet" href="${assets.adminCss}" data-admin-css>`,
          ...modules.map((p) => `<link rel="modulepreload" href="${p}">`),
          ...localeFiles.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`),
        ]
      : [`<style>${criticalCss(body, assets.cssRules)}</style>`]),
  ];
  const tail = admin
    ? [`<script type="module" src="${assets.client}"></script>`]
    : [
        `<script data-modules="${modules.join(' ')}" data-fetch="${localeFiles.join(' ')}">${STARTER_JS}</script>`,
        `<noscript><link rel="stylesheet" href="${assets.css}"></noscript>`,
      ];
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f5c3a">
${headHtml(headTags(page, site))}
<link rel="icon" href="/images/logo.svg" type="image/svg+xml">
${head.join('\n')}
</head>
<body>
<div id="root">${body}</div>
<script id="__boot" type="application/json">${safeJson(boot)}</script>
${tail.join('\n')}
</body>
</html>`;
}
