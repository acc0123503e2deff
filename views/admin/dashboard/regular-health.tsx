// Two of the dashboard's totals (models/giving/recovery.ts regularHealth): the regular income at
// risk now (gifts failed, past due, unpaid or with a card ending soon; per currency, one payment
// each) and what failed payments later paid brought this year.
import { useLang, useT } from '../../app-context';
import { formatAmount } from '../../../models/shared/donation-rules';
import type { RegularHealth } from '../../../models/giving/recovery';

const amounts = (list: { currency: string; cents: number }[], lang: 'en' | 'de') => (list.length ? list.map((e) => formatAmount(e.cents, e.currency, lang, 2)).join(' · ') : '—');

export function RegularHealthTotals({ health }: { health: RegularHealth }) {
  const t = useT();
  const lang = useLang();
  const gifts = health.atRisk.reduce((n, e) => n + e.gifts, 0);
  const invoices = health.recovered.reduce((n, e) => n + e.invoices, 0);
  return (
    <>
      <div className="dash-at-risk">
        <dt>{t('admin.dashboard.totals.atRisk')}</dt>
        <dd>
          {amounts(health.atRisk, lang)} <span className="dash-total-sub">({t('admin.dashboard.totals.atRiskGifts', { count: gifts })})</span>
        </dd>
      </div>
      <div className="dash-recovered">
        <dt>{t('admin.dashboard.totals.recovered')}</dt>
        <dd>
          {amounts(health.recovered, lang)} <span className="dash-total-sub">({t('admin.dashboard.totals.recoveredPayments', { count: invoices })})</span>
        </dd>
      </div>
    </>
  );
}
