// Donors manage their gifts without an account (/donations/manage in every language):
//
// - Asking for a link: POST /api/donor/manage-link (JSON) or the page's form (no JavaScript). The
//   answer is the same for every address; a link is mailed only when the address has given.
// - The link: GET /donations/manage?token=... only shows a page with a button (mail scanners open
//   every link); that button's POST, from our own page (isSameOrigin), uses the token once and
//   opens the donor session: a signed HttpOnly cookie with the address and the language, 1 hour.
// - With the session, every action is a form POST to the page's address with the session's CSRF
//   token (an HMAC of the signed cookie). A gift is looked up among the session's own, so another
//   donor's gift is a 404. A change at Stripe is written locally only after Stripe confirmed it.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { langOf, linkMailDeps, type Deps, type PageLoader } from './context';
import { sendPage } from './render';
import DonorManagePage from '../views/pages/donor-manage-page';
import { metaFromLocale } from './seo';
import { errorBody } from './middleware/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from './link-pages';
import { AppError, fieldError } from '../models/shared/errors';
import { normalizeEmail, tFor } from '../models/shared/text';
import { localizePath, localUrl } from '../models/shared/urls';
import type { Lang } from '../models/shared/rules';
import { CERTIFICATE_REQUEST_TASK } from '../models/giving/names';
import { mailDonorLinkIfGiven } from '../models/giving/donor-link';
import { donorLinkMail } from '../views/mails/link-mails';
import { formatAmount, isRegularInterval, MAX_DONATION_CENTS, MIN_DONATION_CENTS, parseDonationAmount, type AmountProblem, type RegularInterval } from '../models/shared/donation-rules';
import {
  checkDonorToken,
  consumeDonorToken,
  donorCsrfToken,
  donorYears,
  DONOR_GIFT_YEARS,
  DONOR_SESSION_MS,
  DONOR_TOKEN_TTL_MS,
  changeMonthlyGift,
  findOwnSubscription,
  isDonorCsrfToken,
  isManageable,
  listDonorGifts,
  listDonorSubscriptions,
  readDonorSession,
  signDonorSession,
  type DonorSession,
  type MonthlyGiftChange,
} from '../models/giving/donor';
import type { MonthlyPayments } from '../models/providers/payments-monthly';
import type { DonorError, DonorManageProps, DonorNotice } from '../views/pages/donor-manage-page';
import { donorReferenceFor } from '../models/giving/bank-import';
import { formatReference } from '../models/shared/qr-bill-rules';
import { donorGiftHealth, restartGift } from '../models/giving/recovery';

/** ?focus=card&subscription=ID (a recovery mail's link): kept through the link's button and sign-in. */
function focusQuery(q: Request['query']): string {
  const id = typeof q.subscription === 'string' && /^\d{1,12}$/.test(q.subscription) ? q.subscription : null;
  return q.focus === 'card' && id ? `focus=card&subscription=${id}` : '';
}

/** Links one client may ask for per window (every instance counts together). */
export const DONOR_LINKS_LIMIT = 5;
const WINDOW_MS = 15 * 60 * 1000;
const PAGE_PATH = '/donations/manage';

export interface DonorOptions {
  /** The app's session secret: signs the donor cookie and derives its CSRF token. */
  secret: string;
  /** Stripe's subscription calls; null when Stripe is not configured. */
  monthly: MonthlyPayments | null;
}

/** What the page router's loader finds on the request (set by donorPages for its address). */
interface DonorLocals {
  session: DonorSession;
  csrf: string;
}

const cookieName = (deps: Deps) => (deps.config.production ? '__Host-donor.sid' : 'donor.sid');
const pageUrl = (lang: Lang, query = '') => localizePath(PAGE_PATH, lang) + query;

const LinkInputSchema = z.object({
  email: z.string().max(320).optional(),
  language: z.enum(['en', 'de']).optional(),
});

type LinkOutcome = { kind: 'sent' } | { kind: 'bad-input'; error: 'emailRequired' | 'emailInvalid' };

/** The one "send me a link" logic behind the form and the API: the same answer for every address. */
function requestLink(deps: Deps, body: unknown, fallback: Lang): { outcome: LinkOutcome; lang: Lang; email: string } {
  const parsed = LinkInputSchema.safeParse(body ?? {});
  const input = parsed.success ? parsed.data : {};
  const lang = input.language ?? fallback;
  const email = (input.email ?? '').trim();
  if (!email) return { outcome: { kind: 'bad-input', error: 'emailRequired' }, lang, email };
  if (!z.email().safeParse(email).success) return { outcome: { kind: 'bad-input', error: 'emailInvalid' }, lang, email };
  // The mail goes out in the background, so the response time does not tell whether the address
  // has given either.
  void mailDonorLinkIfGiven(linkMailDeps(deps, donorLinkMail), normalizeEmail(email), lang).catch((err: unknown) => deps.log.error({ err }, 'donor link not sent'));
  return { outcome: { kind: 'sent' }, lang, email };
}

