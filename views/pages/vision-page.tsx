import { useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';

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

      <ContentSection id="vision-statement" eyebrow={t('vision.statement.eyebrow')} title={t('vision.statement.title')} narrow>
        <blockquote className="statement">
          <p>{t('vision.statement.text')}</p>
        </blockquote>
      </ContentSection>

      <ContentSection id="vision-qualities" eyebrow={t('vision.qualities.eyebrow')} title={t('vision.qualities.title')} tone="alt">
        <p className="lead">{t('vision.qualities.lead')}</p>
        <IconCardGrid items={QUALITIES} ns="vision.qualities" layout="grid-3" />
      </ContentSection>

      <ContentSection id="vision-values" eyebrow={t('vision.values.eyebrow')} title={t('vision.values.title')}>
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
      </ContentSection>

      <ContentSection id="vision-outlook" eyebrow={t('vision.outlook.eyebrow')} title={t('vision.outlook.title')} tone="dark" narrow>
        <p>{t('vision.outlook.p1')}</p>
        <p>{t('vision.outlook.p2')}</p>
        <p>{t('vision.outlook.p3')}</p>
        <ButtonRow start>
          <ButtonLink to={link('mission')} kind="light">
            {t('vision.actions.mission')}
          </ButtonLink>
          <ButtonLink to={link('projects')} kind="outline-light">
            {t('vision.actions.projects')}
          </ButtonLink>
        </ButtonRow>
      </ContentSection>
    </div>
  );
}
