import { Link } from '../components/link';
import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import type { RouteId } from '../routes';
import { LazyMap } from '../components/lazy-map';
import { PageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection } from '../components/content/content-section';
import { IconCard } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
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

      <ContentSection id="about-vision" eyebrow={t('about.vision.eyebrow')} title={t('about.vision.title')} narrow>
        <blockquote className="statement">
          <p>{t('about.vision.statement')}</p>
        </blockquote>
        <p>
          <Link to={link('vision')} className="text-link">
            {t('about.vision.link')} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </ContentSection>

      <ContentSection id="about-story" eyebrow={t('about.story.eyebrow')} title={t('about.story.title')} tone="alt" narrow>
        <p>{t('about.story.p1')}</p>
        <p>{t('about.story.p2')}</p>
        <p>{t('about.story.p3')}</p>
      </ContentSection>

      <ContentSection id="about-pillars" eyebrow={t('about.pillars.eyebrow')} title={t('about.pillars.title')}>
        <p className="lead">{t('about.pillars.lead')}</p>
        <ul className="pillar-grid">
          {PILLARS.map((p) => (
            <li key={p.key}>
              <IconCard icon={p.icon} title={t(`about.pillars.${p.key}.title`)} text={t(`about.pillars.${p.key}.text`)} variant="pillar">
                {p.route ? (
                  <Link to={link(p.route)} className="text-link pillar-link">
                    {t(`about.pillars.${p.key}.link`)} <span aria-hidden="true">→</span>
                  </Link>
                ) : (
                  <p className="pillar-note">{t('about.pillars.income.note')}</p>
                )}
              </IconCard>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="about-contact" eyebrow={t('about.contact.eyebrow')} title={t('about.contact.title')} tone="alt">
        <p className="lead">{t('about.contact.lead')}</p>
        <OfficeCards />
        <ButtonRow>
          <ButtonLink to={link('projects')} kind="primary">
            {t('about.actions.projects')}
          </ButtonLink>
          <ButtonLink to={link('team')} kind="outline">
            {t('about.actions.team')}
          </ButtonLink>
        </ButtonRow>
        <LazyMap place="mwenezi" title={t('about.mapTitle')} className="content-map" />
      </ContentSection>
    </div>
  );
}
