// The gift at a glance: the project with its funding, the gift and the covered fee, the total.
import { useLang, useT } from '../../app-context';
import { formatMoney, percentFunded } from '../../../models/shared/rules';
import { formatAmount } from '../../../models/shared/donation-rules';
import type { DonationFormState, FormFacts } from '../../../models/shared/donation-form';
import { ProgressBar } from '../project-card';
import type { CheckoutProject } from './types';

export function Summary({ state, facts, project }: { state: DonationFormState; facts: FormFacts; project: CheckoutProject | null }) {
  const t = useT();
  const lang = useLang();
  const { currency } = state;
  const { amountCents, feeCents, totalCents } = facts;
  const money = (cents: number) => formatAmount(cents, currency, lang);
  return (
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
        {state.coverFees && feeCents > 0 && amountCents !== null && !facts.problem && (
          <>
            <dt className="summary-part">{t('checkout.coverFees.gift')}</dt>
            <dd className="summary-part">{money(amountCents)}</dd>
            <dt className="summary-part">{t(state.method === 'twint' ? 'checkout.coverFees.feeTwint' : 'checkout.coverFees.fee')}</dt>
            <dd className="summary-part">{money(feeCents)}</dd>
          </>
        )}
        <dt>{t('checkout.total')}</dt>
        <dd>
          {totalCents !== null ? money(totalCents) : '–'}
          {currency === 'usd' && <span className="currency"> USD</span>}
          {facts.monthly && state.interval !== 'once' && <span className="summary-interval">{t(`checkout.every.${state.interval}`)}</span>}
        </dd>
      </dl>
      <p className="tax-note">{t('checkout.taxNote')}</p>
    </aside>
  );
}
