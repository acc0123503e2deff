import type { Request, RequestHandler } from 'express';
import crypto from 'node:crypto';
import { AppError } from '../../models/shared/errors';

// Every state-changing request authenticated by the session cookie must carry the session's CSRF
// token: in the X-CSRF-Token header (admin API, adminFetch) or the `_csrf` field (no-JS forms).
// The SameSite=Lax cookie already stops most cross-site posts; the token stops the rest.

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isUnsafeMethod = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

export const newCsrfToken = () => crypto.randomBytes(32).toString('base64url');

/** The token the request carries (header first, then the form field). */
function presentedToken(req: Request): string | null {
  const header = req.get(CSRF_HEADER);
  if (header) return header;
  const body = req.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  return typeof field === 'string' ? field : null;
}

/** Constant-time check of the request's token against the session's. */
export function hasValidCsrfToken(req: Request): boolean {
  const expected = req.session?.csrfToken;
  const given = presentedToken(req);
  if (!expected || !given) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Requires the CSRF token when the request was authenticated by the session cookie and is unsafe.
 * Runs after requireAdmin (it reads res.locals.admin). Key and proxy-header requests need none:
 * a browser never adds those headers on its own.
 */
export const requireCsrf: RequestHandler = (req, res, next) => {
  const via = (res.locals.admin as { via?: string } | undefined)?.via;
  if (via === 'session' && isUnsafeMethod(req.method) && !hasValidCsrfToken(req)) {
    return next(new AppError(403, 'csrf', 'Invalid or missing CSRF token. Reload the page and try again.'));
  }
  next();
};
