// Where a project's money went: the spending by category (bars drawn with CSS) and the records,
// newest first. Rendered on the server; nothing here needs JavaScript.
import { useLang, useT } from '../app-context';
import { formatDate, formatMoney, localized } from '../../models/shared/rules';
import type { PublicSpending } from '../../models/giving/spending';

/** Sums per category, largest first, in cents (exact: amounts are decimal strings). */
function byCategory(records: PublicSpending[]): { category: string; key: string; cents: number }[] {
  const sums = new Map<string, { category: string; key: string; cents: number }>();
  for (const r of records) {
    const entry = sums.get(r.category) ?? { category: r.category, key: r.categoryKey, cents: 0 };
    entry.cents += Math.round(Number(r.amount) * 100);
    sums.set(r.category, entry);
  }
  return [...sums.values()].sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
}

export function ProjectSpending({ records, spentAmount }: { records: PublicSpending[]; spentAmount: string }) {
  const t = useT();
  const lang = useLang();
  const categories = byCategory(records);
  const largest = categories[0]?.cents ?? 0;
  return (
    <section className="pj-spending" aria-labelledby="spending-heading">
      <h2 id="spending-heading">{t('projectDetail.spending.title')}</h2>
      {records.length === 0 ? (
        <p className="pj-spending-empty">{t('projectDetail.spending.empty')}</p>
      ) : (
        <>
          <p className="pj-spending-total">{t('projectDetail.spending.total', { spent: formatMoney(spentAmount, lang), count: records.length })}</p>
          <h3 className="pj-spending-sub">{t('projectDetail.spending.byCategory')}</h3>
          <ul className="pj-spending-bars">
            {categories.map((c) => (
              <li key={c.category}>
                <span className="pj-spending-cat">{t(c.key)}</span>
                <span className="pj-spending-amount">{formatMoney(c.cents / 100, lang)}</span>
                <span className="pj-spending-bar" aria-hidden="true">
                  <span style={{ width: `${largest > 0 ? Math.max(2, Math.round((c.cents / largest) * 100)) : 0}%` }} />
                </span>
              </li>
            ))}
          </ul>
          <h3 className="pj-spending-sub">{t('projectDetail.spending.records')}</h3>
          <ul className="pj-spending-list">
            {records.map((r) => (
              <li key={r.id}>
                <p className="pj-spending-meta">
                  <time dateTime={r.date}>{formatDate(r.date, lang)}</time> · {t(r.categoryKey)}
                </p>
                <p className="pj-spending-desc">{localized(lang, r.description, r.descriptionDe)}</p>
                <p className="pj-spending-amount">{formatMoney(r.amount, lang)}</p>
                {r.receiptUrl && (
                  <p className="pj-spending-receipt">
                    <a href={r.receiptUrl}>{t('projectDetail.spending.receipt', { date: formatDate(r.date, lang) })}</a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
