// The checkout's donation form as data: its state, the actions that change it, and the rules that
// read it (the amount chosen, the fee, what the donor must still mend, whether the payment session
// matches the form, what the server is asked for: gift-request.ts). Browser-safe and pure: the
// form's React parts (views/components/checkout/) render it and dispatch to it, and the unit tests
// prove the rules without a browser.
import {
  DEFAULT_PRESET_CENTS,
  DONATION_PRESETS_CENTS,
  isRegularInterval,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  parseDonationAmount,
  type AmountProblem,
  type DonationCurrency,
  type DonationInterval,
} from './donation-rules';
import { chargeFor, type FeeMethod, type FeeTable } from './fees';
import { looksLikeEmail, type GiftDetailsRequest, type IntentRequest, type TributeRequest } from './gift-request';

// --- The state -----------------------------------------------------------------------------------

/** The "in honour / in memory of" part of the form (tribute-fields.tsx). */
export interface TributeState {
  on: boolean;
  kind: 'honour' | 'memory';
  name: string;
  card: boolean;
  cardName: string;
  cardEmail: string;
  cardLang: 'en' | 'de' | '';
  sendOn: string;
}

/** How the gift is shown on the project's page: not at all, as "Anna M.", or under a name the donor types. */
export type Shown = 'anonymous' | 'initial' | 'typed';

export type SessionState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `request` is what the session was made for: a submit with another choice waits for the next one. */
  | { status: 'ready'; clientSecret: string; request: IntentRequest }
  /** The server refused the amount or project (its input codes): the donor can change it. */
  | { status: 'rejected' }
  /** No payment session could be created (the provider did not answer): 'Payments are unavailable for a moment'. */
  | { status: 'failed' };

export interface DonationFormState {
  projectId: number | null;
  /** The preset chosen; it counts while the custom amount field is empty. */
  preset: number;
  custom: string;
  /** The number field holds something that is not a number (the browser reports it as empty). */
  customBad: boolean;
  currency: DonationCurrency;
  interval: DonationInterval;
  /**
   * A currency remembered in this browser has been looked for: nothing is asked of Stripe before,
   * so that no session is made in the suggested currency first.
   */
  settled: boolean;
  email: string;
  name: string;
  /** Errors of a field show once the donor left it (or tried to pay), not while they type. */
  touched: { email?: boolean; name?: boolean };
  coverFees: boolean;
  /** How the donor pays, as chosen in the payment form: a covered fee is that method's (card or TWINT). */
  method: FeeMethod;
  shown: Shown;
  typedPublicName: string;
  follow: boolean;
  tribute: TributeState;
  /** The dedication's messages show after a give with something missing. */
  tributeProblemsShown: boolean;
  session: SessionState;
  stripe: 'loading' | 'ready' | 'failed';
  elementReady: boolean;
  processing: boolean;
  /** A declined or failed confirmation, said next to the button. Kept until the donor changes the gift or tries again. */
  declined: string | null;
  /** Counts the tries: a new one loads Stripe.js and asks for a session again. */
  attempt: number;
}

export type DonationFormAction =
  | { type: 'project'; projectId: number | null }
  | { type: 'preset'; cents: number }
  | { type: 'custom'; value: string; bad: boolean }
  | { type: 'currency'; currency: DonationCurrency }
  /** The currency remembered in this browser (null: none, or the address chose one). */
  | { type: 'settle'; remembered: DonationCurrency | null }
  | { type: 'interval'; interval: DonationInterval }
  | { type: 'email'; value: string }
  | { type: 'name'; value: string }
  | { type: 'left'; field: 'email' | 'name' }
  | { type: 'coverFees'; on: boolean }
  | { type: 'method'; method: FeeMethod }
  | { type: 'shown'; shown: Shown }
  | { type: 'publicName'; value: string }
  | { type: 'follow'; on: boolean }
  | { type: 'tribute'; patch: Partial<TributeState> }
  /** A give: every field's message may show now. */
  | { type: 'tried' }
  | { type: 'tributeProblems' }
  | { type: 'stripe'; loaded: boolean }
  | { type: 'session'; session: SessionState }
  /** A new Payment Element: the card until the donor picks another method, not ready yet. */
  | { type: 'elementMounted' }
  | { type: 'elementReady'; ready: boolean }
  /** Try again after payments were unavailable. */
  | { type: 'retry' }
  | { type: 'paying' }
  /** The payment form itself stopped the give (Stripe shows why in it). */
  | { type: 'stopped' }
  /** A give that failed: the message beside the button; `renew` asks for a fresh one-off session. */
  | { type: 'declined'; message: string; renew?: boolean };

