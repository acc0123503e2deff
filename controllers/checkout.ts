import crypto from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { langOf, type Deps, type PageLoader } from './context';
import { errorBody, parseInput } from './middleware/errors';
import { AppError, fieldError, notFound } from '../models/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { noStore } from './middleware/cache-control';
import { metaFromLocale } from './seo';
import { findProjectById, listProjects } from '../models/project';
import { applySucceededPayment, projectIdFromMetadata, recordFailedPayment } from '../models/donation';
import { DONATION_CURRENCY, isValidDonationCents, MAX_DONATION_CENTS, parseDonationAmount, type AmountProblem } from '../models/donation-rules';
import { centsToDecimal, isCompleted, localized, truncate } from '../models/rules';
import { PaymentsError, type PaymentEvent, type PaymentIntentInfo, type StripePayments } from '../models/providers/payments';
import { MAX_DB_ID } from '../models/db-limits';
import type { CheckoutProps } from '../views/components/checkout/types';
import { isDonationCurrency, SUGGESTED_CURRENCY } from '../models/donation-rules';

/**
 * ?amount= in US dollars (the home page's donation tiers link here with theirs), checked with the
 * custom amount field's own rule; anything it refuses is ignored and the default amount is shown.
 */
export function amountFromQuery(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const parsed = parseDonationAmount(value);
  return 'cents' in parsed ? parsed.cents : null;
}

/** GET /checkout and /de/checkout: the donation page (docs/behaviour.md §2 "Checkout", §3 "Money"). */
export const index: PageLoader<CheckoutProps> = async (req, deps) => {
  const lang = langOf(req);
  const all = await listProjects(deps.db);
  const slug = typeof req.query.project === 'string' ? req.query.project : null;
  // Completed projects need no more money; one asked for by slug is still offered.
  const projects = all
    .filter((p) => !isCompleted(p) || p.slug === slug)
    .map((p) => ({
      id: p.id,
      slug: p.slug,
      title: localized(lang, p.title, p.titleDe),
      description: truncate(localized(lang, p.description, p.descriptionDe), 150),
      raisedAmount: p.raisedAmount,
      goalAmount: p.goalAmount,
    }));
  const selected = slug ? projects.find((p) => p.slug === slug) : undefined;
  const props: CheckoutProps = {
    projects,
    selectedProjectId: selected?.id ?? null,
    selectedAmountCents: amountFromQuery(req.query.amount),
    currency: isDonationCurrency(req.query.currency) ? req.query.currency : SUGGESTED_CURRENCY[lang],
    currencyFromLink: isDonationCurrency(req.query.currency),
    interval: req.query.interval === 'month' ? 'month' : 'once',
    paymentsEnabled: deps.payments.kind === 'stripe' && Boolean(deps.config.site.stripePublishableKey),
  };
  return { props, meta: metaFromLocale(deps, lang, 'checkout') };
};

const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  invalid: 'amount must be a number of US dollars, like 150 or 25.50',
  min: 'amount must be at least 1.00 USD',
  max: `amount must be at most ${Number(MAX_DONATION_CENTS / 100).toLocaleString('en-US')} USD`,
  decimals: 'amount can have at most two decimals (whole cents)',
};

/** Dollars (number or decimal string) -> integer cents, with the one rule of models/donation-rules.ts. */
const AmountSchema = z.union([z.number(), z.string()], { error: AMOUNT_MESSAGES.invalid }).transform((value, ctx) => {
  const parsed = parseDonationAmount(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[parsed.problem] });
    return z.NEVER;
  }
  return parsed.cents;
});

const ProjectIdSchema = z
  .number({ error: 'projectId must be a project id or null' })
  .int('projectId must be a whole number')
  .positive('projectId must be positive')
  .max(MAX_DB_ID, 'projectId: there is no such project');

export const CreateIntentSchema = z.object({
  amount: AmountSchema,
  projectId: ProjectIdSchema.nullable().default(null),
  language: z.enum(['en', 'de']).default('en'),
  /** A random id per checkout visit: the same choice twice gets the same PaymentIntent back. */
  checkoutId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'checkoutId must be 8-64 letters, digits, - or _')
    .optional(),
});

