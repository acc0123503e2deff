// The checkout's use cases: start a gift (a one-off PaymentIntent, or a monthly subscription),
// apply a payment the browser reports as made, and bring the books in line with each event Stripe
// sends. Amounts are checked here, not in the browser; a project's total moves only with what
// Stripe itself confirms (its own record of the object, never the numbers an event or a browser
// carries), each payment once, through applySucceededPayment.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../shared/errors';
import { findLiveProjectById, findProjectById } from '../content/project';
import {
  applySucceededPayment,
  customerIdForEmail,
  findSubscription,
  monthlyProductId,
  renewMonthlyProduct,
  projectIdFromMetadata,
  reconcileCharge,
  recordFailedPayment,
  upsertSubscription,
  type ChargeState,
  type ConfirmedPayment,
} from './donation';
import {
  DONATION_CURRENCIES,
  DONATION_CURRENCY,
  DONATION_INTERVALS,
  INTERVAL_ADJECTIVE,
  isRegularInterval,
  isValidDonationCents,
  MAX_DONATION_CENTS,
  parseDonationAmount,
  type AmountProblem,
  type DonationCurrency,
} from '../shared/donation-rules';
import { centsToDecimal } from '../shared/rules';
import {
  PaymentsError,
  STRIPE_WORST_CASE_MS,
  type ChargeInfo,
  type CreateMonthlyInput,
  type DisputeInfo,
  type PaymentEvent,
  type PaymentIntentInfo,
  type PaymentsProvider,
  type StripePayments,
  type SubscriptionInfo,
} from '../providers/payments';
import type { JobQueue } from '../providers/jobs';
import { MAX_DB_ID } from '../shared/db-limits';
import { withDeadline } from '../providers/deadline';
import { queueSupersededCancel, recordCheckoutSubscription } from './checkout-subscriptions';
import { NEVER_STARTED, RUNNING_SUBSCRIPTION } from './names';
import { chargeFor, FEE_METHODS, fitsWithFee, type FeeMethod, type FeeTable } from '../shared/fees';
import { DONOR_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PUBLIC_NAME_MAX_LENGTH } from '../shared/gift-request';
import { TributeSchema, tributeMetadata, tributeOf, tributeProblem } from './tribute';
import { fundraiserForGift, type Fundraiser } from './fundraiser';
import { SourceSchema } from '../shared/source-schema';
import { closeFailureEpisode, endFailureEpisode, noteSubscriptionUnpaid, recordFailedInvoice } from './recovery';
import { markCardRenewed, noteNewCard } from './card-expiry';

/** What the checkout's use cases work with. */
export interface CheckoutDeps {
  db: Knex;
  jobs: JobQueue;
  log: Logger;
  payments: PaymentsProvider;
  /** The charity's name, in the description Stripe shows for each gift; the fee table for covering the fees. */
  config: { site: { name: string }; feeRates: FeeTable; books?: { currency: string } };
}

// --- Input --------------------------------------------------------------------------------------

/** How the API names each currency's units in its messages. */
const UNITS: Record<DonationCurrency, string> = { usd: 'US dollars', chf: 'Swiss francs', eur: 'euros' };

function amountMessage(problem: AmountProblem, currency: DonationCurrency): string {
  const code = currency.toUpperCase();
  switch (problem) {
    case 'invalid':
      return `amount must be a number of ${UNITS[currency]}, like 150 or 25.50`;
    case 'min':
      return `amount must be at least 1.00 ${code}`;
    case 'max':
      return `amount must be at most ${Number(MAX_DONATION_CENTS / 100).toLocaleString('en-US')} ${code}`;
    case 'decimals':
      return 'amount can have at most two decimals (whole cents)';
  }
}

/** Major units (number or decimal string) -> minor units, with the one rule of models/shared/donation-rules.ts. */
function amountInCents(value: number | string, currency: DonationCurrency, ctx: z.RefinementCtx): number {
  const parsed = parseDonationAmount(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMessage(parsed.problem, currency) });
    return 0;
  }
  return parsed.cents;
}

const RawAmountSchema = z.union([z.number(), z.string()], { error: 'amount is required: a number like 150 or 25.50' });

const CurrencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(DONATION_CURRENCIES, { error: `currency must be one of ${DONATION_CURRENCIES.join(', ')}` }),
);

const ProjectIdSchema = z
  .number({ error: 'projectId must be a project id or null' })
  .int('projectId must be a whole number')
  .positive('projectId must be positive')
  .max(MAX_DB_ID, 'projectId: there is no such project');

/** "" and absent are the same: no value. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const EmailSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'email must be an e-mail address like name@example.org' })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, `email can have at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ error: 'email must be an e-mail address like name@example.org' }))
    .optional(),
);

const NameSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'name must be text' })
    .trim()
    .max(DONOR_NAME_MAX_LENGTH, `name can have at most ${DONOR_NAME_MAX_LENGTH} characters`)
    // Control characters would end up in Stripe, the receipt and the certificate.
    .regex(/^[^\p{Cc}]*$/u, 'name must not contain control characters')
    .optional(),
);

/**
 * The name a donor chose to be shown under on the project's page ("Anna M.", "The Meier family");
 * absent or blank: anonymous.
 */
const PublicNameSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'publicName must be text' })
    .trim()
    .max(PUBLIC_NAME_MAX_LENGTH, `publicName can have at most ${PUBLIC_NAME_MAX_LENGTH} characters`)
    .regex(/^[^\p{Cc}<>]*$/u, 'publicName must not contain control characters or < >')
    .optional(),
);

