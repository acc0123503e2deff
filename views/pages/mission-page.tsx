import { Link } from 'react-router-dom';
import { useLang, useLinks, useT } from '../app-context';
import { formatNumber, type PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { Figures } from '../components/content/figures';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { FOOD_FACTS, NOOK_FACTS, VILLAGES } from '../components/content/facts';

const COMMITMENTS: { key: string; icon: ContentIconName }[] = [
  { key: 'listen', icon: 'users' },
  { key: 'local', icon: 'globe' },
  { key: 'longTerm', icon: 'sprout' },
  { key: 'transparent', icon: 'chart' },
  { key: 'learn', icon: 'book' },
];

const STEPS = ['give', 'check', 'act', 'report'] as const;

export default function MissionPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('mission.hero.eyebrow')}
        title={t('mission.hero.title')}
        lead={t('mission.hero.lead')}
        content={content}
        image={{ src: '/images/hero/slide-2.svg', alt: t('mission.hero.imageAlt'), width: 1600, height: 900 }}
      />

      <section className="section" aria-labelledby="mission-statement">
        <div className="container narrow">
          <p className="eyebrow">{t('mission.statement.eyebrow')}</p>
          <h2 id="mission-statement">{t('mission.statement.title')}</h2>
          <blockquote className="statement">
            <p>{t('mission.statement.text')}</p>
          </blockquote>
          <p>{t('mission.statement.p1')}</p>
          <p>{t('mission.statement.p2')}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="mission-context">
        <div className="container narrow">
          <p className="eyebrow">{t('mission.context.eyebrow')}</p>
          <h2 id="mission-context">{t('mission.context.title')}</h2>
          <p>{t('mission.context.p1')}</p>
          <p>{t('mission.context.p2')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-commitments">
        <div className="container">
          <p className="eyebrow">{t('mission.commitments.eyebrow')}</p>
          <h2 id="mission-commitments">{t('mission.commitments.title')}</h2>
          <ul className="pillar-grid">
            {COMMITMENTS.map((c) => (
              <li key={c.key}>
                <article className="card pillar-card">
                  <span className="pillar-icon">
                    <ContentIcon name={c.icon} />
                  </span>
                  <h3>{t(`mission.commitments.${c.key}.title`)}</h3>
                  <p>{t(`mission.commitments.${c.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="mission-path">
        <div className="container">
          <p className="eyebrow">{t('mission.path.eyebrow')}</p>
          <h2 id="mission-path">{t('mission.path.title')}</h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`mission.path.${s}.title`)}</h3>
                <p>{t(`mission.path.${s}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-figures">
        <div className="container">
          <h2 id="mission-figures">{t('mission.figures.title')}</h2>
          <Figures
            items={[
              { value: formatNumber(VILLAGES, lang), label: t('mission.figures.villages') },
              { value: String(NOOK_FACTS.opened), label: t('mission.figures.opened') },
              { value: `${formatNumber(NOOK_FACTS.activeLearners, lang)}+`, label: t('mission.figures.learners') },
              { value: `${formatNumber(FOOD_FACTS.gardensPerYear, lang)}+`, label: t('mission.figures.gardens') },
            ]}
          />
          <div className="content-actions">
            <Link to={link('projects')} className="btn btn-primary btn-lg">
              {t('mission.actions.projects')}
            </Link>
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('mission.actions.donate')}
            </Link>
            <Link to={link('vision')} className="btn btn-outline btn-lg">
              {t('mission.actions.vision')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
