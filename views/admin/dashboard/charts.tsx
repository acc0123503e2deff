// The dashboard's charts: plain SVG drawn by React (no chart library), each named for assistive
// technology; the numbers follow each chart as a table (tables.tsx).
import type { ReactNode } from 'react';
import { useLang, useT } from '../../app-context';
import { formatDayMonth } from '../../../models/shared/rules';
import type { Dashboard, DashboardWeek } from '../../../models/site/stats';
import { percent, short } from './format';

// ---- The charts: SVG in a fixed coordinate space that scales with the column; text at 13 units
// (13 px where the column is 640 px wide). One series per chart, so no colour has to be told apart.
const W = 640;

/** A chart with its title shown above it; the drawing itself is one image named by the title and its kind. */
export function Chart({ title, children }: { title: string; children: ReactNode }) {
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
export function WeekBars({ name: title, weeks, value, format, cents = false }: { name: string; weeks: DashboardWeek[]; value: (w: DashboardWeek) => number; format: (n: number) => string; cents?: boolean }) {
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
export function HBars({ name: title, rows }: { name: string; rows: { key: string; label: string; value: number; text: string }[] }) {
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
export function FundingBars({ projects }: { projects: Dashboard['projects'] }) {
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
