import { useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { SupportButtons } from '../components/content/button-row';

const AREAS: { key: string; icon: ContentIconName; src: string }[] = [
  { key: 'soil', icon: 'leaf', src: '/images/gallery/garden-beds.svg' },
  { key: 'water', icon: 'drop', src: '/images/gallery/water-point.svg' },
  { key: 'practices', icon: 'recycle', src: '/images/gallery/recycling-bins.svg' },
];

export default function EnvironmentPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  return (
    <div className="content-page">
      <TextPageHero texts="environment" content={content} image={{ src: '/images/hero/slide-5.svg', width: 1600, height: 900 }} />

      <TextSection texts="environment.why" narrow paragraphs={2} />

      <TextSection texts="environment.areas" tone="alt">
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
      </TextSection>

      <TextSection texts="environment.together" tone="dark" narrow paragraphs={2}>
        <SupportButtons donate={t('environment.actions.donate')} projects={t('environment.actions.projects')} start />
      </TextSection>
    </div>
  );
}