/** POST /api/create-payment-intent's body. */
export const CreateIntentSchema = z
  .object({
    amount: RawAmountSchema,
    /** Absent: USD, or the fundraiser's currency for a gift to a fundraiser. */
    currency: CurrencySchema.optional(),
    interval: z.enum(DONATION_INTERVALS, { error: `interval must be one of ${DONATION_INTERVALS.join(', ')}` }).default('once'),
    projectId: ProjectIdSchema.nullable().default(null),
    language: z.enum(['en', 'de'], { error: 'language must be en or de' }).default('en'),
    /** A random id per checkout visit: the same choice twice gets the same PaymentIntent back. */
    checkoutId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'checkoutId must be 8-64 letters, digits, - or _')
      .optional(),
    email: EmailSchema,
    name: NameSchema,
    /** Add the payment service's fee for `paymentMethod` (card by default) to the gift. */
    coverFees: z.boolean({ error: 'coverFees must be true or false' }).default(false),
    paymentMethod: z.enum(FEE_METHODS, { error: `paymentMethod must be one of ${FEE_METHODS.join(', ')}` }).default('card'),
    publicName: PublicNameSchema,
    /** In honour or in memory of someone, with an optional card (models/giving/tribute.ts). */
    tribute: TributeSchema.optional(),
    /** Mail the donor the project's news (models/giving/project-news.ts). */
    followProject: z.boolean({ error: 'followProject must be true or false' }).default(false),
    /** The page the giver came from (models/site/visits.ts): the reports count gifts per source. */
    source: SourceSchema,
    /** A supporter's fundraiser (models/giving/fundraiser.ts): the gift goes to its project, in its currency. */
    fundraiserId: z
      .number({ error: 'fundraiserId must be a fundraiser id' })
      .int('fundraiserId must be a whole number')
      .positive('fundraiserId must be positive')
      .max(MAX_DB_ID, 'fundraiserId: there is no such fundraiser')
      .nullable()
      .default(null),
  })
  .transform((input, ctx) => {
    const currencyGiven = input.currency !== undefined;
    const currency = input.currency ?? DONATION_CURRENCY;
    const cents = amountInCents(input.amount, currency, ctx);
    if (input.interval === 'month' && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'email is required for a monthly donation: the receipts and the link to manage it go there' });
    } else if (isRegularInterval(input.interval) && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: `email is required for a ${INTERVAL_ADJECTIVE[input.interval]} donation: the receipts and the link to manage it go there` });
    }
    // A fundraiser's gift without a currency takes the fundraiser's: checked when it is known (startGift).
    if (input.paymentMethod === 'twint' && currency !== 'chf' && (currencyGiven || input.fundraiserId === null)) {
      ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'paymentMethod twint is only for gifts in CHF' });
    }
    const tributeIssue = tributeProblem(input.tribute);
    if (tributeIssue) ctx.addIssue({ code: 'custom', path: ['tribute', 'notify', 'sendOn'], message: tributeIssue });
    return { ...input, currency, currencyGiven, amount: cents };
  });
export type CreateIntentInput = z.infer<typeof CreateIntentSchema>;

/** POST /api/payment-details' body: who gives, sent just before a one-off gift is confirmed. */
export const GiftDetailsSchema = z.object({
  clientSecret: z
    .string({ error: 'clientSecret is required: the payment session\'s client secret' })
    .regex(/^pi_[A-Za-z0-9_]{1,250}_secret_[A-Za-z0-9_]{1,250}$/, 'clientSecret must be a payment session\'s client secret (pi_..._secret_...)'),
  email: EmailSchema,
  name: NameSchema,
  publicName: PublicNameSchema,
  language: z.enum(['en', 'de'], { error: 'language must be en or de' }).default('en'),
  tribute: TributeSchema.optional(),
  followProject: z.boolean({ error: 'followProject must be true or false' }).default(false),
  /** How the donor pays, as chosen in the payment form: a covered fee follows it (card or TWINT). */
  paymentMethod: z.enum(FEE_METHODS, { error: `paymentMethod must be one of ${FEE_METHODS.join(', ')}` }).optional(),
}).superRefine((input, ctx) => {
  const tributeIssue = tributeProblem(input.tribute);
  if (tributeIssue) ctx.addIssue({ code: 'custom', path: ['tribute', 'notify', 'sendOn'], message: tributeIssue });
  if (!input.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'email is required: the receipt goes there' });
});
export type GiftDetailsInput = z.infer<typeof GiftDetailsSchema>;

/** POST /api/update-project-funding's body. */
export const UpdateFundingSchema = z
  .object({
    projectId: ProjectIdSchema,
    amount: RawAmountSchema,
    currency: CurrencySchema.default(DONATION_CURRENCY),
    paymentIntentId: z.string({ error: 'paymentIntentId is required' }).regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId must look like pi_...'),
  })
  .transform((input, ctx) => ({ ...input, amount: amountInCents(input.amount, input.currency, ctx) }));
export type UpdateFundingInput = z.infer<typeof UpdateFundingSchema>;

// --- Rules --------------------------------------------------------------------------------------

/** Payment calls need both keys; without them every payment route answers 503 with the reason. */
export function stripeOf(payments: PaymentsProvider): StripePayments {
  if (payments.kind !== 'stripe') throw new AppError(503, 'payments.unavailable', payments.reason);
  return payments;
}

