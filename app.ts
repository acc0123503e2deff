import express, { type Express } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { Knex } from 'knex';
import { ConfigError, loadConfig, ROOT, type Config } from './config';
import { migrate, openDatabase } from './db/connection';
import { seedIfEmpty } from './db/seed';
import { seedShippedMedia } from './models/media/shipped-media';
import { seedGlossary } from './models/translation/glossary';
import type { Deps } from './controllers/context';
import { locale } from './controllers/middleware/locale';
import { apiNotFound, errorHandler, pageNotFound } from './controllers/middleware/errors';
import { cachedPages, pagesRouter } from './controllers/pages';
import { cachedPublicApi, createPageCache } from './controllers/middleware/caching';
import { writePage } from './controllers/render';
import { projectsApi } from './controllers/projects';
import { newsApi } from './controllers/news';
import { teamApi } from './controllers/team';
import { sitemapRouter } from './controllers/sitemap';
import { createI18n } from './views/i18n';
import { createMailProvider, SEND_MAIL_TASK } from './models/providers/mail';
import { createJobQueue, type TaskList } from './models/providers/jobs';
import { NEWSLETTER_SEND_TASK, runSendJob } from './models/newsletter/sends';
import { createMailingProvider } from './models/providers/mailing';
import { createAssistant } from './models/providers/assistant';
import { newsletterApi, newsletterImages, newsletterLinkPages } from './controllers/newsletter';
import { createPaymentsProvider } from './models/providers/payments';
import { checkoutApi } from './controllers/checkout';
import { qrBillRouter } from './controllers/qr-bill';
import session from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import { adminApi, adminForms, loginApi, loginLimits, loginPages } from './controllers/admin/index';
import { markdownApi, pageTextsApi } from './controllers/admin/words';
import { mediaRouters } from './controllers/media';
import { requireAdmin, requireAdminPage } from './controllers/middleware/auth';
import { noStore, privatePage } from './controllers/middleware/cache-control';
import { inEveryLanguage } from './controllers/lang-routes';
import { createStorage } from './models/providers/storage';
import { IMAGE_VARIANTS_TASK, makeImageVariants } from './models/media/library';
import { runUploadSweepJob, startUploadSweeps, SWEEP_UPLOADS_TASK } from './models/media/sweep';
import { PURGE_TRASH_TASK, queueTrashPurge, runTrashPurgeJob } from './models/content/trash';
import type { Assets } from './views/types';
import { healthRouter, markDraining } from './controllers/health';
import { requestLog } from './controllers/middleware/request-log';
import { rejectUnstorableText } from './controllers/middleware/text';
// Donation certificates (admin runs and donor requests).
import { CERTIFICATE_REQUEST_TASK, CERTIFICATE_RUN_TASK } from './models/giving/names';
import { runCertificateRequest, runCertificateRun, type CertificateDeps } from './models/giving/certificate';
import { tFor } from './models/shared/text';
// Donors: receipts and managing their gifts.
import { donorRoutes } from './controllers/donor';
import { createMonthlyPayments } from './models/providers/payments-monthly';
import { sendReceipt } from './models/giving/receipt';
import { RECEIPT_TASK, SUPERSEDED_SUBSCRIPTIONS_TASK } from './models/giving/names';
import { cancelSuperseded } from './models/giving/checkout-subscriptions';
// Publishing: scheduled items go live by themselves; preview links.
import { previewApi } from './controllers/preview';
// -- Alt text suggestions and accessibility checks.
import { createVision } from './models/providers/vision';
import { runAltSuggestJob } from './models/media/alt-suggest';
import { ALT_SUGGEST_TASK } from './models/media/library';
import { a11yApi } from './controllers/admin/a11y';
// -- end of alt text suggestions and accessibility checks
import { PUBLISH_ITEM_TASK, PUBLISH_SWEEP_FIRST_DELAY_MS, PUBLISH_SWEEP_TASK, queuePublishSweep, runPublishItemJob, runPublishSweepJob } from './models/content/publish-schedule';
import { STARTER_CSP } from './views/starter';

declare module 'http' {
  interface IncomingMessage {
    /** The unparsed JSON body, kept for signature checks (Stripe webhooks). */
    rawBody?: Buffer;
  }
}

export interface CreateAppOptions {
  /** Environment to read the configuration from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Seed the demo content into an empty database (default: true). */
  seed?: boolean;
  /** Work background jobs in this process (default: true; the queue is shared by every instance). */
  worker?: boolean;
}

export interface AppHandle {
  app: Express;
  deps: Deps;
  close: () => Promise<void>;
}

const PUBLIC_DIR = path.join(ROOT, 'public');
const MANIFEST = path.join(PUBLIC_DIR, 'assets', 'manifest.json');

function readLocale(lang: 'en' | 'de'): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>;
}

