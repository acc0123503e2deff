// The form's second step: currency, how often, the amount (a preset or the custom field) and
// whether the donor covers the payment fee. The rules it shows are models/shared/donation-form.ts'.
import type { Dispatch } from 'react';
import { useLang, useT } from '../../app-context';
import {
  DONATION_CURRENCIES,
  DONATION_INTERVALS,
  DONATION_PRESETS_CENTS,
  formatAmount,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  TWINT_MAX_CENTS,
  type DonationCurrency,
} from '../../../models/shared/donation-rules';
import type { DonationFormAction, DonationFormState, FormFacts } from '../../../models/shared/donation-form';
import { Icon } from '../icons';

export function AmountPicker({
  state,
  facts,
  dispatch,
  currencies,
  onCurrency,
  onTyped,
}: {
  state: DonationFormState;
  facts: FormFacts;
  dispatch: Dispatch<DonationFormAction>;
  /** A fundraiser's gift is in its currency alone. */
  currencies: readonly DonationCurrency[] | null;
  onCurrency: (currency: DonationCurrency) => void;
  /** The donor typed: the next payment session waits for a pause. */
  onTyped: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const { currency, interval, processing } = state;
  const { problem, feeCents } = facts;
  const money = (cents: number) => formatAmount(cents, currency, lang);
  return (
    <fieldset className="checkout-card checkout-amount" disabled={processing}>
      <legend className="checkout-step">
        <span className="step-number" aria-hidden="true">2</span> {t('checkout.amountHeading')}
      </legend>
      <div className="choice-rows">
        <fieldset className="choice-group" aria-describedby="methods-note">
          <legend>{t('checkout.currencyLegend')}</legend>
          <div className="choices">
            {(currencies ?? DONATION_CURRENCIES).map((c) => (
              <label key={c} className="choice">
                <input type="radio" name="currency" value={c} checked={currency === c} onChange={() => onCurrency(c)} />
                <span>{t(`checkout.currencies.${c}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group choice-group-interval">
          <legend>{t('checkout.intervalLegend')}</legend>
          <div className="choices choices-wrap">
            {DONATION_INTERVALS.map((i) => (
              <label key={i} className="choice">
                <input type="radio" name="interval" value={i} checked={interval === i} onChange={() => dispatch({ type: 'interval', interval: i })} />
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
            aria-pressed={!facts.customActive && state.preset === cents}
            onClick={() => dispatch({ type: 'preset', cents })}
          >
            {/* On a narrow phone "CHF 3’500" may break after the code, never inside the number. */}
            {money(cents).replace('\u00a0', ' ')}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor="custom-amount">{t('checkout.customLabel', { currency: t(`checkout.currencies.${currency}`) })}</label>
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
            value={state.custom}
            aria-invalid={problem ? true : undefined}
            aria-describedby="custom-amount-hint custom-amount-error"
            onChange={(e) => {
              onTyped();
              dispatch({ type: 'custom', value: e.target.value, bad: e.target.validity.badInput });
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
        <input id="cover-fees" type="checkbox" checked={state.coverFees} onChange={(e) => dispatch({ type: 'coverFees', on: e.target.checked })} aria-describedby="cover-fees-hint" />
        <label htmlFor="cover-fees">
          {feeCents ? t(state.method === 'twint' ? 'checkout.coverFees.labelTwint' : 'checkout.coverFees.label', { fee: money(feeCents) }) : t('checkout.coverFees.labelPlain')}
        </label>
        <p id="cover-fees-hint" className="field-hint">
          {t('checkout.coverFees.hint')}
        </p>
      </div>
    </fieldset>
  );
}
