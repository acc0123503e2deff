// The composition root: read the configuration, open the database, take the start-up turn, pick
// the providers, mount the routers (controllers/routes.ts) and register the job handlers
// (controllers/jobs.ts). createApp() is what the tests use; run directly, the app listens.
import type { Express } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { ConfigError, loadConfig, ROOT } from './config';
import { migrate, openDatabase } from './db/connection';
import { seedIfEmpty } from './db/seed';
import { seedShippedMedia } from './models/media/shipped-media';
import { seedGlossary } from './models/translation/glossary';
import { sessionSecret } from './models/site/settings';
import { createMailProvider } from './models/providers/mail';
import { recordMailEvent } from './models/people/mail-suppression';
import { createJobQueue } from './models/providers/jobs';
import { createMailingProvider as createMailing, type MailingOptions } from './models/newsletter/mailing';
import { createAssistant } from './models/providers/assistant';
import { createPaymentsProvider } from './models/providers/payments';
import { createMonthlyPayments } from './models/providers/payments-monthly';
import { createStorage } from './models/providers/storage';
import { createVision } from './models/providers/vision';
import type { Deps } from './controllers/context';
import { createPageCache } from './controllers/middleware/caching';
import { adminSessions } from './controllers/middleware/sessions';
import { assetLoader } from './controllers/assets';
import { routes } from './controllers/routes';
import { createVisitCounter } from './models/site/visits';
import { jobTasks, queueRecurringJobs } from './controllers/jobs';
import { markDraining } from './controllers/health';
import { createI18n } from './views/i18n';
import { confirmSubscriptionMail } from './views/mails/confirm-subscription';

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

function readLocale(lang: 'en' | 'de'): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>;
}

/** The newsletter list (Mailchimp, or local subscribers), its double opt-in mail rendered by views/mails/confirm-subscription.tsx. */
export function createMailingProvider(options: Omit<MailingOptions, 'confirmMail'>) {
  return createMailing({ ...options, confirmMail: confirmSubscriptionMail });
}

/** Composition root: read config -> open db -> start-up turn -> pick providers -> mount routers and job handlers. */
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
    secret = await sessionSecret(db, config.sessionSecret);
  });

  const i18n = { en: createI18n('en', { en: readLocale('en') }), de: createI18n('de', { de: readLocale('de') }) };
  const mail = createMailProvider({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    envelopeFrom: config.bounces.address,
    db,
    log,
    jobs,
    dkim: config.dkim,
    // A relay that refuses an address for good is a hard bounce: no newsletter goes there again.
    onRecipientRefused: async (to, outboxId, detail) => {
      await recordMailEvent(db, { source: 'smtp', eventId: `outbox:${outboxId}`, address: to, kind: 'hard_bounce', detail });
    },
  });
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
    // Page views, counted without a cookie or a stored address (models/site/visits.ts).
    visits: createVisitCounter(db, log),
  };
  // Stripe's subscriptions (donors' monthly gifts) and OpenAI's image descriptions (alt text
  // proposals): only the donors' page and the jobs use them.
  const monthly = await createMonthlyPayments({ ...config.stripe, log });
  const vision = await createVision({ ...config.openai, log });

  const sessions = adminSessions(deps, secret);
  const app = routes(deps, { sessions, secret, monthly });

  // Background work, on whichever instance picks it up first.
  if (options.worker !== false) await jobs.start(jobTasks(deps, { monthly, vision }));
  await queueRecurringJobs(deps);

  return {
    app,
    deps,
    close: async () => {
      sessions.close();
      // Running jobs finish (or are stopped and retried later) before the database closes.
      await jobs.stop();
      await deps.visits.flush();
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
  // Express 5 calls listen's callback on an error too (a port in use): only a listening server says it runs.
  const server = app.listen(deps.config.port, (err?: Error) => {
    if (err) return;
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
