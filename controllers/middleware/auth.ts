import type { Request, RequestHandler } from 'express';
import { langOf, type Deps } from '../context';
import { localizePath } from '../../models/shared/urls';
import { adminDisplayName, isAdminEmail, matchAdminKey, storedActorName, type AdminIdentity } from '../../models/people/user';
import { normalizeEmail } from '../../models/shared/text';
import { AppError } from '../../models/shared/errors';
import { capabilityFor, roleCan, type AdminRole } from '../../models/shared/roles';
import { requireCsrf } from './csrf';
import type { AdminFlash } from '../../views/admin/lib/flash';
import { isAdminTab } from '../../models/shared/admin-rules';

export type { AdminFlash };

export type { AdminIdentity };

declare module 'express-session' {
  interface SessionData {
    /** Set on login (key or e-mail link); the session id is regenerated at that moment. */
    admin?: { id: string; method: 'key' | 'email' | 'passkey'; loggedInAt: string; name?: string | null; role?: AdminRole; personId?: number; device?: string | null };
    csrfToken?: string;
    /** One message for the next admin page view (no-JavaScript forms: post, redirect, show). */
    flash?: AdminFlash;
  }
}

export const ADMIN_KEY_HEADER = 'x-admin-key';
export const ADMIN_EMAIL_HEADER = 'x-admin-email';

/**
 * Who is asking, if anyone: the X-Admin-Key header (scripts), the X-Admin-Email header (only
 * behind an authenticating proxy, TRUST_ADMIN_EMAIL_HEADER), or the session. A header that is
 * present but wrong is an error, not a fall-through to the session.
 */
export function identify(deps: Deps, req: Request): AdminIdentity | 'bad-credential' | null {
  const key = req.get(ADMIN_KEY_HEADER);
  if (key !== undefined) {
    const id = matchAdminKey(deps.config.adminKeys, key);
    return id ? { id, via: 'key', name: adminDisplayName(deps.config.adminNames, id), role: deps.config.keyRoles[id] ?? 'admin' } : 'bad-credential';
  }
  if (deps.config.trustAdminEmailHeader) {
    const email = req.get(ADMIN_EMAIL_HEADER);
    if (email !== undefined) {
      const id = normalizeEmail(email);
      return isAdminEmail(deps.config.adminEmails, email) ? { id, via: 'email-header', name: adminDisplayName(deps.config.adminNames, id), role: 'admin' } : 'bad-credential';
    }
  }
  const admin = req.session?.admin;
  if (admin) return { id: admin.id, via: 'session', name: admin.personId ? (admin.name ?? admin.id) : adminDisplayName(deps.config.adminNames, admin.id), role: sessionRole(admin), ...(admin.personId ? { personId: admin.personId } : {}) };
  return null;
}

/**
 * The role a session was opened with. Sessions opened before roles existed were all opened with
 * ADMIN_KEYS or ADMIN_EMAILS, which were admins.
 */
const sessionRole = (admin: { role?: AdminRole }): AdminRole => admin.role ?? 'admin';

/** The path a capability is decided on: below /api/admin or /admin (in any language). */
const policyPath = (req: Request) => (req.originalUrl.split('?')[0] ?? '').replace(/^\/api\/admin(?=\/|$)|^(?:\/[a-z]{2})?\/admin(?=\/|$)/, '') || '/';

/** 403 auth.forbidden when the role does not cover what the request does (models/people/roles.ts). */
function forbiddenFor(req: Request, who: AdminIdentity): AppError | null {
  if (roleCan(who.role, capabilityFor(req.method, policyPath(req)))) return null;
  return new AppError(403, 'auth.forbidden', FORBIDDEN);
}

/** A GET of an admin screen's page (/admin, /admin/<screen>, below the /admin mount). */
const isScreenRead = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && (req.path === '/' || isAdminTab(req.path.slice(1).replace(/\/$/, '')));

export const FORBIDDEN = 'Your role does not allow this. Ask an admin if you need it.';

/** True when the request carries a credential header this server reads (for the failed-login limiter). */
export function presentsCredentialHeader(deps: Deps, req: Request): boolean {
  return req.get(ADMIN_KEY_HEADER) !== undefined || (deps.config.trustAdminEmailHeader && req.get(ADMIN_EMAIL_HEADER) !== undefined);
}

/**
 * Admin API guard: 401 JSON without a valid credential; sets res.locals.admin = { id, via };
 * session-authenticated POST/PUT/PATCH/DELETE also need the CSRF token (403 otherwise).
 */
export function requireAdmin(deps: Deps): RequestHandler {
  return (req, res, next) => {
    const who = identify(deps, req);
    if (who === 'bad-credential') return next(new AppError(401, 'invalid_credentials', 'Invalid credentials - Please check your credentials and try again.'));
    if (!who) return next(new AppError(401, 'unauthorized', 'No admin credentials found'));
    res.locals.admin = who;
    const forbidden = forbiddenFor(req, who);
    if (forbidden) return next(forbidden);
    requireCsrf(req, res, next);
  };
}

/**
 * Admin page and form guard (browser, session only): without a session, back to the login page
 * of the same language instead of a 401.
 */
export function requireAdminPage(options: { deferCsrf?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const admin = req.session?.admin;
    if (!admin) {
      if (req.accepts(['html', 'json']) === 'json') return next(new AppError(401, 'unauthorized', 'No admin credentials found'));
      return res.redirect(303, localizePath('/admin-login', langOf(req)));
    }
    // The name was read from the configuration at sign-in (this guard has no configuration at hand).
    const who: AdminIdentity = { id: admin.id, via: 'session', name: storedActorName(admin.id, admin.name) ?? adminDisplayName({}, admin.id), role: sessionRole(admin), ...(admin.personId ? { personId: admin.personId } : {}) };
    res.locals.admin = who;
    // A screen of the admin is a page every role may open: the screen decides what it offers
    // (controllers/admin/pages.ts opens the dashboard instead of a screen the role does not cover).
    const forbidden = isScreenRead(req) ? null : forbiddenFor(req, who);
    if (forbidden) return next(forbidden);
    if (options.deferCsrf) return next();
    requireCsrf(req, res, next);
  };
}
