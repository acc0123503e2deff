// People's data by e-mailed link (revFADP Art. 25 and 32):
// - POST /api/privacy/requests { email, kind: 'access' | 'erasure', language } -> 202 { ok, message },
//   the same answer whatever the address; a one-time link goes to the address, in its language;
// - the privacy notice's form posts the same to /privacy/requests (no JavaScript needed);
// - /privacy/access?token= and /privacy/erasure?token= (and under /de): a page with one button (mail
//   scanners open links; only the button's POST acts), then the report (with its JSON download) or
//   the erasure's outcome;
// - POST /api/admin/privacy/access|erasure { email }: the same for admins (Donations and Subscribers
//   tabs), in the audit log under their name.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { linkMailDeps, type Deps } from './context';
import { errorBody } from './middleware/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from './link-pages';
import { AppError, fieldError } from '../models/shared/errors';
import { escapeHtml as esc, normalizeEmail, tFor } from '../models/shared/text';
import { localizePath } from '../models/shared/urls';
import type { Lang } from '../models/shared/rules';
import type { MonthlyPayments } from '../models/providers/payments-monthly';
import { BY_LINK, erase, giveAccess, PRIVACY_TOKEN_TTL_MS, privacyTokens, requestPrivacyLink, type PrivacyActor } from '../models/privacy/privacy-requests';
import type { PersonalData } from '../models/privacy/personal-data';
import { privacyLinkMail } from '../views/mails/link-mails';

/** Requests one client may make per window (every instance counts together). */
export const PRIVACY_REQUESTS_LIMIT = 5;
const WINDOW_MS = 15 * 60 * 1000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface PrivacyOptions {
  /** The app's session secret: keys the pseudonyms. */
  secret: string;
  monthly: MonthlyPayments | null;
}

const RequestSchema = z.object({
  email: z.string().trim().max(320).regex(EMAIL),
  kind: z.enum(['access', 'erasure']),
  language: z.enum(['en', 'de']).default('en'),
});

const langOfBody = (req: Request): Lang => ((req.body as { language?: unknown } | undefined)?.language === 'de' || req.originalUrl.startsWith('/de/') ? 'de' : 'en');

function limiter(deps: Deps): RequestHandler {
  return sharedRateLimit(deps.db, 'privacy-requests', {
    windowMs: WINDOW_MS,
    limit: PRIVACY_REQUESTS_LIMIT,
    skip: (req) => req.method !== 'POST',
    handler: (req, res) => {
      const t = tFor(deps.i18n, langOfBody(req));
      if (req.originalUrl.startsWith('/api/')) res.status(429).json(errorBody('rate_limited', t('privacyRequests.errors.rate')));
      else sendLinkPage(deps, res, langOfBody(req), { status: 429, title: t('privacyRequests.errors.rateTitle'), text: t('privacyRequests.errors.rate') });
    },
  });
}

/** POST /api/privacy/requests. */
export function privacyApi(deps: Deps, options: PrivacyOptions): Router {
  const router = Router();
  router.post('/requests', limiter(deps), async (req, res) => {
    const lang = langOfBody(req);
    const t = tFor(deps.i18n, lang);
    const parsed = RequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
      const message = t(field === 'kind' ? 'privacyRequests.errors.kind' : 'privacyRequests.errors.email');
      throw new AppError(400, 'validation', message, { [field]: fieldError(field === 'kind' ? 'invalid' : 'email', undefined, message) });
    }
    const { email, kind, language } = parsed.data;
    await requestPrivacyLink(linkMailDeps(deps, privacyLinkMail), options.secret, normalizeEmail(email), kind, language);
    res.status(202).json({ ok: true, message: tFor(deps.i18n, language)('privacyRequests.sent', { email: normalizeEmail(email) }) });
  });
  return router;
}

/** The report of what the site holds, as HTML (the access page), with its JSON download. */
function reportHtml(deps: Deps, lang: Lang, data: PersonalData, mailchimp: Record<string, unknown> | null): string {
  const t = tFor(deps.i18n, lang);
  const json = JSON.stringify({ ...data, mailchimp }, null, 2);
  const count = (key: string, n: number) => `<li>${esc(t(`privacyReport.${key}`, { count: n }))}</li>`;
  const section = (title: string, rows: string[]) => (rows.length ? `<h2>${esc(title)}</h2><ul class="privacy-report-list">${rows.join('')}</ul>` : '');
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(lang === 'de' ? 'de-CH' : 'en-GB', { timeZone: 'Europe/Zurich', year: 'numeric', month: 'long', day: 'numeric' }) : '');
  const money = (cents: number, currency: string) => `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;
  return `<ul class="privacy-report-summary">${count('subscriptions', data.subscriptions.length)}${count('gifts', data.gifts.length)}${count('monthlyGifts', data.monthlyGifts.length)}${count('certificates', data.certificates.length)}${count('mails', data.mails.length)}</ul>
