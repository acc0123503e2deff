import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, formatNumber } from '../../models/shared/rules';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { Figures, formatPercent, thousandsUsd } from '../components/content/figures';
import type { ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { SupportButtons } from '../components/content/button-row';
import { ContentFigure } from '../components/content/content-figure';
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

export default function SkillsTrainingPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const lang = useLang();
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
      <TextPageHero texts="skills" content={content} image={{ src: '/images/projects/skills-for-life-youth-programme.svg', width: 1200, height: 800 }}>
        <Figures
          className="figures-3 hero-figures"
          items={[
            { value: `${n(facts.activeLearners)}+`, label: t('skills.stats.learners') },
            { value: n(VILLAGES), label: t('skills.stats.villages') },
            { value: thousandsUsd(facts.investment2024, lang), label: t('skills.stats.investment') },
          ]}
        />
      </TextPageHero>

      <TextSection texts="skills.why" narrow paragraphs={1}>
        <p>{t('skills.why.p2', vars)}</p>
      </TextSection>

      <TextSection texts="skills.how" tone="alt">
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
      </TextSection>

      <TextSection texts="skills.areas">
        <IconCardGrid items={AREAS} ns="skills.areas" layout="pillars" />
      </TextSection>

      <TextSection texts="skills.budget" tone="alt" narrow>
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
      </TextSection>

      <TextSection texts="skills.facilities">
        <p className="lead">{t('skills.facilities.lead')}</p>
        <ul className="photo-grid">
          {PHOTOS.map((p) => (
            <li key={p.key}>
              <ContentFigure
                src={p.src}
                alt={t(`skills.facilities.photos.${p.key}.alt`)}
                caption={t(`skills.facilities.photos.${p.key}.caption`, vars)}
                width={800}
                height={600}
              />
            </li>
          ))}
        </ul>
      </TextSection>

      <TextSection texts="skills.stories" tone="alt">
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
      </TextSection>

      <LearningCentreOverview />
    </div>
  );
}

/** The closing overview of the learning centre, the ending of /skills-training. */
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
          <IconCardGrid items={PROGRAMS} ns="skills.overview.programs" layout="grid-4" headingLevel={4} />
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
          <SupportButtons donate={t('skills.overview.cta.fund')} projects={t('skills.overview.cta.explore')} />
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
