// Shared test helpers: a fresh app on an in-memory database, a real server on a free port,
// and a real Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import knexFactory from 'knex';
import { createApp, type AppHandle, type CreateAppOptions } from '../app';
import { adminHref, type AdminTab } from '../models/shared/admin-rules';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';
import type { FakeStripe } from './fakes/stripe';

/**
 * The database the suites run on: SQLite in memory by default; PostgreSQL when TEST_DATABASE_URL
 * is set (scripts/run-tests.ts starts a throwaway cluster and runs the API and end-to-end suites
 * on it too). Each app gets a fresh database either way: on PostgreSQL a database of its own
 * (a database, not a schema: LISTEN/NOTIFY channels, which the job queue uses, are per database).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const ON_POSTGRES = Boolean(TEST_DATABASE_URL);

export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  // The reference rates: never the ECB from a test (a closed loopback port; tests of the rates job serve their own, test/fakes/ecb.ts).
  EXCHANGE_RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
  // DNS (the sending-health check): never the system's resolvers from a test (a closed loopback port; test/fakes/dns.ts serves records).
  DNS_SERVERS: '127.0.0.1:9',
};

/** Env for a fresh, empty database (a new PostgreSQL database, or SQLite in memory) and its removal. */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) return { env: { DATABASE_URL: 'sqlite::memory:' }, drop: async () => undefined };
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  const a = admin();
  try {
    await a.raw('create database ??', [name]);
  } finally {
    await a.destroy();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const b = admin();
      try {
        await b.raw('drop database if exists ?? with (force)', [name]);
      } finally {
        await b.destroy();
      }
    },
  };
}

/** createApp() on a fresh database with the demo content (unless env names a database itself). */
/**
 * Two app instances on one database, as a deployment with several instances runs: on PostgreSQL
 * the first one's schema; on SQLite one file, whose jobs only the first instance works.
 */
