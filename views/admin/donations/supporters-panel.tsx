// The supporters: who gave how much this year and in total (in the book currency), their last
// gift, regular gift and the projects they follow; the segments for the January letters (gave
// last year and not yet this year; gave earlier, neither last year nor this one), and the CSV of
// what is shown. Plain links: the segment is in the page's address (the screen's loader reads it),
// so it works without JavaScript.
import { useId } from 'react';
import { useLang, useT } from '../../app-context';
import { localized } from '../../../models/shared/rules';
import type { SupportersView } from '../../../models/giving/supporters';
import { withLang } from '../lib/api';
import { useScreenHref } from '../widgets/ui';
import { money, formatDay } from './format';

const SEGMENTS = ['all', 'lybunt', 'sybunt'] as const;

export function SupportersPanel({ data }: { data: SupportersView }) {
  const t = useT();
  const lang = useLang();
  const href = useScreenHref();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const current = data.segment ?? 'all';
  const book = data.bookCurrency.toLowerCase();
  const csv = withLang(`/api/admin/supporters?format=csv${data.segment ? `&segment=${data.segment}` : ''}`, lang);
  return (
    <section className="don-section" id="don-supporters" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.supporters.title')}</h3>
      <p className="muted">{t('admin.donations.supporters.intro', { year: data.year, last: data.year - 1 })}</p>
      <nav aria-label={t('admin.donations.supporters.segments')}>
        <ul className="don-segments">
          {SEGMENTS.map((s) => (
            <li key={s}>
              <a href={href('donations', `${s === 'all' ? '' : `?segment=${s}`}#don-supporters`)} aria-current={s === current ? 'true' : undefined} className={s === current ? 'badge badge-completed' : undefined}>
                <strong>{data.counts[s]}</strong> {t(`admin.donations.supporters.segment.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <a className="btn btn-outline btn-small" href={csv} download>
          {t('admin.donations.supporters.export')}
        </a>
      </p>
      {data.supporters.length === 0 ? (
        <p className="muted">{t('admin.donations.supporters.none')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-caption`} tabIndex={0}>
          <table className="don-table">
            <caption id={`${uid}-caption`}>{t(`admin.donations.supporters.caption.${current}`, { count: data.supporters.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.columns.donor')}</th>
                <th scope="col" className="num">{t('admin.donations.supporters.lifetime')}</th>
                <th scope="col" className="num">{t('admin.donations.supporters.thisYear', { year: data.year })}</th>
                <th scope="col">{t('admin.donations.supporters.lastGift')}</th>
                <th scope="col">{t('admin.donations.supporters.regular')}</th>
                <th scope="col">{t('admin.donations.supporters.follows')}</th>
              </tr>
            </thead>
            <tbody>
              {data.supporters.map((s) => (
                <tr key={s.email}>
                  <th scope="row">
                    <span className="don-donor">{s.name || t('admin.donations.noName')}</span>
                    <span className="don-email">{s.email}</span>
                  </th>
                  <td className="num">{money(s.lifetimeCents, book, lang)}</td>
                  <td className="num">{money(s.yearCents, book, lang)}</td>
                  <td>{formatDay(`${s.lastGiftOn}T12:00:00Z`, lang)}</td>
                  <td>{s.regular ? `${money(s.regular.amountCents, s.regular.currency, lang)} · ${t(`admin.donations.monthlyStates.${s.regular.state}`)}` : '—'}</td>
                  <td>{s.follows.length ? s.follows.map((f) => localized(lang, f.title, f.titleDe)).join(', ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
