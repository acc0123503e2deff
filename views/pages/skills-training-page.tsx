import { Link } from 'react-router-dom';
import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, formatNumber, type PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { Figures, formatPercent, thousandsUsd } from '../components/content/figures';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { TableWrap } from '../components/content/table-wrap';
import { NOOK_FACTS, SKILLS_BUDGET, SKILLS_BUDGET_TOTAL, VILLAGES } from '../components/content/facts';

const AREAS: { key: string; icon: ContentIconName }[] = [
  { key: 'culinary', icon: 'bread' },
  { key: 'fashion', icon: 'thread' },
  { key: 'digital', icon: 'laptop' },
  { key: 'crafts', icon: 'tools' },
  { key: 'agriculture', icon: 'sprout' },
];

const PHOTOS = [
  { key: 'welding', src: '/images/gallery/workshop-welding.svg' },
  { key: 'sewing', src: '/images/gallery/workshop-sewing.svg' },
  { key: 'bakery', src: '/images/gallery/bakery-oven.svg' },
  { key: 'hostel', src: '/images/gallery/hostel-rooms.svg' },
  { key: 'solar', src: '/images/gallery/solar-panels-roof.svg' },
  { key: 'evening', src: '/images/gallery/solar-evening-study.svg' },
] as const;

const STEPS = ['assessment', 'training', 'business', 'launch'] as const;
const STORIES = ['bakery', 'tailoring', 'carpentry', 'bicycle'] as const;
const JOURNEY = ['opened', 'solar', 'firstCycle', 'today'] as const;
const PROGRAMS: { key: string; icon: ContentIconName }[] = [
  { key: 'culinary', icon: 'bread' },
  { key: 'fashion', icon: 'thread' },
  { key: 'digital', icon: 'laptop' },
  { key: 'crafts', icon: 'tools' },
];

