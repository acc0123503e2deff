// Shared test helpers: a fresh app on an in-memory database, a real server on a free port,
// and a real Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import knexFactory from 'knex';
import { createApp, type AppHandle, type CreateAppOptions } from '../app';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';

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

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
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

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and hydration warnings seen so far. */
  problems: string[];
}

/** A new page that records every console error, uncaught error and hydration mismatch. */
export async function watchedPage(browser: Browser, options: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, reducedMotion: options.reducedMotion ?? 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    // A missing translation (the page's locale bundle lacks a key it shows) counts as a problem too.
    if (msg.type() === 'error' || /hydrat|did not match|missing translation key/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  // The test machine has no internet: requests leaving localhost are answered empty, never hang.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
  return { page, problems };
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
 * Signs the page in through the admin login form with a key (the demo key unless given), in
 * English or at /de, and waits until the admin page is there and hydrated. Signing in opens the
 * dashboard; most suites edit content, so the page then opens the Projects tab, unless `tab` names
 * another one or is null (stay on the dashboard, where signing in lands).
 */
export async function signInAdmin(page: Page, baseUrl: string, options: { key?: string; lang?: '' | '/de'; tab?: string | null } = {}): Promise<void> {
  await page.goto(`${baseUrl}${options.lang ?? ''}/admin-login`);
  await waitForHydration(page);
  await page.locator('#admin-credential').fill(options.key ?? 'demo-admin-key-change-me');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/admin(\?|$)/);
  await waitForHydration(page);
  const tab = options.tab === undefined ? 'projects' : options.tab;
  if (tab) {
    await page.goto(`${baseUrl}${options.lang ?? ''}/admin?tab=${tab}`);
    await waitForHydration(page);
  }
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
