import type { Request, RequestHandler } from 'express';
import { splitLang } from '../../models/shared/urls';
import { LANG_COOKIE } from '../../views/site';
import type { Lang } from '../../models/shared/rules';

/** As long as the browser keeps the choice the EN/DE switch writes in the browser (one year). */
const LANG_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The path of a same-origin Referer; null when there is none or it names another site. */
function ownRefererPath(req: Request): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  const url = URL.parse(referer);
  return url && url.host === req.get('host') ? url.pathname : null;
}

/** A browser loading a page (not client-side navigation asking for JSON, not an API call). */
const wantsHtml = (req: Request) => req.accepts(['html', 'json']) === 'html';

/** The language the visitor chose with the EN/DE switch (the cookie), if any. */
export function chosenLang(req: Request): Lang | null {
  const value: unknown = req.cookies?.[LANG_COOKIE];
  return value === 'en' || value === 'de' ? value : null;
}

/**
 * The language the browser asks for, among the two the site has: q-values decide, an equal q goes
 * to the one named first, any German region (de-CH, de-AT...) counts as German, and so does Swiss
 * German (gsw), which our Swiss readers read as Standard German. No header, or only languages we do
 * not have: English.
 */
export function browserLang(req: Request): Lang {
  if (!req.get('accept-language')) return 'en';
  const best = req.acceptsLanguages('en', 'de', 'gsw');
  return best === 'de' || best === 'gsw' ? 'de' : 'en';
}

/**
 * The language comes from the URL: /de/... is German, everything else English.
 *
 * A click on the EN/DE switch before the page's JavaScript runs (or without it) is a plain link to
 * the same page in the other language; the browser then asks for the twin of the page it came from.
 * That choice is remembered in the same cookie the switch writes in the browser, so the front door
 * follows it later, also for visitors whose JavaScript never ran.
 */
export const locale: RequestHandler = (req, res, next) => {
  const here = splitLang(req.path);
  res.locals.lang = here.lang;
  if (req.method === 'GET' && req.get('referer')) {
    const from = ownRefererPath(req);
    const there = from === null ? null : splitLang(from);
    if (there && there.lang !== here.lang && there.path === here.path && chosenLang(req) !== here.lang && wantsHtml(req)) {
      res.cookie(LANG_COOKIE, here.lang, { path: '/', maxAge: LANG_COOKIE_MAX_AGE_MS, sameSite: 'lax' });
      // An answer that sets a cookie is for this visitor only.
      res.locals.cacheControl = 'private, no-cache';
    }
  }
  next();
};

/**
 * The front door `/`: a visitor who chose German before (the cookie), or whose browser asks for
 * German and who never chose, gets the German home page. Choosing English is remembered just the
 * same, and a click on one of our own pages that leads to `/` (the EN switch, the logo) is never
 * sent elsewhere. Only `/` itself: every other address, and `/de`, is what it says, so both homes
 * keep their own canonical address for search engines (which ask without a language).
 *
 * The decision is made before the page cache is asked (the cached page is the English home, the
 * same for everyone who stays), and the answers say what they depend on, for caches on the way.
 */
export const frontDoor: RequestHandler = (req, res, next) => {
  res.vary('Accept-Language');
  res.vary('Cookie');
  const chosen = chosenLang(req);
  const wanted = chosen ?? browserLang(req);
  if (wanted === 'de' && wantsHtml(req) && ownRefererPath(req) === null) {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.vary('Accept');
    res.set('Cache-Control', 'private, no-cache');
    return res.redirect(302, `/de${query}`);
  }
  next();
};
