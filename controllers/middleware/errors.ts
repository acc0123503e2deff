import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Deps } from '../context';
import { sendPage, type PageView } from '../render';
import NotFoundPage from '../../views/pages/not-found-page';
import ErrorPage from '../../views/pages/error-page';

/** The pages the site answers with when no page has the address, or a request failed. */
const NOT_FOUND: PageView = { id: 'notFound', view: NotFoundPage, layout: 'public' };
const ERROR: PageView = { id: 'error', view: ErrorPage, layout: 'public' };
import { logOf, pathOnly } from './request-log';
import { parseDbId } from '../../models/shared/db-limits';
import { AppError, badRequest, notFound } from '../../models/shared/errors';
import type { ErrorBody, ErrorCode } from '../../models/shared/error-codes';

export { AppError, parseInput } from '../../models/shared/errors';

export const isApi = (req: Request) => req.path.startsWith('/api/') || req.path === '/api';

/** Parses a positive integer route parameter (at most PostgreSQL's integer), 400 otherwise. */
export function parseId(value: unknown): number {
  const s = String(value ?? '');
  const id = parseDbId(s);
  if (id === null) throw badRequest(`Invalid id: ${s.slice(0, 40)}`);
  return id;
}

/** The JSON error body (limiters and routes that answer by themselves use it too). */
export function errorBody(code: ErrorCode, error: string): ErrorBody {
  return { error, code };
}

export function apiNotFound(req: Request, res: Response): void {
  res.status(404).json(errorBody('not_found', `Not found: ${req.method} ${req.path}`));
}

export function pageNotFound(deps: Deps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(notFound());
    await sendPage(req, res, deps, NOT_FOUND, {
      props: {},
      meta: { title: deps.i18n[res.locals.lang as 'en' | 'de'].t('notFound.title'), description: '', noindex: true },
      status: 404,
    });
  };
}

// The database cannot be reached (restarting, gone, out of connections, a lock held too long):
// the request may well work in a moment, so 503 with Retry-After, never a 500.
const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '53300', 'SQLITE_BUSY']);
export const DATABASE_DOWN_MESSAGE = 'The site is briefly unavailable. Please try again in a moment.';

function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && DATABASE_DOWN_CODES.has(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return typeof e.message === 'string' && /Connection terminated|connection is closed|Timeout acquiring a connection|Unable to acquire a connection/i.test(e.message);
}

export const BAD_ESCAPE_MESSAGE = 'The address contains a malformed %-escape (such as %zz)';

/** The code of an error that is not an AppError (body parser, router, database), by its status. */
function codeOf(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'internal';
  return 'bad_request';
}

export function errorHandler(deps: Deps): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const app = err instanceof AppError ? err : null;
    const e = err as { status?: number; statusCode?: number; type?: string; message?: string; expose?: boolean };
    let status = app ? app.status : (e.status ?? e.statusCode ?? 500);
    let message = app || e.expose ? (e.message ?? 'Error') : 'Something went wrong on our side. Please try again later.';
    if (e.type === 'entity.parse.failed') message = 'Malformed JSON in the request body';
    if (e.type === 'entity.too.large') message = 'The request body is too large';
    if (status < 400 || status > 599) status = 500;
    let code = app ? app.code : codeOf(status);
    if (status === 500 && databaseUnavailable(err)) {
      status = 503;
      code = 'unavailable';
      message = DATABASE_DOWN_MESSAGE;
      res.set('Retry-After', '5');
    }
    // The router could not decode a %-escape of the path (/news/%zz): the address is wrong, not us.
    const badEscape = status === 400 && (err instanceof URIError || /^Failed to decode param/.test(e.message ?? ''));
    if (badEscape) message = BAD_ESCAPE_MESSAGE;
    else if (status < 500 && !app && !e.expose && !e.type) message = 'The request could not be understood';
    // An AppError of 5xx is an answer the code chose (a service not set up, busy or down; its
    // cause was logged where it happened): one warning line. Anything else is a failure, with its stack.
    if (status >= 500 && app) logOf(req, deps.log).warn({ code, status, url: pathOnly(req.originalUrl) }, `request answered ${status} ${code}: ${message}`);
    else if (status >= 500) logOf(req, deps.log).error({ err, url: pathOnly(req.originalUrl) }, 'request failed');
    if (res.headersSent) return;
    const wantsJson = isApi(req) || e.type?.startsWith('entity.') || req.accepts(['html', 'json']) === 'json';
    if (wantsJson) {
      const body: ErrorBody = { error: message, code };
      if (app?.fields) {
        body.fields = app.fieldMessages();
        body.fieldErrors = app.fieldProblems();
      }
      res.status(status).json(body);
      return;
    }
    const lang = (res.locals.lang as 'en' | 'de' | undefined) ?? 'en';
    const t = deps.i18n[lang].t;
    sendPage(req, res, deps, status === 404 ? NOT_FOUND : ERROR, {
      props: status >= 500 ? {} : { message: badEscape ? t('errorPage.badAddress') : message },
      meta: { title: status === 404 ? t('notFound.title') : t('errorPage.title'), description: '', noindex: true },
      status,
    }).catch((renderErr: unknown) => {
      logOf(req, deps.log).error({ err: renderErr }, 'error page failed');
      if (!res.headersSent) res.status(status).type('text').send(message);
    });
  };
}
