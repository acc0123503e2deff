import { useLang, useLinks, useT } from '../app-context';
import { formatNumber } from '../../models/shared/rules';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { Figures } from '../components/content/figures';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection, TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { FOOD_FACTS, NOOK_FACTS, VILLAGES } from '../components/content/facts';

const COMMITMENTS: { key: string; icon: ContentIconName }[] = [
  { key: 'listen', icon: 'users' },
  { key: 'local', icon: 'globe' },
  { key: 'longTerm', icon: 'sprout' },
  { key: 'transparent', icon: 'chart' },
  { key: 'learn', icon: 'book' },
];

const STEPS = ['give', 'check', 'act', 'report'] as const;

export default function MissionPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  return (
    <div className="content-page">
      <TextPageHero texts="mission" content={content} image={{ src: '/images/hero/slide-2.svg', width: 1600, height: 900 }} />

      <TextSection texts="mission.statement" narrow>
        <blockquote className="statement">
          <p>{t('mission.statement.text')}</p>
        </blockquote>
        <p>{t('mission.statement.p1')}</p>
        <p>{t('mission.statement.p2')}</p>
      </TextSection>

      <TextSection texts="mission.context" tone="alt" narrow paragraphs={2} />

      <TextSection texts="mission.commitments">
        <IconCardGrid items={COMMITMENTS} ns="mission.commitments" layout="pillars" />
      </TextSection>

      <TextSection texts="mission.path" tone="alt">
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`mission.path.${s}.title`)}</h3>
              <p>{t(`mission.path.${s}.text`)}</p>
            </li>
          ))}
        </ol>
      </TextSection>

      <ContentSection id="mission-figures" title={t('mission.figures.title')}>
        <Figures
          items={[
            { value: formatNumber(VILLAGES, lang), label: t('mission.figures.villages') },
            { value: String(NOOK_FACTS.opened), label: t('mission.figures.opened') },
            { value: `${formatNumber(NOOK_FACTS.activeLearners, lang)}+`, label: t('mission.figures.learners') },
            { value: `${formatNumber(FOOD_FACTS.gardensPerYear, lang)}+`, label: t('mission.figures.gardens') },
          ]}
        />
        <ButtonRow>
          <ButtonLink to={link('projects')} kind="primary">
            {t('mission.actions.projects')}
          </ButtonLink>
          <ButtonLink to={link('checkout')} kind="accent">
            {t('mission.actions.donate')}
          </ButtonLink>
          <ButtonLink to={link('vision')} kind="outline">
            {t('mission.actions.vision')}
          </ButtonLink>
        </ButtonRow>
      </ContentSection>
    </div>
  );
}
