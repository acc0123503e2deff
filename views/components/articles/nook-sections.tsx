import { useLang, useT } from '../../app-context';
import { formatMoney, formatNumber, type Lang } from '../../../models/shared/rules';
import ImageGallery from '../../islands/gallery';
import { SKILLS_BUDGET, budgetTotal } from './template-data';
import { toGalleryImages, type Photo } from './article-extras';
import { Icon } from '../icons';
import { TableWrap } from '../content/table-wrap';

/** Projects whose (English) title contains Nook or Skills for Life get the long sections. */
export const hasNookSections = (title: string) => title.includes('Nook') || title.includes('Skills for Life');

const photo = (picture: Photo['picture'], en: string, de: string): Photo => ({ picture, caption: { en, de } });

const CENTRE_PHOTOS: Photo[] = [
  photo('hostel-rooms', 'The hostel for 50 residents under construction', 'Das Wohnheim für 50 Bewohnerinnen und Bewohner im Bau'),
  photo('solar-panels-roof', 'The centre runs on solar power', 'Das Zentrum läuft mit Solarstrom'),
  photo('solar-evening-study', 'Evening study after sunset', 'Abendliches Lernen nach Sonnenuntergang'),
  photo('mural-wall', 'The learners’ mural of the 17 villages', 'Das Wandbild der Lernenden mit den 17 Dörfern'),
];

const WORKSHOP_PHOTOS: Photo[] = [
  photo('workshop-welding', 'Welding and metalwork', 'Schweissen und Metallbau'),
  photo('workshop-sewing', 'Tailoring', 'Schneiderei'),
  photo('bakery-oven', 'The learners’ bakery', 'Die Bäckerei der Lernenden'),
  photo('solar-stand-frame', 'The solar stand built by the welding class', 'Der Solarständer der Schweissklasse'),
];

const PHASES = ['p1', 'p2', 'p3', 'p4'] as const;
const SUPPORT = ['group', 'individual', 'workshops'] as const;
const AREAS = ['carpentry', 'welding', 'tailoring', 'baking', 'construction', 'arts'] as const;

/** The learning centre's achievements: opened 2022, 276,428 USD invested in 2024, 36+ learners, 14 teams, 12 projects, a hostel for 50. */
function achievements(lang: Lang) {
  return [
    { key: 'opened', value: '2022' },
    { key: 'investment', value: formatMoney(276_428, lang) },
    { key: 'learners', value: '36+' },
    { key: 'teams', value: formatNumber(14, lang) },
    { key: 'projects', value: formatNumber(12, lang) },
    { key: 'hostel', value: formatNumber(50, lang) },
    { key: 'business', value: lang === 'de' ? '100 %' : '100%' },
    { key: 'selfLearning', value: lang === 'de' ? '100 %' : '100%' },
  ];
}

export function NookSections() {
  const t = useT();
  const lang = useLang();
  const total = budgetTotal(SKILLS_BUDGET);
  const p = 'projectDetail.long';
  return (
    <div className="long-sections">
      <section aria-labelledby="nook-gallery">
        <h2 id="nook-gallery">{t(`${p}.gallery.title`)}</h2>
        <p className="muted">{t(`${p}.gallery.text`)}</p>
        <h3>{t(`${p}.gallery.centre`)}</h3>
        <ImageGallery items={toGalleryImages(CENTRE_PHOTOS, lang)} columns={2} />
        <h3>{t(`${p}.gallery.workshops`)}</h3>
        <ImageGallery items={toGalleryImages(WORKSHOP_PHOTOS, lang)} columns={2} />
      </section>

      <section aria-labelledby="nook-phases">
        <h2 id="nook-phases">{t(`${p}.phases.title`)}</h2>
        <p>{t(`${p}.phases.text`)}</p>
        <ol className="pj-phases">
          {PHASES.map((k, i) => (
            <li key={k} className="pj-phase">
              <span className="pj-phase-number" aria-hidden="true">{i + 1}</span>
              <div>
                <h3>{t(`${p}.phases.${k}.title`)}</h3>
                <p className="pj-phase-duration">{t(`${p}.phases.${k}.duration`)}</p>
                <p>{t(`${p}.phases.${k}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="nook-support">
        <h2 id="nook-support">{t(`${p}.psychosocial.title`)}</h2>
        <p>{t(`${p}.psychosocial.text`)}</p>
        <ul className="grid grid-3 pj-cards">
          {SUPPORT.map((k) => (
            <li key={k} className="pj-card">
              <h3>{t(`${p}.psychosocial.${k}.title`)}</h3>
              <p>{t(`${p}.psychosocial.${k}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="nook-areas">
        <h2 id="nook-areas">{t(`${p}.vocational.title`)}</h2>
        <p>{t(`${p}.vocational.text`)}</p>
        <ul className="grid grid-3 pj-cards">
          {AREAS.map((k) => (
            <li key={k} className="pj-card">
              <h3>{t(`${p}.vocational.${k}.title`)}</h3>
              <p>{t(`${p}.vocational.${k}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="nook-budget">
        <h2 id="nook-budget">{t(`${p}.budget.title`)}</h2>
        <p>{t(`${p}.budget.text`, { total: formatMoney(total, lang) })}</p>
        <TableWrap className="pj-table-wrap" label={t(`${p}.budget.caption`)}>
          <table className="pj-table pj-budget">
            <caption className="sr-only">{t(`${p}.budget.caption`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`${p}.budget.item`)}</th>
                <th scope="col" className="pj-num">{t(`${p}.budget.amount`)}</th>
                <th scope="col" className="pj-num">{t(`${p}.budget.share`)}</th>
              </tr>
            </thead>
            <tbody>
              {SKILLS_BUDGET.map((line) => {
                const share = Math.round((line.amount / total) * 100);
                return (
                  <tr key={line.key}>
                    <th scope="row">{t(`${p}.budget.lines.${line.key}`)}</th>
                    <td className="pj-num">{formatMoney(line.amount, lang)}</td>
                    <td className="pj-num">
                      <span className="share-bar" aria-hidden="true" style={{ width: `${share}%` }} />
                      {lang === 'de' ? `${share} %` : `${share}%`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t(`${p}.budget.total`)}</th>
                <td className="pj-num">{formatMoney(total, lang)}</td>
                <td className="pj-num">{lang === 'de' ? '100 %' : '100%'}</td>
              </tr>
            </tfoot>
          </table>
        </TableWrap>
      </section>

      <section aria-labelledby="nook-achievements">
        <h2 id="nook-achievements">{t(`${p}.achievements.title`)}</h2>
        <dl className="figures figures-4">
          {achievements(lang).map((a) => (
            <div key={a.key} className="figure">
              <dt>{t(`${p}.achievements.${a.key}`)}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="nook-voices">
        <h2 id="nook-voices">{t(`${p}.testimonials.title`)}</h2>
        <ul className="grid grid-3">
          {(['t1', 't2', 't3'] as const).map((k) => (
            <li key={k}>
              <figure className="card testimonial">
                <Icon name="chat" size={22} className="quote-icon" />
                <blockquote>
                  <p>{t(`${p}.testimonials.${k}.quote`)}</p>
                </blockquote>
                <figcaption>
                  <span>
                    <strong>{t(`${p}.testimonials.${k}.name`)}</strong>
                    <br />
                    <span className="muted">{t(`${p}.testimonials.${k}.role`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
