// The admin app in the browser: React with react-router-dom and react-i18next, hydrating the whole
// admin page the server rendered (views/render.tsx). Moving between the sign-in page and the admin
// (in either language) is the router's: the same address answers its JSON payload.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type LoaderFunction } from 'react-router-dom';
import i18next from 'i18next';
import { adminRouteTree, ADMIN_BOOT_ID, ADMIN_ID_PREFIX, ADMIN_ROUTE_HEADER, type AdminBoot } from './admin-routes';
import { applyHead } from './head';
import { Providers } from './providers';
import type { Lang, PagePayload } from './types';
import { browserI18nOptions } from './i18n-browser';

const boot = JSON.parse(document.getElementById(ADMIN_BOOT_ID)!.textContent!) as AdminBoot;

const i18n = i18next.createInstance();
void i18n.init(browserI18nOptions(i18n, boot.page.lang));

const locales = new Map<Lang, Promise<void>>();
function loadLocale(lang: Lang): Promise<void> {
  let pending = locales.get(lang);
  if (!pending) {
    pending = fetch(boot.locales[lang]).then(async (res) => {
      if (!res.ok) throw new Error(`locale ${lang}: ${res.status}`);
      i18n.addResourceBundle(lang, 'translation', await res.json(), true, true);
    });
    locales.set(lang, pending);
  }
  return pending;
}

/** A route's loader: that route's data from the loader that renders its HTML (by route id), and its language's text. */
const loader = (routeId: string): LoaderFunction => async ({ request }) => {
  const url = new URL(request.url);
  try {
    const res = await fetch(url.pathname + url.search, { headers: { Accept: 'application/json', [ADMIN_ROUTE_HEADER]: routeId }, credentials: 'same-origin', signal: request.signal });
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) throw new Error(`not a page payload: ${url.pathname}`);
    const page = (await res.json()) as PagePayload;
    await loadLocale(page.lang);
    await i18n.changeLanguage(page.lang);
    return page;
  } catch (err) {
    if (request.signal.aborted) throw err;
    // Offline, signed out, or not an admin page: the browser loads the address itself.
    window.location.assign(url.href);
    return new Promise<never>(() => {});
  }
};

/** Which page frame the matched routes are (the sign-in page, or the admin's frame), in which language. */
function frameOf(matches: readonly { route: { id: string } }[], lang: Lang): string {
  return `${matches[1]?.route.id ?? ''} ${lang}`;
}

function ready(): void {
  document.documentElement.dataset.hydratedAt = String(Math.round(performance.now()));
  document.documentElement.dataset.hydrated = 'true';
}

async function start(): Promise<void> {
  await loadLocale(boot.page.lang);
  const router = createBrowserRouter(adminRouteTree({ loader, onReady: ready }), { hydrationData: { loaderData: boot.loaderData } });
  let shown = router.state.location;
  let frame = frameOf(router.state.matches, boot.page.lang);
  // After a move inside the app: the new page's head and language; on another page (the sign-in,
  // the admin in the other language) the top of the page and its heading in focus. Between two
  // screens of one frame the focus stays where the admin put it (the screens' menu).
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location === shown) return;
    shown = state.location;
    const page: PagePayload | undefined = state.loaderData[state.matches[state.matches.length - 1]!.route.id];
    if (!page) return;
    applyHead(page, boot.site);
    const next = frameOf(state.matches, page.lang);
    const sameFrame = next === frame;
    frame = next;
    if (sameFrame) return;
    window.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  });
  // As a transition, React hydrates in slices and yields to the browser between them: no long task
  // while a slow phone makes the sign-in form live (the form works as a plain post until then).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <Providers app={{ lang: boot.page.lang, site: boot.site, page: { routeId: boot.page.routeId, url: boot.page.url, alternates: boot.page.alternates } }} i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>,
      // The same prefix as the server's render of the app (views/render.tsx): the same useId values.
      { identifierPrefix: ADMIN_ID_PREFIX },
    );
  });
}

void start();
