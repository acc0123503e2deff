import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { App } from './app';
import { createTranslator, type TFunction } from './translate';
import { applyHead } from './head';
import { bundlesFor, matchRoute, routesById, type RouteId } from './routes';
import type { Lang, PagePayload, SiteInfo } from './types';

interface Boot {
  page: PagePayload;
  site: SiteInfo;
  locales: Record<Lang, Record<string, string>>;
  css: string;
  adminCss: string;
}

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

const boot = JSON.parse(document.getElementById('__boot')!.textContent!) as Boot;
const loaded = new Map<string, Promise<Record<string, unknown>>>();

/** The locale text a page needs: the shared core and the page's own namespaces (views/routes.tsx). */
async function loadBundles(lang: Lang, routeId: string): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    bundlesFor(routeId).map((name) => {
      const url = boot.locales[lang][name];
      if (!url) return {};
      if (!loaded.has(url)) {
        loaded.set(
          url,
          fetch(url).then((res) => {
            if (!res.ok) throw new Error(`locale ${lang}/${name}: ${res.status}`);
            return res.json() as Promise<Record<string, unknown>>;
          }),
        );
      }
      return loaded.get(url)!;
    }),
  );
  return Object.assign({}, ...parts) as Record<string, unknown>;
}

async function loadPage(route: string): Promise<ComponentType<any>> {
  return (await routesById[route as RouteId].load()).default;
}

/** Asks the page's controller for its props as JSON (the same controller that rendered the HTML). */
async function fetchPayload(url: string): Promise<PagePayload> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`not a page payload: ${url}`);
  return (await res.json()) as PagePayload;
}

interface View {
  key: string;
  page: PagePayload;
  Page: ComponentType<any>;
  t: TFunction;
}

function Navigator({ initial }: { initial: View }) {
  const location = useLocation();
  const [view, setView] = useState(initial);
  const target = location.pathname + location.search;
  const first = useRef(true);

  useEffect(() => {
    if (target === view.key) return;
    let cancelled = false;
    (async () => {
      try {
        ensureSiteStyles();
        const guess = matchRoute(location.pathname);
        const [page] = await Promise.all([fetchPayload(target), guess.route.load()]);
        const [Page, bundle] = await Promise.all([loadPage(page.routeId), loadBundles(page.lang, page.routeId), ensureAdminStyles(page.routeId)]);
        if (cancelled) return;
        setView({ key: target, page, Page, t: createTranslator(page.lang, bundle) });
      } catch {
        // Offline or an unexpected answer: let the browser load the page itself.
        if (!cancelled) window.location.assign(target + location.hash);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [target]);

  useEffect(() => {
    // When the page became usable, in milliseconds since navigation (npm run budget reads it).
    document.documentElement.dataset.hydratedAt = String(Math.round(performance.now()));
    document.documentElement.dataset.hydrated = 'true';
    // In a task of its own once the browser is idle: restyling the whole page in the hydration's
    // task made one long task of two on a cheap phone.
    if ('requestIdleCallback' in window) requestIdleCallback(ensureSiteStyles, { timeout: 1000 });
    else setTimeout(ensureSiteStyles, 200);
  }, []);

  // After a navigation: new head, scroll to top (also on a query-string change), focus the heading.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    applyHead(view.page, boot.site);
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
  }, [view.key]);

  return <App page={view.page} Page={view.Page} site={boot.site} t={view.t} />;
}

async function start() {
  const { page } = boot;
  const [Page, bundle] = await Promise.all([loadPage(page.routeId), loadBundles(page.lang, page.routeId)]);
  // Hydration as a transition: React yields to the browser every few milliseconds instead of
  // blocking the main thread for the whole page (long tasks on a cheap phone); a click or key
  // press that comes first is handled first, and events are replayed once their part is ready.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <BrowserRouter>
        <Navigator initial={{ key: page.url, page, Page, t: createTranslator(page.lang, bundle) }} />
      </BrowserRouter>,
    );
  });
}

void start();