export const UpdateFundingSchema = z.object({
  projectId: ProjectIdSchema,
  amount: AmountSchema,
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId must look like pi_...'),
});

/** Payment calls need both keys; without them every payment route answers 503 with the reason. */
function stripeOf(deps: Deps): StripePayments {
  if (deps.payments.kind !== 'stripe') throw new AppError(503, 'payments.unavailable', deps.payments.reason);
  return deps.payments;
}

// Stripe refuses a key reused with other parameters (a 502 here): the description, which carries
// the project's title and may have been edited since, is part of what the key covers.
function idempotencyKey(input: z.infer<typeof CreateIntentSchema>, description: string): string {
  if (!input.checkoutId) return `donation-${crypto.randomUUID()}`;
  const hash = crypto
    .createHash('sha256')
    .update([input.checkoutId, input.amount, input.projectId ?? 'general', input.language, description].join('|'))
    .digest('hex')
    .slice(0, 40);
  return `donation-${hash}`;
}

// Card-testing bots hammer payment endpoints; a donor never needs this many intents.
const paymentLimiter = (deps: Deps) =>
  sharedRateLimit(deps.db, 'payments', {
    windowMs: 15 * 60 * 1000,
    limit: 120,
    message: errorBody('rate_limited', 'Too many payment requests from this address. Please wait a few minutes and try again.'),
  });

