// Admin sign-in: key or e-mail link, the session, logout; the login page's loader.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { clientKey, sharedRateLimit } from '../middleware/rate-limit';
import { z } from 'zod';
import { DEMO_ADMIN_EMAIL } from '../../config';
import { langOf, linkMailDeps, type Deps, type PageLoader } from '../context';
import type { AdminLoginProps, LoginNotice } from '../../views/pages/admin-login-page';
import { normalizeEmail, tFor } from '../../models/shared/text';
import { AppError, fieldError } from '../../models/shared/errors';
import { errorBody } from '../middleware/errors';
import { identify, presentsCredentialHeader, type AdminIdentity } from '../middleware/auth';
import { newCsrfToken } from '../middleware/csrf';
import { metaFromLocale } from '../seo';
import { checkLoginToken, consumeLoginToken, LOGIN_TOKEN_TTL_MS } from '../../models/people/login-token';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from '../link-pages';
import { adminDisplayName, isAdminEmail, matchAdminKey, rememberAdminUser } from '../../models/people/user';
import { recordAudit } from '../../models/people/audit';
import { mailSignInLink } from '../../models/people/link-mails';
import { signInLinkMail } from '../../views/mails/link-mails';
import { ensureConfiguredPerson, inviteTokens, markJoined, personByEmail, type Person } from '../../models/people/people';
import { homeScreen, type AdminRole } from '../../models/shared/roles';
import { adminHref } from '../../models/shared/admin-rules';
import { localizePath } from '../../models/shared/urls';
import type { Lang } from '../../models/shared/rules';
import { machineDraftsAvailable } from './screens/frame';


/** Failed logins allowed per address and window before 429. */
export const LOGIN_FAILURES_LIMIT = 10;
/** Sign-in e-mails one address may request per window. */
export const LOGIN_EMAILS_LIMIT = 5;
const WINDOW_MS = 15 * 60 * 1000;

export const MESSAGES = {
  invalid: 'Invalid credentials - Please check your credentials and try again.',
  success: 'Login successful!',
  tooMany: 'Too many login attempts. Please wait 15 minutes and try again.',
  keyRequired: 'Please enter your admin key',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  linkSent: 'If this address belongs to an admin, a sign-in link valid for 15 minutes is on its way. Check your inbox.',
  linkInvalid: 'This sign-in link is invalid, expired or already used. Please request a new one.',
  loggedOut: 'Logged out successfully',
} as const;

/** Notices the login page can show, passed in its query string (?error=invalid, ?sent=1...). */

const LoginInputSchema = z.object({
  mode: z.enum(['key', 'email']).optional(),
  key: z.string().max(512).optional(),
  email: z.string().max(320).optional(),
});

type LoginOutcome =
  | { kind: 'session' }
  | { kind: 'invalid' }
  | { kind: 'link-sent' }
  | { kind: 'bad-input'; notice: 'keyRequired' | 'emailRequired' | 'emailInvalid' };

const pathLang = (req: Request): Lang => langOf(req);
const loginUrl = (lang: Lang, query = '') => localizePath('/admin-login', lang) + query;
/** Where a sign-in leads: the first screen of the person's role (models/shared/roles.ts homeScreen). */
const adminUrl = (lang: Lang, role: AdminRole | undefined) => adminHref(lang, homeScreen(role ?? 'admin'));

/** Opens a fresh session for an admin: new session id (no fixation), new CSRF token. */
export function openSession(req: Request, admin: { id: string; method: 'key' | 'email' | 'passkey'; name: string | null; role: AdminRole; personId?: number }): Promise<void> {
  // The browser it was opened in, for the person's list of their sessions (user agent, shortened).
  const device = (req.get('user-agent') ?? '').slice(0, 200) || null;
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.admin = { ...admin, device, loggedInAt: new Date().toISOString() };
      req.session.csrfToken = newCsrfToken();
      req.session.save((err2) => (err2 ? reject(err2) : resolve()));
    });
  });
}

function endSession(req: Request, res: Response, cookieName: string): Promise<void> {
  return new Promise((resolve) => {
    if (!req.session) return resolve();
    req.session.destroy(() => {
      res.clearCookie(cookieName, { path: '/' });
      resolve();
    });
  });
}