// Stripe refuses a key reused with other parameters (a 502 here): everything sent to Stripe is part
// of what the key covers, the description too (the project's title may have been edited since).
function idempotencyKey(input: CreateIntentInput, description: string, feeCents: number): string {
  const prefix = isRegularInterval(input.interval) ? 'monthly' : 'donation';
  if (!input.checkoutId) return `${prefix}-${crypto.randomUUID()}`;
  const hash = crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        input.checkoutId,
        input.amount,
        input.currency,
        input.interval,
        input.projectId ?? 'general',
        input.language,
        input.email ?? '',
        input.name ?? '',
        description,
        // Only when chosen, so the key of a plain gift is what it always was.
        ...(feeCents ? [`fee:${feeCents}`] : []),
        ...(input.publicName ? [`shown:${input.publicName}`] : []),
        ...(input.tribute ? [`tribute:${JSON.stringify(input.tribute)}`] : []),
        ...(input.followProject ? ['follow'] : []),
        ...(input.fundraiserId ? [`fundraiser:${input.fundraiserId}`] : []),
        ...(input.source ? [`source:${input.source}`] : []),
      ]),
    )
    .digest('hex')
    .slice(0, 40);
  return `${prefix}-${hash}`;
}

/**
 * Our one-off PaymentIntents carry kind 'one_off' (or, made before monthly gifts existed, a
 * projectId). Any other PaymentIntent, a monthly gift's invoice payment above all, is not credited
 * as one: invoice.paid credits that with its subscription's project.
 */
export function isOneOffIntent(metadata: Record<string, string>): boolean {
  return metadata.kind === 'one_off' || (metadata.kind === undefined && Object.hasOwn(metadata, 'projectId'));
}

/** A Stripe call made for a webhook: when Stripe cannot answer, 503 so it delivers the event again. */
async function confirming<T>(deps: Pick<CheckoutDeps, 'log'>, event: PaymentEvent, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    deps.log.error({ object: what, event: event.id, err: err.message }, 'webhook: could not confirm the event with Stripe');
    // Stripe delivers the event again later (for up to three days); nothing is lost.
    throw new AppError(503, 'payments.unavailable', `Could not confirm ${what} with Stripe right now (${err.message}); Stripe will deliver the event again.`);
  }
}

/** A charge's refunds and its latest dispute, as Stripe reports them now. */
async function chargeStateOf(stripe: StripePayments, charge: ChargeInfo, dispute: DisputeInfo | null): Promise<ChargeState> {
  const latest = dispute ?? (charge.disputed ? ((await stripe.listDisputes(charge.id))[0] ?? null) : null);
  return { chargeId: charge.id, refundedCents: charge.amountRefunded, dispute: latest ? { amountCents: latest.amount, status: latest.status } : null };
}

/** What a succeeded PaymentIntent's charge says: its id, what it settled for, its refunds and dispute, the kind of method. */
async function chargeFacts(stripe: StripePayments, pi: PaymentIntentInfo): Promise<Pick<ConfirmedPayment, 'chargeId' | 'settlement' | 'chargeState' | 'paymentMethod'>> {
  const charge = pi.latestChargeId ? await stripe.retrieveCharge(pi.latestChargeId) : null;
  if (!charge || charge.paymentIntentId !== pi.id) return { chargeId: null, settlement: null, chargeState: null, paymentMethod: null };
  return { chargeId: charge.id, settlement: charge.settlement, chargeState: await chargeStateOf(stripe, charge, null), paymentMethod: charge.methodType };
}

const hooksOf = (deps: CheckoutDeps) => ({ jobs: deps.jobs, log: deps.log, book: deps.config.books?.currency });

/**
 * The gift's options as its payment's (or subscription's) metadata carries them: the covered fee
 * (whole minor units, less than half of what was charged, else none) and the public name.
 */
export function giftOptionsOf(
  metadata: Record<string, string>,
  chargedCents: number,
): { coveredFeeCents: number; publicName: string | null; tribute: ReturnType<typeof tributeOf>; followProject: boolean; fundraiserId: number | null; source: string | null } {
  const fee = /^\d{1,9}$/.test(metadata.coveredFee ?? '') ? Number(metadata.coveredFee) : 0;
  const publicName = (metadata.publicName ?? '').trim().slice(0, PUBLIC_NAME_MAX_LENGTH);
  return {
    coveredFeeCents: fee > 0 && fee * 2 < chargedCents ? fee : 0,
    publicName: publicName && !/[\p{Cc}<>]/u.test(publicName) ? publicName : null,
    tribute: tributeOf(metadata),
    followProject: metadata.follow === '1',
    fundraiserId: /^[1-9]\d{0,9}$/.test(metadata.fundraiserId ?? '') ? Number(metadata.fundraiserId) : null,
    source: SourceSchema.safeParse(metadata.source).data ?? null,
  };
}

// --- Starting a gift ----------------------------------------------------------------------------

/** What the browser needs to show Stripe's Payment Element: the payment's client secret. */
export interface StartedGift {
  clientSecret: string;
  kind: 'monthly' | 'one_off';
}

/**
 * A gift chosen on the checkout: a PaymentIntent for a one-off gift, a subscription (customer,
 * product and first invoice) for a monthly one. A gift goes to a project visitors can see.
 */