/** Built asset names (content-hashed), read from the manifest that scripts/build.ts writes. */
function assetLoader(log: pino.Logger): () => Assets {
  let cached: Assets | null = null;
  let mtime = 0;
  let checked = 0;
  return () => {
    // Every page request asks: the file is looked at once a second, not once a request.
    const now = Date.now();
    if (cached && now - checked < 1000) return cached;
    checked = now;
    try {
      const stat = fs.statSync(MANIFEST);
      if (!cached || stat.mtimeMs !== mtime) {
        cached = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Assets;
        mtime = stat.mtimeMs;
      }
    } catch {
      if (!cached) log.warn('public/assets/manifest.json is missing: run `npm run build`');
      cached ??= { client: '/assets/client.js', css: '/assets/site.css', adminCss: '/assets/admin.css', locales: { en: {}, de: {} }, preload: [], pages: {}, cssRules: [] };
    }
    return cached;
  };
}

/** The session secret: configured, or generated once and kept in the database (outside production). */
async function sessionSecret(db: Knex, config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const row = await db('app_settings').where({ key: 'session_secret' }).first<{ value: string } | undefined>();
  if (row) return row.value;
  const value = crypto.randomBytes(48).toString('base64url');
  await db('app_settings').insert({ key: 'session_secret', value }).onConflict('key').ignore();
  const saved = await db('app_settings').where({ key: 'session_secret' }).first<{ value: string }>();
  return saved.value;
}

