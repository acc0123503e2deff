import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type LoaderFunction } from 'react-router-dom';
import { createTranslator, type TFunction } from './translate';
import { applyHead } from './head';
import { endHydration } from './later';
import { createRouteTree, SiteEnvContext, type SiteEnv } from './router';
import { bundlesFor, routesById, type RouteId } from './routes';
import type { Lang, PagePayload, SiteInfo } from './types';

interface Boot {
  page: PagePayload;
  site: SiteInfo;
  locales: Record<Lang, Record<string, string>>;
  css: string;
  adminCss: string;
}

const boot = JSON.parse(document.getElementById('__boot')!.textContent!) as Boot;

/** The site stylesheet, where the page came with only its own rules inlined (views/render.tsx). */
function ensureSiteStyles(): void {
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some((l) => l.getAttribute('href') === boot.css)) return;
  document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: boot.css }));
}

/** Admin pages add their stylesheet when the browser navigates to one (public pages never load it). */
function ensureAdminStyles(routeId: string): Promise<void> {
  if (routesById[routeId as RouteId]?.layout !== 'admin' || document.querySelector('link[data-admin-css]')) return Promise.resolve();
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: boot.adminCss });
    link.dataset.adminCss = '';
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

const bundleRequests = new Map<string, Promise<Record<string, unknown>>>();
const bundles = new Map<string, Record<string, unknown>>();

/** The locale text a page needs: the shared core and the page's own namespaces (views/routes.tsx). */
async function loadBundles(lang: Lang, routeId: string): Promise<void> {
  await Promise.all(
    bundlesFor(routeId).map((name) => {
      const url = boot.locales[lang][name];
      if (!url) return undefined;
      if (!bundleRequests.has(url)) {
        bundleRequests.set(
          url,
          fetch(url).then(async (res) => {
            if (!res.ok) throw new Error(`locale ${lang}/${name}: ${res.status}`);
            const json = (await res.json()) as Record<string, unknown>;
            bundles.set(url, json);
            return json;
          }),
        );
      }
      return bundleRequests.get(url);
    }),
  );
}

const translators = new Map<string, TFunction>();

/** The interface text of a page whose bundles are loaded (a route's loader waited for them). */
function tFor(lang: Lang, routeId: string): TFunction {
  const key = `${lang} ${routeId}`;
  let t = translators.get(key);
  if (!t) {
    const parts = bundlesFor(routeId).map((name) => bundles.get(boot.locales[lang][name] ?? '') ?? {});
    t = createTranslator(lang, Object.assign({}, ...parts) as Record<string, unknown>);
    translators.set(key, t);
  }
  return t;
}

/**
 * A route's loader in the browser: the page's payload from the same controller that renders its
 * HTML (the same address, asking for JSON), with the locale text and stylesheet the page needs.
 */
const loader: LoaderFunction = async ({ request }) => {
  const url = new URL(request.url);
  ensureSiteStyles();
  try {
    const res = await fetch(url.pathname + url.search, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: request.signal });
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) throw new Error(`not a page payload: ${url.pathname}`);
    const page = (await res.json()) as PagePayload;
    await Promise.all([loadBundles(page.lang, page.routeId), ensureAdminStyles(page.routeId)]);
    return page;
  } catch (err) {
    if (request.signal.aborted) throw err;
    // Offline or an unexpected answer: the browser loads the page itself.
    window.location.assign(url.href);
    return new Promise<never>(() => {});
  }
};

const env: SiteEnv = {
  site: boot.site,
  tFor,
  hydrated: () => {
    // When the page became usable, in milliseconds since navigation (npm run budget reads it).
    document.documentElement.dataset.hydratedAt = String(Math.round(performance.now()));
    document.documentElement.dataset.hydrated = 'true';
    // In a task of its own once the browser is idle: restyling the whole page in the hydration's
    // task made one long task of two on a cheap phone.
    if ('requestIdleCallback' in window) requestIdleCallback(ensureSiteStyles, { timeout: 1000 });
    else setTimeout(ensureSiteStyles, 200);
  },
  // After a navigation: new head and language, scroll to top (also on a query-string change) or
  // to the address's #fragment, focus on the heading.
  afterNavigation: (page) => {
    applyHead(page, boot.site);
    // A preview's banner (controllers/preview.ts, outside the router's markup) belongs to previewed pages only.
    if (!new URLSearchParams(location.search).has('preview')) document.querySelector('.preview-banner')?.remove();
    if (location.hash) {
      // A malformed escape in the address (#%zz) is no reason for the page to fail.
      let id = location.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // keep it as written
      }
      document.getElementById(id)?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  },
};

async function start() {
  const { page } = boot;
  const tree = createRouteTree(() => loader);
  // The routes of this address load their modules before hydrating: the router then starts with
  // the server's data and renders what the server rendered.
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all([
    loadBundles(page.lang, page.routeId),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  ]);
  const leaf = matches[matches.length - 1]!;
  const router = createBrowserRouter(tree, { hydrationData: { loaderData: { [leaf.route.id!]: page } } });
  // The modules ran in one task; the hydration gets its own.
  await new Promise((resolve) => setTimeout(resolve, 0));
  hydrateRoot(
    document.getElementById('root')!,
    <SiteEnvContext.Provider value={env}>
      <RouterProvider router={router} />
    </SiteEnvContext.Provider>,
  );
  endHydration();
}

void start();
