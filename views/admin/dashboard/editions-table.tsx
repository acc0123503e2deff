// "What each newsletter brought": per edition (newsletters and project news, newest first) the
// mails sent, the page views through its links and the gifts whose source names it
// (models/site/editions.ts). A table only: the numbers are few and read best as text.
import { useLang, useT } from '../../app-context';
import { formatAmount } from '../../../models/shared/donation-rules';
import type { EditionRow } from '../../../models/site/editions';
import { TableWrap } from './tables';
import { longDay, num } from './format';

export function EditionsTable({ editions }: { editions: EditionRow[] }) {
  const t = useT();
  const lang = useLang();
  const unknown = editions.some((e) => e.mailsSent === null);
  const kind = (e: EditionRow) => (e.kind === 'project-news' ? t('admin.dashboard.editions.kind.projectNews') : t(`admin.dashboard.editions.kind.newsletter_${e.language === 'de' ? 'de' : 'en'}`));
  return (
    <>
      <TableWrap caption={t('admin.dashboard.editions.table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin.dashboard.editions.columns.edition')}</th>
            <th scope="col">{t('admin.dashboard.editions.columns.sent')}</th>
            <th scope="col" className="num">
              {t('admin.dashboard.editions.columns.mails')}
            </th>
            <th scope="col" className="num">
              {t('admin.dashboard.editions.columns.visits')}
            </th>
            <th scope="col" className="num">
              {t('admin.dashboard.editions.columns.gifts')}
            </th>
            <th scope="col" className="num">
              {t('admin.dashboard.editions.columns.given')}
            </th>
          </tr>
        </thead>
        <tbody>
          {editions.map((e) => (
            <tr key={e.edition}>
              <th scope="row">
                {e.title} <span className="dash-sub">{kind(e)}</span>
              </th>
              <td>{longDay(e.day, lang)}</td>
              <td className="num">{e.mailsSent === null ? <abbr title={t('admin.dashboard.editions.unknown')}>{'\u2014*'}</abbr> : num(e.mailsSent, lang)}</td>
              <td className="num">{num(e.visits, lang)}</td>
              <td className="num">{num(e.gifts, lang)}</td>
              <td className="num">{e.amounts.length ? e.amounts.map((a) => formatAmount(a.cents, a.currency, lang)).join(' \u00b7 ') : '\u2013'}</td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
      {unknown && <p className="dash-note">* {t('admin.dashboard.editions.unknown')}</p>}
    </>
  );
}
