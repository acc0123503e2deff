// The server's HTML documents. Public pages: the whole document rendered by React (renderToString of
// <html>), so React puts the preloads of the page's first pictures into the head itself; each island
// rendered as a root of its own (views/island.tsx) and listed for the browser at the end of the body,
// with the one script that wakes them (views/island-loader.ts). Admin pages: the admin app in #root,
// with its payload for the browser's router (views/admin-client.tsx).
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';
import type { i18n } from 'i18next';
import { criticalCss } from './critical-css';
import { headTags, safeJson, type HeadTag } from './head';
import { IslandFrame, IslandRendererContext, islandPrefix, type IslandDecl, type IslandRenderer } from './island';
import { ISLAND_ENV_ID, type IslandEnv } from './island-env';
import { Providers } from './providers';
import { oneLanguage } from './browser-payload';
import { escapeHtml } from '../models/shared/text';
import { PublicLayout } from './layouts/public-layout';
import { ADMIN_BOOT_ID, ADMIN_ID_PREFIX, type AdminBoot } from './admin-routes';
import type { AppContextValue } from './app-context';
import type { Assets, PagePayload, SiteInfo } from './types';

export { safeJson };

export interface RenderOptions {
  page: PagePayload;
  site: SiteInfo;
  /** The language's i18next; every render gets an instance of its own (react-i18next). */
  i18n: i18n;
  assets: Assets;
}

const appOf = (page: PagePayload, site: SiteInfo): AppContextValue => ({
  lang: page.lang,
  site,
  page: { routeId: page.routeId, url: page.url, alternates: page.alternates, ...(page.texts ? { texts: page.texts } : {}) },
});

/** One i18next instance per request, sharing the language's loaded text. */
const requestI18n = (base: i18n, lang: string) => base.cloneInstance({ lng: lang, initAsync: false });

function HeadTagElement({ tag }: { tag: HeadTag }) {
  const { tag: name, attrs, text } = tag;
  if (name === 'title') return <title>{text}</title>;
  if (name === 'script') return <script {...attrs} dangerouslySetInnerHTML={{ __html: text ?? '' }} />;
  // React's names for the two attributes that differ from HTML's.
  if (name === 'link') {
    const { hreflang, ...rest } = attrs;
    return <link {...rest} {...(hreflang ? { hrefLang: hreflang } : {})} />;
  }
  return <meta {...attrs} />;
}

/** Replaced by the page's critical CSS once the whole document is rendered (it depends on the markup). */
const CRITICAL_CSS = '/*critical-css*/';

/** Renders one island's HTML as a root of its own: what the browser's root for it hydrates. */
function islandRenderer(app: AppContextValue, i18n: i18n, used: Map<string, IslandDecl<any>>): IslandRenderer {
  let next = 0;
  return (decl, given, slot) => {
    const index = next++;
    used.set(decl.name, decl);
    const Component = decl.Component as ComponentType<object>;
    // The browser gets the props in the page's language only (views/browser-payload.ts): the
    // server renders the island from the same props, so both sides render the same thing.
    const props = oneLanguage(given, app.lang) as object;
    const children = slot === undefined ? undefined : <vb-slot>{slot}</vb-slot>;
    // Rendered in a document of its own so that React's preloads of its pictures go to that
    // document's head (the page's own render preloads what matters): the island's HTML is the body.
    const html = renderToString(
      <html>
        <head />
        <body>
          <Providers app={app} i18n={i18n}>
            <IslandFrame>
              <Component {...props}>{children}</Component>
            </IslandFrame>
          </Providers>
        </body>
      </html>,
      { identifierPrefix: islandPrefix(index) },
    );
    const start = html.indexOf('<body>') + '<body>'.length;
    return { html: html.slice(start, html.lastIndexOf('</body>')), index, props: JSON.stringify(props) };
  };
}

/** The islands of the page and the files each needs, for the loader (views/island-loader.ts). */
function IslandScripts({ used, app, assets }: { used: Map<string, IslandDecl<any>>; app: AppContextValue; assets: Assets }) {
  if (!used.size) return null;
  const env: IslandEnv = {
    lang: app.lang,
    // No public part uses the demo's admin key: it is not written into every public page.
    site: { ...app.site, demoAdminKey: null },
    page: app.page,
    css: assets.css,
    runtime: assets.islands.runtime,
    islands: Object.fromEntries(
      [...used.keys()].map((name) => {
        const files = assets.islands.byName[name];
        if (!files) throw new Error(`island ${name} is not in the build (public/assets/manifest.json): run npm run build`);
        return [name, { js: files.js, imports: files.imports, locale: files.locales[app.lang] }];
      }),
    ),
  };
  return (
    <>
      <script type="application/json" id={ISLAND_ENV_ID} dangerouslySetInnerHTML={{ __html: safeJson(env) }} />
      <script type="module" src={assets.islands.loader} />
    </>
  );
}

