import { Router, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../config';
import { tFor, type Deps } from './context';
import { HttpError } from './middleware/errors';
import { localizePath, splitLang } from '../views/routes';
import { confirmSubscription, SubscribeInputSchema, unsubscribe } from '../models/subscriber';
import { NewsletterError } from '../models/newsletter';
import type { Lang } from '../models/rules';
import { toastKeyFor } from '../views/components/newsletter-form';

/** Subscriptions from one address: plenty for a family behind one router, too few for a bot. */
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 10 * 60 * 1000;

/** The language of a subscription: the form says it; a form posted without JavaScript, its page. */
function subscribeLang(req: Request): Lang {
  const given = (req.body as { language?: unknown } | undefined)?.language;
  if (given === 'de' || given === 'en') return given;
  try {
    const referer = req.get('referer');
    if (referer) return splitLang(new URL(referer).pathname).lang;
  } catch {
    // an unreadable Referer: English
  }
  return 'en';
}

/** A form posted without JavaScript wants a page back, not JSON. */
const wantsHtml = (req: Request) => req.is('application/x-www-form-urlencoded') !== false && req.accepts(['json', 'html']) === 'html';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The small confirmation pages (confirm, unsubscribe, no-JS subscribe): plain HTML with the site's stylesheet. */
function sendSimplePage(deps: Deps, res: Response, lang: Lang, page: { title: string; text: string; status?: number }): void {
  const t = tFor(deps, lang);
  const site = deps.config.site;
  const home = localizePath('/', lang);
  res
    .status(page.status ?? 200)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(`<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(page.title)} | ${esc(site.name)}</title>
<link rel="stylesheet" href="${esc(deps.assets().css)}">
</head>
<body>
<header class="site-header"><div class="container nav"><a class="brand brand-name" href="${home}"><img src="/images/logo.svg" alt="" width="36" height="36"> ${esc(site.name)}</a></div></header>
<main id="main" class="section page-top newsletter-page">
<div class="container narrow center">
<h1>${esc(page.title)}</h1>
<p class="lead">${esc(page.text)}</p>
<p><a class="btn btn-primary" href="${home}">${esc(t('newsletterPages.backHome'))}</a></p>
</div>
</main>
</body>
</html>
`);
}

/** Public newsletter routes: subscribe (SPEC section 7), confirm and one-click unsubscribe pages. */
export function newsletterRouter(deps: Deps): Router {
  const router = Router();
  const limiter = rateLimit({
    windowMs: SUBSCRIBE_WINDOW_MS,
    limit: SUBSCRIBE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      const t = tFor(deps, subscribeLang(req));
      res.status(429).json({ error: t('newsletterPages.errors.rateLimited') });
    },
  });

  router.post('/api/newsletter/subscribe', limiter, async (req, res) => {
    const lang = subscribeLang(req);
    const t = tFor(deps, lang);
    const html = wantsHtml(req);
    const fail = (status: number, error: string) => {
      if (html) return sendSimplePage(deps, res, lang, { title: t('newsletter.errorTitle'), text: error, status });
      res.status(status).json({ error });
    };
    const parsed = SubscribeInputSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return fail(400, typeof email === 'string' && email.trim() ? t('newsletterPages.errors.invalidEmail') : t('newsletter.emailRequiredText'));
    }
    let status;
    try {
      status = await deps.mailing.subscribe({
        email: parsed.data.email,
        language: lang,
        form: parsed.data.form || 'footer',
        consentText: `${t('newsletter.text')} ${t('newsletter.consent')}`,
      });
    } catch (err) {
      if (!(err instanceof NewsletterError)) throw err;
      // The footer recognises this English phrase and shows its own (translated) message.
      if (err.code === 'forgotten') return fail(400, err.message);
      if (err.code === 'invalid') return fail(400, t('newsletterPages.errors.invalidEmail'));
      return fail(err.status, t('newsletterPages.errors.unavailable'));
    }
    if (html) {
      const key = toastKeyFor(status);
      return sendSimplePage(deps, res, lang, { title: t(`newsletter.${key}Title`), text: t(`newsletter.${key}Text`) });
    }
    res.json({ status });
  });

  router.get(['/newsletter/confirm', '/de/newsletter/confirm'], async (req, res) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const subscriber = await confirmSubscription(deps.db, token);
    if (!subscriber) {
      return sendSimplePage(deps, res, lang, { title: t('newsletterPages.invalidTitle'), text: t('newsletterPages.invalidText'), status: 400 });
    }
    sendSimplePage(deps, res, lang, { title: t('newsletterPages.confirmedTitle'), text: t('newsletterPages.confirmedText', { email: subscriber.email }) });
  });

  // One click in the mail unsubscribes (GET); mail programs' unsubscribe buttons POST (RFC 8058).
  const leave = (method: string) => async (req: Request, res: Response) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const subscriber = await unsubscribe(deps.db, token, method);
    if (!subscriber) {
      return sendSimplePage(deps, res, lang, {
        title: t('newsletterPages.unsubscribeInvalidTitle'),
        text: t('newsletterPages.unsubscribeInvalidText', { email: deps.config.site.email }),
        status: 400,
      });
    }
    sendSimplePage(deps, res, lang, { title: t('newsletterPages.unsubscribedTitle'), text: t('newsletterPages.unsubscribedText', { email: subscriber.email }) });
  };
  router.get(['/newsletter/unsubscribe', '/de/newsletter/unsubscribe'], leave('unsubscribe-link'));
  router.post(['/newsletter/unsubscribe', '/de/newsletter/unsubscribe'], leave('one-click-header'));

  router.get('/newsletter/images/*path', pngRendition(deps));
  return router;
}

/**
 * The site's SVG images as PNG for e-mails (most mail programs do not show SVG):
 * /newsletter/images/projects/x.png is public/images/projects/x.svg, rendered 1200 px wide.
 */
function pngRendition(deps: Deps) {
  const cache = new Map<string, Buffer>();
  const imagesDir = path.join(ROOT, 'public', 'images');
  return async (req: Request, res: Response) => {
    const parts = (req.params as { path?: string[] | string }).path;
    const segments = Array.isArray(parts) ? parts : String(parts ?? '').split('/');
    const last = segments.at(-1) ?? '';
    if (!segments.length || !last.endsWith('.png') || !segments.every((s) => /^[\w-]+(\.png)?$/.test(s))) throw new HttpError(404, 'Not found');
    const rel = [...segments.slice(0, -1), last.replace(/\.png$/, '.svg')].join('/');
    let png = cache.get(rel);
    if (!png) {
      let svg: Buffer;
      try {
        svg = await fs.readFile(path.join(imagesDir, rel));
      } catch {
        throw new HttpError(404, 'Not found');
      }
      png = await sharp(svg, { density: 144 }).resize({ width: 1200, withoutEnlargement: false }).png({ compressionLevel: 9 }).toBuffer();
      if (cache.size > 100) cache.delete(cache.keys().next().value!);
      cache.set(rel, png);
    }
    deps.log.debug({ rel }, 'png rendition');
    res.set({ 'Cache-Control': 'public, max-age=86400', 'Cross-Origin-Resource-Policy': 'cross-origin' }).type('png').send(png);
  };
}
