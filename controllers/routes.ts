// The server's routes, in the order a request meets them: operations, headers, the page cache,
// static files, body parsing, the admin area behind its guards, the public API and pages, then one
// 404 and one error handler. app.ts builds the dependencies and hands them in.
import express, { type Express } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../config';
import type { Deps } from './context';
import type { AdminSessions } from './middleware/sessions';
import type { MonthlyPayments } from '../models/providers/payments-monthly';
import { locale } from './middleware/locale';
import { apiNotFound, errorHandler, pageNotFound } from './middleware/errors';
import { cachedPages, pagesRouter } from './pages';
import { cachedPublicApi } from './middleware/caching';
import { writePage } from './render';
import { projectsApi } from './projects';
import { newsApi } from './news';
import { teamApi } from './team';
import { sitemapRouter } from './sitemap';
import { feedsRouter } from './feeds';
import { speculationRouter } from './speculation';
import { newsletterApi, newsletterImages, newsletterLinkPages } from './newsletter';
import { projectUpdatesLinkPages } from './project-updates';
import { yearlyAppealLinkPages } from './yearly-appeal';
import { checkoutApi } from './checkout';
import { visitsApi } from './visits';
import { fundraiserPages, fundraisersApi } from './fundraisers';
import { impactRouter } from './impact';
import { qrBillRouter } from './qr-bill';
import { adminApi, adminForms, loginApi, loginLimits, loginPages, passkeyLoginApi } from './admin/index';
import { markdownApi, pageTextsApi } from './admin/words';
import { adminPages } from './admin/pages';
import { mediaRouters } from './media';
import { requireAdmin, requireAdminPage } from './middleware/auth';
import { noStore, privatePage } from './middleware/cache-control';
import { inEveryLanguage } from './lang-routes';
import { healthRouter } from './health';
import { requestLog } from './middleware/request-log';
import { rejectUnstorableText } from './middleware/text';
import { donorRoutes } from './donor';
import { donorReferenceRoutes } from './donor-reference';
import { adminPrivacyApi, privacyApi, privacyPages } from './privacy';
import { previewApi } from './preview';
import { a11yApi } from './admin/a11y';
import { mailEventsApi } from './mail-events';

declare module 'http' {
  interface IncomingMessage {
    /** The unparsed JSON body, kept for signature checks (Stripe webhooks). */
    rawBody?: Buffer;
  }
}

const PUBLIC_DIR = path.join(ROOT, 'public');

export interface RouteOptions {
  /** The admin area's sessions (controllers/middleware/sessions.ts). */
  sessions: AdminSessions;
  /** The session secret, which also signs the donors' one-time links. */
  secret: string;
  /** Stripe's subscriptions, for the donors' page (null without Stripe's keys). */
  monthly: MonthlyPayments | null;
}