/** POST /api/create-payment-intent, /api/stripe/webhook and /api/update-project-funding, mounted at /api. */
export function checkoutApi(deps: Deps): Router {
  const router = Router();
  const limiter = paymentLimiter(deps);

  // The answer carries the payment's client secret: never stored.
  router.post('/create-payment-intent', noStore, limiter, async (req, res) => {
    const stripe = stripeOf(deps);
    const input = parseInput(CreateIntentSchema, req.body ?? {});
    const project = input.projectId === null ? null : await findProjectById(deps.db, input.projectId);
    if (input.projectId !== null && !project) {
      throw new AppError(400, 'validation', `projectId: there is no project with id ${input.projectId}`, { projectId: fieldError('project', undefined, 'unknown project') });
    }
    const description = `Donation to ${deps.config.site.name}: ${project ? project.title : 'General Support'}`;
    const intent = await stripe.createIntent({
      amountCents: input.amount,
      currency: DONATION_CURRENCY,
      metadata: { projectId: input.projectId === null ? '' : String(input.projectId), language: input.language },
      description,
      idempotencyKey: idempotencyKey(input, description),
    });
    res.json({ clientSecret: intent.clientSecret });
  });

  router.post('/stripe/webhook', async (req: Request, res) => {
    const stripe = stripeOf(deps);
    let event: PaymentEvent;
    try {
      event = stripe.verifyEvent(req.rawBody, req.headers['stripe-signature']);
    } catch (err) {
      if (err instanceof PaymentsError && (err.kind === 'signature' || err.kind === 'malformed')) {
        deps.log.warn({ err: err.message, kind: err.kind }, 'rejected a Stripe webhook');
      }
      throw err;
    }
    // Other event types are acknowledged so Stripe stops sending them.
    if (event.intentId === null) {
      res.json({ received: true, ignored: event.type });
      return;
    }

    // The event only says which PaymentIntent changed. Status, amount, currency and project come
    // from Stripe's own record of it, so a signed event with odd numbers (a bug, a replayed test
    // event, a leaked webhook secret) cannot move a total by itself.
    let pi: PaymentIntentInfo | null;
    try {
      pi = await stripe.retrieveIntent(event.intentId);
    } catch (err) {
      if (!(err instanceof PaymentsError)) throw err;
      deps.log.error({ paymentIntent: event.intentId, event: event.id, err: err.message }, 'webhook: could not confirm the payment with Stripe');
      // 503: Stripe delivers the event again later (for up to three days); nothing is lost.
      throw new AppError(503, 'payments.unavailable', `Could not confirm ${event.intentId} with Stripe right now (${err.message}); Stripe will deliver the event again.`);
    }
    if (!pi) {
      deps.log.warn({ paymentIntent: event.intentId, event: event.id }, 'webhook: Stripe has no such payment');
      throw new AppError(400, 'payments.not_found', `Stripe has no payment ${event.intentId}; the event was not applied.`);
    }
    const payment = {
      paymentIntentId: pi.id,
      currency: pi.currency,
      projectId: projectIdFromMetadata(pi.metadata.projectId),
      language: pi.metadata.language ?? null,
    };

    if (pi.status === 'succeeded') {
      if (!isValidDonationCents(pi.amountReceived)) {
        deps.log.error({ paymentIntent: pi.id, amountReceived: pi.amountReceived }, 'webhook: a succeeded payment with an amount this site does not accept');
        throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} has an amount this site does not accept (${pi.amountReceived} cents); it was not applied.`);
      }
      // Whichever event brought us here: Stripe says it succeeded, so it counts, exactly once.
      const result = await applySucceededPayment(deps.db, { ...payment, amountCents: pi.amountReceived }, 'webhook');
      deps.log.info({ paymentIntent: pi.id, event: event.id, applied: result.applied }, 'donation succeeded (webhook)');
      res.json({ received: true, applied: result.applied });
      return;
    }
    if (event.type === 'payment_intent.payment_failed') {
      if (!isValidDonationCents(pi.amount)) {
        deps.log.error({ paymentIntent: pi.id, amount: pi.amount }, 'webhook: a failed payment with an amount this site does not accept');
        throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} has an amount this site does not accept (${pi.amount} cents); it was not recorded.`);
      }
      await recordFailedPayment(deps.db, { ...payment, amountCents: pi.amount, failureMessage: pi.lastError });
      deps.log.info({ paymentIntent: pi.id, event: event.id }, 'donation attempt failed (webhook)');
      res.json({ received: true });
      return;
    }
    // A "succeeded" event for a payment Stripe does not call succeeded: a succeeded intent never
    // goes back, so this event will never apply; acknowledged so it is not redelivered.
    deps.log.warn({ paymentIntent: pi.id, event: event.id, status: pi.status }, 'webhook: succeeded event for a payment Stripe does not call succeeded');
    res.json({ received: true, applied: false, status: pi.status });
  });

  // The browser's call after a successful payment. It moves nothing by itself: the server asks
  // Stripe for the PaymentIntent and applies it only if Stripe says it succeeded for this project
  // and amount, through the same once-only path as the webhook.
  router.post('/update-project-funding', limiter, async (req, res) => {
    const stripe = stripeOf(deps);
    const input = parseInput(UpdateFundingSchema, req.body ?? {});
    const project = await findProjectById(deps.db, input.projectId);
    if (!project) throw notFound(`There is no project with id ${input.projectId}`);
    const pi = await stripe.retrieveIntent(input.paymentIntentId);
    if (!pi) throw new AppError(404, 'payments.not_found', `Stripe has no payment ${input.paymentIntentId}`);
    if (pi.status !== 'succeeded') {
      throw new AppError(409, 'payments.not_succeeded', `The payment ${pi.id} has not succeeded (status: ${pi.status}); the project's total is updated once Stripe confirms it.`);
    }
    if (projectIdFromMetadata(pi.metadata.projectId) !== input.projectId) {
      throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} was not made for project ${input.projectId}`);
    }
    // Stripe's amount_received, which for a succeeded payment is what was charged.
    const received = pi.amountReceived;
    if (received !== input.amount || pi.currency !== DONATION_CURRENCY) {
      throw new AppError(400, 'payments.mismatch', `The amount does not match the payment ${pi.id}`);
    }
    const result = await applySucceededPayment(
      deps.db,
      {
        paymentIntentId: pi.id,
        amountCents: received,
        currency: pi.currency,
        projectId: input.projectId,
        language: pi.metadata.language ?? null,
      },
      'client',
    );
    res.json({
      applied: result.applied,
      projectId: input.projectId,
      raisedAmount: result.projectRaisedCents === null ? project.raisedAmount : centsToDecimal(result.projectRaisedCents),
    });
  });

  return router;
}
