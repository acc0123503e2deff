import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../link';
import type { TFunction } from '../../translate';
import { useApp, useLang, useLinks, useT } from '../../app-context';
import { formatMoney, percentFunded } from '../../../models/rules';
import {
  DEFAULT_PRESET_CENTS,
  DONATION_PRESETS_CENTS,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  parseDonationAmount,
  type AmountProblem,
} from '../../../models/donation-rules';
import { ProgressBar } from '../project-card';
import { toast } from '../toaster';
import { Icon } from '../icons';
import { ApiError, createPaymentIntent, updateProjectFunding } from './api';
import type { ErrorCode } from '../../../models/error-codes';
import { APPEARANCE, getStripe, type Stripe, type StripeElements } from './stripe-client';
import { SetupRequired } from './setup-required';
import type { CheckoutProps } from './types';

/** Typing a custom amount waits this long before asking for a new payment session. */
const TYPING_DEBOUNCE_MS = 450;

type IntentState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; clientSecret: string }
  /** The server refused the amount or project (REFUSED_INPUT): the donor can change it. */
  | { status: 'rejected' }
  /** No payment session could be created: 'Donation System Setup Required'. */
  | { status: 'failed' };

function newCheckoutId(): string {
  const c = globalThis.crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Where a redirect-based method (bank redirects...) comes back to: this page, with what it needs to finish. */
function returnUrl(checkoutPath: string, projectSlug: string | null, cents: number): string {
  const params = new URLSearchParams({ payment: 'success' });
  if (projectSlug) params.set('project', projectSlug);
  params.set('amount', (cents / 100).toFixed(2));
  return `${window.location.origin}${checkoutPath}?${params.toString()}`;
}

/** Codes by which the server refuses the donation's input itself (as opposed to payments being down). */
const REFUSED_INPUT = new Set<ErrorCode | null>(['validation', 'bad_request', 'invalid_text']);

export function paymentFailedToast(t: TFunction, message?: string | null): void {
  toast({ title: t('checkout.toast.failedTitle'), description: message || t('checkout.toast.failedText'), variant: 'destructive' });
}

/**
 * After Stripe confirmed the payment: thank the donor, ask the server to count it for the project
 * (the server checks the PaymentIntent with Stripe; a failure is only logged, the webhook counts
 * it anyway), then go home. Shared by the form and the return from a redirect-based method.
 */
export async function completeDonation(options: {
  t: TFunction;
  goHome: () => void;
  projectId: number | null;
  amountCents: number | null;
  paymentIntentId: string;
  succeeded: boolean;
}): Promise<void> {
  const { t, projectId, amountCents, paymentIntentId } = options;
  toast({ title: t('checkout.toast.successTitle'), description: t('checkout.toast.successText'), variant: 'success' });
  if (options.succeeded && projectId !== null && amountCents !== null) {
    try {
      await updateProjectFunding({ projectId, amount: amountCents / 100, paymentIntentId });
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

export function DonationForm({ projects, selectedProjectId, selectedAmountCents }: Pick<CheckoutProps, 'projects' | 'selectedProjectId' | 'selectedAmountCents'>) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const navigate = useNavigate();
  const { site } = useApp();

  const [projectId, setProjectId] = useState<number | null>(selectedProjectId);
  const [preset, setPreset] = useState<number>(() => initialAmount(selectedAmountCents).preset);
  const [custom, setCustom] = useState(() => initialAmount(selectedAmountCents).custom);
  /** The number field holds something that is not a number (the browser reports it as empty). */
  const [customBad, setCustomBad] = useState(false);
  const [intent, setIntent] = useState<IntentState>({ status: 'idle' });
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [stripeFailed, setStripeFailed] = useState(false);
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const elementsRef = useRef<StripeElements | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const checkoutId = useRef<string | null>(null);

  const customActive = custom.trim() !== '' || customBad;
  const customResult = customActive ? (customBad ? ({ problem: 'invalid' } as const) : parseDonationAmount(custom)) : null;
  const problem: AmountProblem | null = customResult && 'problem' in customResult ? customResult.problem : null;
  const amountCents: number | null = customResult ? ('cents' in customResult ? customResult.cents : null) : preset;
  const project = projects.find((p) => p.id === projectId) ?? null;
  const clientSecret = intent.status === 'ready' ? intent.clientSecret : null;
  const ready = stripe !== null && clientSecret !== null && elementReady;
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

  // A new payment session whenever the amount or the project changes (never below 1 dollar).
  useEffect(() => {
    if (amountCents === null || amountCents < MIN_DONATION_CENTS || amountCents > MAX_DONATION_CENTS) {
      setIntent({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setIntent({ status: 'loading' });
    const timer = window.setTimeout(
      () => {
        checkoutId.current ??= newCheckoutId();
        createPaymentIntent({ amount: amountCents / 100, projectId, language: lang, checkoutId: checkoutId.current }, controller.signal)
          .then(({ clientSecret: secret }) => {
            if (!controller.signal.aborted) setIntent({ status: 'ready', clientSecret: secret });
          })
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            console.warn('Could not create the payment session:', err instanceof Error ? err.message : err);
            setIntent(err instanceof ApiError && REFUSED_INPUT.has(err.code) ? { status: 'rejected' } : { status: 'failed' });
          });
      },
      customActive ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [amountCents, projectId, lang, attempt]);

  // The Payment Element for the current session, in the page's language.
  useEffect(() => {
    const container = containerRef.current;
    if (!stripe || !clientSecret || !container) return;
    setElementReady(false);
    const elements = stripe.elements({ clientSecret, locale: lang, appearance: APPEARANCE });
    const element = elements.create('payment', { layout: 'tabs' });
    element.on('ready', () => setElementReady(true));
    element.on('loaderror', () => setIntent({ status: 'failed' }));
    element.mount(container);
    elementsRef.current = elements;
    return () => {
      element.destroy();
      elementsRef.current = null;
      setElementReady(false);
    };
  }, [stripe, clientSecret, lang]);

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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const elements = elementsRef.current;
    if (!stripe || !elements || !ready || processing || amountCents === null) return;
    setProcessing(true);
    const chosenProject = projectId;
    const chosenAmount = amountCents;
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl(link('checkout'), project?.slug ?? null, chosenAmount) },
        redirect: 'if_required',
      });
      if (error) {
        paymentFailedToast(t, error.message);
        setProcessing(false);
        return;
      }
      if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        await completeDonation({
          t,
          goHome: () => navigate(link('home')),
          projectId: chosenProject,
          amountCents: chosenAmount,
          paymentIntentId: paymentIntent.id,
          succeeded: paymentIntent.status === 'succeeded',
        });
        return;
      }
      paymentFailedToast(t, paymentIntent.last_payment_error?.message);
      setProcessing(false);
    } catch (err) {
      console.warn('Payment confirmation failed:', err instanceof Error ? err.message : err);
      paymentFailedToast(t);
      setProcessing(false);
    }
  }

  if (failed) return <SetupRequired onRetry={retry} focusOnMount />;

  const money = (cents: number) => formatMoney(cents / 100, lang);
  let statusText = '';
  if (amountCents === null || problem) statusText = t('checkout.status.chooseAmount');
  else if (intent.status === 'rejected') statusText = t('checkout.errors.rejected');
  else if (!ready) statusText = t('checkout.status.preparing');
  const busy = !ready && intent.status !== 'rejected' && !problem && amountCents !== null;

  return (
    <form className="checkout-layout" onSubmit={onSubmit} noValidate>
      <fieldset className="checkout-card checkout-project" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">1</span> {t('checkout.projectHeading')}
        </legend>
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
      </fieldset>

      <fieldset className="checkout-card checkout-amount" disabled={processing}>
        <legend className="checkout-step">
          <span className="step-number" aria-hidden="true">2</span> {t('checkout.amountHeading')}
        </legend>
        <div className="amount-presets" role="group" aria-label={t('checkout.presetsLabel')}>
          {DONATION_PRESETS_CENTS.map((cents) => (
            <button
              key={cents}
              type="button"
              className="chip amount-chip"
              aria-pressed={!customActive && preset === cents}
              onClick={() => choosePreset(cents)}
            >
              {money(cents)}
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor="custom-amount">{t('checkout.customLabel')}</label>
          <div className="amount-input">
            <span aria-hidden="true">$</span>
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
          <dt>{t('checkout.total')}</dt>
          <dd>
            {amountCents !== null && !problem ? money(amountCents) : '–'} <span className="currency">USD</span>
          </dd>
        </dl>
      </aside>

      <div className="checkout-card checkout-payment">
        <h2 className="checkout-step">
          <span className="step-number" aria-hidden="true">3</span> {t('checkout.paymentHeading')}
        </h2>
        <div className="payment-box" aria-busy={busy}>
          <div className={`payment-status${intent.status === 'rejected' ? ' is-error' : ''}`} role="status">
            {busy && <span className="spinner" aria-hidden="true" />}
            {statusText && <span>{statusText}</span>}
          </div>
          <div ref={containerRef} className="payment-element" hidden={!clientSecret} />
        </div>
        <button type="submit" className="btn btn-accent btn-lg btn-block donate-button" disabled={!ready || processing || amountCents === null || Boolean(problem)}>
          {processing ? (
            <>
              <span className="spinner spinner-light" aria-hidden="true" /> {t('checkout.processing')}
            </>
          ) : (
            <>
              <Icon name="heart" size={18} /> {amountCents !== null && !problem ? t('checkout.donateAmount', { amount: money(amountCents) }) : t('checkout.donate')}
            </>
          )}
        </button>
        <p className="secure-note">
          <Icon name="lock" size={14} /> {t('checkout.secure')}
        </p>
      </div>

      <p className="checkout-back">
        <Link to={link('home')} className="btn btn-outline">
          {t('common.backToHome')}
        </Link>
      </p>
    </form>
  );
}
