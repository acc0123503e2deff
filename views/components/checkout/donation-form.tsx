// The donation form: one state (models/shared/donation-form.ts: its actions and rules) shown by its
// parts (project, amount, donor, gift options, summary, payment). This file holds what talks to the
// outside: Stripe.js, the payment session, the address and browser storage, and the give itself.
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { Link } from '../link';
import { useApp, useLang, useLinks, useT } from '../../app-context';
import { isDonationCurrency, returnQuery, type DonationCurrency } from '../../../models/shared/donation-rules';
import {
  donationFormReducer,
  formFacts,
  giftDetailsRequest,
  initialFormState,
  monthlyRequest,
  sessionRequest,
  tributeRequest,
  type RequestContext,
} from '../../../models/shared/donation-form';
import { swissToday } from '../../../models/shared/dates';
import type { ErrorCode } from '../../../models/shared/error-codes';
import { sourceOf } from '../../../models/shared/source';
import { rememberGift } from './thanks-store';
import { ApiError, createPaymentIntent, sendGiftDetails } from './api';
import { getStripe, type Stripe } from './stripe-client';
import { SetupRequiredLater } from './setup-required-later';
import { completeDonation, paymentFailedToast } from './complete-donation';
import { AmountPicker } from './amount-picker';
import { DonorFields } from './donor-fields';
import { GiftOptions } from './gift-options';
import { PaymentStep, usePaymentElement } from './payment-element';
import { ProjectPicker } from './project-picker';
import { Summary } from './summary';
import { focusFirstTributeProblem } from './tribute-fields';
import type { CheckoutProps } from './types';

/** Typing an amount waits this long before asking for a new payment session. */
const TYPING_DEBOUNCE_MS = 450;
/** The donor's currency, remembered in this browser: a later ?amount= link or visit keeps it. */
const CURRENCY_STORAGE_KEY = 'donationCurrency';

