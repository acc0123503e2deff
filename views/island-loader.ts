// The only script a public page runs before a person touches it (a few hundred bytes; no React):
// it finds the page's islands (<vb-island>, views/island.tsx) and wakes each when it is needed:
// 'load' after the first paint, 'idle', 'visible' (near the screen) or 'interaction' (the first
// pointer, key, focus or input on it). A click or a form sent to an island that is still waking is held
// (the control says it is busy meanwhile: aria-busy, shown by site.css) and replayed once React has
// hydrated it, so the first click counts. Waking loads the runtime (React,
// react-i18next: views/island-runtime.tsx), the island's module and its text, then hydrates it.
// Besides: a picture marked data-hide-on-error hides when it fails to load, and a click on the
// language switch remembers the choice in browser storage.
import { ISLAND_ENV_ID, type IslandEnv } from './island-env';
import type { IslandComponent } from './island';
import { LANG_COOKIE, LANG_STORAGE_KEY, NEXT_PAGE_PREFIX } from './site';

type Runtime = typeof import('./island-runtime');

const envNode = document.getElementById(ISLAND_ENV_ID);
const env = envNode ? (JSON.parse(envNode.textContent!) as IslandEnv) : null;
const waking = new Map<HTMLElement, Promise<void>>();
const replay = new Map<HTMLElement, () => void>();
const preloaded = new Set<string>();
let runtime: Promise<Runtime> | null = null;

function modulePreload(urls: string[]): void {
  for (const href of urls) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
}

function loadRuntime(e: IslandEnv): Promise<Runtime> {
  if (!runtime) {
    modulePreload(e.runtime.imports);
    runtime = import(/* @vite-ignore */ e.runtime.js) as Promise<Runtime>;
    // Islands that live with the runtime (the messages region) wake with the first island.
    void runtime.then(() => document.querySelectorAll<HTMLElement>('vb-island[data-when="runtime"]').forEach((el) => void wake(el)));
  }
  return runtime;
}

function wake(el: HTMLElement): Promise<void> {
  let pending = waking.get(el);
  if (pending || !env) return pending ?? Promise.resolve();
  const files = env.islands[el.dataset.island ?? ''];
  if (!files) return Promise.resolve();
  modulePreload(files.imports);
  pending = Promise.all([loadRuntime(env), import(/* @vite-ignore */ files.js) as Promise<{ default: IslandComponent<object> }>])
    .then(([rt, module]) => rt.hydrateIsland(el, env, module))
    .then(() => {
      el.dataset.hydrated = 'true';
      const held = replay.get(el);
      replay.delete(el);
      held?.();
    })
    .finally(() => settle(el))
    .catch((err: unknown) => console.error(`island ${el.dataset.island}: ${String((err as Error)?.message ?? err)}`));
  waking.set(el, pending);
  return pending;
}

const CONTROL = 'button, input[type=submit], input[type=button], input[type=checkbox], input[type=radio], select, summary, [role=button], [role=tab]';

/** The control a person used before its island ran says it is on its way (aria-busy; site.css shows data-waking). */
const busy = new Map<HTMLElement, Element>();
function settle(el: HTMLElement): void {
  const control = busy.get(el);
  control?.removeAttribute('aria-busy');
  control?.removeAttribute('data-waking');
  busy.delete(el);
}
function waitingOn(el: HTMLElement, control: Element): void {
  settle(el);
  busy.set(el, control);
  control.setAttribute('aria-busy', 'true');
  control.setAttribute('data-waking', '');
}

