import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';

const AREAS: { key: string; icon: ContentIconName }[] = [
  { key: 'hospital', icon: 'hospital' },
  { key: 'transport', icon: 'truck' },
  { key: 'staff', icon: 'nurse' },
  { key: 'drugs', icon: 'pill' },
];

const PHOTOS = [
  { key: 'transport', src: '/images/projects/mission-hospital-medical-transport.svg' },
  { key: 'staff', src: '/images/projects/mission-hospital-staff-incentives.svg' },
  { key: 'drugs', src: '/images/projects/hospital-essential-medicines.svg' },
] as const;

export default function HealthPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('health.hero.eyebrow')}
        title={t('health.hero.title')}
        lead={t('health.hero.lead')}
        content={content}
        image={{ src: '/images/hero/slide-4.svg', alt: t('health.hero.imageAlt'), width: 1600, height: 900 }}
      />

      <section className="section" aria-labelledby="health-why">
        <div className="container narrow">
          <p className="eyebrow">{t('health.why.eyebrow')}</p>
          <h2 id="health-why">{t('health.why.title')}</h2>
          <p>{t('health.why.p1')}</p>
          <p>{t('health.why.p2')}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="health-areas">
        <div className="container">
          <p className="eyebrow">{t('health.areas.eyebrow')}</p>
          <h2 id="health-areas">{t('health.areas.title')}</h2>
          <ul className="grid grid-4">
            {AREAS.map((a) => (
              <li key={a.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={a.icon} />
                  </span>
                  <h3>{t(`health.areas.${a.key}.title`)}</h3>
                  <p>{t(`health.areas.${a.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="health-photos">
        <div className="container">
          <h2 id="health-photos">{t('health.photos.title')}</h2>
          <ul className="photo-grid photo-grid-3">
            {PHOTOS.map((p) => (
              <li key={p.key}>
                <figure className="content-figure">
                  <img src={p.src} alt={t(`health.photos.${p.key}.alt`)} width={1200} height={800} loading="lazy" decoding="async" />
                  <figcaption>{t(`health.photos.${p.key}.caption`)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="health-commitment">
        <div className="container narrow">
          <p className="eyebrow eyebrow-light">{t('health.commitment.eyebrow')}</p>
          <h2 id="health-commitment">{t('health.commitment.title')}</h2>
          <p>{t('health.commitment.p1')}</p>
          <p>{t('health.commitment.p2')}</p>
          <div className="content-actions content-actions-start">
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('health.actions.donate')}
            </Link>
            <Link to={link('projects')} className="btn btn-light btn-lg">
              {t('health.actions.projects')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
