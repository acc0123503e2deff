import { useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection, TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { SupportButtons } from '../components/content/button-row';
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

export default function HealthPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  return (
    <div className="content-page">
      <TextPageHero texts="health" content={content} image={{ src: '/images/hero/slide-4.svg', width: 1600, height: 900 }} />

      <TextSection texts="health.why" narrow paragraphs={2} />

      <TextSection texts="health.areas" tone="alt">
        <IconCardGrid items={AREAS} ns="health.areas" layout="grid-4" />
      </TextSection>

      <ContentSection id="health-photos" title={t('health.photos.title')}>
        <ul className="photo-grid photo-grid-3">
          {PHOTOS.map((p) => (
            <li key={p.key}>
              <ContentFigure src={p.src} alt={t(`health.photos.${p.key}.alt`)} caption={t(`health.photos.${p.key}.caption`)} width={1200} height={800} />
            </li>
          ))}
        </ul>
      </ContentSection>

      <TextSection texts="health.commitment" tone="dark" narrow paragraphs={2}>
        <SupportButtons donate={t('health.actions.donate')} projects={t('health.actions.projects')} start />
      </TextSection>
    </div>
  );
}