export default function SkillsTrainingPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const n = (v: number) => formatNumber(v, lang);
  const facts = NOOK_FACTS;
  const vars = {
    investment: formatMoney(facts.investment2024, lang),
    total: formatMoney(SKILLS_BUDGET_TOTAL, lang),
    cohort: n(facts.cohortSize),
    hostel: n(facts.hostelResidents),
    minAge: facts.minAge,
    maxAge: facts.maxAge,
    opened: facts.opened,
  };
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('skills.hero.eyebrow')}
        title={t('skills.hero.title')}
        lead={t('skills.hero.lead')}
        content={content}
        image={{ src: '/images/projects/skills-for-life-youth-programme.svg', alt: t('skills.hero.imageAlt'), width: 1200, height: 800 }}
      >
        <Figures
          className="figures-3 hero-figures"
          items={[
            { value: `${n(facts.activeLearners)}+`, label: t('skills.stats.learners') },
            { value: n(VILLAGES), label: t('skills.stats.villages') },
            { value: thousandsUsd(facts.investment2024, lang), label: t('skills.stats.investment') },
          ]}
        />
      </PageHero>

      <section className="section" aria-labelledby="skills-why">
        <div className="container narrow">
          <p className="eyebrow">{t('skills.why.eyebrow')}</p>
          <h2 id="skills-why">{t('skills.why.title')}</h2>
          <p>{t('skills.why.p1')}</p>
          <p>{t('skills.why.p2', vars)}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="skills-how">
        <div className="container">
          <p className="eyebrow">{t('skills.how.eyebrow')}</p>
          <h2 id="skills-how">{t('skills.how.title')}</h2>
          <div className="narrow-text">
            <p>{t('skills.how.p1', vars)}</p>
            <p>{t('skills.how.p2', vars)}</p>
          </div>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`skills.how.steps.${s}.title`, vars)}</h3>
                <p>{t(`skills.how.steps.${s}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="skills-areas">
        <div className="container">
          <p className="eyebrow">{t('skills.areas.eyebrow')}</p>
          <h2 id="skills-areas">{t('skills.areas.title')}</h2>
          <ul className="pillar-grid">
            {AREAS.map((a) => (
              <li key={a.key}>
                <article className="card pillar-card">
                  <span className="pillar-icon">
                    <ContentIcon name={a.icon} />
                  </span>
                  <h3>{t(`skills.areas.${a.key}.title`)}</h3>
                  <p>{t(`skills.areas.${a.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="skills-budget">
        <div className="container narrow">
          <p className="eyebrow">{t('skills.budget.eyebrow')}</p>
          <h2 id="skills-budget">{t('skills.budget.title')}</h2>
          <p>{t('skills.budget.lead', vars)}</p>
          <TableWrap label={t('skills.budget.caption')}>
            <table className="budget-table">
              <caption>{t('skills.budget.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('skills.budget.item')}</th>
                  <th scope="col" className="num">
                    {t('skills.budget.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('skills.budget.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {SKILLS_BUDGET.map((line) => (
                  <tr key={line.key}>
                    <th scope="row">{t(`skills.budget.lines.${line.key}`)}</th>
                    <td className="num">{formatMoney(line.amount, lang)}</td>
                    <td className="num">{formatPercent(line.amount / SKILLS_BUDGET_TOTAL, lang, 1)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('skills.budget.total')}</th>
                  <td className="num">{formatMoney(SKILLS_BUDGET_TOTAL, lang)}</td>
                  <td className="num">{formatPercent(1, lang, 1)}</td>
                </tr>
              </tfoot>
            </table>
          </TableWrap>
        </div>
      </section>

      <section className="section" aria-labelledby="skills-facilities">
        <div className="container">
          <p className="eyebrow">{t('skills.facilities.eyebrow')}</p>
          <h2 id="skills-facilities">{t('skills.facilities.title')}</h2>
          <p className="lead">{t('skills.facilities.lead')}</p>
          <ul className="photo-grid">
            {PHOTOS.map((p) => (
              <li key={p.key}>
                <figure className="content-figure">
                  <img src={p.src} alt={t(`skills.facilities.photos.${p.key}.alt`)} width={800} height={600} loading="lazy" decoding="async" />
                  <figcaption>{t(`skills.facilities.photos.${p.key}.caption`, vars)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="skills-stories">
        <div className="container">
          <p className="eyebrow">{t('skills.stories.eyebrow')}</p>
          <h2 id="skills-stories">{t('skills.stories.title')}</h2>
          <p className="lead">{t('skills.stories.lead')}</p>
          <ul className="grid grid-4">
            {STORIES.map((s) => (
              <li key={s}>
                <article className="card story-card">
                  <h3>{t(`skills.stories.${s}.title`)}</h3>
                  <p>{t(`skills.stories.${s}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <LearningCentreOverview />
    </div>
  );
}

/** The closing overview of the learning centre (SPEC: the ending of /skills-training). */
function LearningCentreOverview() {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const n = (v: number) => formatNumber(v, lang);
  const facts = NOOK_FACTS;
  const vars = { investment: formatMoney(facts.investment2024, lang), hostel: n(facts.hostelResidents), opened: facts.opened };
  return (
    <section className="section overview" aria-labelledby="overview-title">
      <div className="container">
        <p className="eyebrow">{t('skills.overview.eyebrow')}</p>
        <h2 id="overview-title">{t('skills.overview.title')}</h2>
        <p className="lead">{t('skills.overview.lead')}</p>

        <div className="overview-block investment-block">
          <h3>{t('skills.overview.investment.title')}</h3>
          <p className="investment-amount">{formatMoney(facts.investment2024, lang)}</p>
          <p>{t('skills.overview.investment.text', vars)}</p>
        </div>

        <div className="overview-block">
          <h3>{t('skills.overview.journey.title')}</h3>
          <ol className="timeline">
            {JOURNEY.map((j) => (
              <li key={j}>
                <span className="timeline-when">{t(`skills.overview.journey.${j}.when`)}</span>
                <p>{t(`skills.overview.journey.${j}.text`, vars)}</p>
              </li>
            ))}
          </ol>
        </div>

        <div className="overview-block">
          <h3>{t('skills.overview.results.title')}</h3>
          <p>{t('skills.overview.results.text')}</p>
          <Figures
            items={[
              { value: n(facts.teams), label: t('skills.overview.results.teams') },
              { value: n(facts.projectsCompleted), label: t('skills.overview.results.projects') },
              { value: formatPercent(facts.businessInterest, lang), label: t('skills.overview.results.business') },
              { value: formatPercent(facts.selfLearningFocus, lang), label: t('skills.overview.results.selfLearning') },
            ]}
          />
        </div>

        <div className="overview-block">
          <h3>{t('skills.overview.programs.title')}</h3>
          <ul className="grid grid-4">
            {PROGRAMS.map((p) => (
              <li key={p.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={p.icon} />
                  </span>
                  <h4>{t(`skills.overview.programs.${p.key}.title`)}</h4>
                  <p>{t(`skills.overview.programs.${p.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>

        <div className="overview-block">
          <h3>{t('skills.overview.impact.title')}</h3>
          <Figures
            items={[
              { value: `${n(facts.activeLearners)}+`, label: t('skills.overview.impact.learners') },
              { value: n(facts.cohortSize), label: t('skills.overview.impact.cohort') },
              { value: n(facts.hostelResidents), label: t('skills.overview.impact.hostel') },
              { value: `${facts.minAge}–${facts.maxAge}`, label: t('skills.overview.impact.ages') },
            ]}
          />
        </div>

        <div className="overview-block">
          <h3>{t('skills.overview.voices.title')}</h3>
          <ul className="grid grid-3 voices">
            {(['v1', 'v2', 'v3'] as const).map((v) => (
              <li key={v}>
                <figure className="card voice">
                  <blockquote>
                    <p>{t(`skills.overview.voices.${v}.quote`)}</p>
                  </blockquote>
                  <figcaption>{t(`skills.overview.voices.${v}.who`)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>

        <div className="overview-cta">
          <h3>{t('skills.overview.cta.title')}</h3>
          <p>{t('skills.overview.cta.text')}</p>
          <div className="content-actions">
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('skills.overview.cta.fund')}
            </Link>
            <Link to={link('projects')} className="btn btn-light btn-lg">
              {t('skills.overview.cta.explore')}
            </Link>
          </div>
          <p>
            <Link to={link('nook')} className="text-link text-link-light">
              {t('skills.overview.cta.nook')} <span aria-hidden="true">→</span>
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
