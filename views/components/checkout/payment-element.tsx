// The form's payment step: Stripe's Payment Element (mounted by usePaymentElement), what the box
// says while it is prepared, a declined payment's message beside the button, and the Donate button.
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import { useLang, useT } from '../../app-context';
import { DEFAULT_PRESET_CENTS, formatAmount, type DonationCurrency } from '../../../models/shared/donation-rules';
import type { DonationFormAction, DonationFormState, FormFacts } from '../../../models/shared/donation-form';
import { APPEARANCE, type Stripe, type StripeElements } from './stripe-client';
import { Icon } from '../icons';

/**
 * The Payment Element, in the page's language: for the current one-off session, or for a monthly
 * gift (whose subscription is made on giving). It reports its method (a covered fee is that
 * method's), when it is ready, and a failed load (payments unavailable).
 */
export function usePaymentElement(options: {
  stripe: Stripe | null;
  settled: boolean;
  monthly: boolean;
  currency: DonationCurrency;
  clientSecret: string | null;
  chargedCents: number | null;
  lang: 'en' | 'de';
  container: RefObject<HTMLDivElement | null>;
  dispatch: Dispatch<DonationFormAction>;
}): RefObject<StripeElements | null> {
  const { stripe, settled, monthly, currency, clientSecret, chargedCents, lang, dispatch } = options;
  const elementsRef = useRef<StripeElements | null>(null);
  // A monthly gift's card form is shown before its subscription exists: for an amount (the last
  // valid one), updated as the donor changes it.
  const elementAmount = useRef(chargedCents ?? DEFAULT_PRESET_CENTS);
  if (chargedCents !== null) elementAmount.current = chargedCents;

  const elementFor = monthly ? `month-${currency}` : clientSecret;
  useEffect(() => {
    const container = options.container.current;
    if (!settled || !stripe || !container || (!monthly && !clientSecret)) return;
    const elements = monthly
      ? stripe.elements({ mode: 'subscription', amount: elementAmount.current, currency, locale: lang, appearance: APPEARANCE })
      : stripe.elements({ clientSecret: clientSecret!, locale: lang, appearance: APPEARANCE });
    const element = elements.create('payment', { layout: 'tabs' });
    dispatch({ type: 'elementMounted' });
    element.on('ready', () => dispatch({ type: 'elementReady', ready: true }));
    element.on('change', (event: { value?: { type?: string } }) => dispatch({ type: 'method', method: event.value?.type === 'twint' ? 'twint' : 'card' }));
    element.on('loaderror', () => dispatch({ type: 'session', session: { status: 'failed' } }));
    element.mount(container);
    elementsRef.current = elements;
    return () => {
      element.destroy();
      elementsRef.current = null;
      dispatch({ type: 'elementReady', ready: false });
    };
  }, [settled, stripe, elementFor, lang]);

  useEffect(() => {
    if (monthly && chargedCents !== null) elementsRef.current?.update({ amount: chargedCents });
  }, [monthly, chargedCents]);

  return elementsRef;
}

export function PaymentStep({
  state,
  facts,
  container,
  manageHref,
}: {
  state: DonationFormState;
  facts: FormFacts;
  container: RefObject<HTMLDivElement | null>;
  manageHref: string;
}) {
  const t = useT();
  const lang = useLang();
  const { processing, declined } = state;
  const { monthly, busy, status } = facts;
  const amountLabel = facts.totalCents !== null ? formatAmount(facts.totalCents, state.currency, lang) : null;
  return (
    <div className="checkout-card checkout-payment">
      <h2 className="checkout-step">
        <span className="step-number" aria-hidden="true">4</span> {t('checkout.paymentHeading')}
      </h2>
      <div className="payment-box" aria-busy={busy}>
        <div className={`payment-status${state.session.status === 'rejected' ? ' is-error' : ''}`} role="status">
          {busy && <span className="spinner" aria-hidden="true" />}
          {status && <span>{t(`checkout.${status}`)}</span>}
        </div>
        <div ref={container} className="payment-element" hidden={!monthly && !facts.clientSecret} />
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
      <button type="submit" aria-describedby={declined ? 'pay-declined' : undefined} className="btn btn-accent btn-lg btn-block donate-button" disabled={!facts.canGive}>
        {processing ? (
          <>
            <span className="spinner spinner-light" aria-hidden="true" /> {t('checkout.processing')}
          </>
        ) : (
          <>
            <Icon name="heart" size={18} />{' '}
            {monthly && state.interval !== 'once'
              ? amountLabel
                ? t(`checkout.giveRegular.${state.interval}`, { amount: amountLabel })
                : t(`checkout.giveRegularPlain.${state.interval}`)
              : amountLabel
                ? t('checkout.donateAmount', { amount: amountLabel })
                : t('checkout.donate')}
          </>
        )}
      </button>
      {monthly && (
        <p className="monthly-note">
          {t(state.interval === 'month' ? 'checkout.monthlyNote.before' : 'checkout.regularNote.before')} <a href={manageHref}>{t('checkout.manageLink')}</a>
          {t(state.interval === 'month' ? 'checkout.monthlyNote.after' : 'checkout.regularNote.after')}
        </p>
      )}
      <p className="secure-note">
        <Icon name="lock" size={14} /> {t('checkout.secure')}
      </p>
    </div>
  );
}