${section(t('privacyReport.subscriptionsTitle'), data.subscriptions.map((s) => `<li>${esc(t('privacyReport.subscription', { status: s.status, language: s.language.toUpperCase(), date: date(s.consentAt) }))}</li>`))}
${section(t('privacyReport.giftsTitle'), data.gifts.map((g) => `<li>${esc([g.reference ?? '', date(g.at), money(g.amountCents, g.currency), g.project ?? '', g.name ?? '', (g.address ?? '').replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(' · '))}</li>`))}
${section(t('privacyReport.monthlyTitle'), data.monthlyGifts.map((m) => `<li>${esc([date(m.startedAt), money(m.amountCents, m.currency), m.status].join(' · '))}</li>`))}
${section(t('privacyReport.mailsTitle'), data.mails.map((m) => `<li>${esc(`${date(m.at)} · ${m.subject}`)}</li>`))}
${section(t('privacyReport.followsTitle'), data.followedProjects.map((f) => `<li>${esc([f.project, f.language.toUpperCase(), date(f.since), f.stoppedAt ? t('privacyReport.followStopped', { date: date(f.stoppedAt) }) : ''].filter(Boolean).join(' · '))}</li>`))}
${section(t('privacyReport.fundraisersTitle'), data.fundraisers.map((f) => `<li>${esc([date(f.startedAt), f.title, f.name ?? '', t(`privacyReport.fundraiserStatus.${f.status}`)].filter(Boolean).join(' · '))}</li>`))}
${section(t('privacyReport.bankAccountsTitle'), data.bankAccounts.map((a) => `<li>${esc([a.iban.replace(/(.{4})(?=.)/g, '$1 '), a.name ?? '', t('privacyReport.bankAccountSince', { date: date(a.since) })].filter(Boolean).join(' · '))}</li>`))}
${section(t('privacyReport.yearlyAppealsTitle'), data.yearlyAppeals.map((a) => `<li>${esc(a.event === 'mailed' ? t('privacyReport.yearlyAppealMailed', { year: a.year, date: date(a.at) }) : t('privacyReport.yearlyAppealStopped', { date: date(a.at) }))}</li>`))}
${section(t('privacyReport.mailReportsTitle'), data.mailReports.map((r) => `<li>${esc(t('privacyReport.mailReport', { date: date(r.at), what: t(`privacyReport.mailReportKinds.${r.kind}`, { defaultValue: r.kind }), source: r.source }))}</li>`))}
${data.suppressed ? `<p>${esc(t('privacyReport.suppressedSince', { date: date(data.suppressed.since) }))}</p>` : ''}
${section(t('privacyReport.cardsTitle'), data.tributeCards.map((c) => `<li>${esc([date(c.sendOn), c.name, c.language.toUpperCase(), c.sentAt ? t('privacyReport.cardSent') : t('privacyReport.cardWaiting')].join(' · '))}</li>`))}
${mailchimp ? `<h2>${esc(t('privacyReport.mailchimpTitle'))}</h2><pre class="privacy-report-json">${esc(JSON.stringify(mailchimp, null, 2))}</pre>` : ''}
<p class="link-page-actions"><a class="btn btn-primary" download="personal-data.json" href="data:application/json;base64,${Buffer.from(json, 'utf8').toString('base64')}">${esc(t('privacyReport.download'))}</a></p>`;
}

/** The link pages of both kinds, and the notice's form. Mounted in every language. */
export function privacyPages(deps: Deps, options: PrivacyOptions): Router {
  const router = Router();
  const lang = (req: Request): Lang => (req.originalUrl.startsWith('/de/') ? 'de' : 'en');

  // The privacy notice's form: the same request as the API, answered with a page.
  router.post('/requests', limiter(deps), async (req, res) => {
    const l = langOfBody(req);
    const t = tFor(deps.i18n, l);
    if (!isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, l);
    const parsed = RequestSchema.safeParse({ ...req.body, language: l });
    if (!parsed.success) {
      return sendLinkPage(deps, res, l, { status: 400, title: t('privacyRequests.errors.title'), text: t(String(parsed.error.issues[0]?.path[0]) === 'kind' ? 'privacyRequests.errors.kind' : 'privacyRequests.errors.email'), links: [{ href: `${localizePath('/privacy', l)}#rights`, label: t('privacyRequests.back') }] });
    }
    const email = normalizeEmail(parsed.data.email);
    await requestPrivacyLink(linkMailDeps(deps, privacyLinkMail), options.secret, email, parsed.data.kind, l);
    sendLinkPage(deps, res, l, { status: 202, title: t('privacyRequests.sentTitle'), text: t('privacyRequests.sent', { email }) });
  });

  for (const kind of ['access', 'erasure'] as const) {
    const texts = kind === 'access' ? 'linkPages.privacyAccess' : 'linkPages.privacyErasure';
    const invalid = (res: Response, l: Lang, reason: 'unknown' | 'used' | 'expired') => {
      const t = tFor(deps.i18n, l);
      sendLinkPage(deps, res, l, {
        status: reason === 'unknown' ? 404 : 410,
        title: t(`${texts}.invalidTitle`),
        text: t(`${texts}.${reason}`, { minutes: String(PRIVACY_TOKEN_TTL_MS / 60000) }),
        links: [{ href: `${localizePath('/privacy', l)}#rights`, label: t(`${texts}.requestNew`) }],
      });
    };
    router.get(`/${kind}`, async (req, res) => {
      const l = lang(req);
      const t = tFor(deps.i18n, l);
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const found = await privacyTokens[kind].check(deps.db, token);
      if (!found.ok) return invalid(res, l, found.reason);
      sendLinkPage(deps, res, l, { title: t(`${texts}.title`), text: t(`${texts}.text`, { email: found.email }), form: { action: req.originalUrl.split('?')[0]!, token, button: t(`${texts}.button`), why: t('linkPages.donor.why') } });
    });
    router.post(`/${kind}`, async (req, res) => {
      const l = lang(req);
      const t = tFor(deps.i18n, l);
      if (!isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, l);
      const used = await privacyTokens[kind].consume(deps.db, postedToken(req));
      if (!used.ok) return invalid(res, l, used.reason);
      if (kind === 'access') {
        const [data, mailchimp] = await Promise.all([giveAccess(deps.db, options.secret, used.email, BY_LINK), deps.mailing.memberRecord(used.email)]);
        return sendLinkPage(deps, res, l, { title: t('privacyReport.title'), text: t('privacyReport.lead', { email: used.email }), html: reportHtml(deps, l, data, mailchimp) });
      }
      try {
        const outcome = await erase({ db: deps.db, secret: options.secret, monthly: options.monthly, mailing: deps.mailing }, used.email, BY_LINK);
        sendLinkPage(deps, res, l, { title: t('privacyErased.title'), text: t('privacyErased.text', { gifts: outcome.gifts + outcome.monthlyGifts }) });
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'privacy: an erasure could not finish');
        sendLinkPage(deps, res, l, { status: 503, title: t('privacyErased.failedTitle'), text: t('privacyErased.failed') });
      }
    });
  }
  return router;
}

