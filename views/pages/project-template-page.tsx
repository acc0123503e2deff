import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, formatNumber } from '../../models/shared/rules';
import { ProgressBar } from '../components/project-card';
import ShareButton from '../islands/share';
import { Icon } from '../components/icons';
import { TableWrap } from '../components/content/table-wrap';
import ImageGallery from '../islands/gallery';
import { toGalleryImages, type Photo } from '../components/articles/article-extras';
import {
  TEMPLATE_BENEFICIARIES,
  TEMPLATE_BUDGET,
  TEMPLATE_BUDGET_TOTAL,
  TEMPLATE_GOAL,
  TEMPLATE_PERCENT,
  TEMPLATE_RAISED,
  TEMPLATE_STARTUP_PER_GRADUATE,
} from '../components/articles/template-data';

const OBJECTIVES = ['o1', 'o2', 'o3', 'o4', 'o5'] as const;
const PHASES = ['p1', 'p2', 'p3', 'p4'] as const;
const AREAS = ['carpentry', 'welding', 'woodCarving', 'baking', 'creativeArts', 'weaving'] as const;
const SUPPORT = ['groupTherapy', 'counselling', 'workshops'] as const;
const LOGFRAME = ['goal', 'o1', 'o2', 'o3'] as const;

const photo = (picture: Photo['picture'], en: string, de: string): Photo => ({ picture, caption: { en, de } });

/** The six-image gallery, each picture enlarged on click. */
const GALLERY: Photo[] = [
  photo('workshop-welding', 'Welding practice in the metal workshop', 'Schweissübungen in der Metallwerkstatt'),
  photo('workshop-sewing', 'Tailoring at the Tariro Nook', 'Schneiderei im Tariro Nook'),
  photo('bakery-oven', 'Baking bread for the village shops', 'Brot backen für die Dorfläden'),
  photo('hostel-rooms', 'The training centre and hostel', 'Ausbildungszentrum und Wohnheim'),
  photo('mural-wall', 'Creative arts: a mural by the learners', 'Gestalten: ein Wandbild der Lernenden'),
  photo('garden-harvest', 'Produce for sale at the market space', 'Waren für den Verkauf auf dem Marktplatz'),
];