/** Before the island runs: a click on one of its controls (not a link) is held and replayed. */
function holdClick(this: HTMLElement, event: Event): void {
  if (this.dataset.hydrated) return;
  const target = (event.target as Element | null)?.closest?.(CONTROL);
  if (!target || !this.contains(target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  waitingOn(this, target);
  replay.set(this, () => target.isConnected && (target as HTMLElement).click());
  void wake(this);
}

function holdSubmit(this: HTMLElement, event: Event): void {
  if (this.dataset.hydrated) return;
  const form = event.target as HTMLFormElement;
  const submitter = (event as SubmitEvent).submitter;
  event.preventDefault();
  event.stopImmediatePropagation();
  waitingOn(this, submitter ?? form);
  replay.set(this, () => form.isConnected && form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined));
  void wake(this);
}

const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

function arm(el: HTMLElement): Promise<void> | null {
  const when = el.dataset.when;
  if (when === 'load') return new Promise((resolve) => afterPaint(() => void wake(el).then(resolve)));
  if (when === 'idle') {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    const after = Number(el.dataset.after ?? 0);
    if (after > 0) setTimeout(() => idle(() => void wake(el), { timeout: 3000 }), after);
    else idle(() => void wake(el), { timeout: 3000 });
  } else if (when === 'visible') {
    // The element itself has no box (display: contents): its first child is what comes into view.
    const box = el.firstElementChild ?? el;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      void wake(el);
    }, { rootMargin: '200px' });
    seen.observe(box);
  }
  if (when !== 'runtime') {
    const start = () => void wake(el);
    // 'input' too: text that arrives without a key or a focus (autofill, paste from a menu, an
    // assistive tool, a test's fill() in a window that lost focus) wakes the form as typing does.
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input']) el.addEventListener(type, start, { capture: true, passive: true, once: true });
    el.addEventListener('click', holdClick, true);
    el.addEventListener('submit', holdSubmit, true);
  }
  return null;
}

// Pictures that hide when they fail (the logos): failures before this script ran, and later ones.
function hideBroken(img: Element): void {
  if (!(img instanceof HTMLImageElement) || !img.hasAttribute('data-hide-on-error') || img.hidden) return;
  img.hidden = true;
  console.info(`${img.getAttribute('src')} did not load: hidden, the text beside it stands for it.`);
}
document.querySelectorAll<HTMLImageElement>('img[data-hide-on-error]').forEach((img) => {
  if (img.complete && img.naturalWidth === 0 && img.currentSrc) hideBroken(img);
});
document.addEventListener('error', (e) => hideBroken(e.target as Element), true);

// The language switch remembers the choice: a cookie for the server (which also sets it when it
// sees the click came from the twin page) and browser storage.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a[data-lang-choice]');
  const lang = a?.getAttribute('data-lang-choice');
  if (lang !== 'en' && lang !== 'de') return;
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage may be disabled; the cookie still works
  }
});

const eager = [...document.querySelectorAll<HTMLElement>('vb-island')].map(arm).filter((p): p is Promise<void> => p !== null);
// A message left by the page before (a toast, the thank-you for a gift): the islands that show
// them wake with the runtime, now rather than with the page's first other island.
try {
  const left = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)).some((k) => k?.startsWith(NEXT_PAGE_PREFIX));
  if (env && left && document.querySelector('vb-island[data-when="runtime"]')) {
    const e = env;
    eager.push(new Promise((resolve) => afterPaint(() => void loadRuntime(e).then(() => resolve()))));
  }
} catch {
  // storage disabled: nothing was left
}
// Usable: every island that wakes at once has hydrated, the others wait for their moment (npm run
// budget and the browser tests read these).
void Promise.all(eager).then(() => {
  document.documentElement.dataset.hydratedAt = String(Math.round(performance.now()));
  document.documentElement.dataset.hydrated = 'true';
});

// A page fetched ahead of a click (prefetch, prerender) was not counted when it was sent
// (controllers/visits.ts): it says once that it is shown. No cookie, nothing stored here.
function shown(): void {
  const body = JSON.stringify({ path: location.pathname, query: location.search.slice(1), referrer: document.referrer });
  navigator.sendBeacon?.('/api/visits', new Blob([body], { type: 'application/json' }));
}
if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', shown, { once: true });
else if ((performance.getEntriesByType('navigation')[0] as (PerformanceEntry & { deliveryType?: string }) | undefined)?.deliveryType === 'navigational-prefetch') shown();
