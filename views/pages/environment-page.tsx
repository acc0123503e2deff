import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';

const AREAS: { key: string; icon: ContentIconName; src: string }[] = [
  { key: 'soil', icon: 'leaf', src: '/images/gallery/garden-beds.svg' },
  { key: 'water', icon: 'drop', src: '/images/gallery/water-point.svg' },
  { key: 'practices', icon: 'recycle', src: '/images/gallery/recycling-bins.svg' },
];

export default function EnvironmentPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('environment.hero.eyebrow')}
        title={t('environment.hero.title')}
        lead={t('environment.hero.lead')}
        content={content}
        image={{ src: '/images/hero/slide-5.svg', alt: t('environment.hero.imageAlt'), width: 1600, height: 900 }}
      />

      <section className="section" aria-labelledby="environment-why">
        <div className="container narrow">
          <p className="eyebrow">{t('environment.why.eyebrow')}</p>
          <h2 id="environment-why">{t('environment.why.title')}</h2>
          <p>{t('environment.why.p1')}</p>
          <p>{t('environment.why.p2')}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="environment-areas">
        <div className="container">
          <p className="eyebrow">{t('environment.areas.eyebrow')}</p>
          <h2 id="environment-areas">{t('environment.areas.title')}</h2>
          <ul className="grid grid-3">
            {AREAS.map((a) => (
              <li key={a.key}>
                <article className="card area-card">
                  <div className="card-media">
                    <img src={a.src} alt={t(`environment.areas.${a.key}.imageAlt`)} width={800} height={600} loading="lazy" decoding="async" />
                  </div>
                  <div className="card-body">
                    <h3 className="area-title">
                      <span className="pillar-icon pillar-icon-small">
                        <ContentIcon name={a.icon} size={22} />
                      </span>
                      {t(`environment.areas.${a.key}.title`)}
                    </h3>
                    <p>{t(`environment.areas.${a.key}.text`)}</p>
                    <ul className="check-list">
                      {(['p1', 'p2', 'p3'] as const).map((p) => (
                        <li key={p}>{t(`environment.areas.${a.key}.${p}`)}</li>
                      ))}
                    </ul>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="environment-together">
        <div className="container narrow">
          <p className="eyebrow eyebrow-light">{t('environment.together.eyebrow')}</p>
          <h2 id="environment-together">{t('environment.together.title')}</h2>
          <p>{t('environment.together.p1')}</p>
          <p>{t('environment.together.p2')}</p>
          <div className="content-actions content-actions-start">
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('environment.actions.donate')}
            </Link>
            <Link to={link('projects')} className="btn btn-light btn-lg">
              {t('environment.actions.projects')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