/** The Express app with every router mounted. */
export function routes(deps: Deps, options: RouteOptions): Express {
  const { db, config, log } = deps;
  const { sessions } = options;
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
          // No inline script: every page's code is a file of ours (views/island-loader.ts, the admin app).
          scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
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
  const adminApiGuard = [sessions.middleware, noStore, limits.credentialHeaders, requireAdmin(deps)];
  app.use('/api/admin/login', sessions.middleware, noStore, loginApi(deps, limits));
  // Admins who are people: the passkey sign-in and the invitation's passkey (controllers/admin/people.ts).
  app.use('/api/admin/login', sessions.middleware, noStore, passkeyLoginApi(deps));
  // Publishing: preview links are made by admins only (opened by anyone holding one, see controllers/preview.ts).
  app.use('/api/admin/preview', adminApiGuard, previewApi(deps));
  // -- Words: the Markdown preview and each page's texts for the Pages form (controllers/admin/words.ts).
  app.use('/api/admin/markdown', adminApiGuard, markdownApi(deps));
  app.use('/api/admin/page-texts', adminApiGuard, pageTextsApi(deps));
  // -- Accessibility checks of a form's Markdown fields (controllers/admin/a11y.ts).
  app.use('/api/admin/a11y-check', adminApiGuard, a11yApi(deps));
  // People's data: access and erasure for an address, from the Donations and Subscribers tabs.
  app.use('/api/admin/privacy', adminApiGuard, adminPrivacyApi(deps, { secret: options.secret, monthly: options.monthly }));
  app.use('/api/admin', adminApiGuard, adminApi(deps, { cookieName: sessions.cookieName }));
  app.use('/api/media', adminApiGuard, media.api);
  // The login page and the admin's screens with their no-JavaScript forms, in every language:
  // private, never stored. The admin forms check the CSRF token themselves (adminForms says why);
  // the pages are React Router's routes with their loaders (controllers/admin/pages.ts).
  const admin = adminPages(deps);
  app.use(inEveryLanguage('/admin-login'), sessions.middleware, privatePage, loginPages(deps, limits), admin);
  app.use(inEveryLanguage('/admin'), sessions.middleware, privatePage, requireAdminPage({ deferCsrf: true }), adminForms(deps, { cookieName: sessions.cookieName, media }), admin);

  // ---- Public: uploaded files, the read API (through the page cache), donations, the newsletter.
  app.use('/uploads', media.files);
  const publicApi = cachedPublicApi(deps.pageCache, writePage);
  app.use('/api/projects', publicApi, projectsApi(deps));
  app.use('/api/news', publicApi, newsApi(deps));
  app.use('/api/team', publicApi, teamApi(deps));
  app.use('/api', checkoutApi(deps));
  app.use('/api/newsletter', newsletterApi(deps));
  // The sending providers' bounce and complaint webhooks, each checked as its provider documents (controllers/mail-events.ts).
  app.use('/api/mail-events', mailEventsApi(deps));
  // ---- Donors manage their gifts: the link request (API) and the page's own routes (the link's
  // button, every form's POST; the page itself is rendered by the page router). Never stored.
  const donor = donorRoutes(deps, { secret: options.secret, monthly: options.monthly });
  app.use('/api/donor', noStore, donor.api);
  // A donor's own reference for a standing order, from the checkout's bank transfer (API and form).
  const reference = donorReferenceRoutes(deps);
  app.use('/api/donor', noStore, reference.api);
  app.use(reference.pages);
  app.use(inEveryLanguage('/donations/manage'), privatePage, donor.pages);
  app.use(inEveryLanguage('/newsletter'), newsletterLinkPages(deps));
  // Supporters' fundraisers: the API and the posts of the form and the owner's page (controllers/fundraisers.ts).
  app.use('/api/fundraisers', fundraisersApi(deps));
  // The beacon of a page fetched ahead, sent when it is shown (controllers/visits.ts). Never stored.
  app.use('/api/visits', noStore, visitsApi(deps));
  app.use(inEveryLanguage('/fundraisers'), fundraiserPages(deps));
  // A project's news to its donors: the unsubscribe page and its one-click button.
  app.use(inEveryLanguage('/project-updates'), privatePage, projectUpdatesLinkPages(deps));
  // The yearly appeal's "no more of these" page and its one-click button (controllers/yearly-appeal.ts).
  app.use(inEveryLanguage('/yearly-appeal'), privatePage, yearlyAppealLinkPages(deps));
  // People's data by e-mailed link (controllers/privacy.ts): the request, the link pages. Never stored.
  app.use('/api/privacy', noStore, privacyApi(deps, { secret: options.secret, monthly: options.monthly }));
  // (Not privatePage: the notice itself at /privacy is a public page; the link pages say no-store themselves.)
  app.use(inEveryLanguage('/privacy'), privacyPages(deps, { secret: options.secret, monthly: options.monthly }));
  app.get('/newsletter/images/*path', newsletterImages(deps));
  app.use(qrBillRouter(deps));
  // The yearly impact report's PDF, and /impact to this year's report (controllers/impact.ts).
  app.use(impactRouter(deps));
  app.use(sitemapRouter(deps));
  // The news as Atom and JSON Feed, per language and per project (controllers/feeds.ts).
  app.use(feedsRouter(deps));
  app.use(speculationRouter());
  app.use('/api', apiNotFound);
  // The backend overview shows a signed-in admin its full detail (controllers/backend-demo.ts): it
  // reads the admin's session, the only public page that does.
  app.use(inEveryLanguage('/backend-demo'), sessions.middleware);
  app.use(pagesRouter(deps));
  app.use(pageNotFound(deps));
  app.use(errorHandler(deps));


  return app;
}