/** Which credential a login request offers: an e-mail address, or (by default) a key. */
function loginMode(body: unknown): 'key' | 'email' {
  const b = body as { mode?: unknown; email?: unknown; key?: unknown } | undefined;
  if (b?.mode === 'key' || b?.mode === 'email') return b.mode;
  return b && b.email !== undefined && b.key === undefined ? 'email' : 'key';
}

/** The one login logic behind the form and POST /api/admin/login. */
async function attemptLogin(deps: Deps, req: Request, body: unknown): Promise<LoginOutcome> {
  const parsed = LoginInputSchema.safeParse(body ?? {});
  const input = parsed.success ? parsed.data : {};
  const mode = loginMode(input);
  if (mode === 'key') {
    const key = (input.key ?? '').trim();
    if (!key) return { kind: 'bad-input', notice: 'keyRequired' };
    const id = matchAdminKey(deps.config.adminKeys, key);
    if (!id) return { kind: 'invalid' };
    const name = adminDisplayName(deps.config.adminNames, id);
    await openSession(req, { id, method: 'key', name, role: deps.config.keyRoles[id] ?? 'admin' });
    await rememberAdminUser(deps.db, id, name, deps.config.keyRoles[id] ?? 'admin');
    await recordAudit(deps.db, { actor: id, actorName: name, action: 'login', entity: 'session', summary: 'Logged in with an admin key', details: { method: 'key' } });
    return { kind: 'session' };
  }
  const email = (input.email ?? '').trim();
  if (!email) return { kind: 'bad-input', notice: 'emailRequired' };
  if (!z.email().safeParse(email).success) return { kind: 'bad-input', notice: 'emailInvalid' };
  // An address is not a secret: the answer is the same for every address, and the mail goes out
  // in the background so the response time does not tell either.
  if (isAdminEmail(deps.config.adminEmails, email) || (await personByEmail(deps.db, email))) {
    mailSignInLink(linkMailDeps(deps, signInLinkMail), normalizeEmail(email), pathLang(req)).catch((err: unknown) => deps.log.error({ err }, 'sign-in link not sent'));
  }
  return { kind: 'link-sent' };
}

/**
 * The person an e-mail sign-in or a passkey opens a session for: an invited person (their role),
 * or an ADMIN_EMAILS address (an admin, added to the people at its first sign-in). Null when the
 * address is neither (any more).
 */
export async function signInPerson(deps: Deps, email: string): Promise<Person | null> {
  const configured = isAdminEmail(deps.config.adminEmails, email);
  const person = configured
    ? await ensureConfiguredPerson(deps.db, email, adminDisplayName(deps.config.adminNames, normalizeEmail(email)))
    : await personByEmail(deps.db, email);
  if (!person) return null;
  await markJoined(deps.db, person.id);
  // An ADMIN_EMAILS address is an admin whatever its row says.
  return configured ? { ...person, role: 'admin', configured: true } : person;
}

/** The failed-login limiter at every admin entrance: see loginLimits. */
export interface LoginLimits {
  /** For every admin API request: a credential header that is present but wrong is a wrong guess. */
  credentialHeaders: RequestHandler;
  /** For the sign-in posts (form and API): a wrong key is a wrong guess; sign-in e-mails have a limit of their own. */
  attempts: RequestHandler[];
}

/**
 * Wrong guesses per client address, counted in the shared database (every instance sees the same
 * count), wherever a credential can be tried: controllers/routes.ts puts `credentialHeaders` on every admin API
 * mount and the login routes put `attempts` on their posts. Only wrong guesses are counted, so an
 * admin's parallel requests never add up. Once an address is locked out, a right credential is
 * refused too: otherwise the lockout would tell a guesser which guess was right.
 */