const AdminSchema = z.object({ email: z.string().trim().max(320).regex(EMAIL) });

/** POST /api/admin/privacy/access | /erasure { email }: for admins, audited under their name. */
export function adminPrivacyApi(deps: Deps, options: PrivacyOptions): Router {
  const router = Router();
  const actorOf = (res: Response): PrivacyActor => {
    const admin = res.locals.admin as { id: string; name?: string | null } | undefined;
    return { actor: admin?.id ?? 'admin', actorName: admin?.name ?? null };
  };
  const emailOf = (req: Request) => {
    const parsed = AdminSchema.safeParse(req.body);
    if (!parsed.success) throw new AppError(400, 'validation', 'Please enter a valid email address', { email: fieldError('email') });
    return normalizeEmail(parsed.data.email);
  };
  router.post('/access', async (req, res) => {
    const email = emailOf(req);
    const [data, mailchimp] = await Promise.all([giveAccess(deps.db, options.secret, email, actorOf(res)), deps.mailing.memberRecord(email)]);
    res.json({ ...data, mailchimp });
  });
  router.post('/erasure', async (req, res) => {
    const email = emailOf(req);
    const outcome = await erase({ db: deps.db, secret: options.secret, monthly: options.monthly, mailing: deps.mailing }, email, actorOf(res));
    res.json({ erased: true, ...outcome });
  });
  return router;
}