/** Link requests per client, shared by the API and the form (one limiter, one count). */
function linkLimiter(deps: Deps): RequestHandler {
  return sharedRateLimit(deps.db, 'donor-links', {
    windowMs: WINDOW_MS,
    limit: DONOR_LINKS_LIMIT,
    skip: (req) => req.method !== 'POST' || (!req.originalUrl.startsWith('/api/') && (req.body as { action?: unknown } | undefined)?.action !== 'link'),
    handler: (req, res) => {
      if (req.originalUrl.startsWith('/api/')) {
        res.status(429).json(errorBody('rate_limited', tFor(deps.i18n, bodyLang(req))('donor.errors.rate')));
        return;
      }
      renderPage(req, res, deps, { status: 429, error: { kind: 'rate' } }).catch((err: unknown) => {
        deps.log.error({ err }, 'donor page failed');
        if (!res.headersSent) res.status(429).type('text').send(tFor(deps.i18n, bodyLang(req))('donor.errors.rate'));
      });
    },
  });
}

const bodyLang = (req: Request): Lang => ((req.body as { language?: unknown } | undefined)?.language === 'de' ? 'de' : req.originalUrl.startsWith('/de/') ? 'de' : 'en');

/** POST /api/donor/manage-link { email, language } -> 200 { ok: true, message } for every address. */
export function donorApi(deps: Deps, limiter: RequestHandler): Router {
  const router = Router();
  router.post('/manage-link', limiter, (req, res) => {
    const { outcome, lang } = requestLink(deps, req.body, 'en');
    const t = tFor(deps.i18n, lang);
    if (outcome.kind === 'bad-input') {
      const message = t(`donor.errors.${outcome.error}`);
      throw new AppError(400, 'validation', message, { email: fieldError(outcome.error === 'emailInvalid' ? 'email' : 'required', undefined, message) });
    }
    res.json({ ok: true, message: t('donor.notices.sent') });
  });
  return router;
}

/** The loader of /donations/manage: the form, or (with a session) the donor's gifts. */
export const managePage: PageLoader<DonorManageProps> = async (req, deps) => {
  const lang = langOf(req);
  // Personal, or about to be: never kept in the page cache.
  if (req.res) req.res.locals.noPageCache = true;
  const q = req.query;
  const notice = typeof q.done === 'string' && (NOTICES as readonly string[]).includes(q.done) ? (q.done as DonorNotice) : null;
  const error = typeof q.error === 'string' && (QUERY_ERRORS as readonly string[]).includes(q.error) ? { kind: q.error as DonorError } : null;
  const year = Number(q.year);
  const cancel = Number(q.cancel);
  const focus = focusQuery(q) ? Number(q.subscription) : null;
  const props: DonorManageProps = {
    session: null,
    notice,
    noticeYear: Number.isSafeInteger(year) && year > 1900 && year < 3000 ? year : null,
    error,
    confirmCancel: Number.isSafeInteger(cancel) && cancel > 0 ? cancel : null,
    email: '',
    amount: '',
    focus,
  };
  const donor = req.res?.locals.donor as DonorLocals | undefined;
  if (donor) {
    const email = donor.session.email;
    const [subscriptions, gifts, years] = await Promise.all([listDonorSubscriptions(deps.db, email, lang), listDonorGifts(deps.db, email, lang), donorYears(deps.db, email)]);
    // The donor's own reference for bank transfers: made the first time the page shows it.
    const bankReference = formatReference(await donorReferenceFor(deps.db, email));
    props.session = { email, csrf: donor.csrf, subscriptions: subscriptions.map((s) => ({ ...s, manageable: isManageable(s) })), gifts, years, giftYears: DONOR_GIFT_YEARS, bankReference };
    props.session.health = await donorGiftHealth(deps.db, email);
  }
  return { props, meta: metaFromLocale(deps, lang, 'donorManage', { noindex: true }) };
};

const NOTICES: readonly DonorNotice[] = ['sent', 'signedOut', 'signedIn', 'amount', 'interval', 'paused', 'resumed', 'canceled', 'card', 'certificate', 'restarted'];
/** Outcomes a redirect may name in the query string (the others are answered in place). */
const QUERY_ERRORS: readonly DonorError[] = ['expired'];

