import type { VisitCounter } from '../models/site/visits';
import type { Knex } from 'knex';
import type { Request } from 'express';
import type { i18n } from 'i18next';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Assets, Lang, PageResult } from '../views/types';
import type { MailProvider } from '../models/providers/mail';
import type { MailingProvider } from '../models/newsletter/mailing';
import type { AssistantProvider } from '../models/providers/assistant';
import type { PaymentsProvider } from '../models/providers/payments';
import type { JobQueue } from '../models/providers/jobs';
import type { PageCache } from './middleware/caching';
import type { FileStorage } from '../models/providers/storage';
import { badRequest } from '../models/shared/errors';
import type { LinkMailDeps } from '../models/people/link-mails';

/** What every controller gets from app.ts: opened once, passed down explicitly. */
export interface Deps {
  db: Knex;
  config: Config;
  log: Logger;
  i18n: Record<Lang, i18n>;
  assets: () => Assets;
  /** Rendered public pages and public API answers, per content version (one per instance). */
  pageCache: PageCache;
  /** Durable background jobs (graphile-worker on PostgreSQL, the jobs table on SQLite). */
  jobs: JobQueue;
  /** Outgoing mail (SMTP or the outbox), queued as jobs. */
  mail: MailProvider;
  /** The newsletter list: Mailchimp, or local subscribers with double opt-in. */
  mailing: MailingProvider;
  /** Drafting help: OpenAI, or deterministic templates. */
  assistant: AssistantProvider;
  /** Stripe, or 'unconfigured' when the keys are missing (checkout shows how else to donate). */
  payments: PaymentsProvider;
  /** Uploaded files: UPLOAD_DIR, or an S3-compatible bucket shared by every instance. */
  storage: FileStorage;
  /** Page views, counted without a cookie or a stored address (models/site/visits.ts). */
  visits: VisitCounter;
}

/** What a use case that mails a one-time link needs, with the view that renders the mail. */
export function linkMailDeps<R>(deps: Deps, render: R): LinkMailDeps & { render: R } {
  return { db: deps.db, mail: deps.mail, i18n: deps.i18n, org: deps.config.site.name, publicUrl: deps.config.publicUrl, render };
}

/** A page's controller: the props of its page component (the type the page exports) and its head data. */
export type PageLoader<Props = Record<string, unknown>> = (req: Request, deps: Deps) => Promise<PageResult<Props>>;

export function langOf(req: Request): Lang {
  return (req.res?.locals.lang as Lang | undefined) ?? 'en';
}

/**
 * The admin's language on a request: how the admin's amounts are read and the language of its
 * exports. The admin API lives at one address for both languages (/api/admin/...), so the admin app
 * names its language in the query (`?lang=de`) of the calls where it matters; the forms without
 * JavaScript post under /de/admin, and their language is the path's. Any other `lang` is a 400.
 */
/**
 * The admin's interface language on an API call that does not name one (?lang): the admin page the
 * call came from (its Referer, /de/admin/...), else the language the EN/DE switch remembered.
 */
export function adminInterfaceLangOf(req: Request): Lang {
  if (req.query?.lang !== undefined) return adminLangOf(req);
  const referer = req.get('referer');
  if (referer) {
    try {
      const path = new URL(referer).pathname;
      if (path === '/de' || path.startsWith('/de/')) return 'de';
      if (path.startsWith('/admin')) return 'en';
    } catch {
      // Not a URL: the cookie decides.
    }
  }
  const cookie: unknown = req.cookies?.lang;
  return cookie === 'de' ? 'de' : langOf(req);
}

export function adminLangOf(req: Request): Lang {
  const asked = req.query?.lang;
  if (asked === undefined) return langOf(req);
  if (asked === 'en' || asked === 'de') return asked;
  throw badRequest('lang must be en or de');
}

/**
 * Data a public page shows, read once per content version and shared by every page rendered from
 * that version (the page router sets `res.locals.contentVersion` after reading the version, before
 * the loader runs; elsewhere this just reads). The shared objects are frozen: a loader or view
 * that changed them would change them for every later page.
 */
export function sharedRead<T>(req: Request, deps: Deps, key: string, load: () => Promise<T>): Promise<T> {
  const version = req.res?.locals.contentVersion as string | undefined;
  if (version === undefined) return load();
  return deps.pageCache.shared(key, version, async () => deepFreeze(await load()));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
