import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import type { RouteId } from '../routes';
import { LazyMap } from '../components/lazy-map';
import { PageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { OfficeCards } from '../components/content/office-cards';

const PILLARS: { key: string; icon: ContentIconName; route: RouteId | null }[] = [
  { key: 'education', icon: 'book', route: 'skillsTraining' },
  { key: 'health', icon: 'heart', route: 'health' },
  { key: 'food', icon: 'sprout', route: 'foodSecurity' },
  { key: 'income', icon: 'coins', route: null },
  { key: 'environment', icon: 'globe', route: 'environment' },
];

export default function AboutPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('about.hero.eyebrow')}
        title={t('about.hero.title')}
        lead={t('about.hero.lead')}
        content={content}
        image={{ src: '/images/hero/slide-6.svg', alt: t('about.hero.imageAlt'), width: 1600, height: 900 }}
      />

      <section className="section" aria-labelledby="about-vision">
        <div className="container narrow">
          <p className="eyebrow">{t('about.vision.eyebrow')}</p>
          <h2 id="about-vision">{t('about.vision.title')}</h2>
          <blockquote className="statement">
            <p>{t('about.vision.statement')}</p>
          </blockquote>
          <p>
            <Link to={link('vision')} className="text-link">
              {t('about.vision.link')} <span aria-hidden="true">→</span>
            </Link>
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="about-story">
        <div className="container narrow">
          <p className="eyebrow">{t('about.story.eyebrow')}</p>
          <h2 id="about-story">{t('about.story.title')}</h2>
          <p>{t('about.story.p1')}</p>
          <p>{t('about.story.p2')}</p>
          <p>{t('about.story.p3')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="about-pillars">
        <div className="container">
          <p className="eyebrow">{t('about.pillars.eyebrow')}</p>
          <h2 id="about-pillars">{t('about.pillars.title')}</h2>
          <p className="lead">{t('about.pillars.lead')}</p>
          <ul className="pillar-grid">
            {PILLARS.map((p) => (
              <li key={p.key}>
                <article className="card pillar-card">
                  <span className="pillar-icon">
                    <ContentIcon name={p.icon} />
                  </span>
                  <h3>{t(`about.pillars.${p.key}.title`)}</h3>
                  <p>{t(`about.pillars.${p.key}.text`)}</p>
                  {p.route ? (
                    <Link to={link(p.route)} className="text-link pillar-link">
                      {t(`about.pillars.${p.key}.link`)} <span aria-hidden="true">→</span>
                    </Link>
                  ) : (
                    <p className="pillar-note">{t('about.pillars.income.note')}</p>
                  )}
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="about-contact">
        <div className="container">
          <p className="eyebrow">{t('about.contact.eyebrow')}</p>
          <h2 id="about-contact">{t('about.contact.title')}</h2>
          <p className="lead">{t('about.contact.lead')}</p>
          <OfficeCards />
          <div className="content-actions">
            <Link to={link('projects')} className="btn btn-primary btn-lg">
              {t('about.actions.projects')}
            </Link>
            <Link to={link('team')} className="btn btn-outline btn-lg">
              {t('about.actions.team')}
            </Link>
          </div>
          <LazyMap place="mwenezi" title={t('about.mapTitle')} className="content-map" />
        </div>
      </section>
    </div>
  );
}
