import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '../link';
import type { TFunction } from '../../translate';
import { useApp, useLang, useLinks, useT } from '../../app-context';
import { formatMoney, percentFunded } from '../../../models/shared/rules';
import {
  DEFAULT_PRESET_CENTS,
  DONATION_CURRENCIES,
  DONATION_INTERVALS,
  DONATION_PRESETS_CENTS,
  formatAmount,
  isDonationCurrency,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  parseDonationAmount,
  TWINT_MAX_CENTS,
  type AmountProblem,
  type DonationCurrency,
  type DonationInterval,
} from '../../../models/shared/donation-rules';
import { ProgressBar } from '../project-card';
import { toast, toastOnNextPage } from '../toaster';
import { rememberGift, rememberThanks } from './thanks-store';
import { Icon } from '../icons';
import { ApiError, createPaymentIntent, sendGiftDetails, updateProjectFunding, type IntentRequest, type TributeRequest } from './api';
import { TributeFields, tributeRequest, useTribute } from './tribute-fields';
import type { ErrorCode } from '../../../models/shared/error-codes';
import { APPEARANCE, getStripe, type Stripe, type StripeElements } from './stripe-client';
import { SetupRequired } from './setup-required';
import type { CheckoutProps } from './types';
import { feeFor, type FeeMethod } from '../../../models/shared/fees';
import { sourceOf } from '../../../models/shared/source';

/** Typing an amount waits this long before asking for a new payment session. */
const TYPING_DEBOUNCE_MS = 450;
/** The donor's currency, remembered in this browser: a later ?amount= link or visit keeps it. */
const CURRENCY_STORAGE_KEY = 'donationCurrency';
/** The longest name the server takes (it goes on the certificate). */
const MAX_NAME_LENGTH = 200;
/** What an e-mail address must look like before a payment session is asked for (the server checks it again). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type IntentState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `request` is what the session was made for: a submit with another choice waits for the next one. */
  | { status: 'ready'; clientSecret: string; request: IntentRequest }
  /** The server refused the amount or project (REFUSED_INPUT): the donor can change it. */
  | { status: 'rejected' }
  /** No payment session could be created (the provider did not answer): 'Payments are unavailable for a moment'. */
  | { status: 'failed' };

