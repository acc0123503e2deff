// The dashboard's tables: each chart's numbers, in a box that scrolls on its own on a phone.
import type { ReactNode } from 'react';
import { useLang, useT } from '../../app-context';
import type { DashboardWeek } from '../../../models/site/stats';
import { num, weekLabel } from './format';

// ---- The tables: the charts' numbers, readable as text.

export function TableWrap({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="don-table-wrap dash-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="don-table">
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function WeekTable({
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

export function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
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
