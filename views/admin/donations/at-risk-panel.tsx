// The regular gifts at risk (GET /api/admin/donations/at-risk, models/giving/recovery.ts): each
// running gift whose last payment failed, that is past due or unpaid, or whose card ends within
// 45 days, with since when and the mails the donor got. Read-only: the screen's loader renders it
// with the page, so it reads the same without JavaScript.
import { useId } from 'react';
import { useLang, useT } from '../../app-context';
import type { AtRiskGift } from '../../../models/giving/recovery';
import { money, formatDay, monthLabel } from './format';

export function AtRiskPanel({ gifts }: { gifts: AtRiskGift[] }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <section className="don-section" id="at-risk" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.atRisk.title')}</h3>
      <p className="muted">{t('admin.donations.atRisk.intro')}</p>
      {gifts.length === 0 ? (
        <p className="muted">{t('admin.donations.atRisk.none')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-caption`} tabIndex={0}>
          <table className="don-table don-at-risk">
            <caption id={`${uid}-caption`}>{t('admin.donations.atRisk.caption', { count: gifts.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.columns.donor')}</th>
                <th scope="col" className="num">{t('admin.donations.columns.amount')}</th>
                <th scope="col">{t('admin.donations.atRisk.interval')}</th>
                <th scope="col">{t('admin.donations.atRisk.reason')}</th>
                <th scope="col">{t('admin.donations.columns.since')}</th>
                <th scope="col" className="num">{t('admin.donations.atRisk.mails')}</th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((g) => (
                <tr key={g.id}>
                  <th scope="row">
                    <span className="don-donor">{g.donorName || t('admin.donations.noName')}</span>
                    <span className="don-email">{g.donorEmail}</span>
                  </th>
                  <td className="num">{money(g.amountCents, g.currency, lang)}</td>
                  <td>{t(`admin.donations.atRisk.intervals.${['month', 'quarter', 'half_year', 'year'].includes(g.interval) ? g.interval : 'month'}`)}</td>
                  <td>
                    <span className={`badge ${g.reason === 'card_expiring' ? 'badge-neutral' : 'don-badge-failed'}`}>{t(`admin.donations.atRisk.reasons.${g.reason}`)}</span>
                    {g.cardExpires && <span className="don-card-ends">{t('admin.donations.atRisk.cardEnds', { month: monthLabel(g.cardExpires, lang) })}</span>}
                  </td>
                  <td>{formatDay(g.since, lang)}</td>
                  <td className="num">{g.mailsSent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
