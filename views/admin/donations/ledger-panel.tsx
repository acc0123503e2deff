// The ledger of donations: filters, pages, each gift's refunds and disputes, totals per project,
// month and currency, the CSV export of a filter. The first page without a filter is the page's
// (the screen's loader); a filter or another page asks the API.
import { useEffect, useId, useRef, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { adminFetch, withLang } from '../lib/api';
import { formatDateTime } from '../widgets/ui';
import { localized } from '../../../models/shared/rules';
import type { AdminDonation, CurrencyTotal, DonationPage } from '../../../models/giving/donations-admin';
import { API, BADGE, CURRENCIES, KINDS, money, formatDay, monthLabel, STATES } from './format';
import { LoadFailed, useReloadable } from './reload';

interface Filter {
  from: string;
  to: string;
  project: string;
  currency: string;
  kind: string;
  status: string;
  page: number;
}

const EMPTY: Filter = { from: '', to: '', project: '', currency: '', kind: '', status: '', page: 1 };

function query(f: Filter, withPage = true): string {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'project', 'currency', 'kind', 'status'] as const) if (f[key]) params.set(key, f[key]);
  if (withPage && f.page > 1) params.set('page', String(f.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** `initial`: the first page without a filter. */
export function LedgerPanel({ initial, onChanged }: { initial: DonationPage; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const { data, error, reload } = useReloadable(initial);
  const load = () => reload(() => adminFetch<DonationPage>('GET', `${API}${query(filter)}`));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void load();
  }, [filter]);

  const set = (key: keyof Omit<Filter, 'page'>) => (value: string) => setFilter((f) => ({ ...f, [key]: value, page: 1 }));
  const projectName = (d: { projectId: number | null; projectTitle: string | null; projectTitleDe: string | null }) =>
    d.projectId === null ? t('admin.donations.generalSupport') : localized(lang, d.projectTitle ?? `#${d.projectId}`, d.projectTitleDe);
  const filtering = Object.entries(filter).some(([k, v]) => k !== 'page' && v);
  const captionId = `${uid}-caption`;

  return (
    <section className="don-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.ledger')}</h3>
      <form className="don-filters" role="search" aria-label={t('admin.donations.filterLabel')} onSubmit={(e) => e.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={`${uid}-from`}>{t('admin.donations.from')}</label>
          <input id={`${uid}-from`} type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => set('from')(e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-to`}>{t('admin.donations.to')}</label>
          <input id={`${uid}-to`} type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => set('to')(e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-project`}>{t('admin.donations.project')}</label>
          <select id={`${uid}-project`} value={filter.project} onChange={(e) => set('project')(e.target.value)}>
            <option value="">{t('admin.donations.allProjects')}</option>
            <option value="general">{t('admin.donations.generalSupport')}</option>
            {data.projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {localized(lang, p.title, p.titleDe)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-currency`}>{t('admin.donations.currency')}</label>
          <select id={`${uid}-currency`} value={filter.currency} onChange={(e) => set('currency')(e.target.value)}>
            <option value="">{t('admin.donations.allCurrencies')}</option>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-kind`}>{t('admin.donations.kind')}</label>
          <select id={`${uid}-kind`} value={filter.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="">{t('admin.donations.allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.donations.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-status`}>{t('admin.donations.status')}</label>
          <select id={`${uid}-status`} value={filter.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">{t('admin.donations.allStatuses')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.donations.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="don-filter-actions">
          <button type="button" className="btn btn-outline btn-small" onClick={() => setFilter(EMPTY)} disabled={!filtering}>
            {t('admin.donations.reset')}
          </button>
          <a
            className="btn btn-outline btn-small"
            href={withLang(`${API}.csv${query(filter, false)}`, lang)}
            download
            aria-describedby={`${uid}-export-hint`}
            onClick={() => setTimeout(() => onChanged?.(), 1000)}
          >
            {t('admin.donations.export')}
          </a>
          <p id={`${uid}-export-hint`} className="admin-hint">
            {t('admin.donations.exportHint')}
          </p>
        </div>
      </form>

      <LoadFailed error={error} onRetry={() => void load()} />
      <p className="don-count" role="status" aria-live="polite">
        {t('admin.donations.shown', { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <div className="admin-empty">
          <p className="admin-empty-title">{filtering ? t('admin.donations.noMatch') : t('admin.donations.empty')}</p>
        </div>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="don-table">
            <caption id={captionId}>{t('admin.donations.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.columns.date')}</th>
                <th scope="col">{t('admin.donations.columns.donor')}</th>
                <th scope="col">{t('admin.donations.columns.project')}</th>
                <th scope="col" className="num">{t('admin.donations.columns.amountKind')}</th>
                <th scope="col" className="num">{t('admin.donations.columns.settled')}</th>
                <th scope="col">{t('admin.donations.columns.status')}</th>
                <th scope="col" className="num">{t('admin.donations.columns.refundedDisputed')}</th>
                <th scope="col">{t('admin.donations.columns.ledger')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((d) => (
                <DonationRow key={d.id} d={d} project={projectName(d)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.pages > 1 && (
        <nav className="don-pages" aria-label={t('admin.donations.pagesLabel')}>
          <button type="button" className="btn btn-outline btn-small" disabled={data.page <= 1} onClick={() => setFilter((f) => ({ ...f, page: data.page - 1 }))}>
            {t('admin.donations.previous')}
          </button>
          <span>{t('admin.donations.pageOf', { page: data.page, pages: data.pages })}</span>
          <button type="button" className="btn btn-outline btn-small" disabled={data.page >= data.pages} onClick={() => setFilter((f) => ({ ...f, page: data.page + 1 }))}>
            {t('admin.donations.next')}
          </button>
        </nav>
      )}
      <Totals data={data} projectName={projectName} />
    </section>
  );
}

function DonationRow({ d, project }: { d: AdminDonation; project: string }) {
  const t = useT();
  const lang = useLang();
  const deducted = d.refundedCents > 0 || d.disputedCents > 0;
  return (
    <tr>
      <th scope="row">
        <time dateTime={d.date}>{formatDay(d.date, lang)}</time>
        <span className="don-ref">{d.reference}</span>
      </th>
      <td>
        <span className="don-donor">{d.donorName || t('admin.donations.noName')}</span>
        {d.donorEmail && <span className="don-email">{d.donorEmail}</span>}
        {d.publicName && <span className="don-sub">{t('admin.donations.shownAs', { name: d.publicName })}</span>}
        {d.tribute && <span className="don-sub">{t(`admin.donations.tribute.${d.tribute.kind}`, { name: d.tribute.name })}</span>}
      </td>
      <td className="don-project">{project}</td>
      <td className="num">
        {money(d.amountCents, d.currency, lang)}
        <span className="don-sub">{d.interval ? t(`admin.donations.intervals.${d.interval}`) : t(`admin.donations.kinds.${d.kind}`)}</span>
        {d.coveredFeeCents > 0 && <span className="don-sub">{t('admin.donations.feeCovered', { amount: money(d.coveredFeeCents, d.currency, lang) })}</span>}
      </td>
      <td className="num">{d.settledCents === null ? '—' : money(d.settledCents, d.settledCurrency ?? 'usd', lang)}</td>
      <td>
        <span className={`badge ${BADGE[d.state]}`}>{t(`admin.donations.states.${d.state}`)}</span>
        {d.disputeStatus && <span className="don-sub">{t('admin.donations.disputeStatus', { status: t(`admin.donations.disputeStatuses.${d.disputeStatus}`, { defaultValue: d.disputeStatus }) })}</span>}
      </td>
      <td className="num">
        {deducted ? (
          <>
            {d.refundedCents > 0 && <span className="don-sub">{t('admin.donations.refundedAmount', { amount: money(d.refundedCents, d.currency, lang) })}</span>}
            {d.disputedCents > 0 && <span className="don-sub">{t('admin.donations.disputedAmount', { amount: money(d.disputedCents, d.currency, lang) })}</span>}
          </>
        ) : (
          '—'
        )}
      </td>
      <td>
        {d.ledger.length === 0 ? (
          '—'
        ) : (
          <details className="don-ledger">
            <summary>{t('admin.donations.ledgerRows', { count: d.ledger.length })}</summary>
            <ul>
              {d.ledger.map((e) => (
                <li key={e.id}>
                  <strong>{t(`admin.donations.ledgerKinds.${e.kind}`, { defaultValue: e.kind })}</strong> {money(e.amountCents, 'usd', lang)}
                  <span className="don-sub">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, lang)}</time>
                    {e.note ? ` · ${e.note}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            <p className="don-sub">{t('admin.donations.creditedNow', { amount: money(d.creditedCents, 'usd', lang) })}</p>
          </details>
        )}
      </td>
    </tr>
  );
}

function CurrencyTable({ caption, rows, month }: { caption: string; rows: (CurrencyTotal & { month?: string })[]; month?: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="don-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="don-table don-totals">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {month && <th scope="col">{t('admin.donations.columns.month')}</th>}
            <th scope="col">{t('admin.donations.columns.currency')}</th>
            <th scope="col" className="num">{t('admin.donations.columns.gifts')}</th>
            <th scope="col" className="num">{t('admin.donations.columns.gross')}</th>
            <th scope="col" className="num">{t('admin.donations.columns.refunded')}</th>
            <th scope="col" className="num">{t('admin.donations.columns.disputed')}</th>
            <th scope="col" className="num">{t('admin.donations.columns.net')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.month ?? ''}-${r.currency}`}>
              {month && <th scope="row">{monthLabel(r.month!, lang)}</th>}
              {month ? <td>{r.currency.toUpperCase()}</td> : <th scope="row">{r.currency.toUpperCase()}</th>}
              <td className="num">{r.gifts}</td>
              <td className="num">{money(r.grossCents, r.currency, lang)}</td>
              <td className="num">{money(r.refundedCents, r.currency, lang)}</td>
              <td className="num">{money(r.disputedCents, r.currency, lang)}</td>
              <td className="num">{money(r.netCents, r.currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ data, projectName }: { data: DonationPage; projectName: (p: { projectId: number | null; projectTitle: string | null; projectTitleDe: string | null }) => string }) {
  const t = useT();
  const lang = useLang();
  const { totals } = data;
  if (totals.byCurrency.length === 0) return null;
  return (
    <div className="don-totals-grid">
      <h4>{t('admin.donations.totalsTitle')}</h4>
      <div className="don-table-wrap" role="region" aria-label={t('admin.donations.byProject')} tabIndex={0}>
        <table className="don-table don-totals">
          <caption>{t('admin.donations.byProject')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.donations.columns.project')}</th>
              <th scope="col" className="num">{t('admin.donations.columns.gifts')}</th>
              <th scope="col" className="num">{t('admin.donations.columns.credited')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.byProject.map((p) => (
              <tr key={p.projectId ?? 'general'}>
                <th scope="row">{projectName({ projectId: p.projectId, projectTitle: p.title, projectTitleDe: p.titleDe })}</th>
                <td className="num">{p.gifts}</td>
                <td className="num">{money(p.creditedCents, 'usd', lang)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('admin.donations.allProjects')}</th>
              <td className="num">{totals.byProject.reduce((s, p) => s + p.gifts, 0)}</td>
              <td className="num">{money(totals.creditedCents, 'usd', lang)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <CurrencyTable caption={t('admin.donations.byCurrency')} rows={totals.byCurrency} />
      <CurrencyTable caption={t('admin.donations.byMonth')} rows={totals.byMonth} month />
    </div>
  );
}
