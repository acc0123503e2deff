import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { ContentFigure } from '../components/content/content-figure';

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

      <ContentSection id="health-why" eyebrow={t('health.why.eyebrow')} title={t('health.why.title')} narrow>
        <p>{t('health.why.p1')}</p>
        <p>{t('health.why.p2')}</p>
      </ContentSection>

      <ContentSection id="health-areas" eyebrow={t('health.areas.eyebrow')} title={t('health.areas.title')} tone="alt">
        <IconCardGrid items={AREAS} ns="health.areas" layout="grid-4" />
      </ContentSection>

      <ContentSection id="health-photos" title={t('health.photos.title')}>
        <ul className="photo-grid photo-grid-3">
          {PHOTOS.map((p) => (
            <li key={p.key}>
              <ContentFigure src={p.src} alt={t(`health.photos.${p.key}.alt`)} caption={t(`health.photos.${p.key}.caption`)} width={1200} height={800} />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="health-commitment" eyebrow={t('health.commitment.eyebrow')} title={t('health.commitment.title')} tone="dark" narrow>
        <p>{t('health.commitment.p1')}</p>
        <p>{t('health.commitment.p2')}</p>
        <ButtonRow start>
          <ButtonLink to={link('checkout')} kind="accent">
            {t('health.actions.donate')}
          </ButtonLink>
          <ButtonLink to={link('projects')} kind="light">
            {t('health.actions.projects')}
          </ButtonLink>
        </ButtonRow>
      </ContentSection>
    </div>
  );
}
