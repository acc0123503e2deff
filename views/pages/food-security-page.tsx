import { useLang, useLinks, useT } from '../app-context';
import { formatNumber, type PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { Figures, formatPercent } from '../components/content/figures';
import type { ContentIconName } from '../components/content/content-icon';
import { ContentSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { ContentFigure } from '../components/content/content-figure';
import { FOOD_FACTS } from '../components/content/facts';

const PROGRAMMES: { key: string; icon: ContentIconName }[] = [
  { key: 'gardens', icon: 'sprout' },
  { key: 'training', icon: 'users' },
  { key: 'water', icon: 'drop' },
];

export default function FoodSecurityPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('food.hero.eyebrow')}
        title={t('food.hero.title')}
        lead={t('food.hero.lead')}
        content={content}
        image={{ src: '/images/gallery/garden-beds.svg', alt: t('food.hero.imageAlt'), width: 800, height: 600 }}
      />

      <ContentSection id="food-mission" eyebrow={t('food.mission.eyebrow')} title={t('food.mission.title')} narrow>
        <p>{t('food.mission.p1')}</p>
        <p>{t('food.mission.p2')}</p>
      </ContentSection>

      <ContentSection id="food-programmes" eyebrow={t('food.programmes.eyebrow')} title={t('food.programmes.title')} tone="alt">
        <IconCardGrid items={PROGRAMMES} ns="food.programmes" layout="grid-3" />
      </ContentSection>

      <section className="section" aria-labelledby="food-climate">
        <div className="container split">
          <div>
            <p className="eyebrow">{t('food.climate.eyebrow')}</p>
            <h2 id="food-climate">{t('food.climate.title')}</h2>
            <p>{t('food.climate.p1')}</p>
            <p>{t('food.climate.p2')}</p>
          </div>
          <ContentFigure src="/images/gallery/garden-harvest.svg" alt={t('food.climate.imageAlt')} caption={t('food.climate.caption')} width={800} height={600} />
        </div>
      </section>

      <ContentSection id="food-impact" eyebrow={t('food.impact.eyebrow')} title={t('food.impact.title')} tone="dark">
        <Figures
          className="figures-3"
          items={[
            { value: formatNumber(FOOD_FACTS.villages, lang), label: t('food.impact.villages') },
            { value: `${formatNumber(FOOD_FACTS.gardensPerYear, lang)}+`, label: t('food.impact.gardens') },
            { value: formatPercent(FOOD_FACTS.organicShare, lang), label: t('food.impact.organic') },
          ]}
        />
        <ButtonRow>
          <ButtonLink to={link('checkout')} kind="accent">
            {t('food.actions.donate')}
          </ButtonLink>
          <ButtonLink to={link('projects')} kind="light">
            {t('food.actions.projects')}
          </ButtonLink>
        </ButtonRow>
      </ContentSection>
    </div>
  );
}