/** Composition root: read config -> open db -> pick providers -> mount controllers. */
export async function createApp(options: CreateAppOptions = {}): Promise<AppHandle> {
  const config = loadConfig(options.env ?? process.env);
  // Log lines go out in writes of about 4 KB (some 20 request lines), and at the latest a second
  // after they were logged: one write per request was the largest single cost of a cached page.
  // Lines still waiting are written when the process exits (pino flushes on 'exit'); a kill -9
  // loses at most the last second.
  const logStream = pino.destination({ sync: false, minLength: 4096 });
  const logFlush = setInterval(() => logStream.flush(), 1000).unref();
  const log = pino({ level: config.logLevel }, logStream);
  const db = openDatabase(config.databaseUrl, { schema: config.databaseSchema });
  // What an instance does once at start, in turn with any other instance starting at the same
  // moment (db/connection.ts): the schema, the demo content of an empty database, the site's own
  // illustrations in the media library and the glossary's built-in names (both idempotent).
  let secret = '';
  const jobs = createJobQueue({ db, databaseUrl: config.databaseUrl, log });
  await migrate(db, async () => {
    await jobs.prepare();
    if (options.seed !== false && (await seedIfEmpty(db))) log.info('seeded the demo content');
    if (options.seed !== false) await seedShippedMedia(db, PUBLIC_DIR, log);
    await seedGlossary(db, config.site.name);
    secret = await sessionSecret(db, config);
  });

  const i18n = { en: createI18n('en', { en: readLocale('en') }), de: createI18n('de', { de: readLocale('de') }) };
  const mail = createMailProvider({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log, jobs });
  const deps: Deps = {
    db,
    pageCache: createPageCache(db),
    config,
    log,
    i18n,
    assets: assetLoader(log),
    jobs,
    mail,
    mailing: createMailingProvider({ config, db, mail, jobs, log, i18n }),
    assistant: await createAssistant({ ...config.openai, log }),
    payments: await createPaymentsProvider({ ...config.stripe, log }),
    storage: await createStorage(config, log),
  };
  // Admin sessions live in the database (the sessions table of the initial migration).
  const sessionStore = new ConnectSessionKnexStore({
    knex: db,
    tableName: 'sessions',
    createTable: false,
    cleanupInterval: 15 * 60 * 1000,
    onDbCleanupError: (err) => log.warn({ err }, 'session cleanup failed'),
  });
  // __Host- cookies are only accepted over HTTPS, for this host and path /: not forgeable by subdomains.
  const sessionCookie = config.production ? '__Host-admin.sid' : 'admin.sid';
  const sessions = session({
    name: sessionCookie,
    secret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.production, path: '/', maxAge: 8 * 60 * 60 * 1000 },
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Operations first: health checks stay cheap and out of the request log; every other request
  // gets an id and one log line.
  app.use(healthRouter(db, log));
  app.use(requestLog(log));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Stripe.js must load from js.stripe.com; nothing else from outside runs.
          // The one inline script is the page starter, allowed by its hash (views/starter.ts).
          scriptSrc: ["'self'", STARTER_CSP, 'https://js.stripe.com', 'https://*.js.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          // Stripe's frames, and the map and videos that load only when the visitor asks for them.
          frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://www.openstreetmap.org', 'https://www.youtube-nocookie.com'],
          // The contact form hands the message to the visitor's mail program (a mailto: form).
          formAction: ["'self'", 'mailto:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The browser default: our own pages see where a visitor came from (the language redirect
      // needs it), other sites only see our origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.production,
    }),
  );
  // The language and the cookies, then pages already rendered for this content version: they go
  // out before compression, static files, body parsers and routers, none of which changes the
  // answer to such an address (cachedPages in controllers/pages.ts says why).
  app.use(cookieParser());
  app.use(locale);
  app.use(cachedPages(deps));
  app.use(compression());
  // Built assets are compressed once at build time (brotli at its best quality, gzip for older
  // browsers) and sent as they are: smaller than on-the-fly compression and no CPU per request.
  app.use(
    '/assets',
    expressStaticGzip(path.join(PUBLIC_DIR, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: true },
    }),
  );
  // Other static files are looked up only under the names public/ holds (images/, docs/...), so a
  // page request never costs a disk lookup and a thrown 404 on the way to its route.
  for (const entry of fs.readdirSync(PUBLIC_DIR, { withFileTypes: true })) {
    if (entry.name === 'assets' || entry.name.startsWith('.')) continue;
    const target = path.join(PUBLIC_DIR, entry.name);
    if (entry.isDirectory()) app.use(`/${entry.name}`, express.static(target, { maxAge: '1d', index: false }));
    else app.get(`/${entry.name}`, (_req, res) => res.sendFile(target, { maxAge: '1d' }));
  }
  app.use(
    express.json({
      limit: '1mb',
      verify: (req, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  // NUL bytes and lone surrogates anywhere in the URL or the parsed body: 400 before any route.
  app.use(rejectUnstorableText(deps));

  // ---- The admin area. Only these mounts read the session (public pages never touch the
  // sessions table). Wrong credentials are counted wherever one can be tried (loginLimits), each
  // mount naming its limiter itself.
  const limits = loginLimits(deps);
  const media = mediaRouters(deps);
  // The admin API: nothing it answers is ever stored; past the sign-in, every request needs an
  // admin credential, and a change made with the session cookie its CSRF token.
  const adminApiGuard = [sessions, noStore, limits.credentialHeaders, requireAdmin(deps)];
  app.use('/api/admin/login', sessions, noStore, loginApi(deps, limits));
  // Publishing: preview links are made by admins only (opened by anyone holding one, see controllers/preview.ts).
  app.use('/api/admin/preview', adminApiGuard, previewApi(deps));
  // -- Words: the Markdown preview and each page's texts for the Pages form (controllers/admin/words.ts).
  app.use('/api/admin/markdown', adminApiGuard, markdownApi(deps));
  app.use('/api/admin/page-texts', adminApiGuard, pageTextsApi(deps));
  // -- end of Words
  // -- Accessibility checks of a form's Markdown fields (controllers/admin/a11y.ts).
  app.use('/api/admin/a11y-check', adminApiGuard, a11yApi(deps));
  app.use('/api/admin', adminApiGuard, adminApi(deps, { cookieName: sessionCookie }));
  app.use('/api/media', adminApiGuard, media.api);
  // The login page and the admin page with its no-JavaScript forms, in every language: private,
  // never stored. The admin forms check the CSRF token themselves (adminForms says why).
  app.use(inEveryLanguage('/admin-login'), sessions, privatePage, loginPages(deps, limits));
  app.use(inEveryLanguage('/admin'), sessions, privatePage, requireAdminPage({ deferCsrf: true }), adminForms(deps, { cookieName: sessionCookie, media }));

  // ---- Public: uploaded files, the read API (through the page cache), donations, the newsletter.
  app.use('/uploads', media.files);
  const publicApi = cachedPublicApi(deps.pageCache, writePage);
  app.use('/api/projects', publicApi, projectsApi(deps));
  app.use('/api/news', publicApi, newsApi(deps));
  app.use('/api/team', publicApi, teamApi(deps));
  app.use('/api', checkoutApi(deps));
  app.use('/api/newsletter', newsletterApi(deps));
  // ---- Donors manage their gifts: the link request (API) and the page's own routes (the link's
  // button, every form's POST; the page itself is rendered by the page router). Never stored.
  const monthlyPayments = await createMonthlyPayments({ ...config.stripe, log });
  const donor = donorRoutes(deps, { secret, monthly: monthlyPayments });
  app.use('/api/donor', noStore, donor.api);
  app.use(inEveryLanguage('/donations/manage'), privatePage, donor.pages);
  app.use(inEveryLanguage('/newsletter'), newsletterLinkPages(deps));
  app.get('/newsletter/images/*path', newsletterImages(deps));
  app.use(qrBillRouter(deps));
  app.use(sitemapRouter(deps));
  app.use('/api', apiNotFound);
  app.use(pagesRouter(deps));
  app.use(pageNotFound(deps));
  app.use(errorHandler(deps));

  // Background work, on whichever instance picks it up first.
  const tasks: TaskList = {
    [SUPERSEDED_SUBSCRIPTIONS_TASK]: async (payload) => {
      if (deps.payments.kind !== 'stripe' || !monthlyPayments) return;
      await cancelSuperseded({ db, log, payments: deps.payments, monthly: monthlyPayments }, payload);
    },
    [SEND_MAIL_TASK]: (payload, ctx) => deps.mail.deliver(Number((payload as { outboxId?: unknown })?.outboxId), ctx),
    [NEWSLETTER_SEND_TASK]: (payload, ctx) => runSendJob({ db, mail: deps.mail, publicUrl: config.publicUrl, log }, payload, ctx),
    [IMAGE_VARIANTS_TASK]: (payload, ctx) => makeImageVariants(deps, payload, ctx),
    [SWEEP_UPLOADS_TASK]: (_payload, ctx) => runUploadSweepJob({ ...deps, uploadDir: config.uploadDir }, ctx.log),
    [RECEIPT_TASK]: (payload, ctx) => sendReceipt(deps, payload, ctx),
  };
  // Donation certificates: one donor's on request, or every donor's of a year in one run.
  const certificateDeps: CertificateDeps = { db, mail: deps.mail, site: config.site, texts: (lang) => tFor(deps.i18n, lang), log };
  tasks[CERTIFICATE_REQUEST_TASK] = (payload, ctx) => runCertificateRequest(certificateDeps, payload, ctx);
  tasks[CERTIFICATE_RUN_TASK] = (payload, ctx) => runCertificateRun(certificateDeps, payload, ctx);
  // Publishing: the announcement of an item's publication time, and the minute check that catches a lost one.
  tasks[PUBLISH_ITEM_TASK] = (payload, ctx) => runPublishItemJob(db, payload, ctx.log);
  tasks[PUBLISH_SWEEP_TASK] = (_payload, ctx) => runPublishSweepJob({ db, jobs }, ctx.log);
  // ---- Revisions and trash: what stays in the trash more than 30 days is purged, hourly, by one job for all instances.
  tasks[PURGE_TRASH_TASK] = (_payload, ctx) => runTrashPurgeJob({ db, jobs, log }, ctx.log).then(() => undefined);
  // ---- (end of revisions and trash)
  // ---- Alt text suggestions: queued on upload only when OpenAI is configured (controllers/media.ts).
  const vision = await createVision({ ...config.openai, log });
  tasks[ALT_SUGGEST_TASK] = (payload, ctx) => runAltSuggestJob({ db, storage: deps.storage, log, vision, orgName: config.site.name }, payload, ctx);
  // ---- (end of alt text suggestions)
  if (options.worker !== false) await jobs.start(tasks);
  // Leftovers of killed uploads: one pending sweep for all instances (the job key), run soon.
  await startUploadSweeps({ jobs, log, uploadDir: config.uploadDir });
  // Publishing: one pending minute check for all instances, run soon.
  await queuePublishSweep(jobs, new Date(Date.now() + PUBLISH_SWEEP_FIRST_DELAY_MS));
  await queueTrashPurge(jobs);

  return {
    app,
    deps,
    close: async () => {
      clearTimeout(sessionStore.nextDbCleanup);
      // Running jobs finish (or are stopped and retried later) before the database closes.
      await jobs.stop();
      await deps.mail.close();
      await deps.storage.close();
      deps.pageCache.close();
      await db.destroy();
      clearInterval(logFlush);
      logStream.flush();
    },
  };
}

async function main(): Promise<void> {
  let handle: AppHandle;
  try {
    handle = await createApp();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, deps } = handle;
  const server = app.listen(deps.config.port, () => {
    deps.log.info(`${deps.config.site.name} is running at http://localhost:${deps.config.port}`);
  });
  server.on('error', (err) => {
    console.error(`Cannot listen on port ${deps.config.port}: ${err.message}`);
    process.exit(1);
  });
  // Graceful shutdown: no new connections, /readyz says 503, requests in flight finish, idle
  // keep-alive connections close, then the app closes (background jobs, database) and exits 0.
  // A shutdown that hangs is cut off after SHUTDOWN_TIMEOUT_MS with exit code 1.
  const SHUTDOWN_TIMEOUT_MS = 10_000;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'shutting down: finishing requests in flight');
    markDraining(app);
    setTimeout(() => {
      deps.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.close(() => {
      handle.close().then(
        () => {
          deps.log.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          deps.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  // A connection busy when the signal came closes after its response instead of idling on.
  server.prependListener('request', (_req, res) => {
    if (stopping && !res.headersSent) res.setHeader('Connection', 'close');
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void main();
}