export function loginLimits(deps: Deps): LoginLimits {
  const tooMany = (req: Request, res: Response) => {
    if (!req.originalUrl.startsWith('/api/')) return res.redirect(303, loginUrl(pathLang(req), '?error=rate'));
    res.status(429).json(errorBody('rate_limited', MESSAGES.tooMany));
  };
  const wrongKeyPosted = (req: Request): boolean => {
    const body = req.body as { key?: unknown } | undefined;
    if (loginMode(body) !== 'key') return false;
    const key = typeof body?.key === 'string' ? body.key.trim() : '';
    return key.length > 0 && !matchAdminKey(deps.config.adminKeys, key);
  };
  /** Decided before the request runs: a wrong credential header, or (on a sign-in post) a wrong key. */
  const isWrongGuess = (req: Request, res: Response): boolean => {
    if (presentsCredentialHeader(deps, req)) return identify(deps, req) === 'bad-credential';
    return res.locals.signInAttempt === true && wrongKeyPosted(req);
  };
  const failedLogins = sharedRateLimit(deps.db, 'failed-logins', {
    windowMs: WINDOW_MS,
    limit: LOGIN_FAILURES_LIMIT,
    skip: (req, res) => !isWrongGuess(req, res),
    handler: tooMany,
  });
  const lockout: RequestHandler = async (req, res, next) => {
    if (isWrongGuess(req, res)) return next();
    const info = await failedLogins.getKey(clientKey(req));
    if (info && info.totalHits >= LOGIN_FAILURES_LIMIT) return tooMany(req, res);
    next();
  };
  const signInEmails = sharedRateLimit(deps.db, 'sign-in-emails', {
    windowMs: WINDOW_MS,
    limit: LOGIN_EMAILS_LIMIT,
    skip: (req) => loginMode(req.body) !== 'email',
    handler: tooMany,
  });
  const signInAttempt: RequestHandler = (_req, res, next) => {
    res.locals.signInAttempt = true;
    next();
  };
  return {
    credentialHeaders: (req, res, next) => {
      if (!presentsCredentialHeader(deps, req)) return next();
      lockout(req, res, (err?: unknown) => (err ? next(err) : failedLogins(req, res, next)));
    },
    attempts: [signInAttempt, lockout, failedLogins, signInEmails],
  };
}

/** POST /api/admin/login (mounted there): the one way into the admin API without a credential. */
export function loginApi(deps: Deps, limits: LoginLimits): Router {
  const router = Router();
  router.post('/', ...limits.attempts, async (req, res) => {
    const outcome = await attemptLogin(deps, req, req.body);
    switch (outcome.kind) {
      case 'session':
        // The admin page the browser opens next says so once (as after the form).
        req.session.flash = { kind: 'success', key: 'login.success' };
        res.json({ message: MESSAGES.success, admin: identify(deps, req), csrfToken: req.session.csrfToken });
        return;
      case 'invalid':
        throw new AppError(401, 'invalid_credentials', MESSAGES.invalid);
      case 'link-sent':
        res.json({ message: MESSAGES.linkSent, sent: true });
        return;
      case 'bad-input': {
        const field = outcome.notice === 'keyRequired' ? 'key' : 'email';
        const message = MESSAGES[outcome.notice];
        throw new AppError(400, 'validation', message, { [field]: fieldError(outcome.notice === 'emailInvalid' ? 'email' : 'required', undefined, message) });
      }
    }
  });
  return router;
}

/** The session in the admin API (mounted at /api/admin behind the admin guard). */
export function sessionApi(deps: Deps, cookieName: string): Router {
  const router = Router();
  // Who is logged in, and the CSRF token the browser must send with every change.
  router.get('/session', (req, res) => {
    const who = res.locals.admin as AdminIdentity;
    res.json({ admin: who, csrfToken: who.via === 'session' ? (req.session.csrfToken ?? null) : null, machineDrafts: machineDraftsAvailable(deps) });
  });

  router.post('/logout', async (req, res) => {
    await endSession(req, res, cookieName);
    res.json({ message: MESSAGES.loggedOut });
  });
  return router;
}

