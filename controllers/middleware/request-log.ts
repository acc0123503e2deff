import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** An id a proxy or client may hand us: short, and nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Static files: logged at debug, so the info log keeps one line per page or API call. */
const STATIC = /^\/(?:assets|images|uploads|docs|newsletter\/images)\/|^\/favicon\.ico$/;

/**
 * The path of a URL without its query string. One-time links (newsletter confirmation,
 * unsubscribe, sign-in) carry their secret in the query, and logs live longer than the secret.
 */
export function pathOnly(url: string | undefined): string {
  const s = url ?? '';
  const q = s.indexOf('?');
  return q === -1 ? s : s.slice(0, q);
}

type Req = IncomingMessage & { originalUrl?: string };

/**
 * One log line per request (method, path, status, duration) with a request id that every
 * `req.log` line of the same request carries too. The id comes from a proxy's `X-Request-Id`
 * when it is sane, so the proxy's and the app's logs can be matched; it is sent back in
 * `X-Request-Id`.
 */
export function requestLog(log: Logger): RequestHandler {
  const middleware = pinoHttp<Req, ServerResponse>({
    logger: log,
    quietReqLogger: true,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // No headers (cookies), no query strings, no addresses: what a request was and how it ended.
    serializers: {
      req: (r: { id: unknown; method: string; raw: Req }) => ({
        method: r.method,
        url: pathOnly(r.raw.originalUrl ?? r.raw.url),
      }),
      res: (r: { statusCode: number }) => ({ statusCode: r.statusCode }),
    },
    customLogLevel: (req) => (STATIC.test(pathOnly(req.originalUrl ?? req.url)) ? 'debug' : 'info'),
    customSuccessMessage: (req, res, ms) => `${req.method} ${pathOnly(req.originalUrl ?? req.url)} ${res.statusCode} ${ms}ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOnly(req.originalUrl ?? req.url)} ${res.statusCode}`,
    // The error itself is logged, with its stack, by the error middleware; this line is the summary.
    customErrorObject: (_req, _res, _err, val: Record<string, unknown>) => ({ ...val, err: undefined }),
  });
  return middleware as unknown as RequestHandler;
}

/** The request's own logger (with its id) when the request-log middleware ran, else the app's. */
export function logOf(req: Request, fallback: Logger): Logger {
  return (req.log as Logger | undefined) ?? fallback;
}