export async function startGift(deps: CheckoutDeps, requested: CreateIntentInput): Promise<StartedGift> {
  const stripe = stripeOf(deps.payments);
  const { input, fundraiser } = await forFundraiser(deps.db, requested);
  // A gift goes to a project visitors can see (a draft or a scheduled one is not offered yet).
  const project = input.projectId === null ? null : await findLiveProjectById(deps.db, input.projectId);
  if (input.projectId !== null && !project) {
    throw new AppError(400, 'validation', `projectId: there is no project with id ${input.projectId}`, { projectId: fieldError('project', undefined, 'unknown project') });
  }
  const purpose = (project ? project.title : 'General Support') + (fundraiser ? ` (fundraiser: ${fundraiser.title})` : '');
  // The fee the donor covers is charged with the gift and named apart in the metadata.
  const { coveredFeeCents: feeCents, chargedCents } = chargeFor(deps.config.feeRates, input.amount, input.currency, input.paymentMethod, input.coverFees);
  if (!fitsWithFee(input.amount, feeCents)) {
    throw new AppError(400, 'validation', 'amount with the covered fee must be at most 999,999.99', { amount: fieldError('amount', undefined, 'too large with the fee') });
  }
  const options = {
    ...(feeCents ? { coveredFee: String(feeCents) } : {}),
    ...(input.publicName ? { publicName: input.publicName } : {}),
    ...(input.tribute ? tributeMetadata(input.tribute, input.language) : {}),
    ...(input.followProject ? { follow: '1' } : {}),
    ...(fundraiser ? { fundraiserId: String(fundraiser.id) } : {}),
    ...(input.source ? { source: input.source } : {}),
  };
  if (isRegularInterval(input.interval)) {
    const email = input.email!;
    const interval = input.interval;
    const adjective = INTERVAL_ADJECTIVE[interval];
    const description = `${adjective[0]!.toUpperCase()}${adjective.slice(1)} donation to ${deps.config.site.name}: ${purpose}`;
    // kind 'monthly' means a regular gift of any interval (what subscriptions made before say too).
    const metadata = { projectId: input.projectId === null ? '' : String(input.projectId), language: input.language, kind: 'monthly', interval, ...options };
    const key = idempotencyKey(input, description, feeCents);
    const monthly = { amountCents: chargedCents, currency: input.currency, interval, email, name: input.name ?? null, metadata, description, idempotencyKey: key };
    // A monthly gift takes two or three calls to Stripe; the donor still waits no longer than for one.
    const started = await withDeadline(
      STRIPE_WORST_CASE_MS,
      () => startMonthly(deps, stripe, email, monthly),
      () => new PaymentsError('timeout', 'The payment service did not answer in time. Please try again in a moment.'),
    );
    // Changing the choice before paying starts another subscription: the first payment cancels the rest.
    await recordCheckoutSubscription(deps.db, input.checkoutId, started.subscriptionId);
    return { clientSecret: started.clientSecret, kind: 'monthly' };
  }
  const description = `Donation to ${deps.config.site.name}: ${purpose}`;
  const intent = await stripe.createIntent({
    amountCents: chargedCents,
    currency: input.currency,
    metadata: {
      projectId: input.projectId === null ? '' : String(input.projectId),
      language: input.language,
      kind: 'one_off',
      // Where the receipt goes (Stripe's own receipt e-mails are not used).
      ...(input.email ? { email: input.email } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...options,
    },
    description,
    idempotencyKey: idempotencyKey(input, description, feeCents),
  });
  return { clientSecret: intent.clientSecret, kind: 'one_off' };
}

/**
 * A gift to a fundraiser goes to its project in its currency: a request that names another
 * project or currency is refused rather than silently changed.
 */
async function forFundraiser(db: Knex, input: CreateIntentInput): Promise<{ input: CreateIntentInput; fundraiser: Fundraiser | null }> {
  if (input.fundraiserId === null) return { input, fundraiser: null };
  const fundraiser = await fundraiserForGift(db, input.fundraiserId);
  if (input.projectId !== null && input.projectId !== fundraiser.projectId) {
    throw new AppError(400, 'validation', `projectId: the fundraiser ${fundraiser.id} is for project ${fundraiser.projectId}`, { projectId: fieldError('project', undefined, "not the fundraiser's project") });
  }
  if (input.currencyGiven && input.currency !== fundraiser.currency) {
    const code = fundraiser.currency.toUpperCase();
    throw new AppError(400, 'validation', `currency: this fundraiser collects in ${code}`, { currency: fieldError('invalid', undefined, `the fundraiser's currency is ${code}`) });
  }
  if (input.paymentMethod === 'twint' && fundraiser.currency !== 'chf') {
    throw new AppError(400, 'validation', 'paymentMethod twint is only for gifts in CHF', { paymentMethod: fieldError('invalid', undefined, 'twint is only for CHF') });
  }
  return { input: { ...input, projectId: fundraiser.projectId, currency: fundraiser.currency }, fundraiser };
}

/** A one-off payment waiting for the donor (its details can still change). */
const OPEN_INTENT = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * The checkout shows the card form as soon as an amount is chosen, with a payment session made for
 * amount, currency and project; the donor's e-mail address (for the receipt) and name join it here,
 * just before the payment is confirmed. Whoever holds the session's client secret (the donor's
 * browser) may set them, once more after each change, until the payment went through.
 */
export async function setGiftDetails(deps: CheckoutDeps, input: GiftDetailsInput): Promise<{ updated: true }> {
  const stripe = stripeOf(deps.payments);
  const id = input.clientSecret.slice(0, input.clientSecret.indexOf('_secret_'));
  const pi = await stripe.retrieveIntent(id);
  const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
  if (!pi || !pi.clientSecret || !same(pi.clientSecret, input.clientSecret)) {
    throw new AppError(404, 'payments.not_found', 'There is no such payment session. Please reload the page and try again.');
  }
  if (!isOneOffIntent(pi.metadata)) {
    throw new AppError(409, 'payments.mismatch', "This payment session is a monthly gift's: its details are given when it is created.");
  }
  if (!OPEN_INTENT.has(pi.status)) {
    throw new AppError(409, 'payments.not_succeeded', `This payment session is no longer open (status: ${pi.status}). Please reload the page to give again.`);
  }
  // A covered fee follows the method the donor chose in the form (the session was made with the card's).
  const fee = input.paymentMethod ? feeForMethod(deps, pi, input.paymentMethod) : null;
  await stripe.updateIntentMetadata(
    pi.id,
    {
      email: input.email!,
      name: input.name ?? '',
      publicName: input.publicName ?? '',
      follow: input.followProject ? '1' : '',
      ...tributeMetadata(input.tribute, input.language),
      ...(fee ? { coveredFee: String(fee.feeCents) } : {}),
    },
    fee ? fee.amountCents : undefined,
  );
  return { updated: true };
}

