// What each public page costs a visitor on a cheap phone, measured in Chromium (npm run budget):
// - bytes as received (compressed) by kind: HTML, JavaScript, CSS, JSON (locale text), images;
// - the time until the page is usable (hydrated) on a village connection: 400 kbit/s, 400 ms
//   latency, a 4x slower CPU (Chromium's own network and CPU throttling, a fresh cache).
// Budgets: JavaScript before the first interaction <= 100 KB on any public page and <= 15 KB on the
// text-and-picture pages (the admin app <= 200 KB at first load);
// HTML <= 60 KB (long articles excepted); usable within 3.5 s. A page over 3.5 s is measured twice
// more and the median counts; the build fails when that median is more than 15 % over (4.0 s),
// a stated tolerance for machine noise; between the two the line says "over target".
// The site is measured as the charity runs it: with payments (the local fake Stripe API), so the
// checkout ships its React island and shows the card form, as a donor sees it: Stripe.js is the
// tests' stand-in (test/fakes/stripe-js.ts) talking to the fake; what comes from Stripe (its
// script, its API, the card fields it draws) is not counted. Answered empty, as before, Stripe.js
// failed and the checkout was measured on its 'payments unavailable' screen.
// npm run budget [-- "/,/de/news"] [-- --all] [-- --no-slow]  (exit code 1 when a page is over budget)
// By default the gate's pages (scripts/gate-pages.ts: one of each kind in both languages, what CI
// runs); --all every public route in both languages and the admin sign-in.
import { demoFundraiserSlug } from './demo-fundraiser';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, watchedPage } from '../test/helpers';
import { startFakeStripe } from '../test/fakes/stripe';
import { routeStripe } from '../test/fakes/stripe-js';
/** Requests to Stripe: the donor's browser fetches them from Stripe, not from the charity. */
const fromStripe = (url: string) => /^https:\/\/(js|api|m)\.stripe\.(com|network)\//.test(url);
import { PAGES } from '../controllers/pages';
import { swissToday } from '../models/shared/dates';
import { localizePath, PAGE_PATHS, type RouteId } from '../models/shared/urls';
import { gatePaths } from './gate-pages';

const KB = 1024;
const JS_BUDGET = 100 * KB;
const STATIC_JS_BUDGET = 15 * KB;
/** The admin app at its first load (the sign-in page: the same app). */
const ADMIN_JS_BUDGET = 200 * KB;
const HTML_BUDGET = 60 * KB;
const USABLE_BUDGET_MS = 3500;
/** Throttled timings move with the machine's other load: the build fails only 15 % past the budget. */
const USABLE_TOLERANCE = 0.15;
/** Pages of text and pictures: no framework before a person touches them (their islands wake then). */
const STATIC_PAGES: readonly RouteId[] = ['about', 'vision', 'mission', 'foodSecurity', 'skillsTraining', 'health', 'environment', 'nook', 'team', 'privacy', 'imprint', 'projectTemplate', 'impact'];
const VILLAGE = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8, cpu: 4 };

const args = process.argv.slice(2);
const pathArg = args.find((a) => !a.startsWith('--'));
const slow = !args.includes('--no-slow');
const all = args.includes('--all');

