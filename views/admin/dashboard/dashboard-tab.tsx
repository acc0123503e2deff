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
import { formatDate, formatDayMonth, formatNumber, percentFunded, type Lang } from '../../../models/shared/rules';
import type { Dashboard, DashboardArticle, DashboardView, DashboardWeek } from '../../../models/site/stats';
import { ImpactPanel, type ImpactPanelData } from './impact-panel';
import type { AdminFlash } from '../lib/flash';

const usd = (cents: number, lang: Lang) => formatAmount(cents, 'usd', lang);
const num = (n: number, lang: Lang) => formatNumber(n, lang);
/** A day in the admin's words: "November 3, 2026" / "3. November 2026". */
const longDay = (ymd: string, lang: Lang) => formatDate(`${ymd}T12:00:00Z`, lang) || ymd;
const weekLabel = (w: DashboardWeek, lang: Lang) => (w.from === w.to ? formatDayMonth(w.from, lang, true) : `${formatDayMonth(w.from, lang, true)} – ${formatDayMonth(w.to, lang, true)}`);

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

const percent = (raised: number, goal: number, lang: Lang) => `${formatNumber(Math.round(percentFunded(raised, goal)), lang)}%`;

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

// ---- The charts: SVG in a fixed coordinate space that scales with the column; text at 13 units
// (13 px where the column is 640 px wide). One series per chart, so no colour has to be told apart.

const W = 640;

/** A chart with its title shown above it; the drawing itself is one image named by the title and its kind. */
function Chart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="dash-chart">
      <figcaption className="dash-chart-title">{title}</figcaption>
      {children}
    </figure>
  );
}
const FONT = 13;

/** A round top for an axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const f = max / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** Amounts in cents get a round top in whole units. */
function axisTop(max: number, cents: boolean): number {
  return cents ? niceMax(max / 100) * 100 : niceMax(max);
}

/** `cents`: the values are amounts in cents (the axis then stops at whole amounts). */
function WeekBars({ name: title, weeks, value, format, cents = false }: { name: string; weeks: DashboardWeek[]; value: (w: DashboardWeek) => number; format: (n: number) => string; cents?: boolean }) {
  const t = useT();
  const lang = useLang();
  const values = weeks.map(value);
  const top = axisTop(Math.max(0, ...values), cents);
  const H = 220;
  const left = 76;
  const right = 8;
  const topPad = 22;
  const bottom = 30;
  const plotW = W - left - right;
  const plotH = H - topPad - bottom;
  const n = weeks.length;
  const slot = plotW / Math.max(1, n);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => topPad + plotH - (v / top) * plotH;
  const ticks = Number.isInteger(top / 2) || cents ? [0, top / 2, top] : [0, top];
  const labelEvery = Math.ceil(n / 8);
  const showValues = n <= 16;
  return (
    <Chart title={title}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('admin.dashboard.chartName', { title })}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={W - right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'dash-axis' : 'dash-grid'} />
            <text x={left - 6} y={y(tick) + FONT / 3} textAnchor="end" fontSize={FONT} className="dash-text">
              {format(tick)}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const v = values[i]!;
          const x = left + i * slot + (slot - barW) / 2;
          return (
            <g key={w.start}>
              {v > 0 && <rect x={x} y={y(v)} width={barW} height={y(0) - y(v)} className="dash-bar" />}
              {showValues && v > 0 && (
                <text x={x + barW / 2} y={y(v) - 5} textAnchor="middle" fontSize={FONT - 1} className="dash-text">
                  {format(v)}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text x={left + i * slot + slot / 2} y={H - 10} textAnchor="middle" fontSize={FONT} className="dash-text dash-muted">
                  {formatDayMonth(w.from, lang)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Chart>
  );
}

/** Horizontal bars, one row each: a label, the bar, the value written after it. */
function HBars({ name: title, rows }: { name: string; rows: { key: string; label: string; value: number; text: string }[] }) {
  const t = useT();
  const rowH = 30;
  const labelW = 220;
  const textW = 150;
  const barMax = W - labelW - textW - 16;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const H = rows.length * rowH + 8;
  return (
    <Chart title={title}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('admin.dashboard.chartName', { title })}>
        {rows.map((r, i) => {
          const yMid = 4 + i * rowH + rowH / 2;
          const width = r.value > 0 ? Math.max(2, (r.value / max) * barMax) : 0;
          return (
            <g key={r.key}>
              <text x={labelW - 8} y={yMid + FONT / 3} textAnchor="end" fontSize={FONT} className="dash-text">
                {short(r.label, 26)}
              </text>
              {width > 0 && <rect x={labelW} y={yMid - 9} width={width} height={18} className="dash-bar" />}
              <text x={labelW + width + 6} y={yMid + FONT / 3} fontSize={FONT} className="dash-text">
                {r.text}
              </text>
            </g>
          );
        })}
      </svg>
    </Chart>
  );
}

/** Each live project: its goal as an outlined track, what was raised filled in, the share written after it. */
function FundingBars({ projects }: { projects: Dashboard['projects'] }) {
  const t = useT();
  const lang = useLang();
  const rowH = 30;
  const labelW = 220;
  const textW = 70;
  const track = W - labelW - textW - 16;
  const H = projects.length * rowH + 8;
  const title = t('admin.dashboard.projects.chart');
  return (
    <Chart title={title}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('admin.dashboard.chartName', { title })}>
        {projects.map((p, i) => {
          const yMid = 4 + i * rowH + rowH / 2;
          const share = p.goalCents > 0 ? Math.min(1, p.raisedCents / p.goalCents) : 0;
          return (
            <g key={p.id}>
              <text x={labelW - 8} y={yMid + FONT / 3} textAnchor="end" fontSize={FONT} className="dash-text">
                {short(p.title, 26)}
              </text>
              <rect x={labelW} y={yMid - 9} width={track} height={18} className="dash-track" />
              {share > 0 && <rect x={labelW} y={yMid - 9} width={Math.max(2, share * track)} height={18} className="dash-bar" />}
              <text x={labelW + track + 6} y={yMid + FONT / 3} fontSize={FONT} className="dash-text">
                {p.goalCents > 0 ? percent(p.raisedCents, p.goalCents, lang) : '–'}
              </text>
            </g>
          );
        })}
      </svg>
    </Chart>
  );
}

/** A label cut to fit left of the bars (about 26 characters at 13 units); the table beside has it whole. */
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

// ---- The tables: the charts' numbers, readable as text.

function TableWrap({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="don-table-wrap dash-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="don-table">
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function WeekTable({
  caption,
  weeks,
  columns,
  total = true,
}: {
  caption: string;
  weeks: DashboardWeek[];
  columns: { header: string; value: (w: DashboardWeek) => number; format: (n: number) => string }[];
  total?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <TableWrap caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('admin.dashboard.columns.week')}</th>
          {columns.map((c) => (
            <th key={c.header} scope="col" className="num">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.start}>
            <th scope="row">{weekLabel(w, lang)}</th>
            {columns.map((c) => (
              <td key={c.header} className="num">
                {c.format(c.value(w))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            <th scope="row">{t('admin.dashboard.columns.total')}</th>
            {columns.map((c) => (
              <td key={c.header} className="num">
                {c.format(weeks.reduce((s, w) => s + c.value(w), 0))}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </TableWrap>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <TableWrap caption={caption}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {c}
                </th>
              ) : (
                <td key={i} className="num">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}