export default function ProjectTemplatePage() {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const money = (n: number) => formatMoney(n, lang);
  const raisedOf = t('template.raisedOf', { raised: money(TEMPLATE_RAISED), goal: money(TEMPLATE_GOAL) });
  const title = t('template.title');

  return (
    <article className="template-page">
      <header className="section page-top template-hero">
        <div className="container template-hero-grid">
          <div>
            <p className="eyebrow eyebrow-light">{t('template.eyebrow')}</p>
            <span className="badge badge-funding">{t('template.badge')}</span>
            <h1>{title}</h1>
            <p className="hero-text">{t('template.description')}</p>
            <div className="template-hero-funding">
              <p className="template-hero-amounts">
                <strong>{money(TEMPLATE_RAISED)}</strong> / {money(TEMPLATE_GOAL)}
                <span className="sr-only"> ({raisedOf})</span>
              </p>
              <Link to={link('checkout')} className="btn btn-accent btn-lg">
                {t('template.supportProject')}
              </Link>
            </div>
          </div>
          <img className="template-hero-image" src="/images/projects/skills-for-life-youth-programme.svg" alt="" width={1200} height={800} decoding="async" />
        </div>
      </header>

      <div className="container detail-layout">
        {/* Below the hero on a phone: each hydrates in a task of its own (views/later.tsx). */}
          <div className="detail-main">
            <section aria-labelledby="tpl-overview">
              <h2 id="tpl-overview">{t('template.overview.title')}</h2>
              <p className="lead">{t('template.overview.p1')}</p>
              <p>{t('template.overview.p2')}</p>
            </section>

            <section aria-labelledby="tpl-objectives">
              <h2 id="tpl-objectives">{t('template.objectives.title')}</h2>
              <ul className="pj-checks">
                {OBJECTIVES.map((k) => (
                  <li key={k}>
                    <Icon name="check" size={20} /> <span>{t(`template.objectives.${k}`)}</span>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="tpl-phases">
              <h2 id="tpl-phases">{t('template.phases.title')}</h2>
              <p>{t('template.phases.text')}</p>
              <ol className="pj-phases">
                {PHASES.map((k, i) => (
                  <li key={k} className="pj-phase">
                    <span className="pj-phase-number" aria-hidden="true">{i + 1}</span>
                    <div>
                      <h3>{t(`template.phases.${k}.title`)}</h3>
                      <p className="pj-phase-duration">{t(`template.phases.${k}.duration`)}</p>
                      <p>{t(`template.phases.${k}.text`, { amount: money(TEMPLATE_STARTUP_PER_GRADUATE) })}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </section>

            <section aria-labelledby="tpl-areas">
              <h2 id="tpl-areas">{t('template.vocational.title')}</h2>
              <p>{t('template.vocational.text')}</p>
              <ul className="grid grid-3 pj-cards">
                {AREAS.map((k) => (
                  <li key={k} className="pj-card">
                    <h3>{t(`template.vocational.${k}.title`)}</h3>
                    <p>{t(`template.vocational.${k}.text`)}</p>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="tpl-support">
              <h2 id="tpl-support">{t('template.psychosocial.title')}</h2>
              <p>{t('template.psychosocial.text')}</p>
              <ul className="grid grid-3 pj-cards">
                {SUPPORT.map((k) => (
                  <li key={k} className="pj-card">
                    <h3>{t(`template.psychosocial.${k}.title`)}</h3>
                    <p>{t(`template.psychosocial.${k}.text`)}</p>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="tpl-gallery">
              <h2 id="tpl-gallery">{t('template.gallery.title')}</h2>
              <p className="muted">{t('template.gallery.text')}</p>
              <ImageGallery items={toGalleryImages(GALLERY, lang)} columns={3} />
            </section>

            <section aria-labelledby="tpl-budget">
              <h2 id="tpl-budget">{t('template.budget.title')}</h2>
              <p className="muted">{t('template.budget.text')}</p>
              <TableWrap className="pj-table-wrap" label={t('template.budget.caption')}>
                <table className="pj-table pj-budget">
                  <caption className="sr-only">{t('template.budget.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('template.budget.item')}</th>
                      <th scope="col" className="pj-num">{t('template.budget.quantity')}</th>
                      <th scope="col" className="pj-num">{t('template.budget.amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {TEMPLATE_BUDGET.map((line) => (
                      <tr key={line.key}>
                        <th scope="row">{t(`template.budget.lines.${line.key}`)}</th>
                        <td className="pj-num">{line.quantity ? formatNumber(line.quantity, lang) : '–'}</td>
                        <td className="pj-num">{money(line.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={2}>
                        {t('template.budget.total')}
                      </th>
                      <td className="pj-num" data-testid="budget-total">
                        {money(TEMPLATE_BUDGET_TOTAL)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </TableWrap>
            </section>

            <section aria-labelledby="tpl-logframe">
              <h2 id="tpl-logframe">{t('template.logframe.title')}</h2>
              <TableWrap className="pj-table-wrap" label={t('template.logframe.caption')}>
                <table className="pj-table pj-logframe">
                  <caption className="sr-only">{t('template.logframe.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('template.logframe.level')}</th>
                      <th scope="col">{t('template.logframe.statement')}</th>
                      <th scope="col">{t('template.logframe.indicator')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {LOGFRAME.map((k) => (
                      <tr key={k} className={k === 'goal' ? 'pj-logframe-goal' : undefined}>
                        <th scope="row">{t(`template.logframe.${k}.label`)}</th>
                        <td>{t(`template.logframe.${k}.text`)}</td>
                        <td>
                          <strong>{t(`template.logframe.${k}.indicator`)}</strong>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </section>
          </div>
          <aside className="detail-sidebar" aria-labelledby="tpl-funding">
            <div className="sidebar-card">
              <h2 id="tpl-funding" className="sidebar-title">
                {t('template.sidebar.progressTitle')}
              </h2>
              <p className="sidebar-percent">{t('template.sidebar.percent', { percent: TEMPLATE_PERCENT })}</p>
              <ProgressBar percent={TEMPLATE_PERCENT} label={t('projects.fundingProgress', { title })} />
              <p className="sidebar-amounts">{raisedOf}</p>
              <Link to={link('checkout')} className="btn btn-accent btn-block">
                <Icon name="heart" size={18} /> {t('template.sidebar.donateNow')}
              </Link>
              <ShareButton title={title} text={t('template.description')} label={t('template.sidebar.share')} className="btn btn-outline btn-block" />
            </div>
            <div className="sidebar-card">
              <h2 className="sidebar-title">{t('template.sidebar.detailsTitle')}</h2>
              <dl className="sidebar-facts">
                <div>
                  <dt>{t('template.sidebar.location')}</dt>
                  <dd>{t('template.sidebar.locationValue')}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.beneficiaries')}</dt>
                  <dd>{t('template.sidebar.beneficiariesValue', { number: TEMPLATE_BENEFICIARIES })}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.ages')}</dt>
                  <dd>{t('template.sidebar.agesValue')}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.duration')}</dt>
                  <dd>{t('template.sidebar.durationValue')}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.startup')}</dt>
                  <dd>{t('template.sidebar.startupValue', { amount: money(TEMPLATE_STARTUP_PER_GRADUATE) })}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.assessment')}</dt>
                  <dd>{t('template.sidebar.assessmentValue')}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.market')}</dt>
                  <dd>{t('template.sidebar.marketValue')}</dd>
                </div>
                <div>
                  <dt>{t('template.sidebar.status')}</dt>
                  <dd>
                    <span className="badge badge-funding">{t('template.badge')}</span>
                  </dd>
                </div>
              </dl>
            </div>
            <div className="sidebar-card sidebar-contact">
              <h2 className="sidebar-title">{t('template.sidebar.questions')}</h2>
              <p>{t('template.sidebar.questionsText')}</p>
              <Link to={link('contact')} className="btn btn-outline btn-block">
                <Icon name="mail" size={18} /> {t('template.sidebar.contact')}
              </Link>
            </div>
          </aside>
      </div>
    </article>
  );
}
