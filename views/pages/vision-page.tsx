import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';

const QUALITIES: { key: string; icon: ContentIconName }[] = [
  { key: 'thriving', icon: 'sprout' },
  { key: 'inclusive', icon: 'users' },
  { key: 'sustainable', icon: 'leaf' },
];

const VALUES = ['unity', 'empowerment', 'development', 'sustainability'] as const;

export default function VisionPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('vision.hero.eyebrow')}
        title={t('vision.hero.title')}
        lead={t('vision.hero.lead')}
        content={content}
        image={{ src: '/images/hero/slide-1.svg', alt: t('vision.hero.imageAlt'), width: 1600, height: 900 }}
      />

      <section className="section" aria-labelledby="vision-statement">
        <div className="container narrow">
          <p className="eyebrow">{t('vision.statement.eyebrow')}</p>
          <h2 id="vision-statement">{t('vision.statement.title')}</h2>
          <blockquote className="statement">
            <p>{t('vision.statement.text')}</p>
          </blockquote>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="vision-qualities">
        <div className="container">
          <p className="eyebrow">{t('vision.qualities.eyebrow')}</p>
          <h2 id="vision-qualities">{t('vision.qualities.title')}</h2>
          <p className="lead">{t('vision.qualities.lead')}</p>
          <ul className="grid grid-3">
            {QUALITIES.map((q) => (
              <li key={q.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={q.icon} />
                  </span>
                  <h3>{t(`vision.qualities.${q.key}.title`)}</h3>
                  <p>{t(`vision.qualities.${q.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="vision-values">
        <div className="container">
          <p className="eyebrow">{t('vision.values.eyebrow')}</p>
          <h2 id="vision-values">{t('vision.values.title')}</h2>
          <p className="lead">{t('vision.values.lead')}</p>
          <ol className="grid grid-4 values numbered-values">
            {VALUES.map((v, i) => (
              <li key={v} className="value">
                <span className="value-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`vision.values.${v}.title`)}</h3>
                <p>{t(`vision.values.${v}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="vision-outlook">
        <div className="container narrow">
          <p className="eyebrow eyebrow-light">{t('vision.outlook.eyebrow')}</p>
          <h2 id="vision-outlook">{t('vision.outlook.title')}</h2>
          <p>{t('vision.outlook.p1')}</p>
          <p>{t('vision.outlook.p2')}</p>
          <p>{t('vision.outlook.p3')}</p>
          <div className="content-actions content-actions-start">
            <Link to={link('mission')} className="btn btn-light btn-lg">
              {t('vision.actions.mission')}
            </Link>
            <Link to={link('projects')} className="btn btn-outline-light btn-lg">
              {t('vision.actions.projects')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