/**
 * What the islands that wake at once (when: 'load', the checkout's card form) need, asked for from
 * the head while the page still loads instead of after it (on a slow connection the modules would
 * otherwise start only at the load event, and their text after the modules): the runtime, the
 * island's module, the chunks they import, and its text (as the runtime fetches it: CORS, same-origin
 * credentials). Empty when no island of the page wakes at once: other pages ask for nothing early.
 */
function earlyPreloads(used: Map<string, IslandDecl<any>>, env: { lang: AppContextValue['lang']; assets: Assets }): string {
  const atLoad = [...used.values()].filter((decl) => decl.when === 'load');
  if (!atLoad.length) return '';
  const { islands } = env.assets;
  const modules = new Set<string>([islands.runtime.js, ...islands.runtime.imports]);
  const texts: string[] = [];
  for (const decl of atLoad) {
    const files = islands.byName[decl.name]!;
    for (const href of [files.js, ...files.imports]) modules.add(href);
    const text = files.locales[env.lang];
    if (text) texts.push(text);
  }
  return [
    ...[...modules].map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low"/>`),
    ...texts.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous" fetchpriority="low"/>`),
  ].join('');
}

export function renderPublicDocument({ page, site, i18n, assets, Page }: RenderOptions & { Page: ComponentType<any> }): string {
  const app = appOf(page, site);
  const instance = requestI18n(i18n, page.lang);
  const used = new Map<string, IslandDecl<any>>();
  const html = renderToString(
    <html lang={page.lang}>
      <head>
        <CommonHead page={page} site={site} />
        {/* The rules of the site stylesheet this page's markup uses (views/critical-css.ts); the
            whole stylesheet comes when a part of the page runs, or through <noscript>. */}
        <style dangerouslySetInnerHTML={{ __html: CRITICAL_CSS }} />
      </head>
      <body>
        <Providers app={app} i18n={instance}>
          <IslandRendererContext.Provider value={islandRenderer(app, instance, used)}>
            <PublicLayout>
              <Page {...page.props} />
            </PublicLayout>
          </IslandRendererContext.Provider>
        </Providers>
        <IslandScripts used={used} app={app} assets={assets} />
        <noscript>
          <link rel="stylesheet" href={assets.css} />
        </noscript>
      </body>
    </html>,
  );
  // The head is written before the page's islands are known; their early preloads go at its end,
  // after the critical CSS, so the first paint's own rules come first.
  const preloads = earlyPreloads(used, { lang: app.lang, assets });
  const withPreloads = preloads ? html.replace('</head>', () => `${preloads}</head>`) : html;
  return `<!doctype html>\n${withPreloads.replace(CRITICAL_CSS, () => criticalCss(html, assets.cssRules))}`;
}

/** The head every document starts with, public or admin: charset, viewport, colour, the page's tags, the icon. */
function CommonHead({ page, site }: { page: RenderOptions['page']; site: RenderOptions['site'] }) {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content="#1f5c3a" />
      {headTags(page, site).map((tag, i) => (
        <HeadTagElement key={i} tag={tag} />
      ))}
      <link rel="icon" href="/images/logo.svg" type="image/svg+xml" />
    </>
  );
}

/** An admin page: React Router's static handler ran its routes' loaders (controllers/admin/pages.ts); `page` is the last route's data. */
export interface AdminRenderOptions extends RenderOptions {
  context: StaticHandlerContext;
  routes: StaticHandler['dataRoutes'];
}

export function renderAdminDocument({ context, routes, page, site, i18n, assets }: AdminRenderOptions): string {
  const app = appOf(page, site);
  const instance = requestI18n(i18n, page.lang);
  const boot: AdminBoot = { loaderData: context.loaderData, page, site, locales: assets.admin.locales };
  // The app is a root of its own, rendered apart from the document around it: the browser hydrates
  // #root's content, so only a tree of the same shape (and the same identifierPrefix) gives the
  // same useId values on both sides (a label's `for` and its field's id stay one).
  const body = renderToString(
    <Providers app={app} i18n={instance}>
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />
    </Providers>,
    { identifierPrefix: ADMIN_ID_PREFIX },
  );
  const html = renderToString(
    <html lang={page.lang}>
      <head>
        <CommonHead page={page} site={site} />
        <link rel="stylesheet" href={assets.css} />
        <link rel="stylesheet" href={assets.adminCss} />
      </head>
      <body>
        <div id="root" dangerouslySetInnerHTML={{ __html: body }} />
        <script id={ADMIN_BOOT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: safeJson(boot) }} />
        {/* The page is whole in its HTML: the app's code and text are asked for after the first
            paint (views/admin-start.ts), so the stylesheets come first. */}
        <script type="module" src={assets.admin.start} data-admin-app={assets.admin.js} data-imports={assets.admin.imports.join(' ')} data-locale={boot.locales[page.lang]} />
      </body>
    </html>,
  );
  return `<!doctype html>\n${html}`;
}
