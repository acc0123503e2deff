// /impact/{year} and /de/impact/{year}: the yearly impact report (models/site/impact.ts). Money in
// and out, the year's figures and articles under the admins' introduction; plain HTML with one
// SVG chart (its numbers in a table beside it), printable (views/styles/impact.css) and as a PDF.
import type { ReactNode } from 'react';
import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatDate, formatNumber, type Lang } from '../../models/shared/rules';
import { formatAmount } from '../../models/shared/donation-rules';
import { localizePath } from '../../models/shared/urls';
import { MessagePage } from '../components/message-page';
import type { ImpactReport } from '../../models/site/impact';

export interface ImpactPageProps {
  report: ImpactReport | null;
}

const usd = (cents: number, lang: Lang) => formatAmount(Math.round(cents / 100) * 100, 'usd', lang);
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
const monthName = (month: number, lang: Lang, style: 'long' | 'short') =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 15)));

/** The report's own addresses: the page and its PDF, in a language. */
export const impactPath = (year: number, lang: Lang) => localizePath(`/impact/${year}`, lang);
export const impactPdfPath = (year: number, lang: Lang) => localizePath(`/impact/${year}.pdf`, lang);

export default function ImpactPage({ report: r }: ImpactPageProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  if (!r) return <MessagePage eyebrow="404" title={t('impactReport.notFound.title')} text={t('impactReport.notFound.text')} to={link('projects')} action={t('projectDetail.viewAll')} />;
  const n = (v: number) => formatNumber(v, lang);
  const asOf = formatDate(r.asOf, lang);
  // Gifts that arrived but have no dollar value yet (no exchange rate known): the lead says what was
  // given in its own currencies, never "$0 given".
  const ownCurrencies = r.moneyIn.usdCents === 0 && r.moneyIn.gifts > 0 && r.moneyIn.byCurrency.some((c) => c.cents > 0);
  const figures: [string, string][] = [
    ownCurrencies
      ? [r.moneyIn.byCurrency.filter((c) => c.cents > 0).map((c) => formatAmount(c.cents, c.currency, lang)).join(' + '), t('impactReport.figures.givenOwn')]
      : [usd(r.moneyIn.usdCents, lang), t('impactReport.figures.given')],
    [n(r.figures.gifts), t('impactReport.figures.gifts', { count: r.figures.gifts })],
    [n(r.figures.givers), t('impactReport.figures.givers', { count: r.figures.givers })],
    [n(r.figures.monthlyDonors), t(r.current ? 'impactReport.figures.monthlyNow' : 'impactReport.figures.monthlyEnd', { count: r.figures.monthlyDonors })],
    [usd(r.moneyOut.cents, lang), t('impactReport.figures.spent')],
    [n(r.figures.projects), t('impactReport.figures.projects', { count: r.figures.projects })],
  ];
  return (
    <article className="impact">
      <header className="section page-top impact-hero" aria-labelledby="page-title">
        <div className="container narrow">
          <p className="eyebrow">{t('impactReport.eyebrow')}</p>
          <h1 id="page-title">{t('impactReport.title', { year: r.year })}</h1>
          <p className="lead">{r.current ? t('impactReport.soFar', { date: asOf }) : t('impactReport.whole', { year: r.year })}</p>
          <p className="impact-actions">
            <a className="btn btn-primary" href={impactPdfPath(r.year, lang)} type="application/pdf" download={`${t('impactReport.fileName')}-${r.year}.pdf`}>
              {t('impactReport.pdf')}
            </a>
          </p>
          {r.years.length > 1 && (
            <nav className="impact-years" aria-label={t('impactReport.years')}>
              <ul>
                {r.years.map((y) => (
                  <li key={y}>
                    {y === r.year ? (
                      <span aria-current="page">{y}</span>
                    ) : (
                      <Link to={impactPath(y, lang)}>
                        {y}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </header>

      {r.intro && (
        <section className="section impact-intro" aria-labelledby="impact-intro">
          <div className="container narrow">
            <h2 id="impact-intro">{t('impactReport.introTitle')}</h2>
            <div className="article-body" lang={r.intro.lang === lang ? undefined : r.intro.lang}>
              {paragraphs(r.intro.text).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </div>
        </section>
      )}

      <section className="section section-alt" aria-labelledby="impact-figures">
        <div className="container narrow">
          <h2 id="impact-figures">{t('impactReport.figuresTitle', { year: r.year })}</h2>
          <dl className="impact-figures">
            {figures.map(([value, label]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="impact-in">
        <div className="container narrow">
          <h2 id="impact-in">{t('impactReport.in.title')}</h2>
          {r.moneyIn.gifts === 0 ? (
            <p className="empty">{t('impactReport.in.none')}</p>
          ) : (
            <>
              <p>{t('impactReport.in.summary', { count: r.moneyIn.gifts, amount: usd(r.moneyIn.usdCents, lang) })}</p>
              <MonthChart report={r} />
              <Table caption={t('impactReport.in.byCurrency')} head={[t('impactReport.cols.currency'), t('impactReport.cols.gifts'), t('impactReport.cols.amountGiven')]}>
                {r.moneyIn.byCurrency.map((c) => (
                  <tr key={c.currency}>
                    <th scope="row">{c.currency.toUpperCase()}</th>
                    <td>{n(c.gifts)}</td>
                    <td>{formatAmount(c.cents, c.currency, lang)}</td>
                  </tr>
                ))}
              </Table>
              <Table caption={t('impactReport.in.byMethod')} head={[t('impactReport.cols.method'), t('impactReport.cols.gifts'), t('impactReport.cols.usd')]}>
                {r.moneyIn.byMethod.map((m) => (
                  <tr key={m.method}>
                    <th scope="row">{t(`impactReport.methods.${m.method}`)}</th>
                    <td>{n(m.gifts)}</td>
                    <td>{usd(m.usdCents, lang)}</td>
                  </tr>
                ))}
              </Table>
              <Table caption={t('impactReport.in.byFrequency')} head={[t('impactReport.cols.kind'), t('impactReport.cols.gifts'), t('impactReport.cols.usd')]} total={[t('impactReport.cols.total'), n(r.moneyIn.gifts), usd(r.moneyIn.usdCents, lang)]}>
                {r.moneyIn.byFrequency.map((f) => (
                  <tr key={f.frequency}>
                    <th scope="row">{t(`impactReport.frequency.${f.frequency}`)}</th>
                    <td>{n(f.gifts)}</td>
                    <td>{usd(f.usdCents, lang)}</td>
                  </tr>
                ))}
              </Table>
              {r.moneyIn.unconverted > 0 && <p className="muted">{t('impactReport.in.unconverted', { count: r.moneyIn.unconverted })}</p>}
            </>
          )}
          <p className="muted impact-note">{t('impactReport.in.note')}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="impact-out">
        <div className="container narrow">
          <h2 id="impact-out">{t('impactReport.out.title')}</h2>
          {r.moneyOut.projects.length === 0 ? (
            <p className="empty">{t('impactReport.out.none')}</p>
          ) : (
            <Table caption={t('impactReport.out.caption')} head={[t('impactReport.cols.project'), t('impactReport.cols.usd')]} total={[t('impactReport.cols.total'), usd(r.moneyOut.cents, lang)]}>
              {r.moneyOut.projects.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.slug ? <Link to={link('projectDetail', { slug: p.slug })}>{p.title}</Link> : p.title}
                    <span className="impact-categories">
                      {t('impactReport.cols.spentOn')}: {p.categories.map((c) => `${t(`projectDetail.spending.categories.${c.category}`)} ${usd(c.cents, lang)}`).join(' · ')}
                    </span>
                  </th>
                  <td>{usd(p.cents, lang)}</td>
                </tr>
              ))}
            </Table>
          )}
          <p className="muted impact-note">{t('impactReport.out.note')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="impact-articles">
        <div className="container narrow">
          <h2 id="impact-articles">{t('impactReport.articles.title', { year: r.year })}</h2>
          {r.articles.length === 0 ? (
            <p className="empty">{t('impactReport.articles.none')}</p>
          ) : (
            <ol className="impact-articles">
              {r.articles.map((a) => (
                <li key={a.slug}>
                  <time dateTime={a.publishedAt}>{formatDate(a.publishedAt, lang)}</time>
                  <Link to={link('newsDetail', { slug: a.slug })}>{a.title}</Link>
                  {a.abstract && <p>{a.abstract}</p>}
                </li>
              ))}
            </ol>
          )}
          <p className="impact-cta">
            <Link to={link('checkout')} className="btn btn-accent">
              {t('impactReport.donate')}
            </Link>
          </p>
        </div>
      </section>
    </article>
  );
}

function Table({ caption, head, total, children }: { caption: string; head: string[]; total?: string[]; children: ReactNode }) {
  return (
    <div className="impact-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">{total[0]}</th>
              {total.slice(1).map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Gifts per month in USD: twelve bars, named for assistive technology, with their table below. */
function MonthChart({ report: r }: { report: ImpactReport }) {
  const t = useT();
  const lang = useLang();
  const W = 600;
  const H = 220;
  const top = 16;
  const bottom = 32;
  const max = Math.max(1, ...r.moneyIn.byMonth.map((m) => m.usdCents));
  const slot = W / 12;
  const title = t('impactReport.in.byMonth', { year: r.year });
  return (
    <figure className="impact-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="impact-month-title" preserveAspectRatio="xMidYMid meet">
        <title id="impact-month-title">{title}</title>
        <line x1="0" y1={H - bottom} x2={W} y2={H - bottom} className="impact-axis" />
        {r.moneyIn.byMonth.map((m) => {
          const h = ((H - top - bottom) * m.usdCents) / max;
          return (
            <g key={m.month}>
              <rect x={(m.month - 1) * slot + slot * 0.18} y={H - bottom - h} width={slot * 0.64} height={h} className="impact-bar" />
              <text x={(m.month - 0.5) * slot} y={H - 8} textAnchor="middle" className="impact-label">
                {monthName(m.month, lang, 'short').slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary>{t('impactReport.in.monthTable')}</summary>
          <Table caption={title} head={[t('impactReport.cols.month'), t('impactReport.cols.gifts'), t('impactReport.cols.usd')]}>
            {r.moneyIn.byMonth.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, lang, 'long')}</th>
                <td>{formatNumber(m.gifts, lang)}</td>
                <td>{usd(m.usdCents, lang)}</td>
              </tr>
            ))}
          </Table>
        </details>
      </figcaption>
    </figure>
  );
}
