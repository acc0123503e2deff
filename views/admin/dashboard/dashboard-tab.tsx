// The dashboard: the admin's first screen. Visitors, gifts and new subscribers
// per Swiss week, monthly donors over time, the top articles by visits and by gifts, gifts by
// currency and kind, the projects' funding (models/site/stats.ts dashboardFor). Every chart is
// plain SVG drawn by React on the server (no chart library: the admin's JavaScript budget), named
// for assistive technology, and followed by a table of its numbers, so everything reads the same
// without JavaScript. The range picker is a plain GET form and links: the server draws the range.
// Below the numbers, the yearly impact report's introduction (views/admin/impact-panel.tsx).
import type { ReactNode } from 'react';
import { useLang, useT } from '../../app-context';
import { useScreenHref } from '../widgets/ui';
import { formatAmount } from '../../../models/shared/donation-rules';
import type { DashboardArticle, DashboardView } from '../../../models/site/stats';
import { ImpactPanel, type ImpactPanelData } from './impact-panel';
import type { AdminFlash } from '../lib/flash';
import { usd, num, longDay, percent } from './format';
import { WeekBars, HBars, FundingBars } from './charts';
import { WeekTable, SimpleTable } from './tables';
import { RegularHealthTotals } from './regular-health';
import { EditionsTable } from './editions-table';

/** `impact`: the yearly impact report's panel as the server rendered it; `flash`: a refused save of its form without JavaScript. */
export function DashboardTab({ initial, impact = null, flash = null, onChanged }: { initial: DashboardView; impact?: ImpactPanelData | null; flash?: AdminFlash | null; onChanged?: () => void }) {
  const t = useT();

  return (
    <section className="dash" aria-labelledby="dashboard-title">
      <div className="admin-toolbar">
        <h2 id="dashboard-title" className="admin-tab-title">
          {t('admin.dashboard.title')}
        </h2>
      </div>
      <DashboardBody view={initial} />
      <ImpactPanel initial={impact} flash={flash} onChanged={onChanged} />
    </section>
  );
}