const stripe = await startFakeStripe();
const srv = await startServer(stripe.env());
const browser = await launchBrowser();
const projects = (await (await fetch(srv.url + '/api/projects')).json()) as { slug: string }[];
const news = (await (await fetch(srv.url + '/api/news')).json()) as { slug: string; abstractDe: string | null }[];
const staticRoutes = PAGES.filter((r) => r.layout === 'public' && !r.path.includes(':') && r.sitemap);
const everyRoute: { path: string; id: RouteId }[] = [
  ...staticRoutes.map((r) => ({ path: r.path, id: r.id as RouteId })),
  { path: `/projects/${projects[0]!.slug}`, id: 'projectDetail' as const },
  { path: `/fundraisers/${await demoFundraiserSlug(srv.handle.deps.db)}`, id: 'fundraiserDetail' as const },
  { path: `/impact/${swissToday().slice(0, 4)}`, id: 'impact' as const },
  ...news.filter((a) => a.abstractDe).slice(0, 2).map((a) => ({ path: `/news/${a.slug}`, id: 'newsDetail' as const })),
].flatMap((p) => [p, { ...p, path: localizePath(p.path, 'de') }]);
everyRoute.push({ path: '/admin-login', id: 'adminLogin' });
const idOf = (path: string): RouteId | undefined => {
  const bare = path.replace(/^\/de(?=\/|$)/, '') || '/';
  // The admin's pages are the admin app's (controllers/admin/pages.ts), not entries of PAGES.
  if (bare === PAGE_PATHS.adminLogin) return 'adminLogin';
  if (bare === PAGE_PATHS.admin || bare.startsWith(`${PAGE_PATHS.admin}/`)) return 'admin';
  return PAGES.find((r) => routeMatches(r.path, bare))?.id;
};
/** A route's path (with :params) matches an address's path. */
const routeMatches = (route: string, path: string) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}$`).test(path);
const pages = pathArg || !all ? (pathArg ? pathArg.split(',') : gatePaths()).map((path) => ({ path, id: idOf(path) })) : everyRoute;

interface Sizes {
  [kind: string]: number;
}

/** One visit with an empty cache: bytes received by kind, and requests. */
async function weigh(b: Browser, path: string): Promise<{ sizes: Sizes; requests: number }> {
  const { page } = await watchedPage(b, { viewport: { width: 390, height: 800 } });
  await routeStripe(page.context(), stripe);
  const sizes: Sizes = { document: 0, script: 0, stylesheet: 0, fetch: 0, image: 0 };
  let requests = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    if (fromStripe(req.url())) return;
    pending.push(
      req.sizes().then((s) => {
        const raw = req.resourceType();
        const type = raw === 'xhr' || raw === 'other' ? 'fetch' : raw;
        requests++;
        if (type in sizes) sizes[type]! += s.responseBodySize;
      }, () => undefined), // a request still finishing when the page closes is not counted, and does not crash the run
    );
  });
  await page.goto(srv.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.context().close();
  return { sizes, requests };
}

/** Milliseconds from navigation until the page is usable (hydrated) on the village profile; the
 *  first contentful paint of the last run is kept for the report (readable). */
let readable = 0;
async function usable(b: Browser, path: string): Promise<number> {
  const { page } = await watchedPage(b, { viewport: { width: 390, height: 800 } });
  await routeStripe(page.context(), stripe);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: VILLAGE.latency, downloadThroughput: VILLAGE.downloadThroughput, uploadThroughput: VILLAGE.uploadThroughput });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: VILLAGE.cpu });
  await page.goto(srv.url + path, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000, polling: 50 });
  const ms = await page.evaluate(() => Number(document.documentElement.dataset.hydratedAt ?? performance.now()));
  readable = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  await page.context().close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => (n / KB).toFixed(1).padStart(6);
let failures = 0;
console.log(`page${' '.repeat(48)}  HTML KB   JS KB  CSS KB  JSON KB  img KB  req${slow ? '  readable, usable (400 kbit/s, 400 ms, 4x CPU)' : ''}`);
for (const { path, id } of pages) {
  const jsBudget = id === 'adminLogin' || id === 'admin' ? ADMIN_JS_BUDGET : id && STATIC_PAGES.includes(id) ? STATIC_JS_BUDGET : JS_BUDGET;
  const { sizes, requests } = await weigh(browser, path);
  const problems: string[] = [];
  if (sizes.script! > jsBudget) problems.push(`JavaScript over ${jsBudget / KB} KB`);
  if (!path.includes('/news/') && sizes.document! > HTML_BUDGET) problems.push(`HTML over ${HTML_BUDGET / KB} KB`);
  let time = '';
  if (slow) {
    const runs = [await usable(browser, path)];
    // A run over budget may be the machine: two more, and the median decides.
    if (runs[0]! > USABLE_BUDGET_MS) runs.push(await usable(browser, path), await usable(browser, path));
    const ms = median(runs);
    time = `  ${(readable / 1000).toFixed(2)} s   ${(ms / 1000).toFixed(2)} s${runs.length > 1 ? ` (median of ${runs.map((r) => (r / 1000).toFixed(2)).join(', ')})` : ''}`;
    if (ms > USABLE_BUDGET_MS * (1 + USABLE_TOLERANCE)) problems.push(`usable after ${(ms / 1000).toFixed(1)} s (budget ${USABLE_BUDGET_MS / 1000} s + 15 %)`);
    else if (ms > USABLE_BUDGET_MS) time += '  over target';
  }
  if (problems.length) failures++;
  console.log(
    `${path.slice(0, 51).padEnd(52)} ${kb(sizes.document!)}  ${kb(sizes.script!)}  ${kb(sizes.stylesheet!)}   ${kb(sizes.fetch!)}  ${kb(sizes.image!)}  ${String(requests).padStart(3)}${time}${problems.length ? `  OVER BUDGET: ${problems.join('; ')}` : ''}`,
  );
}
console.log(
  failures
    ? `${failures} page(s) over budget`
    : `every page within budget (JavaScript <= ${JS_BUDGET / KB} KB, <= ${STATIC_JS_BUDGET / KB} KB on text pages; HTML <= ${HTML_BUDGET / KB} KB${slow ? `; usable within ${USABLE_BUDGET_MS / 1000} s` : ''})`,
);
await browser.close();
await srv.close();
await stripe.close();
process.exitCode = failures ? 1 : 0;
