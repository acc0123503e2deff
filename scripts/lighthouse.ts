// Lighthouse on the public pages, as the charity's visitors meet them: by default Lighthouse's
// mobile profile (a mid-range phone with 4x slower CPU on a throttled "slow 4G" line, simulated),
// which is close to a cheap phone in the villages; `--desktop` for the desktop profile.
// npm run lighthouse [-- "/,/de/news"] [-- --all] [-- --desktop] [-- --payments]. By default the
// gate's pages (scripts/gate-pages.ts: one of each kind, in both languages; what CI runs), --all
// every public route in both languages, on a site without payment keys (the checkout then shows the bank
// details and QR-bill as plain HTML); --payments runs the site with the local fake Stripe API, so
// the checkout ships its React island as on a site with keys (Stripe.js itself cannot load here).
// Prints the four category scores and the lab metrics per page.
// Targets: performance 1.00, accessibility, best practices and SEO 1.00, first
// contentful paint under 1.2 s and largest contentful paint under 1.6 s (mobile profile). A page
// whose first run is under the gate is audited four times more and the median of the five
// counts; one whose median is under the gate is measured five times again at the end, and that
// second median decides. The gate, with a stated tolerance for machine noise: exits 1 when a median performance
// is under 0.90 (Lighthouse's own "good" band), a median FCP or LCP more than 30 % over its target
// (1.56 s, 2.08 s: both still inside the Core Web Vitals "good" bands of 1.8 s and 2.5 s), or
// accessibility, best practices or SEO under 1; between target and gate the line says "over
// target", and the last lines count the pages on target. The admin sign-in is kept out of search
// engines on purpose (noindex): its SEO score leaves Lighthouse's crawlability audit out.
// Why that tolerance: Lighthouse's simulated times are the observed main-thread work times four,
// and on this two-core machine that work moves by a factor of two from load to load (a project
// page's first layout 240 to 620 ms at 4x, most of it Chromium's font lookups on Linux). Unchanged
// pages measured on the same day: /contact FCP 1.11, 1.14, 1.2, 1.43 s; /de/mission 1.1, 1.39,
// 1.39 s; the German Nook project page's median score 0.93 to 0.95. The earlier gate (0.97, 15 %)
// failed such pages at random. The bytes each page ships are gated exactly (npm run budget).
import { demoFundraiserSlug } from './demo-fundraiser';
import { swissToday } from '../models/shared/dates';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_PATH, startServer } from '../test/helpers';
import { startFakeStripe } from '../test/fakes/stripe';
import { PAGES } from '../controllers/pages';
import { localizePath } from '../models/shared/urls';
import { gatePaths } from './gate-pages';

