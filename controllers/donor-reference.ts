// "Send me my reference" on the checkout's bank transfer (a regular gift by standing order, without
// a card): POST /api/donor/reference { email, language } (JSON) and the same form without
// JavaScript, POST /checkout/reference (and /de/...), which answers on the checkout itself: a 303 to
// the checkout with ?reference=sent and the gift it showed, or the checkout again with the form's
// message (400, 429). The answer is the same for every address; the mail goes out in the
// background (models/giving/donor-reference-mail.ts). Both count together, per client, in the
// shared limiter.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { langOf, linkMailDeps, type Deps } from './context';
import { errorBody } from './middleware/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { noStore } from './middleware/cache-control';
import { inEveryLanguage } from './lang-routes';
import { sendPage } from './render';
import { index as checkoutPage } from './checkout';
import { DONOR_LINKS_LIMIT } from './donor';
import CheckoutPage from '../views/pages/checkout-page';
import { referenceMail } from '../views/mails/reference-mail';
import { AppError, fieldError } from '../models/shared/errors';
import { normalizeEmail, tFor } from '../models/shared/text';
import { localizePath } from '../models/shared/urls';
import type { Lang } from '../models/shared/rules';
import { mailDonorReference } from '../models/giving/donor-reference-mail';
import type { ReferenceRequestState } from '../views/components/checkout/types';

const WINDOW_MS = 15 * 60 * 1000;

const InputSchema = z.object({
  email: z.string().max(320).optional(),
  language: z.enum(['en', 'de']).optional(),
});

type Outcome = { kind: 'sent' } | { kind: 'bad-input'; error: 'emailRequired' | 'emailInvalid' };

/** The one logic behind the API and the form: check the address, then mail in the background. */
function requestReference(deps: Deps, body: unknown, fallback: Lang): { outcome: Outcome; lang: Lang; email: string } {
  const parsed = InputSchema.safeParse(body ?? {});
  const input = parsed.success ? parsed.data : {};
  const lang = input.language ?? fallback;
  const email = (input.email ?? '').trim();
  if (!email) return { outcome: { kind: 'bad-input', error: 'emailRequired' }, lang, email };
  if (!z.email().safeParse(email).success) return { outcome: { kind: 'bad-input', error: 'emailInvalid' }, lang, email };
  const site = deps.config.site;
  const mailDeps = { ...linkMailDeps(deps, referenceMail), account: { holder: site.legalName, iban: site.iban, bank: site.bank } };
  void mailDonorReference(mailDeps, normalizeEmail(email), lang).catch((err: unknown) => deps.log.error({ err }, 'donor reference not sent'));
  return { outcome: { kind: 'sent' }, lang, email };
}

const bodyLang = (req: Request): Lang => ((req.body as { language?: unknown } | undefined)?.language === 'de' ? 'de' : req.originalUrl.startsWith('/de/') ? 'de' : 'en');

/** The gift the checkout showed, carried back by the form (only what the checkout reads). */
function backQuery(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const name of ['project', 'fundraiser', 'amount', 'currency']) {
    const value = b[name];
    if (typeof value === 'string' && value && value.length <= 200) params.set(name, value);
  }
  return params.toString();
}

/** The checkout shown again after the form, with its message (never cached: it holds an address). */
async function renderCheckout(req: Request, res: Response, deps: Deps, status: number, request: ReferenceRequestState): Promise<void> {
  const lang = langOf(req);
  const query = backQuery(req.body);
  // The page router's tree and the hydration both read the checkout's own address.
  req.url = localizePath('/checkout', lang) + (query ? `?${query}` : '');
  res.locals.noPageCache = true;
  res.set('Cache-Control', 'no-store');
  const result = await checkoutPage(req, deps);
  result.props.referenceRequest = request;
  await sendPage(req, res, deps, { id: 'checkout', view: CheckoutPage, layout: 'public' }, { ...result, status });
}

/** Reference requests per client, for the API and the form together (every instance counts). */
function referenceLimiter(deps: Deps): RequestHandler {
  return sharedRateLimit(deps.db, 'donor-references', {
    windowMs: WINDOW_MS,
    limit: DONOR_LINKS_LIMIT,
    skip: (req) => req.method !== 'POST',
    handler: (req, res) => {
      const t = tFor(deps.i18n, bodyLang(req));
      if (req.originalUrl.startsWith('/api/')) {
        res.status(429).json(errorBody('rate_limited', t('checkout.standingOrder.errors.rate')));
        return;
      }
      const email = typeof (req.body as { email?: unknown } | undefined)?.email === 'string' ? String((req.body as { email: string }).email).slice(0, 320) : '';
      renderCheckout(req, res, deps, 429, { error: 'rate', email }).catch((err: unknown) => {
        deps.log.error({ err }, 'checkout page failed');
        if (!res.headersSent) res.status(429).type('text').send(t('checkout.standingOrder.errors.rate'));
      });
    },
  });
}

/** The API (mount at /api/donor) and the form's route (mount at the root). */
export function donorReferenceRoutes(deps: Deps): { api: Router; pages: Router } {
  const limiter = referenceLimiter(deps);

  const api = Router();
  // POST /api/donor/reference { email, language } -> 200 { ok: true, message } for every address.
  api.post('/reference', limiter, (req, res) => {
    const { outcome, lang } = requestReference(deps, req.body, 'en');
    const t = tFor(deps.i18n, lang);
    if (outcome.kind === 'bad-input') {
      const message = t(`checkout.standingOrder.errors.${outcome.error}`);
      throw new AppError(400, 'validation', message, { email: fieldError(outcome.error === 'emailInvalid' ? 'email' : 'required', undefined, message) });
    }
    res.json({ ok: true, message: t('checkout.standingOrder.sent') });
  });

  const pages = Router();
  pages.post(inEveryLanguage('/checkout/reference'), noStore, limiter, async (req, res) => {
    const lang = langOf(req);
    const { outcome, email } = requestReference(deps, req.body, lang);
    if (outcome.kind === 'bad-input') return renderCheckout(req, res, deps, 400, { error: outcome.error, email: email.slice(0, 320) });
    const query = backQuery(req.body);
    res.redirect(303, `${localizePath('/checkout', lang)}?${query ? `${query}&` : ''}reference=sent#standing-order`);
  });
  return { api, pages };
}