/**
 * A one-off session's covered fee for another method: the gift (what was charged less the fee it
 * was made with) and the fee of `method`; null when the donor covers no fee or it is the same.
 */
function feeForMethod(deps: CheckoutDeps, pi: PaymentIntentInfo, method: FeeMethod): { feeCents: number; amountCents: number } | null {
  const before = /^\d{1,9}$/.test(pi.metadata.coveredFee ?? '') ? Number(pi.metadata.coveredFee) : 0;
  if (before <= 0 || before * 2 >= pi.amount) return null;
  if (method === 'twint' && pi.currency !== 'chf') {
    throw new AppError(400, 'validation', 'paymentMethod twint is only for gifts in CHF', { paymentMethod: fieldError('invalid', undefined, 'twint is only for CHF') });
  }
  const gift = pi.amount - before;
  const { coveredFeeCents: feeCents, chargedCents } = chargeFor(deps.config.feeRates, gift, pi.currency as DonationCurrency, method, true);
  if (!fitsWithFee(gift, feeCents)) throw new AppError(400, 'validation', 'amount with the covered fee must be at most 999,999.99', { amount: fieldError('amount', undefined, 'too large with the fee') });
  return feeCents === before ? null : { feeCents, amountCents: chargedCents };
}

/** Customer (known or new), product and subscription; answers the first invoice's client secret. */
async function startMonthly(
  deps: CheckoutDeps,
  stripe: StripePayments,
  email: string,
  monthly: Omit<CreateMonthlyInput, 'productId' | 'customerId'>,
): Promise<{ clientSecret: string; subscriptionId: string }> {
  let productId = await monthlyProductId(deps.db, (k) => stripe.createMonthlyProduct(k));
  let customerId = await customerIdForEmail(deps.db, email);
  // At most one retry each when what we kept was deleted in the Stripe Dashboard since.
  for (let attempt = 0; ; attempt++) {
    try {
      return await stripe.createMonthly({ ...monthly, productId, customerId });
    } catch (err) {
      if (!(err instanceof PaymentsError && err.kind === 'not_found')) throw err;
      if (attempt < 2 && customerId && err.param === 'customer') {
        deps.log.warn({ customer: customerId }, 'a donor’s Stripe customer no longer exists: a new one for this gift');
        customerId = null;
        continue;
      }
      if (attempt < 2 && err.param?.includes('product')) {
        deps.log.warn({ product: productId }, 'the "Monthly donation" product no longer exists at Stripe: made again');
        productId = await renewMonthlyProduct(deps.db, productId, (k) => stripe.createMonthlyProduct(k));
        continue;
      }
      throw new AppError(502, 'payments.rejected', 'The payment service refused to set up the monthly donation. Please try again in a moment or contact us.');
    }
  }
}

// --- The browser's report of a payment -----------------------------------------------------------

/**
 * The browser's call after a successful payment. It moves nothing by itself: Stripe is asked for
 * the PaymentIntent, which is applied only if Stripe says it succeeded for this project and
 * amount, through the same once-only path as the webhook.
 */