/** The login page's routes and the e-mail link (mounted at /admin-login in every language). */
export function loginPages(deps: Deps, limits: LoginLimits): Router {
  const router = Router();

  // The login page: an admin who is already signed in goes straight to the admin page.
  router.get('/', (req, res, next) => {
    if (req.session?.admin && req.accepts(['html', 'json']) === 'html') return res.redirect(303, adminUrl(pathLang(req), req.session.admin.role));
    next();
  });

  // The form (works without JavaScript): post, then redirect with the outcome in the query string.
  router.post('/', ...limits.attempts, async (req, res) => {
    const lang = pathLang(req);
    const outcome = await attemptLogin(deps, req, req.body);
    if (outcome.kind === 'session') {
      req.session.flash = { kind: 'success', key: 'login.success' };
      return res.redirect(303, adminUrl(lang, req.session.admin?.role));
    }
    const mode = (req.body as { mode?: string } | undefined)?.mode === 'email' ? '&mode=email' : '';
    if (outcome.kind === 'invalid') {
      return res.redirect(303, loginUrl(lang, `?error=invalid${mode}`));
    }
    if (outcome.kind === 'link-sent') return res.redirect(303, loginUrl(lang, '?sent=1&mode=email'));
    return res.redirect(303, loginUrl(lang, `?error=${outcome.notice}${mode}`));
  });

  // The link of the sign-in e-mail only shows a page with one button: mail scanners open every
  // link in a mail, and must not use the one-time token up. The token is checked, not consumed.
  const linkInvalid = (res: Response, lang: Lang, reason: 'unknown' | 'used' | 'expired') => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, {
      status: 400,
      title: t('linkPages.signIn.invalidTitle'),
      text: t(`linkPages.signIn.${reason}`, { minutes: String(LOGIN_TOKEN_TTL_MS / 60000) }),
      links: [{ href: loginUrl(lang, '?mode=email'), label: t('linkPages.signIn.requestNew') }],
    });
  };
  router.get('/verify', async (req, res) => {
    const lang = pathLang(req);
    const t = tFor(deps.i18n, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const check = await checkLoginToken(deps.db, token);
    if (!check.ok) return linkInvalid(res, lang, check.reason);
    sendLinkPage(deps, res, lang, {
      title: t('linkPages.signIn.title'),
      text: t('linkPages.signIn.text', { site: deps.config.site.name, email: check.email }),
      form: { action: req.baseUrl + req.path, token, button: t('linkPages.signIn.button'), why: t('linkPages.signIn.why') },
    });
  });

  // The button: only from our own page (no session yet, so no CSRF token), then the session opens.
  router.post('/verify', async (req, res) => {
    const lang = pathLang(req);
    if (!isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
    const result = await consumeLoginToken(deps.db, postedToken(req));
    if (!result.ok) return linkInvalid(res, lang, result.reason);
    const person = await signInPerson(deps, result.email);
    // Removed since the link was mailed: no session.
    if (!person) return linkInvalid(res, lang, 'unknown');
    await openSession(req, { id: person.email, method: 'email', name: person.name, role: person.role, personId: person.id });
    await rememberAdminUser(deps.db, person.email, person.name, person.role);
    await recordAudit(deps.db, { actor: person.email, actorName: person.name, action: 'login', entity: 'session', summary: 'Logged in with an e-mail link', details: { method: 'email' } });
    req.session.flash = { kind: 'success', key: 'login.success' };
    res.redirect(303, adminUrl(lang, person.role));
  });
  return router;
}

/** The no-JavaScript logout (mounted with the admin pages, behind their guard). */
export function logoutForm(cookieName: string): Router {
  const router = Router();
  router.post('/logout', async (req, res) => {
    const lang = pathLang(req);
    await endSession(req, res, cookieName);
    res.redirect(303, loginUrl(lang, '?loggedOut=1'));
  });
  return router;
}

const NOTICES: readonly LoginNotice[] = ['invalid', 'rate', 'link', 'sent', 'loggedOut', 'keyRequired', 'emailRequired', 'emailInvalid'];


/** The invitation of an `?invite=` link, checked (not used: the passkey's creation uses it). */
async function invitation(deps: Deps, token: unknown): Promise<AdminLoginProps['invite']> {
  if (typeof token !== 'string') return null;
  const check = await inviteTokens.check(deps.db, token);
  const person = check.ok ? await personByEmail(deps.db, check.email) : null;
  return person ? { token, name: person.name, role: person.role, site: deps.config.site.name } : 'invalid';
}

/** Loader of /admin-login. */
export const loginPage: PageLoader<AdminLoginProps> = async (req, deps) => {
  const q = req.query;
  let notice: LoginNotice | null = null;
  if (q.sent) notice = 'sent';
  else if (q.loggedOut) notice = 'loggedOut';
  else if (typeof q.error === 'string' && (NOTICES as readonly string[]).includes(q.error)) notice = q.error as LoginNotice;
  const production = deps.config.production;
  const props: AdminLoginProps = {
    mode: q.mode === 'email' ? 'email' : 'key',
    notice,
    demoKey: production ? null : deps.config.site.demoAdminKey,
    demoEmail: !production && deps.config.adminEmails.includes(DEMO_ADMIN_EMAIL) ? DEMO_ADMIN_EMAIL : null,
    invite: await invitation(deps, q.invite),
  };
  return { props, meta: { ...metaFromLocale(deps, langOf(req), 'adminLogin'), noindex: true } };
};
