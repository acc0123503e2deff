// The monthly donors: who gives every month, and how much per currency (the screen's loader
// reads them with the page; nothing on the screen changes them).
import { useId } from 'react';
import { useLang, useT } from '../../app-context';
import { localized } from '../../../models/shared/rules';
import type { MonthlyOverview } from '../../../models/giving/donations-admin';
import { money, formatDay } from './format';

export function MonthlyPanel({ data }: { data: MonthlyOverview }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <section className="don-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.monthlyTitle')}</h3>
      <ul className="don-counts" aria-label={t('admin.donations.monthlyCounts')}>
        <li>
          <strong>{data.counts.active}</strong> {t('admin.donations.monthlyStates.active')}
        </li>
        <li>
          <strong>{data.counts.paused}</strong> {t('admin.donations.monthlyStates.paused')}
        </li>
        <li>
          <strong>{data.counts.ended}</strong> {t('admin.donations.monthlyStates.ended')}
        </li>
        {data.monthly.map((m) => (
          <li key={m.currency}>{t('admin.donations.perMonth', { amount: money(m.amountCents, m.currency, lang) })}</li>
        ))}
      </ul>
      {data.donors.some((s) => s.interval !== 'month') && <p className="muted small">{t('admin.donations.monthlyEquivalent')}</p>}
      {data.donors.length === 0 ? (
        <p className="muted">{t('admin.donations.noMonthly')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-caption`} tabIndex={0}>
          <table className="don-table">
            <caption id={`${uid}-caption`}>{t('admin.donations.monthlyCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.columns.donor')}</th>
                <th scope="col" className="num">{t('admin.donations.columns.amount')}</th>
                <th scope="col">{t('admin.donations.columns.project')}</th>
                <th scope="col">{t('admin.donations.columns.status')}</th>
                <th scope="col">{t('admin.donations.columns.since')}</th>
                <th scope="col">{t('admin.donations.columns.nextPayment')}</th>
              </tr>
            </thead>
            <tbody>
              {data.donors.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    <span className="don-donor">{s.donorName || t('admin.donations.noName')}</span>
                    <span className="don-email">{s.donorEmail}</span>
                  </th>
                  <td className="num">
                    {money(s.amountCents, s.currency, lang)} <span className="don-sub">{t(`admin.donations.intervals.${s.interval}`)}</span>
                  </td>
                  <td>{s.projectId === null ? t('admin.donations.generalSupport') : localized(lang, s.projectTitle ?? `#${s.projectId}`, s.projectTitleDe)}</td>
                  <td>
                    <span className={`badge ${s.state === 'active' ? 'badge-completed' : 'badge-neutral'}`}>{t(`admin.donations.monthlyStates.${s.state}`)}</span>
                  </td>
                  <td>{formatDay(s.since, lang)}</td>
                  <td>{s.nextPaymentAt && s.state === 'active' ? formatDay(s.nextPaymentAt, lang) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.truncated && <p className="muted small">{t('admin.donations.monthlyTruncated', { count: data.donors.length })}</p>}
    </section>
  );
}
