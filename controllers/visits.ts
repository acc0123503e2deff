// Page views without a cookie or a stored address (models/site/visits.ts):
// - countPageView: the page routes call it for each public HTML page they send (from the page
//   cache or rendered), unless it was fetched ahead (Sec-Purpose: prefetch, prerender), asked for
//   by a bot, or by a signed-in admin;
// - POST /api/visits { path, query?, referrer? }: the beacon of a page fetched ahead, sent when it
//   is shown (views/island-loader.ts), counted under the same rules.
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Deps } from './context';
import { sharedRateLimit } from './middleware/rate-limit';
import { errorBody, parseInput } from './middleware/errors';
import { isBot } from '../models/site/visits';
import { dashboardView, statsFor, StatsQuerySchema } from '../models/site/stats';

/** Fetched ahead of a click (prefetch or prerender): counted only when shown. */
const fetchedAhead = (req: Request) => /prefetch|prerender/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-moz') ?? ''}`);

/** A signed-in admin's browser (the admin session's cookie): the team's own views are not counted. */
const isAdmin = (req: Request) => Object.keys((req.cookies as Record<string, unknown> | undefined) ?? {}).some((name) => /(^|\.)admin\.sid$/.test(name));

function counts(req: Request): boolean {
  return !isBot(req.get('user-agent')) && !isAdmin(req);
}

const hostOf = (req: Request) => req.get('host') ?? '';

/** One public HTML page sent with status 200: counted when a person asked for it to see it now. */
export function countPageView(deps: Deps, req: Request): void {
  if (req.method !== 'GET' || fetchedAhead(req) || !counts(req)) return;
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  deps.visits.count({ path: req.path, query, ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '', referer: req.get('referer') ?? null, ownHost: hostOf(req) });
}

const BeaconSchema = z.object({
  path: z.string().max(300).regex(/^\/[^\s?#]*$/, 'path must be a page address like /news'),
  query: z.string().max(500).default(''),
  referrer: z.string().max(500).default(''),
});

export function visitsApi(deps: Deps): Router {
  const router = Router();
  // A page shown after it was fetched ahead says so once; more than this from one address is not a person.
  const limiter = sharedRateLimit(deps.db, 'visit-beacons', { windowMs: 60_000, limit: 60, message: errorBody('rate_limited', 'Too many requests from this address.') });
  router.post('/', limiter, (req, res) => {
    const input = parseInput(BeaconSchema, req.body ?? {});
    if (counts(req)) {
      deps.visits.count({ path: input.path, query: input.query, ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '', referer: input.referrer || null, ownHost: hostOf(req) });
    }
    res.status(204).end();
  });
  return router;
}

/** GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (Swiss days; by default the last 30): every role. */
export function adminStatsApi(deps: Deps): Router {
  const router = Router();
  router.get('/stats', async (req, res) => {
    const range = parseInput(StatsQuerySchema, { from: req.query.from, to: req.query.to });
    res.json(await statsFor(deps.db, range));
  });
  // The dashboard tab's data when the admin switches to it in the browser (the page itself comes
  // with it, controllers/admin/page.ts): ?from&to as the page reads them, ?lang=de for German titles.
  router.get('/dashboard', async (req, res) => {
    res.json(await dashboardView(deps.db, { from: req.query.from, to: req.query.to }, req.query.lang === 'de' ? 'de' : 'en'));
  });
  return router;
}
