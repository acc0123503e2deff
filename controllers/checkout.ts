import { Router, type Request } from 'express';
import { langOf, type Deps, type PageLoader } from './context';
import { errorBody, parseInput } from './middleware/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { noStore } from './middleware/cache-control';
import { metaFromLocale } from './seo';
import { listLiveProjects } from '../models/content/project';
import { markdownToText } from '../models/content/markup';
import {
  applyReportedPayment,
  CreateIntentSchema,
  GiftDetailsSchema,
  handlePaymentEvent,
  setGiftDetails,
  startGift,
  stripeOf,
  UpdateFundingSchema,
  verifyPaymentEvent,
  type CheckoutDeps,
} from '../models/giving/checkout';
import { amountFromLink, currencyFromLink, intervalFromLink } from '../models/shared/donation-rules';
import { giftReference } from '../models/giving/donation';
import { AppError } from '../models/shared/errors';
import { isCompleted, localized, truncate } from '../models/shared/rules';
import { checkoutFundraiser } from './fundraisers';
import type { CheckoutProps } from '../views/components/checkout/types';

/** GET /checkout and /de/checkout: the donation page (docs/behaviour.md §2 "Checkout", §3 "Money"). */
export const index: PageLoader<CheckoutProps> = async (req, deps) => {
  const lang = langOf(req);
  const all = await listLiveProjects(deps.db);
  const slug = typeof req.query.project === 'string' ? req.query.project : null;
  // Completed projects need no more money; one asked for by slug is still offered.
  const projects = all
    .filter((p) => !isCompleted(p) || p.slug === slug)
    .map((p) => ({
      id: p.id,
      slug: p.slug,
      title: localized(lang, p.title, p.titleDe),
      description: truncate(markdownToText(localized(lang, p.description, p.descriptionDe)), 150),
      raisedAmount: p.raisedAmount,
      goalAmount: p.goalAmount,
    }));
  // ?fundraiser=slug: an open fundraiser's gift, for its project and in its currency.
  const fundraiser = await checkoutFundraiser(deps, req.query.fundraiser);
  const selected = fundraiser ? projects.find((p) => p.id === fundraiser.projectId) : slug ? projects.find((p) => p.slug === slug) : undefined;
  // ?amount=, ?currency= and ?interval= by the rules the form itself opens with.
  const currency = currencyFromLink(req.query.currency, lang, fundraiser ? fundraiser.currency : null);
  const props: CheckoutProps = {
    projects,
    selectedProjectId: selected?.id ?? null,
    selectedAmountCents: amountFromLink(req.query.amount),
    currency: currency.currency,
    currencyFromLink: currency.fromLink,
    interval: intervalFromLink(req.query.interval),
    paymentsEnabled: deps.payments.kind === 'stripe' && Boolean(deps.config.site.stripePublishableKey),
    feeRates: deps.config.feeRates,
    fundraiser: fundraiser && selected ? { id: fundraiser.id, slug: fundraiser.slug, title: fundraiser.title, ownerName: fundraiser.ownerName, currency: fundraiser.currency, projectId: fundraiser.projectId } : null,
  };
  return { props, meta: metaFromLocale(deps, lang, 'checkout') };
};
// Card-testing bots hammer payment endpoints; a donor never needs this many intents.
const paymentLimiter = (deps: Deps) =>
  sharedRateLimit(deps.db, 'payments', {
    windowMs: 15 * 60 * 1000,
    limit: 120,
    message: errorBody('rate_limited', 'Too many payment requests from this address. Please wait a few minutes and try again.'),
  });

/**
 * POST /api/create-payment-intent, /api/payment-details, /api/stripe/webhook and /api/update-project-funding, mounted at
 * /api. Each parses its input and answers what its use case (models/giving/checkout.ts) returns;
 * without Stripe's keys each answers 503 before its input is read.
 */
export function checkoutApi(deps: Deps): Router {
  const router = Router();
  const limiter = paymentLimiter(deps);
  // The app's dependencies are the use cases' own (read at each call: tests swap a provider).
  const giving: CheckoutDeps = deps;

  // The answer carries the payment's client secret: never stored.
  router.post('/create-payment-intent', noStore, limiter, async (req, res) => {
    stripeOf(deps.payments);
    const input = parseInput(CreateIntentSchema, req.body ?? {});
    res.json(await startGift(giving, input));
  });

  // The donor's e-mail address and name for a one-off gift's session, sent just before paying.
  router.post('/payment-details', noStore, limiter, async (req, res) => {
    stripeOf(deps.payments);
    const input = parseInput(GiftDetailsSchema, req.body ?? {});
    res.json(await setGiftDetails(giving, input));
  });

  router.post('/stripe/webhook', async (req: Request, res) => {
    const event = verifyPaymentEvent(giving, req.rawBody, req.headers['stripe-signature']);
    res.json(await handlePaymentEvent(giving, event));
  });

  // The browser's call after a successful payment: it moves nothing by itself (applyReportedPayment).
  router.post('/update-project-funding', limiter, async (req, res) => {
    stripeOf(deps.payments);
    const input = parseInput(UpdateFundingSchema, req.body ?? {});
    res.json(await applyReportedPayment(giving, input));
  });

  // The home page's thank-you panel asks for the gift's reference (as on its receipt) by the
  // payment's id, which only the donor's browser knows; null until the payment is recorded.
  router.get('/payment-reference/:paymentIntentId', noStore, limiter, async (req, res) => {
    const id = String(req.params.paymentIntentId);
    if (!PAYMENT_INTENT_ID.test(id)) throw new AppError(400, 'validation', 'paymentIntentId must look like pi_...');
    res.json({ reference: await giftReference(deps.db, id) });
  });

  return router;
}

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;