export async function twoInstances(name: string, env: Record<string, string | undefined> = {}): Promise<{ a: AppHandle; b: AppHandle; close(): Promise<void> }> {
  if (ON_POSTGRES) {
    const a = await testApp(env);
    const b = await testApp({ ...env, DATABASE_URL: a.deps.config.databaseUrl });
    return { a, b, close: async () => (await b.close(), await a.close()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `charity-${name}-`));
  const url = `sqlite:${path.join(dir, 'shared.sqlite3')}`;
  const a = await testApp({ ...env, DATABASE_URL: url });
  const b = await testApp({ ...env, DATABASE_URL: url }, { worker: false });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function testApp(env: Record<string, string | undefined> = {}, options: Omit<CreateAppOptions, 'env'> = {}): Promise<AppHandle> {
  if (env.DATABASE_URL) return createApp({ ...options, env: { ...TEST_ENV, ...env } });
  const fresh = await freshDatabase();
  const handle = await createApp({ ...options, env: { ...TEST_ENV, ...fresh.env, ...env } });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

export interface RunningServer {
  url: string;
  handle: AppHandle;
  close: () => Promise<void>;
}

/** A real HTTP server on a free port (for Chromium and for SDKs that need a URL). */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const handle = await testApp(env);
  const server: Server = await new Promise((resolve) => {
    const s = handle.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    handle,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
    },
  };
}

/**
 * Every public page the browser tests walk (in English; views/routes.tsx localizePath gives the
 * German address). The Nook's project page is the longest one (phases, budget table, German
 * compounds); the article is one with a gallery and long German words.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about',
  '/vision',
  '/mission',
  '/food-security',
  '/skills-training',
  '/health',
  '/environment',
  '/tariro-nook',
  '/projects',
  '/projects/nook-vocational-training-center',
  '/projects/new-project-template',
  '/news',
  '/news/solar-infrastructure-brings-light-to-the-tariro-nook',
  '/team',
  '/contact',
  '/privacy',
  '/imprint',
  '/checkout',
  '/donations/manage',
  '/fundraisers/new',
  '/fundraisers/miriams-40th-birthday-for-skills-for-life',
  // This year's impact report (there is always one: the current year's).
  `/impact/${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date())}`,
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browsers this process launched and has not closed: what a failing test's page showed is read from them. */
const openBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

export interface FailureCapture {
  test: string;
  file: string;
  pages: { url: string; text: string; screenshot?: string }[];
}

/**
 * What the pages still open showed when a test failed (test/e2e/on-failure.ts calls it after a
 * failing browser test): each page's address, the start of its text, and a screenshot under
 * test-results/. The last page opened comes first: it is the one the test was looking at.
 */
export async function captureFailure(test: string, file: string): Promise<FailureCapture> {
  const pages = [...openBrowsers].flatMap((b) => b.contexts().flatMap((c) => c.pages())).filter((p) => !p.isClosed()).reverse().slice(0, 3);
  const dir = path.join('test-results', path.basename(file).replace(/\.test\.tsx?$/, ''));
  const slug = test.replace(/[^\w\u00c0-\u024f-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'test';
  const captured: FailureCapture['pages'] = [];
  for (const [i, page] of pages.entries()) {
    const shown = await page
      .evaluate(() => (document.querySelector('main') ?? document.body)?.innerText ?? '')
      .catch((err: Error) => `(the page's text could not be read: ${err.message.split('\n')[0]})`);
    const text = shown.replace(/\n{2,}/g, '\n').trim().slice(0, 600);
    let screenshot: string | undefined;
    try {
      fs.mkdirSync(dir, { recursive: true });
      screenshot = path.join(dir, `${slug}${i ? `-${i + 1}` : ''}.png`);
      await page.screenshot({ path: screenshot, timeout: 5000 });
    } catch {
      screenshot = undefined;
    }
    captured.push({ url: page.url(), text, screenshot });
  }
  return { test, file, pages: captured };
}

/**
 * The usual end-to-end setup: one server on a fresh database and one Chromium for the whole
 * file (or describe block), both closed afterwards. Use `e2e.srv.url` and `e2e.browser` in tests.
 */
export function serverAndBrowser(env: Record<string, string | undefined> = {}): { srv: RunningServer; browser: Browser } {
  const e2e = {} as { srv: RunningServer; browser: Browser };
  before(async () => {
    e2e.srv = await startServer(env);
    e2e.browser = await launchBrowser();
  });
  after(async () => {
    await e2e.browser?.close();
    await e2e.srv?.close();
  });
  return e2e;
}

/**
 * serverAndBrowser with uploads in a folder of the file's own (removed afterwards), for the tests
 * that upload or delete files: `e2e.uploads` is where the server keeps them.
 */
export function serverAndBrowserWithUploads(env: Record<string, string | undefined> = {}): { srv: RunningServer; browser: Browser; uploads: string } {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-uploads-'));
  const e2e = Object.assign(serverAndBrowser({ UPLOAD_DIR: uploads, ...env }), { uploads });
  after(() => fs.rmSync(uploads, { recursive: true, force: true }));
  return e2e;
}

/**
 * An app wired to the fake Stripe API (the real SDK over HTTP), served on a loopback port so the
 * fake delivers its webhooks to it. `give` makes a gift as the checkout and Stripe.js do: the
 * payment, the donor's details, the confirmation (with a card, or TWINT when asked), then waits
 * for Stripe's events to be handled; it answers the PaymentIntent's id.
 */
export async function appWithFakeStripe(env: Record<string, string | undefined> = {}, options: Omit<CreateAppOptions, 'env'> = { worker: false }) {
  const { startFakeStripe } = await import('./fakes/stripe');
  const { default: request } = await import('supertest');
  const http = await import('node:http');
  const fake = await startFakeStripe();
  const h = await testApp({ ...fake.env(), ...env }, options);
  const server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
  async function give(body: object, how: { email?: string; method?: 'card' | 'twint' } = {}): Promise<string> {
    const res = await request(h.app).post('/api/create-payment-intent').send(body).expect(200);
    await request(h.app)
      .post('/api/payment-details')
      .send({ clientSecret: res.body.clientSecret, email: how.email ?? 'giver@example.org', ...(how.method ? { paymentMethod: how.method } : {}) })
      .expect(200);
    const id = String(res.body.clientSecret).split('_secret_')[0]!;
    const params: Record<string, string> = { key: 'pk_test_x', client_secret: res.body.clientSecret, return_url: 'http://localhost/checkout' };
    if (how.method === 'twint') params['payment_method_data[type]'] = 'twint';
    else params.payment_method = 'pm_card_visa';
    await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    await fake.settle();
    return id;
  }
  async function close(): Promise<void> {
    await fake.settle();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
    await fake.close();
  }
  return { fake, h, give, close };
}

/** The text shown by a PDF's pages: its content streams (inflated when compressed), each text run a line. */
export function pdfToText(pdf: Buffer): string {
  const latin = pdf.toString('latin1');
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(latin))) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        body = zlib.inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    for (const run of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = run[1] !== undefined ? [...run[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [run[2]!];
      lines.push(hexes.map((h) => decoder.decode(Buffer.from(h, 'hex'))).join(''));
    }
  }
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** A test app whose OpenAI is the fake in test/fakes/openai.ts (started first); `close` stops both. */
export async function testAppWithAI(env: Record<string, string | undefined> = {}): Promise<{ h: AppHandle; ai: FakeOpenAI; close: () => Promise<void> }> {
  const ai = await startFakeOpenAI();
  const h = await testApp({ ...env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.url });
  return {
    h,
    ai,
    close: async () => {
      await h.close();
      await ai.close();
    },
  };
}

/**
 * serverAndBrowser with OpenAI configured against the fake in test/fakes/openai.ts (started first,
 * closed after): `ai` is the fake, to set its mode and read what it was asked.
 */
export function serverAndBrowserWithAI(env: Record<string, string | undefined> = {}): { srv: RunningServer; browser: Browser; ai: FakeOpenAI } {
  const full: Record<string, string | undefined> = { ...env, OPENAI_API_KEY: 'sk-test' };
  let ai: FakeOpenAI | undefined;
  before(async () => {
    ai = await startFakeOpenAI();
    full.OPENAI_BASE_URL = ai.url;
  });
  after(async () => ai?.close());
  const e2e = serverAndBrowser(full);
  return {
    get srv() {
      return e2e.srv;
    },
    get browser() {
      return e2e.browser;
    },
    get ai() {
      return ai!;
    },
  };
}

/**
 * serverAndBrowser with payments: the fake Stripe API of test/fakes/stripe.ts started first, the
 * server talking to it and receiving its signed webhooks, all closed after. `fake` is the fake, to
 * read what it was asked and to settle its deliveries.
 */
export function serverAndBrowserWithStripe(env: Record<string, string | undefined> = {}): { srv: RunningServer; browser: Browser; fake: FakeStripe } {
  const e2e = {} as { srv: RunningServer; browser: Browser; fake: FakeStripe };
  before(async () => {
    const { startFakeStripe } = await import('./fakes/stripe');
    e2e.fake = await startFakeStripe();
    e2e.srv = await startServer({ ...e2e.fake.env(), ...env });
    e2e.fake.webhook = { url: `${e2e.srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    e2e.browser = await launchBrowser();
  });
  after(async () => {
    await e2e.browser?.close();
    await e2e.srv?.close();
    await e2e.fake?.close();
  });
  return e2e;
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and hydration warnings seen so far. */
  problems: string[];
  /** Every passing message the page showed (toasts, live regions), from the page's opening on. */
  messages: Messages;
}

/** A message the page showed: a toast (its title and text) or a live region's new text. */
export interface ShownMessage {
  kind: 'toast' | 'live';
  text: string;
}

/**
 * The passing messages a page showed, recorded in the page as they appear (a MutationObserver
 * installed before the page's own scripts), so a toast that lasts 5 s is seen however slow the
 * test is to look: wait for it after the action that shows it, never race it.
 */
export interface Messages {
  /**
   * Resolves with the first message shown that matches and has not answered an earlier wait (so
   * two saves need two toasts); fails after `timeout` naming the messages that were shown.
   */
  waitFor(text: string | RegExp, options?: { timeout?: number; kind?: ShownMessage['kind'] }): Promise<string>;
  /** How many messages matching `text` were shown so far. */
  count(text: string | RegExp): number;
  readonly all: readonly ShownMessage[];
}

/**
 * The page-side recorder: every toast added and every change of a live region's text, sent to the
 * test (top frame only). A string, not a function: tsx compiles functions with helpers (__name)
 * the page lacks.
 */
const MESSAGES_WORLD = 'test-messages';
const RECORD_MESSAGES = `(() => {
  if (window !== window.top || typeof window.__testMessage !== 'function') return;
  const report = (kind, text) => window.__testMessage(JSON.stringify({ kind, text }));
  const lastOf = new WeakMap();
  const LIVE = '[role=status], [role=alert], [aria-live]:not([aria-live=off])';
  const textOf = (el) => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const look = (el) => {
    for (const toast of [...(el.matches('.toast') ? [el] : []), ...el.querySelectorAll('.toast')]) {
      if (lastOf.has(toast)) continue;
      const text = textOf(toast);
      lastOf.set(toast, text);
      if (text) report('toast', text);
    }
    const live = el.closest(LIVE);
    for (const region of [...(live ? [live] : []), ...el.querySelectorAll(LIVE)]) {
      // A toast is recorded once, as a toast: not again as the text of the live list holding it.
      if (region.closest('.toast') || region.querySelector('.toast')) continue;
      const text = textOf(region);
      if (!text || lastOf.get(region) === text) continue;
      lastOf.set(region, text);
      report('live', text);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (el) look(el);
      r.addedNodes.forEach((n) => n.nodeType === 1 && look(n));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** Console errors, uncaught errors, hydration warnings and missing texts of a page, from now on (a failed load names its address). */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    // A missing translation (the page's locale bundle lacks a key it shows) counts as a problem too.
    // A failed load names its address (which request was refused says why).
    const at = /^Failed to load resource/.test(text) && msg.location().url ? ` (${msg.location().url.replace(/^https?:\/\/[^/]+/, '')})` : '';
    if (msg.type() === 'error' || /hydrat|did not match|missing translation key/i.test(text)) problems.push(`${msg.type()}: ${text}${at}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** A new page that records every console error, uncaught error and hydration mismatch, and every passing message. */
export async function watchedPage(browser: Browser, options: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, reducedMotion: options.reducedMotion ?? 'reduce' });
  const shown: (ShownMessage & { used?: boolean })[] = [];
  const page = await context.newPage();
  // In a world of its own, through the DevTools protocol: the page's scripts neither see nor run
  // it, and a sandboxed frame (the newsletter's preview) is left alone (Playwright's exposeBinding
  // with an init script tries to run in it, which Chromium refuses with a console error).
  const cdp = await context.newCDPSession(page);
  cdp.on('Runtime.bindingCalled', (e: { name: string; payload: string }) => {
    if (e.name !== '__testMessage') return;
    const { kind, text } = JSON.parse(e.payload) as ShownMessage;
    shown.push({ kind, text });
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__testMessage', executionContextName: MESSAGES_WORLD });
  await cdp.send('Page.enable');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORD_MESSAGES, worldName: MESSAGES_WORLD });
  const problems = recordProblems(page);
  const matches = (m: ShownMessage, text: string | RegExp) => (typeof text === 'string' ? m.text.includes(text) : text.test(m.text));
  const messages: Messages = {
    async waitFor(text, { timeout = 30_000, kind } = {}) {
      const find = () => shown.find((m) => !m.used && (!kind || m.kind === kind) && matches(m, text));
      const end = Date.now() + timeout;
      for (let found = find(); ; found = find()) {
        if (found) {
          found.used = true;
          return found.text;
        }
        if (Date.now() > end) throw new Error(`the page showed no message ${String(text)} within ${timeout / 1000} s; it showed ${JSON.stringify(shown.map((m) => m.text))}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    count: (text) => shown.filter((m) => matches(m, text)).length,
    get all() {
      return shown;
    },
  };

  // The test machine has no internet: requests leaving localhost are answered empty, never hang.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
  return { page, problems, messages };
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until React has hydrated the page (the client marks <html data-hydrated>). */
/**
 * Waits until the page is ready to be used the way a person uses it: the islands' loader (public
 * pages) or the admin app has run (<html data-hydrated>), and every island of the page is awake. A
 * person's first touch wakes an island and that first click counts (test/e2e/islands.test.ts);
 * waking them all first lets a test assert at once what follows a click, as it did before islands.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await waitForLoader(page);
  await page.evaluate(() => document.querySelectorAll('vb-island:not([data-hydrated])').forEach((el) => el.dispatchEvent(new FocusEvent('focusin'))));
  await page.waitForFunction(() => document.querySelectorAll('vb-island:not([data-hydrated])').length === 0, null, { timeout: 15000 });
}

/** Waits only until the loader has run: the islands that wake by themselves are awake, the others wait for a person. */
export async function waitForLoader(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15000 });
}

// ---- Signing in to the admin in the browser (end-to-end tests).

/**
 * Signs the page's browser context in with a key (the demo key unless given) through the login
 * API, as the login form does (test/e2e/admin.test.ts walks the form itself), then opens the admin
 * in English or at /de and waits until it is hydrated. It opens the Projects screen, where most suites
 * edit content, unless `tab` names another one or is null (the dashboard, where signing in lands),
 * with `query` after its address (?edit=3).
 */
export async function signInAdmin(page: Page, baseUrl: string, options: { key?: string; lang?: '' | '/de'; tab?: AdminTab | null; query?: string } = {}): Promise<void> {
  const res = await page.context().request.post(`${baseUrl}/api/admin/login`, { data: { key: options.key ?? 'demo-admin-key-change-me' } });
  if (!res.ok()) throw new Error(`signing in failed: ${res.status()} ${await res.text()}`);
  const tab = options.tab === undefined ? 'projects' : options.tab;
  await page.goto(`${baseUrl}${adminHref(options.lang === '/de' ? 'de' : 'en', tab ?? 'dashboard', options.query)}`);
  await waitForHydration(page);
}

/**
 * The admin's menu of screens (views/admin/widgets/screen-menu.tsx): the entry of a screen by its
 * name (hidden on a narrow screen until the menu is opened), and the entry of the screen shown.
 */
export const screenLink = (page: Page, name: string, options: { includeHidden?: boolean } = {}): Locator =>
  page.locator('nav.admin-menu').getByRole('link', { name, exact: true, ...options });
export const currentScreenLink = (page: Page, name: string): Locator => screenLink(page, name).and(page.locator('[aria-current="page"]'));

/** Moves to a screen through the menu, as a person does: on a narrow screen the menu opens first. */
export async function chooseScreen(page: Page, name: string): Promise<void> {
  const toggle = page.locator('nav.admin-menu summary');
  if ((await toggle.isVisible()) && !(await page.locator('nav.admin-menu details[open]').count())) await toggle.click();
  await screenLink(page, name).click();
}

/** Requests held back by holdRequests: the test decides when they go on. */
export interface HeldRequests {
  /** How many matching requests the page has made so far. */
  readonly count: number;
  /** Resolves once the page has made `n` matching requests (held until release). */
  arrived(n?: number): Promise<void>;
  /** Lets every held request go on, and every later one straight through. */
  release(): void;
}

/**
 * Holds the page's requests to `url` until the test releases them: a state that lasts while an
 * answer is awaited ("Processing...", a check under way, a late answer) is then looked at for as
 * long as the test needs, however fast or slow the machine, instead of for a fixed time.
 */
export async function holdRequests(page: Page, url: string | RegExp | ((url: URL) => boolean)): Promise<HeldRequests> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  await page.route(url, async (route) => {
    count++;
    for (const w of waiters.filter((x) => count >= x.n)) w.resolve();
    await gate;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  return {
    get count() {
      return count;
    },
    arrived: (n = 1) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    release: () => open(),
  };
}

/** Polls until the condition holds (waiting for an outside effect, not measuring speed). */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The news form's fields as the edit form posts them (strings, as a browser sends them). */
export function newsFormFields(a: Record<string, any>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: a.title,
    titleDe: a.titleDe,
    abstract: a.abstract ?? '',
    abstractDe: a.abstractDe ?? '',
    content: a.content,
    contentDe: a.contentDe,
    projectId: a.projectId ? String(a.projectId) : '',
    publishedAt: String(a.publishedAt).slice(0, 10),
    imageUrl: a.imageUrl,
    excerpt: a.excerpt ?? '',
    slug: a.slug ?? '',
    draft: 'false',
    publishAt: '',
    ...extra,
  };
}