const NO_TRIBUTE: TributeState = { on: false, kind: 'honour', name: '', card: false, cardName: '', cardEmail: '', cardLang: '', sendOn: '' };

/** Cents as the custom amount field shows them: 25 or 25.50. */
export const amountText = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The amount the page was opened with (?amount=): its preset button, or the custom field for any other amount. */
export function initialAmount(selectedCents: number | null | undefined): { preset: number; custom: string } {
  if (selectedCents === null || selectedCents === undefined) return { preset: DEFAULT_PRESET_CENTS, custom: '' };
  const isPreset = (DONATION_PRESETS_CENTS as readonly number[]).includes(selectedCents);
  return isPreset ? { preset: selectedCents, custom: '' } : { preset: DEFAULT_PRESET_CENTS, custom: amountText(selectedCents) };
}

export function initialFormState(props: { selectedProjectId: number | null; selectedAmountCents?: number | null; currency: DonationCurrency; interval: DonationInterval }): DonationFormState {
  return {
    projectId: props.selectedProjectId,
    ...initialAmount(props.selectedAmountCents),
    customBad: false,
    currency: props.currency,
    interval: props.interval,
    settled: false,
    email: '',
    name: '',
    touched: {},
    coverFees: false,
    method: 'card',
    shown: 'anonymous',
    typedPublicName: '',
    follow: false,
    tribute: NO_TRIBUTE,
    tributeProblemsShown: false,
    session: { status: 'idle' },
    stripe: 'loading',
    elementReady: false,
    processing: false,
    declined: null,
    attempt: 0,
  };
}

function change(s: DonationFormState, a: DonationFormAction): DonationFormState {
  switch (a.type) {
    case 'project':
      return { ...s, projectId: a.projectId };
    case 'preset':
      return { ...s, preset: a.cents, custom: '', customBad: false };
    case 'custom':
      return { ...s, custom: a.value, customBad: a.bad };
    case 'currency':
      return { ...s, currency: a.currency };
    case 'settle':
      return { ...s, currency: a.remembered ?? s.currency, settled: true };
    case 'interval':
      return { ...s, interval: a.interval };
    case 'email':
      return { ...s, email: a.value };
    case 'name':
      return { ...s, name: a.value };
    case 'left':
      return { ...s, touched: { ...s.touched, [a.field]: true } };
    case 'coverFees':
      return { ...s, coverFees: a.on };
    case 'method':
      return { ...s, method: a.method };
    case 'shown':
      return { ...s, shown: a.shown };
    case 'publicName':
      return { ...s, typedPublicName: a.value };
    case 'follow':
      return { ...s, follow: a.on };
    case 'tribute':
      return { ...s, tribute: { ...s.tribute, ...a.patch } };
    case 'tried':
      return { ...s, touched: { email: true, name: true } };
    case 'tributeProblems':
      return { ...s, tributeProblemsShown: true };
    case 'stripe':
      return { ...s, stripe: a.loaded ? 'ready' : 'failed' };
    case 'session':
      return { ...s, session: a.session };
    case 'elementMounted':
      return { ...s, elementReady: false, method: 'card' };
    case 'elementReady':
      return { ...s, elementReady: a.ready };
    case 'retry':
      // Stripe.js once loaded stays loaded; a failed load is tried again.
      return { ...s, stripe: s.stripe === 'failed' ? 'loading' : s.stripe, session: { status: 'idle' }, attempt: s.attempt + 1 };
    case 'paying':
      return { ...s, processing: true, declined: null };
    case 'stopped':
      return { ...s, processing: false };
    case 'declined':
      return { ...s, processing: false, declined: a.message, attempt: a.renew ? s.attempt + 1 : s.attempt };
  }
}

/** What a payment attempt was for: changing any of it makes the next give a new attempt. */
const giftKey = (s: DonationFormState) => `${amountOf(s).amountCents}|${s.currency}|${s.interval}|${s.projectId}|${s.coverFees}`;