/** Scores: the gate (fail below). Performance's target is 1.00. */
const BUDGET = { performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
/** Milliseconds: the target, and the gate 30 % above it (mobile profile only). */
const TIMES = { 'first-contentful-paint': 1200, 'largest-contentful-paint': 1600 } as const;
const TOLERANCE = 1.3;
const CATEGORIES = Object.keys(BUDGET) as (keyof typeof BUDGET)[];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

const args = process.argv.slice(2);
const desktop = args.includes('--desktop');
const stripe = args.includes('--payments') ? await startFakeStripe() : null;
const pathArg = args.find((a) => !a.startsWith('--'));
const all = args.includes('--all');

// Lighthouse runs its own Chromium; the server is the app itself on a fresh demo database with the
// minified bundles of `npm run build` (npm run lighthouse builds first). Not NODE_ENV=production:
// that adds HSTS and upgrade-insecure-requests, which a plain-HTTP local run cannot follow.
const srv = await startServer(stripe?.env());
const news = (await (await fetch(srv.url + '/api/news')).json()) as { slug: string }[];
const projects = (await (await fetch(srv.url + '/api/projects')).json()) as { slug: string }[];
// One approved fundraiser (there is none in the demo content): its page is measured too.
const fundraiserSlug = await demoFundraiserSlug(srv.handle.deps.db);
const publicRoutes = PAGES.filter((r) => r.layout === 'public' && r.sitemap).map((r) => r.path);
const paths = pathArg
  ? pathArg.split(',')
  : all
    ? [...publicRoutes, `/projects/${projects[0]!.slug}`, `/news/${news[0]!.slug}`, `/fundraisers/${fundraiserSlug}`, `/impact/${swissToday().slice(0, 4)}`].flatMap((p) => [p, localizePath(p, 'de')])
    : gatePaths();

const launch = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
let chrome = await launch();

const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
const ATTEMPTS = 4;
/**
 * One Lighthouse run. A broken trace (NO_NAVSTART and the like: Chromium's tracing now and then
 * misses the navigation, most often on the first page of a fresh browser or on a busy machine) is
 * run again, after a pause, and from the third attempt in a freshly launched Chromium.
 */
async function audit(path: string, attempt = 1): Promise<Result> {
  // As visitors get it: from the page cache, with its brotli form ready.
  await (await fetch(srv.url + path, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const result = await lighthouse(srv.url + path, { ...flags, port: chrome.port }, desktop ? desktopConfig : undefined);
  if (process.env.LH_SAVE && result) (await import('node:fs')).writeFileSync(`/tmp/lh${path.replace(/\W+/g, '_')}.json`, JSON.stringify(result.lhr));
  const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
  if (!error) return result!.lhr;
  if (attempt < ATTEMPTS) {
    console.log(`    ${path}: ${error.code}, running it again (attempt ${attempt + 1} of ${ATTEMPTS})`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    if (attempt >= 2) {
      chrome.kill();
      chrome = await launch();
    }
    return audit(path, attempt + 1);
  }
  throw new Error(`${path}: ${error.code} ${error.message}`);
}

/**
 * Pages kept out of search engines on purpose (robots noindex: the admin sign-in): Lighthouse's
 * "page is blocked from indexing" audit says so, and does not count against their SEO score.
 */
const NOT_INDEXED = /^(\/de)?\/admin-login$/;
/** A category's score as the gate reads it: Lighthouse's own, but for the crawlability of a page not indexed on purpose. */
function categoryScore(l: Result, c: (typeof CATEGORIES)[number], path: string): number {
  const category = l.categories[c];
  if (c !== 'seo' || !NOT_INDEXED.test(path) || !category) return category?.score ?? 0;
  const refs = category.auditRefs.filter((r) => r.id !== 'is-crawlable' && r.weight > 0 && l.audits[r.id]?.score != null);
  const weight = refs.reduce((n, r) => n + r.weight, 0);
  return weight ? Math.round((refs.reduce((n, r) => n + r.weight * (l.audits[r.id]!.score ?? 0), 0) / weight) * 100) / 100 : 0;
}
const score = (n: number | null | undefined) => (n == null ? '  -  ' : n.toFixed(2).padStart(5));
let failures = 0;
let overTarget = 0;
console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile (simulated slow 4G, 4x CPU slowdown)'}`);
console.log('page'.padEnd(44) + ' perf  a11y  best   seo      FCP      LCP      TBT    CLS');
try {
  const timed = Object.keys(TIMES) as (keyof typeof TIMES)[];
  const underGate = (l: Result, path: string) =>
    CATEGORIES.some((c) => categoryScore(l, c, path) < BUDGET[c]) || (!desktop && timed.some((m) => (l.audits[m]?.numericValue ?? Infinity) > TIMES[m] * TOLERANCE));
  /** The pages under the gate in the first pass, with that pass's line, for the second pass. */
  const retry: { path: string; line: string }[] = [];
  const report = (path: string, runs: Result[], final: boolean): string | null => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Each figure's median over the runs; the run with the median performance score is printed.
    const scoreOf = (c: (typeof CATEGORIES)[number]) => median(runs.map((r) => categoryScore(r, c, path)));
    const timeOf = (m: keyof typeof TIMES) => median(runs.map((r) => r.audits[m]?.numericValue ?? Infinity));
    const lhr = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)]!;
    const scores = CATEGORIES.map(scoreOf);
    const metrics = METRICS.map((m) => (lhr.audits[m]?.displayValue ?? '-').toString().replace(/\u00a0/g, ' ').padStart(8));
    const under = [
      ...CATEGORIES.filter((c, i) => scores[i]! < BUDGET[c]),
      ...(desktop ? [] : timed.filter((m) => timeOf(m) > TIMES[m] * TOLERANCE).map((m) => `${m} ${(timeOf(m) / 1000).toFixed(2)} s`)),
    ];
    const medianOffTarget = scores.some((v) => v < 1) || (!desktop && timed.some((m) => timeOf(m) >= TIMES[m]));
    const medianNote = runs.length > 1 ? `  (median of ${runs.map((r) => score(r.categories.performance?.score).trim()).join(', ')})` : '';
    // Lighthouse's own measure of the machine's speed at each run (higher is faster): a page slow
    // only on a slowed machine shows it here.
    const bench = `  (machine ${median(runs.map((r) => r.environment?.benchmarkIndex ?? 0)).toFixed(0)})`;
    const verdict = under.length ? `  UNDER BUDGET: ${under.join(', ')}` : medianOffTarget ? '  over target' : '';
    const line = `${path.slice(0, 43).padEnd(44)}${scores.map(score).join(' ')} ${metrics.join(' ')}${medianNote}${under.length ? bench : ''}${verdict}`;
    if (under.length && !final) return line;
    if (under.length) failures++;
    else if (medianOffTarget) overTarget++;
    console.log(line);
    // What cost points, so the figure can be acted on.
    for (const c of CATEGORIES.filter((k) => under.includes(k))) {
      const refs = lhr.categories[c]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 0.9);
      for (const r of refs) console.log(`    ${c}: ${lhr.audits[r.id]!.title} (${lhr.audits[r.id]!.displayValue ?? lhr.audits[r.id]!.score})`);
    }
    return null;
  };
  for (const path of paths) {
    const runs = [await audit(path)];
    // A first run under the gate is audited four times more: the median of five decides.
    if (underGate(runs[0]!, path)) for (let i = 0; i < 4; i++) runs.push(await audit(path));
    const line = report(path, runs, false);
    if (line) retry.push({ path, line });
  }
  // A page whose median of five is under the gate is measured again once every page has run, five
  // more times after a pause: a burst of load on a shared machine slows every page at once (the CI
  // of 2026-11-28 had all 38 pages 0.2 to 0.4 s slower, one 4 ms over), while a slow page is slow
  // in both passes. The second pass decides; the first is printed beside it.
  if (retry.length) {
    console.log(`measuring ${retry.length} page(s) again after a pause, five runs each:`);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
  for (const { path, line } of retry) {
    console.log(`  first pass: ${line.trimEnd()}`);
    const runs: Result[] = [];
    for (let i = 0; i < 5; i++) runs.push(await audit(path));
    report(path, runs, true);
  }
  console.log(
    `targets: performance 1.00, FCP < 1.2 s, LCP < 1.6 s (mobile): ${paths.length - overTarget - failures} of ${paths.length} page(s) on target, ${overTarget} over target but within the gate`,
  );
  console.log(
    `gate: median performance >= ${BUDGET.performance}, FCP <= ${((TIMES['first-contentful-paint'] * TOLERANCE) / 1000).toFixed(2)} s, LCP <= ${((TIMES['largest-contentful-paint'] * TOLERANCE) / 1000).toFixed(2)} s; accessibility, best practices and SEO = 1: ${failures ? `${failures} page(s) under` : 'OK'}`,
  );
  process.exitCode = failures ? 1 : 0;
} finally {
  chrome.kill();
  await srv.close();
  await stripe?.close();
}