/** The page answered in place (after a POST): the loader's props with the outcome, and a status. */
async function renderPage(req: Request, res: Response, deps: Deps, outcome: { status: number; error?: DonorManageProps['error']; email?: string; amount?: string }): Promise<void> {
  // The page's own address (inside this router req.url is relative to its mount): the page
  // router's tree matches it, and the browser's hydration finds the same page.
  req.url = req.originalUrl;
  const result = await managePage(req, deps);
  result.props.error = outcome.error ?? null;
  result.props.notice = null;
  result.props.email = outcome.email ?? '';
  result.props.amount = outcome.amount ?? '';
  await sendPage(req, res, deps, { id: 'donorManage', view: DonorManagePage, layout: 'public' }, { ...result, status: outcome.status });
}

const ActionSchema = z.object({
  action: z.enum(['amount', 'interval', 'pause', 'resume', 'cancel', 'card', 'certificate', 'signOut', 'restart']),
  subscription: z.coerce.number().int().positive().optional(),
  amount: z.string().max(40).optional(),
  interval: z.string().max(20).optional(),
  year: z.coerce.number().int().optional(),
});

/**
 * The page's own routes (mounted at /donations/manage in every language, before the page router):
 * the donor session on every request, the link's button page, and every form's POST.
 */
export function donorPages(deps: Deps, options: DonorOptions, limiter: RequestHandler): Router {
  const router = Router();
  const { secret } = options;
  const cookie = cookieName(deps);

  // "Update your card" answers with a redirect to Stripe's Billing Portal, which a browser follows
  // only when the page's forms may go there: this page's policy adds Stripe's portal (and, in the
  // tests, the configured fake Stripe) to the site's form-action.
  const portals = ['https://billing.stripe.com', ...(deps.config.stripe.apiBase ? [new URL(deps.config.stripe.apiBase).origin] : [])].join(' ');
  router.use((_req, res, next) => {
    const csp = res.getHeader('Content-Security-Policy');
    if (typeof csp === 'string') res.setHeader('Content-Security-Policy', csp.replace(/form-action ([^;]*)/, `form-action $1 ${portals}`));
    next();
  });

  router.use((req, res, next) => {
    const raw = (req.cookies as Record<string, unknown> | undefined)?.[cookie];
    const session = readDonorSession(secret, raw);
    if (session && typeof raw === 'string') res.locals.donor = { session, csrf: donorCsrfToken(secret, raw) } satisfies DonorLocals;
    next();
  });

  const linkInvalid = (res: Response, lang: Lang, reason: 'unknown' | 'used' | 'expired') => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, {
      status: 400,
      title: t('linkPages.donor.invalidTitle'),
      text: t(`linkPages.donor.${reason}`, { minutes: String(DONOR_TOKEN_TTL_MS / 60000) }),
      links: [{ href: pageUrl(lang), label: t('linkPages.donor.requestNew') }],
    });
  };

  // The link of the mail: a page with one button; the token is checked, not used.
  router.get('/', async (req, res, next) => {
    if (typeof req.query.token !== 'string') return next();
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    const token = req.query.token;
    const check = await checkDonorToken(deps.db, token);
    if (!check.ok) return linkInvalid(res, lang, check.reason);
    sendLinkPage(deps, res, lang, {
      title: t('linkPages.donor.title'),
      text: t('linkPages.donor.text', { email: check.email }),
      form: { action: `${req.baseUrl}/session${focusQuery(req.query) ? `?${focusQuery(req.query)}` : ''}`, token, button: t('linkPages.donor.button'), why: t('linkPages.donor.why') },
    });
  });

  // The button: only from our own page (there is no session yet, so no CSRF token).
  router.post('/session', async (req, res) => {
    const lang = langOf(req);
    if (!isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
    const result = await consumeDonorToken(deps.db, postedToken(req));
    if (!result.ok) return linkInvalid(res, lang, result.reason);
    const session: DonorSession = { email: result.email, lang: result.lang, expires: Date.now() + DONOR_SESSION_MS };
    res.cookie(cookie, signDonorSession(secret, session), { httpOnly: true, sameSite: 'lax', secure: deps.config.production, path: '/', maxAge: DONOR_SESSION_MS });
    const focus = focusQuery(req.query);
    res.redirect(303, pageUrl(lang, `?done=signedIn${focus ? `&${focus}` : ''}`));
  });

  router.post('/', limiter, async (req, res) => {
    const lang = langOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;

    if (body.action === 'link') {
      const { outcome, email } = requestLink(deps, body, lang);
      if (outcome.kind === 'bad-input') return renderPage(req, res, deps, { status: 400, error: { kind: outcome.error }, email });
      return res.redirect(303, pageUrl(lang, '?done=sent'));
    }

    const donor = res.locals.donor as DonorLocals | undefined;
    if (!donor) return res.redirect(303, pageUrl(lang, '?error=expired'));
    if (!isDonorCsrfToken(secret, String(req.cookies?.[cookie] ?? ''), body._csrf)) {
      return renderPage(req, res, deps, { status: 403, error: { kind: 'csrf' } });
    }
    const parsed = ActionSchema.safeParse(body);
    if (!parsed.success) return renderPage(req, res, deps, { status: 400, error: { kind: 'badForm' } });
    const input = parsed.data;
    const email = donor.session.email;

    if (input.action === 'signOut') {
      res.clearCookie(cookie, { httpOnly: true, sameSite: 'lax', secure: deps.config.production, path: '/' });
      delete res.locals.donor;
      return res.redirect(303, pageUrl(lang, '?done=signedOut'));
    }

    if (input.action === 'certificate') {
      const years = await donorYears(deps.db, email);
      if (input.year === undefined || !years.includes(input.year)) return renderPage(req, res, deps, { status: 400, error: { kind: 'year' } });
      // One waiting request per donor and year: pressing twice sends one certificate.
      await deps.jobs.add(CERTIFICATE_REQUEST_TASK, { email, year: input.year, lang }, { key: `donor-certificate-${email}-${input.year}` });
      return res.redirect(303, pageUrl(lang, `?done=certificate&year=${input.year}`));
    }

    const own = input.subscription === undefined ? null : await findOwnSubscription(deps.db, email, input.subscription);
    if (!own) return renderPage(req, res, deps, { status: 404, error: { kind: 'notFound' } });
    if (!isManageable(own)) return renderPage(req, res, deps, { status: 409, error: { kind: 'closed' } });

    let amountCents = 0;
    if (input.action === 'amount') {
      const amount = parseDonationAmount(input.amount ?? '');
      if ('problem' in amount) {
        return renderPage(req, res, deps, { status: 400, error: { kind: 'amount', subscription: own.id, problem: amount.problem, limit: limitText(amount.problem, own.currency, lang) }, amount: input.amount ?? '' });
      }
      amountCents = amount.cents;
    }
    const interval = input.interval;
    if (input.action === 'interval' && !isRegularInterval(interval)) return renderPage(req, res, deps, { status: 400, error: { kind: 'badForm' } });

    // The change is made at Stripe (a new card in Stripe's Billing Portal), then shown at once.
    const gifts = { db: deps.db, log: deps.log, monthly: options.monthly };
    const unavailable = () => renderPage(req, res, deps, { status: 503, error: { kind: 'paymentService' } });
    if (input.action === 'restart') {
      // A paused gift: Stripe collects its open payment now, with the card saved meanwhile.
      const outcome = await restartGift({ db: deps.db, log: deps.log, payments: deps.payments }, own);
      if (outcome === 'unavailable') return unavailable();
      if (outcome !== 'restarted') return renderPage(req, res, deps, { status: 409, error: { kind: outcome === 'declined' ? 'restartDeclined' : 'restartNothing', subscription: own.id } });
      return res.redirect(303, pageUrl(lang, '?done=restarted'));
    }
    if (input.action === 'card') {
      const result = await changeMonthlyGift(gifts, own, { action: 'card', returnUrl: localUrl(deps.config.publicUrl, PAGE_PATH, lang, { done: 'card' }) });
      return result.outcome === 'portal' ? res.redirect(303, result.url) : unavailable();
    }
    const change: MonthlyGiftChange =
      input.action === 'amount' ? { action: 'amount', amountCents } : input.action === 'interval' ? { action: 'interval', interval: interval as RegularInterval } : { action: input.action };
    if ((await changeMonthlyGift(gifts, own, change)).outcome === 'unavailable') return unavailable();
    const done = { amount: 'amount', interval: 'interval', pause: 'paused', resume: 'resumed', cancel: 'canceled' }[input.action];
    res.redirect(303, pageUrl(lang, `?done=${done}`));
  });
  return router;
}

function limitText(problem: AmountProblem, currency: string, lang: Lang): string | undefined {
  if (problem === 'min') return formatAmount(MIN_DONATION_CENTS, currency, lang, 2);
  if (problem === 'max') return formatAmount(MAX_DONATION_CENTS, currency, lang, 2);
  return undefined;
}

/** The mounts of the donor part: the API, the page's routes and the shared link limiter. */
export function donorRoutes(deps: Deps, options: DonorOptions): { api: Router; pages: Router } {
  const limiter = linkLimiter(deps);
  return { api: donorApi(deps, limiter), pages: donorPages(deps, options, limiter) };
}
