import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { ContentSection } from '../components/content/content-section';
import { ButtonLink, ButtonRow } from '../components/content/button-row';

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

      <ContentSection id="environment-why" eyebrow={t('environment.why.eyebrow')} title={t('environment.why.title')} narrow>
        <p>{t('environment.why.p1')}</p>
        <p>{t('environment.why.p2')}</p>
      </ContentSection>

      <ContentSection id="environment-areas" eyebrow={t('environment.areas.eyebrow')} title={t('environment.areas.title')} tone="alt">
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
      </ContentSection>

      <ContentSection id="environment-together" eyebrow={t('environment.together.eyebrow')} title={t('environment.together.title')} tone="dark" narrow>
        <p>{t('environment.together.p1')}</p>
        <p>{t('environment.together.p2')}</p>
        <ButtonRow start>
          <ButtonLink to={link('checkout')} kind="accent">
            {t('environment.actions.donate')}
          </ButtonLink>
          <ButtonLink to={link('projects')} kind="light">
            {t('environment.actions.projects')}
          </ButtonLink>
        </ButtonRow>
      </ContentSection>
    </div>
  );
}