function DashboardBody({ view }: { view: DashboardView }) {
  const t = useT();
  const lang = useLang();
  const d = view.data;
  const { weeks, totals } = d;
  const lastWeek = weeks[weeks.length - 1];
  const anyMonthly = weeks.some((w) => w.monthlyDonors > 0);
  return (
    <>
      <p>{t('admin.dashboard.intro', { from: longDay(d.from, lang), to: longDay(d.to, lang) })}</p>
      {view.invalidRange && (
        <p className="admin-error" role="alert">
          {t('admin.dashboard.invalidRange')}
        </p>
      )}
      <RangePicker view={view} />

      <dl className="dash-totals">
        <div>
          <dt>{t('admin.dashboard.totals.views')}</dt>
          <dd>{num(totals.views, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.dashboard.totals.visitors')}</dt>
          <dd>{num(totals.visitors, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.dashboard.totals.gifts')}</dt>
          <dd>
            {num(totals.gifts, lang)} <span className="dash-total-sub">({usd(totals.giftsUsdCents, lang)})</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.dashboard.totals.signups')}</dt>
          <dd>{num(totals.signups, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.dashboard.totals.monthlyDonors')}</dt>
          <dd>{num(lastWeek?.monthlyDonors ?? 0, lang)}</dd>
        </div>
        {d.regularPerMonth.length > 0 && (
          <div>
            <dt>{t('admin.dashboard.totals.regularPerMonth')}</dt>
            <dd>
              {d.regularPerMonth.map((r) => formatAmount(r.amountCents, r.currency, lang)).join(' · ')}{' '}
              <span className="dash-total-sub">{t('admin.dashboard.totals.regularPerMonthNote')}</span>
            </dd>
          </div>
        )}
        {d.regularHealth && <RegularHealthTotals health={d.regularHealth} />}
      </dl>

      <DashSection id="dash-visits" title={t('admin.dashboard.visits.title')} note={t('admin.dashboard.visits.note')}>
        {totals.views === 0 ? (
          <Empty text={t('admin.dashboard.visits.empty')} />
        ) : (
          <>
            <WeekBars name={t('admin.dashboard.visits.viewsChart')} weeks={weeks} value={(w) => w.views} format={(n) => num(n, lang)} />
            <WeekBars name={t('admin.dashboard.visits.visitorsChart')} weeks={weeks} value={(w) => w.visitors} format={(n) => num(n, lang)} />
            <WeekTable
              caption={t('admin.dashboard.visits.table')}
              weeks={weeks}
              columns={[
                { header: t('admin.dashboard.columns.views'), value: (w) => w.views, format: (n) => num(n, lang) },
                { header: t('admin.dashboard.columns.visitors'), value: (w) => w.visitors, format: (n) => num(n, lang) },
              ]}
            />
          </>
        )}
      </DashSection>

      <DashSection id="dash-gifts" title={t('admin.dashboard.gifts.title')} note={t('admin.dashboard.gifts.note')}>
        {totals.gifts === 0 ? (
          <Empty text={t('admin.dashboard.gifts.empty')} />
        ) : (
          <>
            <WeekBars name={t('admin.dashboard.gifts.amountChart')} weeks={weeks} value={(w) => w.giftsUsdCents} format={(n) => usd(n, lang)} cents />
            <WeekBars name={t('admin.dashboard.gifts.countChart')} weeks={weeks} value={(w) => w.gifts} format={(n) => num(n, lang)} />
            <WeekTable
              caption={t('admin.dashboard.gifts.table')}
              weeks={weeks}
              columns={[
                { header: t('admin.dashboard.columns.gifts'), value: (w) => w.gifts, format: (n) => num(n, lang) },
                { header: t('admin.dashboard.columns.usd'), value: (w) => w.giftsUsdCents, format: (n) => usd(n, lang) },
              ]}
            />
            <h4>{t('admin.dashboard.currency.title')}</h4>
            <HBars
              name={t('admin.dashboard.currency.chart')}
              rows={d.byCurrency.map((c) => ({ key: c.currency, label: c.currency.toUpperCase(), value: c.gifts, text: num(c.gifts, lang) }))}
            />
            <SimpleTable
              caption={t('admin.dashboard.currency.table')}
              head={[t('admin.dashboard.columns.currency'), t('admin.dashboard.columns.gifts'), t('admin.dashboard.columns.given')]}
              rows={d.byCurrency.map((c) => ({ key: c.currency, cells: [c.currency.toUpperCase(), num(c.gifts, lang), formatAmount(c.cents, c.currency, lang)] }))}
            />
            <WorthBreakdown texts="admin.dashboard.kind" column={t('admin.dashboard.columns.kind')} rows={d.byKind.map((k) => ({ key: k.kind, label: t(`admin.dashboard.kind.${k.kind}`), ...k }))} />
            <WorthBreakdown texts="admin.dashboard.method" column={t('admin.dashboard.columns.method')} rows={d.byMethod.map((m) => ({ key: m.method, label: t(`admin.dashboard.method.${m.method}`), ...m }))} />
          </>
        )}
      </DashSection>

      <DashSection id="dash-signups" title={t('admin.dashboard.signups.title')} note={t('admin.dashboard.signups.note')}>
        {totals.signups === 0 ? (
          <Empty text={t('admin.dashboard.signups.empty')} />
        ) : (
          <>
            <WeekBars name={t('admin.dashboard.signups.chart')} weeks={weeks} value={(w) => w.signups} format={(n) => num(n, lang)} />
            <WeekTable
              caption={t('admin.dashboard.signups.table')}
              weeks={weeks}
              columns={[{ header: t('admin.dashboard.columns.signups'), value: (w) => w.signups, format: (n) => num(n, lang) }]}
            />
          </>
        )}
      </DashSection>

      <DashSection id="dash-editions" title={t('admin.dashboard.editions.title')} note={t('admin.dashboard.editions.note')}>
        {d.editions.length === 0 ? <Empty text={t('admin.dashboard.editions.empty')} /> : <EditionsTable editions={d.editions} />}
      </DashSection>

      <DashSection id="dash-monthly" title={t('admin.dashboard.monthly.title')} note={t('admin.dashboard.monthly.note')}>
        {!anyMonthly ? (
          <Empty text={t('admin.dashboard.monthly.empty')} />
        ) : (
          <>
            <WeekBars name={t('admin.dashboard.monthly.chart')} weeks={weeks} value={(w) => w.monthlyDonors} format={(n) => num(n, lang)} />
            <WeekTable
              caption={t('admin.dashboard.monthly.table')}
              weeks={weeks}
              total={false}
              columns={[{ header: t('admin.dashboard.columns.monthlyDonors'), value: (w) => w.monthlyDonors, format: (n) => num(n, lang) }]}
            />
          </>
        )}
      </DashSection>

      <DashSection id="dash-articles" title={t('admin.dashboard.articles.title')}>
        <h4>{t('admin.dashboard.articles.byViews')}</h4>
        {d.articlesByViews.length === 0 ? (
          <Empty text={t('admin.dashboard.articles.viewsEmpty')} />
        ) : (
          <>
            <HBars name={t('admin.dashboard.articles.viewsChart')} rows={d.articlesByViews.map((a) => ({ key: a.slug, label: articleName(a), value: a.views, text: num(a.views, lang) }))} />
            <SimpleTable
              caption={t('admin.dashboard.articles.viewsTable')}
              head={[t('admin.dashboard.columns.article'), t('admin.dashboard.columns.views')]}
              rows={d.articlesByViews.map((a) => ({ key: a.slug, cells: [<ArticleCell key="a" article={a} />, num(a.views, lang)] }))}
            />
          </>
        )}
        <h4>{t('admin.dashboard.articles.byGifts')}</h4>
        {d.articlesByGifts.length === 0 ? (
          <Empty text={t('admin.dashboard.articles.giftsEmpty')} />
        ) : (
          <>
            <HBars
              name={t('admin.dashboard.articles.giftsChart')}
              rows={d.articlesByGifts.map((a) => ({ key: a.slug, label: articleName(a), value: a.usdCents, text: `${usd(a.usdCents, lang)} (${t('admin.dashboard.giftCount', { count: a.gifts })})` }))}
            />
            <SimpleTable
              caption={t('admin.dashboard.articles.giftsTable')}
              head={[t('admin.dashboard.columns.article'), t('admin.dashboard.columns.gifts'), t('admin.dashboard.columns.usd')]}
              rows={d.articlesByGifts.map((a) => ({ key: a.slug, cells: [<ArticleCell key="a" article={a} />, num(a.gifts, lang), usd(a.usdCents, lang)] }))}
            />
          </>
        )}
      </DashSection>

      <DashSection id="dash-projects" title={t('admin.dashboard.projects.title')} note={t('admin.dashboard.projects.note')}>
        {d.projects.length === 0 ? (
          <Empty text={t('admin.dashboard.projects.empty')} />
        ) : (
          <>
            <FundingBars projects={d.projects} />
            <SimpleTable
              caption={t('admin.dashboard.projects.table')}
              head={[t('admin.dashboard.columns.project'), t('admin.dashboard.columns.raised'), t('admin.dashboard.columns.goal'), t('admin.dashboard.columns.funded')]}
              rows={d.projects.map((p) => ({
                key: String(p.id),
                cells: [p.title, usd(p.raisedCents, lang), p.goalCents > 0 ? usd(p.goalCents, lang) : '–', p.goalCents > 0 ? percent(p.raisedCents, p.goalCents, lang) : '–'],
              }))}
            />
          </>
        )}
      </DashSection>
    </>
  );
}

/** Gifts split one way (by kind, by method): a bar per row by their worth in US dollars, then the table. */
function WorthBreakdown({ texts, column, rows }: { texts: string; column: string; rows: { key: string; label: string; gifts: number; usdCents: number }[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <h4>{t(`${texts}.title`)}</h4>
      <HBars name={t(`${texts}.chart`)} rows={rows.map((r) => ({ key: r.key, label: r.label, value: r.usdCents, text: `${usd(r.usdCents, lang)} (${t('admin.dashboard.giftCount', { count: r.gifts })})` }))} />
      <SimpleTable caption={t(`${texts}.table`)} head={[column, t('admin.dashboard.columns.gifts'), t('admin.dashboard.columns.usd')]} rows={rows.map((r) => ({ key: r.key, cells: [r.label, num(r.gifts, lang), usd(r.usdCents, lang)] }))} />
    </>
  );
}

const articleName = (a: DashboardArticle) => a.title ?? `/news/${a.slug}`;
function ArticleCell({ article }: { article: DashboardArticle }) {
  const t = useT();
  if (article.title) return <>{article.title}</>;
  return (
    <>
      <code>/news/{article.slug}</code> <span className="dash-sub">{t('admin.dashboard.articles.gone')}</span>
    </>
  );
}

function DashSection({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {note && <p className="dash-note">{note}</p>}
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="admin-empty dash-empty">
      <p>{text}</p>
    </div>
  );
}

/** The range: two dates and a button (a plain GET form), and the quick ranges as links. */
function RangePicker({ view }: { view: DashboardView }) {
  const t = useT();
  const screenHref = useScreenHref();
  const { from, to } = view.data;
  const href = (r: { from: string; to: string }) => screenHref('dashboard', `?from=${r.from}&to=${r.to}`);
  const quick = [
    { key: 'last4', range: view.presets.last4 },
    { key: 'last12', range: view.presets.last12 },
    { key: 'year', range: view.presets.year },
  ] as const;
  return (
    <form method="get" action={screenHref('dashboard')} className="dash-range" key={`${from}-${to}`}>
      <fieldset>
        <legend>{t('admin.dashboard.range.legend')}</legend>
        <div className="dash-range-fields">
          <label>
            <span>{t('admin.dashboard.range.from')}</span>
            <input type="date" name="from" defaultValue={from} />
          </label>
          <label>
            <span>{t('admin.dashboard.range.to')}</span>
            <input type="date" name="to" defaultValue={to} />
          </label>
          <button type="submit" className="btn btn-primary btn-small">
            {t('admin.dashboard.range.show')}
          </button>
        </div>
        <ul className="dash-quick" aria-label={t('admin.dashboard.range.quick')}>
          {quick.map((q) => (
            <li key={q.key}>
              <a href={href(q.range)} aria-current={q.range.from === from && q.range.to === to ? 'true' : undefined}>
                {t(`admin.dashboard.range.${q.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </fieldset>
    </form>
  );
}
