import { useLinks, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';

const QUALITIES: { key: string; icon: ContentIconName }[] = [
  { key: 'thriving', icon: 'sprout' },
  { key: 'inclusive', icon: 'users' },
  { key: 'sustainable', icon: 'leaf' },
];

const VALUES = ['unity', 'empowerment', 'development', 'sustainability'] as const;

export default function VisionPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <TextPageHero texts="vision" content={content} image={{ src: '/images/hero/slide-1.svg', width: 1600, height: 900 }} />

      <TextSection texts="vision.statement" narrow>
        <blockquote className="statement">
          <p>{t('vision.statement.text')}</p>
        </blockquote>
      </TextSection>

      <TextSection texts="vision.qualities" tone="alt">
        <p className="lead">{t('vision.qualities.lead')}</p>
        <IconCardGrid items={QUALITIES} ns="vision.qualities" layout="grid-3" />
      </TextSection>

      <TextSection texts="vision.values">
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
      </TextSection>

      <TextSection texts="vision.outlook" tone="dark" narrow paragraphs={3}>
        <ButtonRow start>
          <ButtonLink to={link('mission')} kind="light">
            {t('vision.actions.mission')}
          </ButtonLink>
          <ButtonLink to={link('projects')} kind="outline-light">
            {t('vision.actions.projects')}
          </ButtonLink>
        </ButtonRow>
      </TextSection>
    </div>
  );
}
