import type { Lang } from '../../../models/shared/rules';

export interface FigureItem {
  value: string;
  label: string;
}

/** Key figures as a description list (label and value stay together for screen readers). */
export function Figures({ items, className = '' }: { items: FigureItem[]; className?: string }) {
  return (
    <dl className={`figures content-figures ${className}`.trim()}>
      {items.map((f) => (
        <div key={f.label} className="figure">
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const NBSP = '\u00a0';

/**
 * A large dollar amount shortened to thousands for a headline figure: "$276K" (or "276K USD") in English,
 * "276 Tsd. USD" in German, where "K" is not used.
 */
export function thousandsUsd(amount: number, lang: Lang, style: 'symbol' | 'code' = 'symbol'): string {
  const k = Math.round(amount / 1000);
  if (lang === 'de') return `${k}${NBSP}Tsd.${NBSP}USD`;
  return style === 'symbol' ? `$${k}K` : `${k}K${NBSP}USD`;
}

/** A share as a percentage; the same on server and browser whatever their ICU data (like formatNumber). */
export function formatPercent(share: number, _lang: Lang, digits = 0): string {
  return `${(share * 100).toFixed(digits)}%`;
}