function newCheckoutId(): string {
  const c = globalThis.crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Where a redirect-based method (TWINT, bank redirects...) comes back to: this page, with what it needs to finish. */
function returnUrl(checkoutPath: string, projectSlug: string | null, cents: number, currency: DonationCurrency, interval: DonationInterval, fundraiserSlug: string | null): string {
  const params = new URLSearchParams({ payment: 'success' });
  if (fundraiserSlug) params.set('fundraiser', fundraiserSlug);
  else if (projectSlug) params.set('project', projectSlug);
  params.set('amount', (cents / 100).toFixed(2));
  params.set('currency', currency);
  if (interval === 'month') params.set('interval', 'month');
  return `${window.location.origin}${checkoutPath}?${params.toString()}`;
}

/** The donor's choice of currency for the next visit and for a reload (the address keeps it, without a new page). */
function rememberCurrency(currency: DonationCurrency): void {
  try {
    window.localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    // Storage may be off (private mode): the choice then lasts for this page only.
  }
  const url = new URL(window.location.href);
  url.searchParams.set('currency', currency);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

function rememberedCurrency(): DonationCurrency | null {
  try {
    const value = window.localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isDonationCurrency(value) ? value : null;
  } catch {
    return null;
  }
}

/** Codes by which the server refuses the donation's input itself (as opposed to payments being down). */
const REFUSED_INPUT = new Set<ErrorCode | null>(['validation', 'bad_request', 'invalid_text']);

export function paymentFailedToast(t: TFunction, message?: string | null): void {
  toast({ title: t('checkout.toast.failedTitle'), description: message || t('checkout.toast.failedText'), variant: 'destructive' });
}

/**
 * After Stripe confirmed the payment: thank the donor, ask the server to count a one-off gift for
 * the project (the server checks the PaymentIntent with Stripe; a failure is only logged, the
 * webhook counts it anyway), then go home. A monthly gift is counted by the webhook for each paid
 * invoice, so the browser does not ask. Shared by the form and the return from a redirect-based method.
 */
export async function completeDonation(options: {
  t: TFunction;
  lang: 'en' | 'de';
  goHome: () => void;
  projectId: number | null;
  amountCents: number | null;
  currency: DonationCurrency;
  interval: DonationInterval;
  paymentIntentId: string;
  succeeded: boolean;
}): Promise<void> {
  const { t, projectId, amountCents, paymentIntentId, currency } = options;
  const monthly = options.interval === 'month';
  const description =
    monthly && amountCents !== null ? t('checkout.toast.monthlyText', { amount: formatAmount(amountCents, currency, options.lang) }) : t('checkout.toast.successText');
  // Shown on the home page, where the donor goes next, with the thank-you panel (views/components/thanks-panel.tsx).
  toastOnNextPage({ title: t('checkout.toast.successTitle'), description, variant: 'success' });
  rememberThanks({ amountCents, currency, interval: options.interval, paymentIntentId, processing: !options.succeeded });
  if (!monthly && options.succeeded && projectId !== null && amountCents !== null) {
    try {
      await updateProjectFunding({ projectId, amount: amountCents / 100, paymentIntentId, currency });
    } catch (err) {
      console.warn('The project total will be updated by the Stripe webhook:', err instanceof Error ? err.message : err);
    }
  }
  options.goHome();
}

/** Cents as the custom amount field shows them: 25 or 25.50. */
function amountText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The amount the page was opened with (?amount=): its preset button, or the custom field for any other amount. */
function initialAmount(selectedCents: number | null | undefined): { preset: number; custom: string } {
  if (selectedCents === null || selectedCents === undefined) return { preset: DEFAULT_PRESET_CENTS, custom: '' };
  const isPreset = (DONATION_PRESETS_CENTS as readonly number[]).includes(selectedCents);
  return isPreset ? { preset: selectedCents, custom: '' } : { preset: DEFAULT_PRESET_CENTS, custom: amountText(selectedCents) };
}

type FormProps = Pick<CheckoutProps, 'projects' | 'selectedProjectId' | 'selectedAmountCents' | 'currency' | 'currencyFromLink' | 'interval' | 'feeRates' | 'fundraiser'>;

/** How the gift is shown on the project's page: not at all, as "Anna M.", or under a name the donor types. */
type Shown = 'anonymous' | 'initial' | 'typed';

/** "Anna Meier" -> "Anna M."; one word stays as it is. */
export function firstNameAndInitial(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]!.toUpperCase()}.`;
}

export function DonationForm(props: FormProps) {
  const { projects, selectedProjectId, selectedAmountCents } = props;
  // A fundraiser's gift: its project and its currency, nothing to choose there.
  const fundraiser = props.fundraiser ?? null;
  // Where the giver came from: the fundraiser, else the page of this site that led here (or a campaign's link).
  const source = useRef<string | null>(null);
  useEffect(() => {
    source.current = fundraiser ? `/fundraisers/${fundraiser.slug}` : (sourceOf(document.referrer, location.origin) ?? (/[?&]utm_/.test(location.search) ? sourceOf(location.href, location.origin) : null));
  }, []);
  const fundraiserOnly = fundraiser ? { fundraiserId: fundraiser.id } : {};
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const { site } = useApp();

  const [projectId, setProjectId] = useState<number | null>(selectedProjectId);
  const [preset, setPreset] = useState<number>(() => initialAmount(selectedAmountCents).preset);
  const [custom, setCustom] = useState(() => initialAmount(selectedAmountCents).custom);
  const [currency, setCurrency] = useState<DonationCurrency>(props.currency);
  const [interval, setGiftInterval] = useState<DonationInterval>(props.interval);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [coverFees, setCoverFees] = useState(false);
  // How the donor pays, as chosen in the payment form: a covered fee is that method's (card or TWINT).
  const [method, setMethod] = useState<FeeMethod>('card');
  const [shown, setShown] = useState<Shown>('anonymous');
  const [typedPublicName, setTypedPublicName] = useState('');
  const tribute = useTribute();
  const [follow, setFollow] = useState(false);
  /** Errors of a field show once the donor left it (or tried to pay), not while they type. */
  const [touched, setTouched] = useState<{ email?: boolean; name?: boolean }>({});
  const typedAt = useRef(0);
  /** The number field holds something that is not a number (the browser reports it as empty). */
  const [customBad, setCustomBad] = useState(false);
  const [intent, setIntent] = useState<IntentState>({ status: 'idle' });
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [stripeFailed, setStripeFailed] = useState(false);
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  /** A declined or failed confirmation, said next to the button (the spec's toast says it too). Kept until the donor changes something or tries again. */
  const [declined, setDeclined] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const elementsRef = useRef<StripeElements | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const checkoutId = useRef<string | null>(null);

  const customActive = custom.trim() !== '' || customBad;
  const customResult = customActive ? (customBad ? ({ problem: 'invalid' } as const) : parseDonationAmount(custom)) : null;
  const problem: AmountProblem | null = customResult && 'problem' in customResult ? customResult.problem : null;
  const amountCents: number | null = customResult ? ('cents' in customResult ? customResult.cents : null) : preset;
  const project = projects.find((p) => p.id === projectId) ?? null;
  const monthly = interval === 'month';
  const emailTrimmed = email.trim();
  const emailProblem: 'emailMissing' | 'emailInvalid' | null = emailTrimmed === '' ? 'emailMissing' : EMAIL_PATTERN.test(emailTrimmed) && emailTrimmed.length <= 254 ? null : 'emailInvalid';
  const nameTrimmed = name.trim();
  const nameProblem: 'nameMissing' | null = monthly && nameTrimmed === '' ? 'nameMissing' : null;
  const dedication: TributeRequest | null | 'invalid' = tributeRequest(tribute.state, lang);
  const amountValid = amountCents !== null && amountCents >= MIN_DONATION_CENTS && amountCents <= MAX_DONATION_CENTS;
  // The card fee the donor may add (shown in the box's label and in the total).
  const feeCents = amountValid ? feeFor(props.feeRates, amountCents, currency, method) : 0;
  const chargedCents = amountValid ? amountCents + (coverFees ? feeCents : 0) : null;
  const publicName = shown === 'initial' ? firstNameAndInitial(name) : shown === 'typed' ? typedPublicName.trim() : '';
  // A one-off gift's card form belongs to a payment session made for the amount, currency and
  // project; a monthly gift's is shown for its amount and currency, and its subscription is made
  // when the donor gives (with the e-mail address and name it needs).
  const clientSecret = intent.status === 'ready' ? intent.clientSecret : null;
  // The session is the one for what the form shows now. Right after a change the previous one is
  // still here for a moment (the new one is asked for by an effect): the button waits for the new
  // one rather than look ready and then ignore the click (onSubmit's check below).
  const sessionCurrent =
    intent.status === 'ready' &&
    amountCents !== null &&
    intent.request.amount === amountCents / 100 &&
    intent.request.currency === currency &&
    intent.request.projectId === projectId &&
    Boolean(intent.request.coverFees) === coverFees;
  const ready = stripe !== null && elementReady && (monthly || sessionCurrent);
  const failed = stripeFailed || intent.status === 'failed';

  // Stripe.js is loaded from js.stripe.com only here, on the checkout page.
  useEffect(() => {
    if (!site.stripePublishableKey) {
      setStripeFailed(true);
      return;
    }
    let live = true;
    getStripe(site.stripePublishableKey)
      .then((s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setStripeFailed(true);
      })
      .catch((err: unknown) => {
        console.warn('Stripe.js could not be loaded:', err instanceof Error ? err.message : err);
        if (live) setStripeFailed(true);
      });
    return () => {
      live = false;
    };
  }, [site.stripePublishableKey, attempt]);

  // A choice made on an earlier visit wins over the language's suggestion, unless the address names
  // one. Nothing is asked of Stripe before this is settled (no session in the suggested currency first).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const remembered = props.currencyFromLink || fundraiser ? null : rememberedCurrency();
    if (remembered && remembered !== currency) setCurrency(remembered);
    setSettled(true);
  }, []);

  // A one-off gift: a new payment session whenever the amount, the custom amount, the currency or
  // the project changes (never below 1.00); the donor's e-mail address and name join it on giving.
  useEffect(() => {
    if (!settled) return;
    if (!amountValid || monthly) {
      setIntent({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setIntent({ status: 'loading' });
    const typing = Date.now() - typedAt.current < TYPING_DEBOUNCE_MS * 2;
    const timer = window.setTimeout(
      () => {
        checkoutId.current ??= newCheckoutId();
        const request: IntentRequest = {
          amount: amountCents / 100,
          currency,
          interval,
          projectId,
          language: lang,
          checkoutId: checkoutId.current,
          ...(coverFees ? { coverFees: true } : {}),
          ...fundraiserOnly,
          ...(source.current ? { source: source.current } : {}),
        };
        createPaymentIntent(request, controller.signal)
          .then(({ clientSecret: secret }) => {
            if (!controller.signal.aborted) setIntent({ status: 'ready', clientSecret: secret, request });
          })
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            console.warn('Could not create the payment session:', err instanceof Error ? err.message : err);
            setIntent(err instanceof ApiError && REFUSED_INPUT.has(err.code) ? { status: 'rejected' } : { status: 'failed' });
          });
      },
      typing ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [settled, amountCents, amountValid, currency, monthly, projectId, lang, attempt, coverFees]);

  // A monthly gift's card form is shown before its subscription exists: for an amount (the last
  // valid one), updated as the donor changes it.
  const elementAmount = useRef(chargedCents ?? DEFAULT_PRESET_CENTS);
  if (chargedCents !== null) elementAmount.current = chargedCents;

  // The Payment Element, in the page's language: for the current one-off session, or for a monthly gift.
  const elementFor = monthly ? `month-${currency}` : clientSecret;
  useEffect(() => {
    const container = containerRef.current;
    if (!settled || !stripe || !container || (!monthly && !clientSecret)) return;
    setElementReady(false);
    const elements = monthly
      ? stripe.elements({ mode: 'subscription', amount: elementAmount.current, currency, locale: lang, appearance: APPEARANCE })
      : stripe.elements({ clientSecret: clientSecret!, locale: lang, appearance: APPEARANCE });
    const element = elements.create('payment', { layout: 'tabs' });
    setMethod('card');
    element.on('ready', () => setElementReady(true));
    element.on('change', (event: { value?: { type?: string } }) => setMethod(event.value?.type === 'twint' ? 'twint' : 'card'));
    element.on('loaderror', () => setIntent({ status: 'failed' }));
    element.mount(container);
    elementsRef.current = elements;
    return () => {
      element.destroy();
      elementsRef.current = null;
      setElementReady(false);
    };
  }, [settled, stripe, elementFor, lang]);

  useEffect(() => {
    if (monthly && chargedCents !== null) elementsRef.current?.update({ amount: chargedCents });
  }, [monthly, chargedCents]);

  function chooseCurrency(next: DonationCurrency) {
    setCurrency(next);
    rememberCurrency(next);
  }

  function choosePreset(cents: number) {
    setPreset(cents);
    setCustom('');
    setCustomBad(false);
  }

  function retry() {
    setStripeFailed(false);
    setIntent({ status: 'idle' });
    setAttempt((n) => n + 1);
  }

  // What the donor changes after a decline is a new attempt: the message beside the button goes.
  useEffect(() => setDeclined(null), [amountCents, currency, interval, projectId, coverFees]);

  /** The spec's toast, and the same words beside the button, where the donor is looking. */
  function sayDeclined(message?: string | null) {
    paymentFailedToast(t, message);
    setDeclined(message || t('checkout.toast.failedText'));
    setProcessing(false);
  }

  /** A call to our server on giving failed: refused input in its words, anything else as payments being unavailable. */
  function sayServerProblem(err: unknown) {
    console.warn('Could not prepare the payment:', err instanceof Error ? err.message : err);
    const refused = err instanceof ApiError && REFUSED_INPUT.has(err.code);
    setDeclined(refused ? t('checkout.errors.rejected') : t('checkout.unavailable.title'));
    setProcessing(false);
    // A one-off session that is gone or closed: a fresh one for the same choice.
    if (!refused && !monthly) setAttempt((n) => n + 1);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched({ email: true, name: true });
    // The details are asked for in the same form: the first one to mend gets the focus.
    if (emailProblem || nameProblem) {
      (emailProblem ? emailRef : nameRef).current?.focus();
      return;
    }
    if (dedication === 'invalid') {
      tribute.showProblems();
      return;
    }
    const elements = elementsRef.current;
    if (!stripe || !elements || !ready || processing || amountCents === null) return;
    // The one-off session was made for another choice (changed a moment ago): the next one is on its way.
    if (!monthly && !sessionCurrent) return;
    setProcessing(true);
    setDeclined(null);
    const chosenProject = projectId;
    // What the card is charged: the gift, and the fee when the donor covers it.
    const chosenAmount = chargedCents ?? amountCents;
    const chosenCurrency = currency;
    const chosenInterval = interval;
    // For the thank-you on the home page, also after a payment method that leaves the page.
    rememberGift({ email: emailTrimmed, projectName: project?.title ?? null });
    let secret: string;
    try {
      if (monthly) {
        // Stripe checks the card form before the subscription is made for it.
        const checked = await elements.submit();
        if (checked.error) {
          setProcessing(false);
          return;
        }
        checkoutId.current ??= newCheckoutId();
        const made = await createPaymentIntent({
          // The gift: the server adds the fee of the chosen method when the donor covers it.
          amount: amountCents / 100,
          currency: chosenCurrency,
          interval: chosenInterval,
          projectId: chosenProject,
          language: lang,
          checkoutId: checkoutId.current,
          email: emailTrimmed,
          ...(nameTrimmed ? { name: nameTrimmed } : {}),
          ...(coverFees ? { coverFees: true, paymentMethod: method } : {}),
          ...(publicName ? { publicName } : {}),
          ...(dedication ? { tribute: dedication } : {}),
          ...(follow && projectId !== null ? { followProject: true } : {}),
          ...fundraiserOnly,
          ...(source.current ? { source: source.current } : {}),
        });
        secret = made.clientSecret;
      } else {
        secret = (intent as Extract<IntentState, { status: 'ready' }>).clientSecret;
        await sendGiftDetails({
          clientSecret: secret,
          email: emailTrimmed,
          language: lang,
          ...(nameTrimmed ? { name: nameTrimmed } : {}),
          ...(publicName ? { publicName } : {}),
          ...(dedication ? { tribute: dedication } : {}),
          ...(follow && projectId !== null ? { followProject: true } : {}),
          // The session was made with the card's fee: the server sets the chosen method's.
          ...(coverFees ? { paymentMethod: method } : {}),
        });
        // The payment's amount may have changed with it: the form learns it before confirming.
        if (coverFees) await elements.fetchUpdates();
      }
    } catch (err) {
      sayServerProblem(err);
      return;
    }
    try {
      const confirmParams = { return_url: returnUrl(link('checkout'), project?.slug ?? null, chosenAmount, chosenCurrency, chosenInterval, fundraiser?.slug ?? null) };
      const { error, paymentIntent } = monthly
        ? await stripe.confirmPayment({ elements, clientSecret: secret, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (error) {
        sayDeclined(error.message);
        return;
      }
      if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        await completeDonation({
          t,
          lang,
          goHome: () => window.location.assign(link('home')),
          projectId: chosenProject,
          amountCents: chosenAmount,
          currency: chosenCurrency,
          interval: chosenInterval,
          paymentIntentId: paymentIntent.id,
          succeeded: paymentIntent.status === 'succeeded',
        });
        return;
      }
      sayDeclined(paymentIntent.last_payment_error?.message);
    } catch (err) {
      console.warn('Payment confirmation failed:', err instanceof Error ? err.message : err);
      sayDeclined();
    }
  }

  if (failed) return <SetupRequired reason="unavailable" onRetry={retry} focusOnMount project={project} />;

  const money = (cents: number) => formatAmount(cents, currency, lang);
  const code = t(`checkout.currencies.${currency}`);
  let statusText = '';
  if (amountCents === null || problem) statusText = t('checkout.status.chooseAmount');
  else if (intent.status === 'rejected') statusText = t('checkout.errors.rejected');
  else if (!ready) statusText = t('checkout.status.preparing');
  const busy = !ready && intent.status !== 'rejected' && !problem && amountCents !== null;
  const showEmailError = touched.email && emailProblem !== null;
  const showNameError = touched.name && nameProblem !== null;
  const amountLabel = chargedCents !== null && !problem ? money(chargedCents) : null;
  const manageHref = link('donorManage');
  const typed = () => {
    typedAt.current = Date.now();
  };

  return (
    <form className="checkout-layout" onSubmit={onSubmit} noValidate>
      <fieldset className="checkout-card checkout-project" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">1</span> {t('checkout.projectHeading')}
        </legend>
        {fundraiser ? (
          <div className="checkout-fundraiser">
            <p>{t('checkout.fundraiser.for', { title: fundraiser.title, project: project?.title ?? '' })}</p>
            {fundraiser.ownerName && <p className="field-hint">{t('checkout.fundraiser.by', { name: fundraiser.ownerName })}</p>}
          </div>
        ) : (
          <div className="field">
            <label htmlFor="checkout-project">{t('checkout.projectLabel')}</label>
            <select
              id="checkout-project"
              value={projectId === null ? '' : String(projectId)}
              onChange={(e) => setProjectId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('checkout.generalSupport')}</option>
              {projects.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>

      <fieldset className="checkout-card checkout-amount" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">2</span> {t('checkout.amountHeading')}
        </legend>
        <div className="choice-rows">
          <fieldset className="choice-group" aria-describedby="methods-note">
            <legend>{t('checkout.currencyLegend')}</legend>
            <div className="choices">
              {(fundraiser ? [fundraiser.currency] : DONATION_CURRENCIES).map((c) => (
                <label key={c} className="choice">
                  <input type="radio" name="currency" value={c} checked={currency === c} onChange={() => chooseCurrency(c)} />
                  <span>{t(`checkout.currencies.${c}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="choice-group">
            <legend>{t('checkout.intervalLegend')}</legend>
            <div className="choices">
              {DONATION_INTERVALS.map((i) => (
                <label key={i} className="choice">
                  <input type="radio" name="interval" value={i} checked={interval === i} onChange={() => setGiftInterval(i)} />
                  <span>{t(`checkout.intervals.${i}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <p id="methods-note" className="field-hint methods-note">
          {t('checkout.methodsNote', { max: formatAmount(TWINT_MAX_CENTS, 'chf', lang) })}
        </p>
        <div className="amount-presets" role="group" aria-label={t('checkout.presetsLabel')}>
          {DONATION_PRESETS_CENTS.map((cents) => (
            <button
              key={cents}
              type="button"
              className="chip amount-chip"
              aria-pressed={!customActive && preset === cents}
              onClick={() => choosePreset(cents)}
            >
              {/* On a narrow phone "CHF 3’500" may break after the code, never inside the number. */}
              {money(cents).replace('\u00a0', ' ')}
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor="custom-amount">{t('checkout.customLabel', { currency: code })}</label>
          <div className={`amount-input amount-input-${currency}`}>
            <span aria-hidden="true">{currency === 'usd' ? '$' : currency === 'eur' ? '€' : 'CHF'}</span>
            <input
              id="custom-amount"
              name="amount"
              type="number"
              inputMode="decimal"
              min="1"
              max={MAX_DONATION_CENTS / 100}
              step="0.01"
              value={custom}
              aria-invalid={problem ? true : undefined}
              aria-describedby="custom-amount-hint custom-amount-error"
              onChange={(e) => {
                typed();
                setCustom(e.target.value);
                setCustomBad(e.target.validity.badInput);
              }}
            />
          </div>
          <p id="custom-amount-hint" className="field-hint">
            {t('checkout.customHint', { min: money(MIN_DONATION_CENTS) })}
          </p>
          <p id="custom-amount-error" className="field-error" aria-live="polite">
            {problem && (
              <>
                <Icon name="close" size={16} /> {t(`checkout.errors.${problem}`, { min: money(MIN_DONATION_CENTS), max: money(MAX_DONATION_CENTS) })}
              </>
            )}
          </p>
        </div>
        <div className="field check-field cover-fees">
          <input id="cover-fees" type="checkbox" checked={coverFees} onChange={(e) => setCoverFees(e.target.checked)} aria-describedby="cover-fees-hint" />
          <label htmlFor="cover-fees">
            {feeCents ? t(method === 'twint' ? 'checkout.coverFees.labelTwint' : 'checkout.coverFees.label', { fee: money(feeCents) }) : t('checkout.coverFees.labelPlain')}
          </label>
          <p id="cover-fees-hint" className="field-hint">
            {t('checkout.coverFees.hint')}
          </p>
        </div>
      </fieldset>

      <fieldset className="checkout-card checkout-details" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">3</span> {t('checkout.detailsHeading')}
        </legend>
        <div className="field">
          <label htmlFor="donor-email">{t('checkout.emailLabel')}</label>
          <input
            ref={emailRef}
            id="donor-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            maxLength={254}
            value={email}
            aria-invalid={showEmailError ? true : undefined}
            aria-describedby="donor-email-hint donor-email-error"
            onChange={(e) => {
              typed();
              setEmail(e.target.value);
            }}
            onBlur={() => setTouched((v) => ({ ...v, email: true }))}
          />
          <p id="donor-email-hint" className="field-hint">
            {t('checkout.emailHint')}
          </p>
          <p id="donor-email-error" className="field-error" aria-live="polite">
            {showEmailError && (
              <>
                <Icon name="close" size={16} /> {t(`checkout.errors.${emailProblem}`)}
              </>
            )}
          </p>
        </div>
        <div className="field">
          <label htmlFor="donor-name">{monthly ? t('checkout.nameLabel') : t('checkout.nameLabelOptional')}</label>
          <input
            ref={nameRef}
            id="donor-name"
            name="name"
            type="text"
            autoComplete="name"
            required={monthly}
            maxLength={MAX_NAME_LENGTH}
            value={name}
            aria-invalid={showNameError ? true : undefined}
            aria-describedby="donor-name-hint donor-name-error"
            onChange={(e) => {
              typed();
              setName(e.target.value);
            }}
            onBlur={() => setTouched((v) => ({ ...v, name: true }))}
          />
          <p id="donor-name-hint" className="field-hint">
            {t('checkout.nameHint')}
          </p>
          <p id="donor-name-error" className="field-error" aria-live="polite">
            {showNameError && (
              <>
                <Icon name="close" size={16} /> {t(`checkout.errors.${nameProblem}`)}
              </>
            )}
          </p>
        </div>
        <fieldset className="choice-group public-name">
          <legend>{t('checkout.publicName.legend')}</legend>
          <div className="choices choices-stacked">
            {(['anonymous', 'initial', 'typed'] as const).map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name="shown" value={choice} checked={shown === choice} onChange={() => setShown(choice)} />
                <span>
                  {choice === 'initial' && firstNameAndInitial(name)
                    ? t('checkout.publicName.initialAs', { name: firstNameAndInitial(name) })
                    : t(`checkout.publicName.${choice}`)}
                </span>
              </label>
            ))}
          </div>
          {shown === 'typed' && (
            <div className="field">
              <label htmlFor="public-name">{t('checkout.publicName.typedLabel')}</label>
              <input id="public-name" type="text" maxLength={60} value={typedPublicName} onChange={(e) => setTypedPublicName(e.target.value)} />
            </div>
          )}
        </fieldset>
        {project && (
          <div className="field check-field follow-project">
            <input id="follow-project" type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} aria-describedby="follow-project-hint" />
            <label htmlFor="follow-project">{t('checkout.follow.label')}</label>
            <p id="follow-project-hint" className="field-hint">
              {t('checkout.follow.hint')}
            </p>
          </div>
        )}
        <TributeFields tribute={tribute} />
      </fieldset>

      <aside className="checkout-card checkout-summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="checkout-step">
          {t('checkout.summaryHeading')}
        </h2>
        <p className="summary-project">{project ? project.title : t('checkout.generalSupport')}</p>
        <p className="summary-text">{project ? project.description : t('checkout.generalSupportText')}</p>
        {project && (
          <div className="summary-funding">
            <div className="amounts">
              <span>
                {t('checkout.raised')}: <strong>{formatMoney(project.raisedAmount, lang)}</strong>
              </span>
              <span>
                {t('checkout.goal')}: <strong>{formatMoney(project.goalAmount, lang)}</strong>
              </span>
            </div>
            <ProgressBar percent={percentFunded(project.raisedAmount, project.goalAmount)} label={t('checkout.fundingProgress', { title: project.title })} />
          </div>
        )}
        <dl className="summary-total">
          {coverFees && feeCents > 0 && amountCents !== null && !problem && (
            <>
              <dt className="summary-part">{t('checkout.coverFees.gift')}</dt>
              <dd className="summary-part">{money(amountCents)}</dd>
              <dt className="summary-part">{t(method === 'twint' ? 'checkout.coverFees.feeTwint' : 'checkout.coverFees.fee')}</dt>
              <dd className="summary-part">{money(feeCents)}</dd>
            </>
          )}
          <dt>{t('checkout.total')}</dt>
          <dd>
            {amountLabel ?? '–'}
            {currency === 'usd' && <span className="currency"> USD</span>}
            {monthly && <span className="summary-interval">{t('checkout.everyMonth')}</span>}
          </dd>
        </dl>
        <p className="tax-note">{t('checkout.taxNote')}</p>
      </aside>

      <div className="checkout-card checkout-payment">
        <h2 className="checkout-step">
          <span className="step-number" aria-hidden="true">4</span> {t('checkout.paymentHeading')}
        </h2>
        <div className="payment-box" aria-busy={busy}>
          <div className={`payment-status${intent.status === 'rejected' ? ' is-error' : ''}`} role="status">
            {busy && <span className="spinner" aria-hidden="true" />}
            {statusText && <span>{statusText}</span>}
          </div>
          <div ref={containerRef} className="payment-element" hidden={!monthly && !clientSecret} />
        </div>
        {declined && (
          <div className="pay-declined" role="alert" id="pay-declined">
            <p className="pay-declined-title">
              <Icon name="alert" size={18} /> {t('checkout.declined.title')}
            </p>
            <p>{declined}</p>
            <p className="muted">{t('checkout.declined.kept')}</p>
          </div>
        )}
        <button
          type="submit"
          aria-describedby={declined ? 'pay-declined' : undefined}
          className="btn btn-accent btn-lg btn-block donate-button"
          disabled={!ready || processing || amountCents === null || Boolean(problem)}
        >
          {processing ? (
            <>
              <span className="spinner spinner-light" aria-hidden="true" /> {t('checkout.processing')}
            </>
          ) : (
            <>
              <Icon name="heart" size={18} />{' '}
              {monthly
                ? amountLabel
                  ? t('checkout.giveMonthly', { amount: amountLabel })
                  : t('checkout.giveMonthlyPlain')
                : amountLabel
                  ? t('checkout.donateAmount', { amount: amountLabel })
                  : t('checkout.donate')}
            </>
          )}
        </button>
        {monthly && (
          <p className="monthly-note">
            {t('checkout.monthlyNote.before')} <a href={manageHref}>{t('checkout.manageLink')}</a>
            {t('checkout.monthlyNote.after')}
          </p>
        )}
        <p className="secure-note">
          <Icon name="lock" size={14} /> {t('checkout.secure')}
        </p>
      </div>

      <div className="checkout-back">
        <Link to={link('home')} className="btn btn-outline">
          {t('common.backToHome')}
        </Link>
        <p className="manage-line">
          {t('checkout.manageLead')} <a href={manageHref}>{t('checkout.manageLink')}</a>
        </p>
      </div>
    </form>
  );
}
