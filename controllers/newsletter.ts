import { recordSignup } from '../models/site/visits';
import { Router, type Request, type Response } from 'express';
import fs from 'node:fs/promises';
import path from 'node:path';
import multer from 'multer';
import { loadSharp } from '../models/media/lazy';
import { ROOT } from '../config';
import type { Deps } from './context';
import { tFor } from '../models/shared/text';
import { errorBody } from './middleware/errors';
import { AppError, notFound } from '../models/shared/errors';
import type { ErrorCode } from '../models/shared/error-codes';
import { sharedRateLimit } from './middleware/rate-limit';
import { localizePath, splitLang } from '../models/shared/urls';
import { checkConfirmToken, confirmSubscription, findByUnsubscribeToken, SubscribeInputSchema, unsubscribe } from '../models/newsletter/subscriber';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from './link-pages';
import type { Lang } from '../models/shared/rules';
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

/** POST /api/newsletter/subscribe (mounted at /api/newsletter). */
export function newsletterApi(deps: Deps): Router {
  const router = Router();
  const limiter = sharedRateLimit(deps.db, 'newsletter-subscribe', {
    windowMs: SUBSCRIBE_WINDOW_MS,
    limit: SUBSCRIBE_LIMIT,
    handler: (req, res) => {
      const t = tFor(deps.i18n, subscribeLang(req));
      res.status(429).json(errorBody('rate_limited', t('newsletterPages.errors.rateLimited')));
    },
  });

  router.post('/subscribe', limiter, async (req, res) => {
    const lang = subscribeLang(req);
    const t = tFor(deps.i18n, lang);
    const html = wantsHtml(req);
    // The message is in the visitor's language (the footer shows it); the code says what happened.
    const fail = (status: number, code: ErrorCode, error: string) => {
      if (html) return sendLinkPage(deps, res, lang, { title: t('newsletter.errorTitle'), text: error, status });
      res.status(status).json(errorBody(code, error));
    };
    const parsed = SubscribeInputSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && email.trim()) return fail(400, 'newsletter.invalid_email', t('newsletterPages.errors.invalidEmail'));
      return fail(400, 'validation', t('newsletter.emailRequiredText'));
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
      if (!(err instanceof AppError)) throw err;
      // The footer shows its own (translated) message for this code; the English sentence stays
      // for a form posted without JavaScript and for other clients.
      if (err.code === 'newsletter.previously_unsubscribed') return fail(400, err.code, err.message);
      if (err.code === 'newsletter.invalid_email') return fail(400, err.code, t('newsletterPages.errors.invalidEmail'));
      return fail(err.status, err.code === 'newsletter.mail_failed' ? err.code : 'newsletter.unavailable', t('newsletterPages.errors.unavailable'));
    }
    // Which page brought the subscription: counted, without the address (the reports).
    await recordSignup(deps.db, { source: parsed.data.source ?? null, lang, status }).catch((err: unknown) => deps.log.warn({ err: (err as Error).message }, 'signup not counted'));
    if (html) {
      const key = toastKeyFor(status);
      return sendLinkPage(deps, res, lang, { title: t(`newsletter.${key}Title`), text: t(`newsletter.${key}Text`) });
    }
    res.json({ status });
  });
  return router;
}