export async function applyReportedPayment(deps: CheckoutDeps, input: UpdateFundingInput): Promise<{ applied: boolean; projectId: number; raisedAmount: string }> {
  const stripe = stripeOf(deps.payments);
  const project = await findProjectById(deps.db, input.projectId);
  if (!project) throw notFound(`There is no project with id ${input.projectId}`);
  const pi = await stripe.retrieveIntent(input.paymentIntentId);
  if (!pi) throw new AppError(404, 'payments.not_found', `Stripe has no payment ${input.paymentIntentId}`);
  if (!isOneOffIntent(pi.metadata)) {
    throw new AppError(409, 'payments.not_succeeded', `The payment ${pi.id} is a monthly gift's payment: the project's total is updated when Stripe confirms its invoice.`);
  }
  if (pi.status !== 'succeeded') {
    throw new AppError(409, 'payments.not_succeeded', `The payment ${pi.id} has not succeeded (status: ${pi.status}); the project's total is updated once Stripe confirms it.`);
  }
  if (projectIdFromMetadata(pi.metadata.projectId) !== input.projectId) {
    throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} was not made for project ${input.projectId}`);
  }
  // Stripe's amount_received, which for a succeeded payment is what was charged.
  const received = pi.amountReceived;
  if (received !== input.amount || pi.currency !== input.currency) {
    throw new AppError(400, 'payments.mismatch', `The amount does not match the payment ${pi.id}`);
  }
  const facts = await chargeFacts(stripe, pi);
  const result = await applySucceededPayment(
    deps.db,
    {
      paymentIntentId: pi.id,
      amountCents: received,
      currency: pi.currency,
      projectId: input.projectId,
      language: pi.metadata.language ?? null,
      kind: 'one_off',
      donorEmail: pi.metadata.email ?? null,
      donorName: pi.metadata.name ?? null,
      customerId: pi.customerId,
      ...giftOptionsOf(pi.metadata, received),
      ...facts,
    },
    'client',
    hooksOf(deps),
  );
  return {
    applied: result.applied,
    projectId: input.projectId,
    raisedAmount: result.projectRaisedCents === null ? project.raisedAmount : centsToDecimal(result.projectRaisedCents),
  };
}

// --- Stripe's events ----------------------------------------------------------------------------

/** A webhook's event, its signature checked; a bad signature or body throws (400). */
export function verifyPaymentEvent(deps: Pick<CheckoutDeps, 'payments' | 'log'>, rawBody: Buffer | undefined, signature: string | string[] | undefined): PaymentEvent {
  const stripe = stripeOf(deps.payments);
  try {
    return stripe.verifyEvent(rawBody, signature);
  } catch (err) {
    if (err instanceof PaymentsError && (err.kind === 'signature' || err.kind === 'malformed')) {
      deps.log.warn({ err: err.message, kind: err.kind }, 'rejected a Stripe webhook');
    }
    throw err;
  }
}

/**
 * One verified event, applied: what the webhook answers Stripe. The event only says which object
 * changed. Status, amounts, currency and project come from Stripe's own record of it, so a signed
 * event with odd numbers (a bug, a replayed test event, a leaked webhook secret) cannot move a
 * total by itself.
 */
export async function handlePaymentEvent(deps: CheckoutDeps, event: PaymentEvent): Promise<object> {
  // Other event types are acknowledged so Stripe stops sending them.
  if (event.object === null) return { received: true, ignored: event.type };
  const { kind, id } = event.object;
  if (kind === 'payment_intent') return onPaymentIntent(deps, event, id);
  if (kind === 'invoice') {
    if (event.type === 'invoice.payment_failed') return onInvoiceFailed(deps, event, id);
    if (event.type === 'invoice.voided' || event.type === 'invoice.marked_uncollectible') return onInvoiceGivenUp(deps, event, id);
    return onInvoicePaid(deps, event, id);
  }
  if (kind === 'payment_method') return onPaymentMethodUpdated(deps, event, id);
  if (kind === 'charge' || kind === 'dispute') return onChargeChange(deps, event, kind, id);
  if (kind === 'customer') return onCustomer(deps, event, id);
  return onSubscription(deps, event, id);
}

async function onPaymentIntent(deps: CheckoutDeps, event: PaymentEvent, intentId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const pi = await confirming(deps, event, intentId, () => stripe.retrieveIntent(intentId));
  if (!pi) {
    deps.log.warn({ paymentIntent: intentId, event: event.id }, 'webhook: Stripe has no such payment');
    throw new AppError(400, 'payments.not_found', `Stripe has no payment ${intentId}; the event was not applied.`);
  }
  if (!isOneOffIntent(pi.metadata)) {
    // A monthly gift's invoice payment (credited by invoice.paid) or a payment of another site.
    return { received: true, ignored: 'not a one-off donation' };
  }
  const payment = {
    paymentIntentId: pi.id,
    currency: pi.currency,
    projectId: projectIdFromMetadata(pi.metadata.projectId),
    language: pi.metadata.language ?? null,
    kind: 'one_off' as const,
    donorEmail: pi.metadata.email ?? null,
    donorName: pi.metadata.name ?? null,
    customerId: pi.customerId,
  };

  if (pi.status === 'succeeded') {
    if (!isValidDonationCents(pi.amountReceived)) {
      deps.log.error({ paymentIntent: pi.id, amountReceived: pi.amountReceived }, 'webhook: a succeeded payment with an amount this site does not accept');
      throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} has an amount this site does not accept (${pi.amountReceived} cents); it was not applied.`);
    }
    const facts = await confirming(deps, event, pi.id, () => chargeFacts(stripe, pi));
    // Whichever event brought us here: Stripe says it succeeded, so it counts, exactly once.
    const options = giftOptionsOf(pi.metadata, pi.amountReceived);
    const result = await applySucceededPayment(deps.db, { ...payment, ...facts, ...options, amountCents: pi.amountReceived }, 'webhook', hooksOf(deps));
    deps.log.info({ paymentIntent: pi.id, event: event.id, applied: result.applied }, 'donation succeeded (webhook)');
    return { received: true, applied: result.applied };
  }
  if (event.type === 'payment_intent.payment_failed') {
    if (!isValidDonationCents(pi.amount)) {
      deps.log.error({ paymentIntent: pi.id, amount: pi.amount }, 'webhook: a failed payment with an amount this site does not accept');
      throw new AppError(400, 'payments.mismatch', `The payment ${pi.id} has an amount this site does not accept (${pi.amount} cents); it was not recorded.`);
    }
    await recordFailedPayment(deps.db, { ...payment, amountCents: pi.amount, failureMessage: pi.lastError });
    deps.log.info({ paymentIntent: pi.id, event: event.id }, 'donation attempt failed (webhook)');
    return { received: true };
  }
  // A "succeeded" event for a payment Stripe does not call succeeded: a succeeded intent never
  // goes back, so this event will never apply; acknowledged so it is not redelivered.
  deps.log.warn({ paymentIntent: pi.id, event: event.id, status: pi.status }, 'webhook: succeeded event for a payment Stripe does not call succeeded');
  return { received: true, applied: false, status: pi.status };
}