function newCheckoutId(): string {
  const c = globalThis.crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
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

type FormProps = Pick<CheckoutProps, 'projects' | 'selectedProjectId' | 'selectedAmountCents' | 'currency' | 'currencyFromLink' | 'interval' | 'feeRates' | 'fundraiser'>;

export function DonationForm(props: FormProps) {
  const { projects } = props;
  // A fundraiser's gift: its project and its currency, nothing to choose there.
  const fundraiser = props.fundraiser ?? null;
  // Where the giver came from: the fundraiser, else the page of this site that led here (or a campaign's link).
  const source = useRef<string | null>(null);
  useEffect(() => {
    source.current = fundraiser ? `/fundraisers/${fundraiser.slug}` : (sourceOf(document.referrer, location.origin) ?? (/[?&]utm_/.test(location.search) ? sourceOf(location.href, location.origin) : null));
  }, []);
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const { site } = useApp();

  const [state, dispatch] = useReducer(donationFormReducer, props, initialFormState);
  const facts = formFacts(state, props.feeRates);
  const { settled, currency, interval, projectId, coverFees, processing, attempt } = state;
  const { amountCents, monthly } = facts;
  const project = projects.find((p) => p.id === projectId) ?? null;
  const typedAt = useRef(0);
  const stripeRef = useRef<Stripe | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const checkoutId = useRef<string | null>(null);
  const stripe = state.stripe === 'ready' ? stripeRef.current : null;
  const context = (): RequestContext => ({ lang, checkoutId: (checkoutId.current ??= newCheckoutId()), fundraiserId: fundraiser ? fundraiser.id : null, source: source.current });

  // Stripe.js is loaded from js.stripe.com only here, on the checkout page.
  useEffect(() => {
    if (!site.stripePublishableKey) {
      dispatch({ type: 'stripe', loaded: false });
      return;
    }
    let live = true;
    getStripe(site.stripePublishableKey)
      .then((s) => {
        if (!live) return;
        stripeRef.current = s ?? stripeRef.current;
        dispatch({ type: 'stripe', loaded: Boolean(s) });
      })
      .catch((err: unknown) => {
        console.warn('Stripe.js could not be loaded:', err instanceof Error ? err.message : err);
        if (live) dispatch({ type: 'stripe', loaded: false });
      });
    return () => {
      live = false;
    };
  }, [site.stripePublishableKey, attempt]);

  // A choice made on an earlier visit wins over the language's suggestion, unless the address names
  // one. Nothing is asked of Stripe before this is settled (no session in the suggested currency first).
  useEffect(() => {
    dispatch({ type: 'settle', remembered: props.currencyFromLink || fundraiser ? null : rememberedCurrency() });
  }, []);

  // A one-off gift: a new payment session whenever the amount, the custom amount, the currency or
  // the project changes (never below 1.00); the donor's e-mail address and name join it on giving.
  useEffect(() => {
    if (!settled) return;
    if (!facts.amountValid || monthly) {
      dispatch({ type: 'session', session: { status: 'idle' } });
      return;
    }
    const controller = new AbortController();
    dispatch({ type: 'session', session: { status: 'loading' } });
    const typing = Date.now() - typedAt.current < TYPING_DEBOUNCE_MS * 2;
    const timer = window.setTimeout(
      () => {
        const request = sessionRequest(state, context())!;
        createPaymentIntent(request, controller.signal)
          .then(({ clientSecret }) => {
            if (!controller.signal.aborted) dispatch({ type: 'session', session: { status: 'ready', clientSecret, request } });
          })
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            console.warn('Could not create the payment session:', err instanceof Error ? err.message : err);
            dispatch({ type: 'session', session: err instanceof ApiError && REFUSED_INPUT.has(err.code) ? { status: 'rejected' } : { status: 'failed' } });
          });
      },
      typing ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [settled, amountCents, facts.amountValid, currency, monthly, projectId, lang, attempt, coverFees]);

  const elementsRef = usePaymentElement({ stripe, settled, monthly, currency, clientSecret: facts.clientSecret, chargedCents: facts.chargedCents, lang, container: containerRef, dispatch });

  /** The spec's toast, and the same words beside the button, where the donor is looking. */
  function sayDeclined(message?: string | null) {
    paymentFailedToast(t, message);
    dispatch({ type: 'declined', message: message || t('checkout.toast.failedText') });
  }

  /** A call to our server on giving failed: refused input in its words, anything else as payments being unavailable. */
  function sayServerProblem(err: unknown) {
    console.warn('Could not prepare the payment:', err instanceof Error ? err.message : err);
    const refused = err instanceof ApiError && REFUSED_INPUT.has(err.code);
    // A one-off session that is gone or closed: a fresh one for the same choice.
    dispatch({ type: 'declined', message: refused ? t('checkout.errors.rejected') : t('checkout.unavailable.title'), renew: !refused && !monthly });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    dispatch({ type: 'tried' });
    // The details are asked for in the same form: the first one to mend gets the focus.
    if (facts.emailProblem || facts.nameProblem) {
      (facts.emailProblem ? emailRef : nameRef).current?.focus();
      return;
    }
    const dedication = tributeRequest(state.tribute, lang, swissToday());
    if (dedication === 'invalid') {
      dispatch({ type: 'tributeProblems' });
      focusFirstTributeProblem(state.tribute);
      return;
    }
    const elements = elementsRef.current;
    if (!stripe || !elements || !facts.ready || processing || amountCents === null) return;
    // The one-off session was made for another choice (changed a moment ago): the next one is on its way.
    if (!monthly && !facts.sessionCurrent) return;
    dispatch({ type: 'paying' });
    const chosenProject = projectId;
    // What the card is charged: the gift, and the fee when the donor covers it.
    const chosenAmount = facts.chargedCents ?? amountCents;
    // For the thank-you on the home page, also after a payment method that leaves the page.
    rememberGift({ email: facts.email, projectName: project?.title ?? null, projectSlug: project?.slug ?? null, giftCents: amountCents });
    let secret: string;
    try {
      if (monthly) {
        // Stripe checks the card form before the subscription is made for it.
        const checked = await elements.submit();
        if (checked.error) {
          dispatch({ type: 'stopped' });
          return;
        }
        secret = (await createPaymentIntent(monthlyRequest(state, facts, dedication, context())!)).clientSecret;
      } else {
        secret = facts.clientSecret!;
        await sendGiftDetails(giftDetailsRequest(state, facts, dedication, secret, lang));
        // The payment's amount may have changed with it: the form learns it before confirming.
        if (coverFees) await elements.fetchUpdates();
      }
    } catch (err) {
      sayServerProblem(err);
      return;
    }
    try {
      const query = returnQuery({ projectSlug: project?.slug ?? null, fundraiserSlug: fundraiser?.slug ?? null, chargedCents: chosenAmount, currency, interval });
      const confirmParams = { return_url: `${window.location.origin}${link('checkout')}?${query}` };
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
          currency,
          interval,
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

  if (facts.failed) return <SetupRequiredLater reason="unavailable" onRetry={() => dispatch({ type: 'retry' })} focusOnMount project={project} fundraiser={fundraiser} amountCents={facts.amountValid ? amountCents : null} currency={currency} />;

  const manageHref = link('donorManage');
  const typed = () => {
    typedAt.current = Date.now();
  };

  return (
    <form className="checkout-layout" onSubmit={onSubmit} noValidate>
      <ProjectPicker projects={projects} project={project} fundraiser={fundraiser} projectId={projectId} disabled={processing} onChange={(id) => dispatch({ type: 'project', projectId: id })} />
      <AmountPicker
        state={state}
        facts={facts}
        dispatch={dispatch}
        currencies={fundraiser ? [fundraiser.currency] : null}
        onCurrency={(c) => {
          dispatch({ type: 'currency', currency: c });
          rememberCurrency(c);
        }}
        onTyped={typed}
      />
      <fieldset className="checkout-card checkout-details" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">3</span> {t('checkout.detailsHeading')}
        </legend>
        <DonorFields state={state} facts={facts} dispatch={dispatch} emailRef={emailRef} nameRef={nameRef} onTyped={typed} />
        <GiftOptions state={state} dispatch={dispatch} forProject={project !== null} />
      </fieldset>
      <Summary state={state} facts={facts} project={project} />
      <PaymentStep state={state} facts={facts} container={containerRef} manageHref={manageHref} />
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
