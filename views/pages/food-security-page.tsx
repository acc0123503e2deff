import { useLang, useT } from '../app-context';
import { formatNumber } from '../../models/shared/rules';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { Figures, formatPercent } from '../components/content/figures';
import type { ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { SupportButtons } from '../components/content/button-row';
import { ContentFigure } from '../components/content/content-figure';
import { FOOD_FACTS } from '../components/content/facts';

const PROGRAMMES: { key: string; icon: ContentIconName }[] = [
  { key: 'gardens', icon: 'sprout' },
  { key: 'training', icon: 'users' },
  { key: 'water', icon: 'drop' },
];

export default function FoodSecurityPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="content-page">
      <TextPageHero texts="food" content={content} image={{ src: '/images/gallery/garden-beds.svg', width: 800, height: 600 }} />

      <TextSection texts="food.mission" narrow paragraphs={2} />

      <TextSection texts="food.programmes" tone="alt">
        <IconCardGrid items={PROGRAMMES} ns="food.programmes" layout="grid-3" />
      </TextSection>

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

      <TextSection texts="food.impact" tone="dark">
        <Figures
          className="figures-3"
          items={[
            { value: formatNumber(FOOD_FACTS.villages, lang), label: t('food.impact.villages') },
            { value: `${formatNumber(FOOD_FACTS.gardensPerYear, lang)}+`, label: t('food.impact.gardens') },
            { value: formatPercent(FOOD_FACTS.organicShare, lang), label: t('food.impact.organic') },
          ]}
        />
        <SupportButtons donate={t('food.actions.donate')} projects={t('food.actions.projects')} />
      </TextSection>
    </div>
  );
}