/** One payment of a monthly gift: credited to the subscription's project, once per invoice. */
async function onInvoicePaid(deps: CheckoutDeps, event: PaymentEvent, invoiceId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const invoice = await confirming(deps, event, invoiceId, () => stripe.retrieveInvoice(invoiceId));
  if (!invoice) throw new AppError(400, 'payments.not_found', `Stripe has no invoice ${invoiceId}; the event was not applied.`);
  if (invoice.status !== 'paid') return { received: true, applied: false, status: invoice.status };
  if (!invoice.subscriptionId) return { received: true, ignored: 'not a monthly donation' };
  const subscriptionId = invoice.subscriptionId;
  const sub = await confirming(deps, event, subscriptionId, () => stripe.retrieveSubscription(subscriptionId));
  if (!sub || sub.metadata.kind !== 'monthly') return { received: true, ignored: 'not a monthly donation' };
  const pi = invoice.paymentIntent;
  if (!pi || pi.status !== 'succeeded') {
    deps.log.warn({ invoice: invoice.id, event: event.id, paymentIntent: pi?.id, status: pi?.status }, 'webhook: a paid invoice without a succeeded payment; not credited');
    return { received: true, applied: false, status: pi?.status ?? 'no payment' };
  }
  if (!isValidDonationCents(pi.amountReceived)) {
    deps.log.error({ invoice: invoice.id, amountReceived: pi.amountReceived }, 'webhook: a monthly payment with an amount this site does not accept');
    throw new AppError(400, 'payments.mismatch', `The invoice ${invoice.id} has an amount this site does not accept (${pi.amountReceived} cents); it was not applied.`);
  }
  const donor = await donorOf(deps, event, sub, invoice.customerEmail, invoice.customerName);
  const facts = await confirming(deps, event, pi.id, () => chargeFacts(stripe, pi));
  await syncSubscription(deps, sub, donor);
  const result = await applySucceededPayment(
    deps.db,
    {
      paymentIntentId: pi.id,
      amountCents: pi.amountReceived,
      currency: pi.currency,
      projectId: projectIdFromMetadata(sub.metadata.projectId),
      language: sub.metadata.language ?? null,
      kind: 'monthly',
      donorEmail: donor.email,
      donorName: donor.name,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      ...giftOptionsOf(sub.metadata, pi.amountReceived),
      ...facts,
    },
    'webhook',
    hooksOf(deps),
  );
  // Also on a replay: a crash between the gift and this line must not leave the others running.
  await queueSupersededCancel(deps.db, deps.jobs, sub.id);
  // A payment that had failed before: its episode ends (counted once as recovered).
  await endFailureEpisode(deps.db, invoice.id);
  deps.log.info({ invoice: invoice.id, subscription: sub.id, event: event.id, applied: result.applied }, 'monthly donation paid (webhook)');
  return { received: true, applied: result.applied };
}

/** Who gives a monthly gift: the mirror's record, else the invoice's copy, else the customer. */
async function donorOf(
  deps: CheckoutDeps,
  event: PaymentEvent,
  sub: SubscriptionInfo,
  email: string | null,
  name: string | null,
): Promise<{ email: string | null; name: string | null }> {
  const known = await findSubscription(deps.db, sub.id);
  if (known) return { email: known.donorEmail || email, name: known.donorName ?? name };
  if (email) return { email, name };
  const stripe = stripeOf(deps.payments);
  const customer = await confirming(deps, event, sub.customerId, () => stripe.retrieveCustomer(sub.customerId));
  return { email: customer?.email ?? null, name: customer?.name ?? name };
}

async function syncSubscription(deps: CheckoutDeps, sub: SubscriptionInfo, donor: { email: string | null; name: string | null }): Promise<boolean> {
  if (!donor.email) {
    deps.log.warn({ subscription: sub.id }, 'a monthly gift whose customer has no e-mail address: not listed for the donor');
    return false;
  }
  await upsertSubscription(deps.db, {
    subscriptionId: sub.id,
    customerId: sub.customerId,
    donorEmail: donor.email,
    donorName: donor.name,
    amountCents: sub.amountCents,
    currency: sub.currency,
    interval: sub.interval,
    projectId: projectIdFromMetadata(sub.metadata.projectId),
    language: sub.metadata.language ?? null,
    status: sub.status,
    paused: sub.paused,
    currentPeriodEnd: sub.currentPeriodEnd,
    canceledAt: sub.canceledAt,
  });
  return true;
}

async function onSubscription(deps: CheckoutDeps, event: PaymentEvent, subscriptionId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const sub = await confirming(deps, event, subscriptionId, () => stripe.retrieveSubscription(subscriptionId));
  if (!sub) throw new AppError(400, 'payments.not_found', `Stripe has no subscription ${subscriptionId}; the event was not applied.`);
  if (sub.metadata.kind !== 'monthly') return { received: true, ignored: 'not a monthly donation' };
  const donor = await donorOf(deps, event, sub, null, null);
  const synced = await syncSubscription(deps, sub, donor);
  // Stripe's retries are over: the gift's last mail ("paused, restart it") is owed.
  await noteSubscriptionUnpaid(deps, sub);
  return { received: true, synced, status: sub.status };
}

/**
 * A regular gift's payment failed: the invoice and its subscription as Stripe has them now, the
 * mirror brought in line (past due, unpaid), the episode recorded and its one mail queued
 * (models/giving/recovery.ts).
 */
