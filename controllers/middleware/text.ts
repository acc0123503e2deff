import type { RequestHandler } from 'express';
import type { Deps } from '../context';
import { isApi } from './errors';
import { AppError } from '../../models/shared/errors';
import { NUL_MESSAGE, textProblem, UNICODE_MESSAGE, type TextProblem } from '../../models/shared/db-limits';

// Stripe's signed events are not a visitor's text: refusing one would make Stripe retry it for
// days and lose the donation. The webhook stores only ids, amounts and our own metadata.
const STRIPE_WEBHOOK = '/api/stripe/webhook';

/**
 * Refuses text no database here can keep as sent, before any route sees it: NUL characters
 * (PostgreSQL refuses them, SQLite keeps them, so the same request would be a 500 on one and a
 * 200 on the other) and lone UTF-16 surrogates (both drivers turn them into U+FFFD). Checks the
 * path, the query string and the parsed JSON or form body; multipart forms are checked where
 * multer parses them (controllers/media.ts). Mounted right after the body parsers.
 */
export function rejectUnstorableText(deps: Deps): RequestHandler {
  return (req, res, next) => {
    // %00 is the only way to write NUL in a URL (the HTTP parser refuses a raw one); percent
    // decoding cannot produce a lone surrogate (invalid UTF-8 becomes U+FFFD).
    const problem: TextProblem | null = /%00/i.test(req.originalUrl)
      ? 'nul'
      : (textProblem(req.query) ?? (req.path === STRIPE_WEBHOOK ? null : textProblem(req.body)));
    if (!problem) return next();
    if (isApi(req)) return next(new AppError(400, 'invalid_text', problem === 'nul' ? NUL_MESSAGE : UNICODE_MESSAGE));
    const lang = (res.locals.lang as 'en' | 'de' | undefined) ?? 'en';
    next(new AppError(400, 'invalid_text', deps.i18n[lang].t(problem === 'nul' ? 'errorPage.nulText' : 'errorPage.unicodeText')));
  };
}