/** The confirm and unsubscribe pages and their buttons (mounted at /newsletter in every language). */
export function newsletterLinkPages(deps: Deps): Router {
  const router = Router();
  const subscribeAgain = (lang: Lang) => ({ href: `${localizePath('/', lang)}#newsletter-email`, label: tFor(deps.i18n, lang)('newsletterPages.subscribeAgain') });

  const confirmInvalid = (res: Response, lang: Lang) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { title: t('newsletterPages.invalidTitle'), text: t('newsletterPages.invalidText'), status: 400, links: [subscribeAgain(lang)] });
  };

  // The confirmation link only shows the page with the button (mail scanners open every link)...
  router.get('/confirm', async (req, res) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps.i18n, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const check = await checkConfirmToken(deps.db, token);
    if (!check.ok) return confirmInvalid(res, lang);
    sendLinkPage(deps, res, lang, {
      title: t('newsletterPages.confirm.title'),
      text: t('newsletterPages.confirm.text', { email: check.subscriber.email, org: deps.config.site.name }),
      form: { action: req.baseUrl + req.path, token, button: t('newsletterPages.confirm.button'), why: t('newsletterPages.confirm.why') },
    });
  });

  // ...and its button confirms.
  router.post('/confirm', async (req, res) => {
    const lang = res.locals.lang as Lang;
    if (!isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
    const subscriber = await confirmSubscription(deps.db, postedToken(req));
    if (!subscriber) return confirmInvalid(res, lang);
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { title: t('newsletterPages.confirmedTitle'), text: t('newsletterPages.confirmedText', { email: subscriber.email }) });
  });

  const unsubscribeInvalid = (res: Response, lang: Lang) => {
    const t = tFor(deps.i18n, lang);
    const email = deps.config.site.email;
    sendLinkPage(deps, res, lang, {
      title: t('newsletterPages.unsubscribeInvalidTitle'),
      text: t('newsletterPages.unsubscribeInvalidText', { email }),
      status: 400,
      links: [{ href: `mailto:${email}`, label: t('newsletterPages.writeToUs') }],
    });
  };
  const unsubscribed = (res: Response, lang: Lang, email: string) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { title: t('newsletterPages.unsubscribedTitle'), text: t('newsletterPages.unsubscribedText', { email }) });
  };

  // The unsubscribe link in every newsletter shows the page with the button; who has already
  // left sees that they have.
  router.get('/unsubscribe', async (req, res) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps.i18n, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const subscriber = await findByUnsubscribeToken(deps.db, token);
    if (!subscriber) return unsubscribeInvalid(res, lang);
    if (subscriber.status === 'unsubscribed') return unsubscribed(res, lang, subscriber.email);
    sendLinkPage(deps, res, lang, {
      title: t('newsletterPages.unsubscribe.title'),
      text: t('newsletterPages.unsubscribe.text', { email: subscriber.email, org: deps.config.site.name }),
      form: { action: req.baseUrl + req.path, token, button: t('newsletterPages.unsubscribe.button'), why: t('newsletterPages.unsubscribe.why') },
    });
  });

  // The page's button, and mail programs' own unsubscribe buttons (RFC 8058: a POST with the body
  // List-Unsubscribe=One-Click, form-encoded or multipart, the token in the address). Those come
  // from the mail provider's servers, not from our page, so they skip the same-origin rule: they
  // can only unsubscribe the token's owner.
  const oneClickBody = multer({ limits: { fields: 4, fieldSize: 512, files: 0, parts: 4 } }).none();
  router.post(
    '/unsubscribe',
    (req, res, next) => oneClickBody(req, res, (err: unknown) => (err ? unsubscribeInvalid(res, res.locals.lang as Lang) : next())),
    async (req, res) => {
      const lang = res.locals.lang as Lang;
      const oneClick = (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';
      if (!oneClick && !isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
      const subscriber = await unsubscribe(deps.db, postedToken(req), oneClick ? 'one-click-header' : 'unsubscribe-link');
      if (!subscriber) return unsubscribeInvalid(res, lang);
      unsubscribed(res, lang, subscriber.email);
    },
  );

  return router;
}

/**
 * The site's SVG images as PNG for e-mails (most mail programs do not show SVG):
 * /newsletter/images/projects/x.png is public/images/projects/x.svg, rendered 1200 px wide
 * (GET /newsletter/images/*path).
 */
export function newsletterImages(deps: Deps) {
  const cache = new Map<string, Buffer>();
  const imagesDir = path.join(ROOT, 'public', 'images');
  return async (req: Request, res: Response) => {
    const parts = (req.params as { path?: string[] | string }).path;
    const segments = Array.isArray(parts) ? parts : String(parts ?? '').split('/');
    const last = segments.at(-1) ?? '';
    if (!segments.length || !last.endsWith('.png') || !segments.every((s) => /^[\w-]+(\.png)?$/.test(s))) throw notFound();
    const rel = [...segments.slice(0, -1), last.replace(/\.png$/, '.svg')].join('/');
    let png = cache.get(rel);
    if (!png) {
      let svg: Buffer;
      try {
        svg = await fs.readFile(path.join(imagesDir, rel));
      } catch {
        throw notFound();
      }
      png = await (await loadSharp())(svg, { density: 144 }).resize({ width: 1200, withoutEnlargement: false }).png({ compressionLevel: 9 }).toBuffer();
      if (cache.size > 100) cache.delete(cache.keys().next().value!);
      cache.set(rel, png);
    }
    deps.log.debug({ rel }, 'png rendition');
    res.set({ 'Cache-Control': 'public, max-age=86400', 'Cross-Origin-Resource-Policy': 'cross-origin' }).type('png').send(png);
  };
}