async function onInvoiceFailed(deps: CheckoutDeps, event: PaymentEvent, invoiceId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const invoice = await confirming(deps, event, invoiceId, () => stripe.retrieveInvoice(invoiceId));
  if (!invoice) throw new AppError(400, 'payments.not_found', `Stripe has no invoice ${invoiceId}; the event was not applied.`);
  if (!invoice.subscriptionId) return { received: true, ignored: 'not a monthly donation' };
  const subscriptionId = invoice.subscriptionId;
  const sub = await confirming(deps, event, subscriptionId, () => stripe.retrieveSubscription(subscriptionId));
  if (!sub || sub.metadata.kind !== 'monthly') return { received: true, ignored: 'not a monthly donation' };
  // The first payment, declined on the checkout: the donor sees it there and tries again (no mail).
  if ((NEVER_STARTED as readonly string[]).includes(sub.status)) return { received: true, ignored: 'a first payment: the checkout shows it' };
  // Paid since (a retry went through before this event arrived), or given up: nothing to ask of the donor.
  if (invoice.status !== 'open') return { received: true, applied: false, status: invoice.status };
  const donor = await donorOf(deps, event, sub, invoice.customerEmail, invoice.customerName);
  await syncSubscription(deps, sub, donor);
  const result = await recordFailedInvoice(deps, invoice, sub);
  deps.log.info({ invoice: invoice.id, subscription: sub.id, event: event.id, attempts: invoice.attemptCount, final: result.final }, 'monthly donation payment failed (webhook)');
  return { received: true, final: result.final, mail: result.queued };
}

/**
 * The charity voided a failed invoice or marked it uncollectible (by hand, or Billing's setting at
 * the end of the retries): read back from Stripe, its episode closes, so the gift is no longer
 * listed as failed and no mail is owed for it. The subscription's own status arrives with
 * customer.subscription.updated.
 */
async function onInvoiceGivenUp(deps: CheckoutDeps, event: PaymentEvent, invoiceId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const invoice = await confirming(deps, event, invoiceId, () => stripe.retrieveInvoice(invoiceId));
  if (!invoice) throw new AppError(400, 'payments.not_found', `Stripe has no invoice ${invoiceId}; the event was not applied.`);
  if (invoice.status !== 'void' && invoice.status !== 'uncollectible') return { received: true, applied: false, status: invoice.status };
  const closed = await closeFailureEpisode(deps.db, invoice.id, invoice.status);
  if (closed) deps.log.info({ invoice: invoice.id, event: event.id, as: invoice.status }, 'regular gift: failed invoice given up at Stripe, episode closed');
  return { received: true, closed };
}

/** Stripe's card updater renewed a saved card: no "your card expires" mail for it. */
async function onPaymentMethodUpdated(deps: CheckoutDeps, event: PaymentEvent, paymentMethodId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const pm = await confirming(deps, event, paymentMethodId, () => stripe.retrievePaymentMethod(paymentMethodId));
  if (!pm) throw new AppError(400, 'payments.not_found', `Stripe has no payment method ${paymentMethodId}; the event was not applied.`);
  return { received: true, renewed: await markCardRenewed(deps.db, pm) };
}

/**
 * A customer changed: when it is a donor who saved a new card in the Billing Portal (which sets
 * the customer's default), each running monthly gift is moved to that card, because a
 * subscription's own card (saved with its first payment) would otherwise still be charged.
 */
async function onCustomer(deps: CheckoutDeps, event: PaymentEvent, customerId: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  const running = (await deps.db('donation_subscriptions').where({ customerId }).whereIn('status', [...RUNNING_SUBSCRIPTION]).select('subscriptionId')) as { subscriptionId: string }[];
  if (running.length === 0) return { received: true, ignored: 'no running monthly gift' };
  const customer = await confirming(deps, event, customerId, () => stripe.retrieveCustomer(customerId));
  const card = customer?.defaultPaymentMethod ?? null;
  if (!customer || customer.deleted || !card) return { received: true, moved: 0 };
  let moved = 0;
  const onCard: string[] = [];
  for (const { subscriptionId } of running) {
    const sub = await confirming(deps, event, subscriptionId, () => stripe.retrieveSubscription(subscriptionId));
    if (!sub || sub.customerId !== customerId || !(RUNNING_SUBSCRIPTION as readonly string[]).includes(sub.status)) continue;
    onCard.push(subscriptionId);
    if (sub.defaultPaymentMethod === card) continue;
    await confirming(deps, event, subscriptionId, () => stripe.useCardFor(subscriptionId, card));
    moved += 1;
  }
  // The card the gifts are charged with now: no longer "expiring" on the at-risk list and the donor's page.
  await confirming(deps, event, card, () => noteNewCard(deps.db, stripe, onCard, card));
  if (moved) deps.log.info({ customer: customerId, moved, event: event.id }, 'monthly gifts moved to the card the donor saved');
  return { received: true, moved };
}

/** A refund or a dispute: the donation is brought in line with what Stripe says about its charge now. */
async function onChargeChange(deps: CheckoutDeps, event: PaymentEvent, kind: 'charge' | 'dispute', id: string): Promise<object> {
  const stripe = stripeOf(deps.payments);
  let dispute: DisputeInfo | null = null;
  let chargeId = id;
  if (kind === 'dispute') {
    dispute = await confirming(deps, event, id, () => stripe.retrieveDispute(id));
    if (!dispute) throw new AppError(400, 'payments.not_found', `Stripe has no dispute ${id}; the event was not applied.`);
    chargeId = dispute.chargeId;
  }
  const charge = await confirming(deps, event, chargeId, () => stripe.retrieveCharge(chargeId));
  if (!charge) throw new AppError(400, 'payments.not_found', `Stripe has no charge ${chargeId}; the event was not applied.`);
  const state = await confirming(deps, event, chargeId, () => chargeStateOf(stripe, charge, dispute));
  const result = await reconcileCharge(deps.db, state, { paymentIntentId: charge.paymentIntentId });
  if (!result.found) {
    // Not one of our gifts, or its own event has not arrived yet: it is credited net of this then.
    return { received: true, applied: false, reason: 'no donation for this charge (yet)' };
  }
  deps.log.info({ charge: charge.id, event: event.id, type: event.type, changedCents: result.changedCents }, 'donation refund/dispute reconciled (webhook)');
  return { received: true, changedCents: result.changedCents };
}
