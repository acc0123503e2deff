// Who may keep an answer: one middleware per policy, set where a group of routes is mounted
// (controllers/routes.ts), so no handler has to remember it. Answers that differ from their group (a file served
// for a year, a page with a token in its address) set their own header where they are made.
import type { RequestHandler } from 'express';

/**
 * Never stored by a browser or a cache on the way: admin data, personal data, secrets. An error
 * page rendered for such a request keeps the policy (the page renderer writes res.locals.cacheControl).
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  res.locals.cacheControl = 'no-store';
  next();
};

/**
 * Pages rendered for one signed-in admin (or one about to sign in): they carry the CSRF token.
 * The page renderer writes this header when the page goes out.
 */
export const privatePage: RequestHandler = (_req, res, next) => {
  res.locals.cacheControl = 'private, no-store';
  next();
};