export function donationFormReducer(s: DonationFormState, a: DonationFormAction): DonationFormState {
  const next = change(s, a);
  // What the donor changes after a decline is a new attempt: the message beside the button goes.
  return next.declined !== null && giftKey(next) !== giftKey(s) ? { ...next, declined: null } : next;
}

// --- The rules that read it --------------------------------------------------------------------

/** A whole-cent gift within the checkout's limits. */
export const isDonationAmount = (cents: number | null): cents is number => cents !== null && cents >= MIN_DONATION_CENTS && cents <= MAX_DONATION_CENTS;

/** The amount chosen: the custom field's while it holds anything, else the preset's. */
export function amountOf(s: Pick<DonationFormState, 'preset' | 'custom' | 'customBad'>): { customActive: boolean; amountCents: number | null; problem: AmountProblem | null } {
  const customActive = s.custom.trim() !== '' || s.customBad;
  if (!customActive) return { customActive, amountCents: s.preset, problem: null };
  const parsed = s.customBad ? ({ problem: 'invalid' } as const) : parseDonationAmount(s.custom);
  return 'cents' in parsed ? { customActive, amountCents: parsed.cents, problem: null } : { customActive, amountCents: null, problem: parsed.problem };
}

/** "Anna Meier" -> "Anna M."; one word stays as it is. */
export function firstNameAndInitial(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]!.toUpperCase()}.`;
}

/** The dedication's fields that keep the gift from going (a card needs its recipient's name and address). */
export function tributeProblems(s: TributeState): { name?: true; cardName?: true; cardEmail?: true } {
  if (!s.on) return {};
  return {
    ...(s.name.trim() ? {} : { name: true as const }),
    ...(s.card && !s.cardName.trim() ? { cardName: true as const } : {}),
    ...(s.card && !looksLikeEmail(s.cardEmail.trim()) ? { cardEmail: true as const } : {}),
  };
}

/** What the API gets: null for no dedication, 'invalid' while a needed field is missing; a card without a day goes `today`. */
export function tributeRequest(s: TributeState, lang: 'en' | 'de', today: string): TributeRequest | null | 'invalid' {
  if (!s.on) return null;
  if (Object.keys(tributeProblems(s)).length) return 'invalid';
  const tribute: TributeRequest = { kind: s.kind, name: s.name.trim() };
  if (s.card) tribute.notify = { email: s.cardEmail.trim(), name: s.cardName.trim(), language: s.cardLang || lang, sendOn: s.sendOn || today };
  return tribute;
}

/** Everything the form shows and decides, read from its state. */
export function formFacts(s: DonationFormState, feeRates: FeeTable) {
  const { customActive, amountCents, problem } = amountOf(s);
  // A regular gift of any interval (monthly, quarterly, half-yearly, yearly): a subscription.
  const monthly = isRegularInterval(s.interval);
  const email = s.email.trim();
  const emailProblem: 'emailMissing' | 'emailInvalid' | null = email === '' ? 'emailMissing' : looksLikeEmail(email) ? null : 'emailInvalid';
  const name = s.name.trim();
  // A monthly gift's receipts and certificate need a name; a one-off gift's do not.
  const nameProblem: 'nameMissing' | null = monthly && name === '' ? 'nameMissing' : null;
  const amountValid = isDonationAmount(amountCents);
  // The fee the donor may add (shown in the box's label, and in the total when covered).
  const charge = amountValid ? chargeFor(feeRates, amountCents, s.currency, s.method, s.coverFees) : null;
  const session = s.session;
  // The session is the one for what the form shows now. Right after a change the previous one is
  // still here for a moment (the new one is being asked for): the button waits for the new one
  // rather than look ready and then ignore the click.
  const sessionCurrent =
    session.status === 'ready' &&
    amountCents !== null &&
    session.request.amount === amountCents / 100 &&
    session.request.currency === s.currency &&
    session.request.projectId === s.projectId &&
    Boolean(session.request.coverFees) === s.coverFees;
  // A one-off gift's card form belongs to a session made for its amount, currency and project; a
  // monthly gift's is shown for its amount and currency, and its subscription is made on giving.
  const ready = s.stripe === 'ready' && s.elementReady && (monthly || sessionCurrent);
  const chargedCents = charge ? charge.chargedCents : null;
  return {
    customActive,
    amountCents,
    problem,
    amountValid,
    monthly,
    email,
    emailProblem,
    name,
    nameProblem,
    feeCents: charge ? charge.feeCents : 0,
    chargedCents,
    publicName: s.shown === 'initial' ? firstNameAndInitial(s.name) : s.shown === 'typed' ? s.typedPublicName.trim() : '',
    clientSecret: session.status === 'ready' ? session.clientSecret : null,
    sessionCurrent,
    ready,
    failed: s.stripe === 'failed' || session.status === 'failed',
    /** The Donate button is off while nothing can be given yet. */
    canGive: ready && !s.processing && amountCents !== null && !problem,
    /** What the payment box says (a key of checkout.*), and whether it waits. */
    status: amountCents === null || problem ? ('status.chooseAmount' as const) : session.status === 'rejected' ? ('errors.rejected' as const) : !ready ? ('status.preparing' as const) : null,
    busy: !ready && session.status !== 'rejected' && !problem && amountCents !== null,
    /** The total as the summary and the button say it (null: no valid amount). */
    totalCents: chargedCents !== null && !problem ? chargedCents : null,
  };
}
export type FormFacts = ReturnType<typeof formFacts>;

/** Where the request comes from: the page's language, the visit's id, the fundraiser and the page that led here. */
export interface RequestContext {
  lang: 'en' | 'de';
  checkoutId: string;
  fundraiserId: number | null;
  source: string | null;
}

const fromContext = (ctx: RequestContext) => ({
  ...(ctx.fundraiserId !== null ? { fundraiserId: ctx.fundraiserId } : {}),
  ...(ctx.source ? { source: ctx.source } : {}),
});

/** A one-off gift's session, asked for as soon as a valid amount is chosen; null when there is none to ask for. */
export function sessionRequest(s: DonationFormState, ctx: RequestContext): IntentRequest | null {
  const { amountCents } = amountOf(s);
  if (isRegularInterval(s.interval) || !isDonationAmount(amountCents)) return null;
  return {
    amount: amountCents / 100,
    currency: s.currency,
    interval: s.interval,
    projectId: s.projectId,
    language: ctx.lang,
    checkoutId: ctx.checkoutId,
    ...(s.coverFees ? { coverFees: true } : {}),
    ...fromContext(ctx),
  };
}

/** The donor's part of a gift: the names, the dedication, the project's news. */
function donorPart(s: DonationFormState, facts: FormFacts, tribute: TributeRequest | null) {
  return {
    ...(facts.name ? { name: facts.name } : {}),
    ...(facts.publicName ? { publicName: facts.publicName } : {}),
    ...(tribute ? { tribute } : {}),
    ...(s.follow && s.projectId !== null ? { followProject: true } : {}),
  };
}

/** A monthly gift, made when the donor gives: the gift (the server adds the chosen method's fee when covered) and who gives it. */
export function monthlyRequest(s: DonationFormState, facts: FormFacts, tribute: TributeRequest | null, ctx: RequestContext): IntentRequest | null {
  if (!facts.monthly || facts.amountCents === null) return null;
  const { name, ...rest } = donorPart(s, facts, tribute);
  return {
    amount: facts.amountCents / 100,
    currency: s.currency,
    interval: s.interval,
    projectId: s.projectId,
    language: ctx.lang,
    checkoutId: ctx.checkoutId,
    email: facts.email,
    ...(name ? { name } : {}),
    ...(s.coverFees ? { coverFees: true, paymentMethod: s.method } : {}),
    ...rest,
    ...fromContext(ctx),
  };
}

/** A one-off gift's details for its session; a covered fee follows the method chosen (the session was made with the card's). */
export function giftDetailsRequest(s: DonationFormState, facts: FormFacts, tribute: TributeRequest | null, clientSecret: string, lang: 'en' | 'de'): GiftDetailsRequest {
  const { name, ...rest } = donorPart(s, facts, tribute);
  return {
    clientSecret,
    email: facts.email,
    language: lang,
    ...(name ? { name } : {}),
    ...rest,
    ...(s.coverFees ? { paymentMethod: s.method } : {}),
  };
}
