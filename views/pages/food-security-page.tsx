import { Link } from 'react-router-dom';
import { useLang, useLinks, useT } from '../app-context';
import { formatNumber, type PageContent } from '../../models/rules';
import { PageHero } from '../components/content/page-hero';
import { Figures, formatPercent } from '../components/content/figures';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
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

      <section className="section" aria-labelledby="food-mission">
        <div className="container narrow">
          <p className="eyebrow">{t('food.mission.eyebrow')}</p>
          <h2 id="food-mission">{t('food.mission.title')}</h2>
          <p>{t('food.mission.p1')}</p>
          <p>{t('food.mission.p2')}</p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="food-programmes">
        <div className="container">
          <p className="eyebrow">{t('food.programmes.eyebrow')}</p>
          <h2 id="food-programmes">{t('food.programmes.title')}</h2>
          <ul className="grid grid-3">
            {PROGRAMMES.map((p) => (
              <li key={p.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={p.icon} />
                  </span>
                  <h3>{t(`food.programmes.${p.key}.title`)}</h3>
                  <p>{t(`food.programmes.${p.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="food-climate">
        <div className="container split">
          <div>
            <p className="eyebrow">{t('food.climate.eyebrow')}</p>
            <h2 id="food-climate">{t('food.climate.title')}</h2>
            <p>{t('food.climate.p1')}</p>
            <p>{t('food.climate.p2')}</p>
          </div>
          <figure className="content-figure">
            <img src="/images/gallery/garden-harvest.svg" alt={t('food.climate.imageAlt')} width={800} height={600} loading="lazy" decoding="async" />
            <figcaption>{t('food.climate.caption')}</figcaption>
          </figure>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="food-impact">
        <div className="container">
          <p className="eyebrow eyebrow-light">{t('food.impact.eyebrow')}</p>
          <h2 id="food-impact">{t('food.impact.title')}</h2>
          <Figures
            className="figures-3"
            items={[
              { value: formatNumber(FOOD_FACTS.villages, lang), label: t('food.impact.villages') },
              { value: `${formatNumber(FOOD_FACTS.gardensPerYear, lang)}+`, label: t('food.impact.gardens') },
              { value: formatPercent(FOOD_FACTS.organicShare, lang), label: t('food.impact.organic') },
            ]}
          />
          <div className="content-actions">
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('food.actions.donate')}
            </Link>
            <Link to={link('projects')} className="btn btn-light btn-lg">
              {t('food.actions.projects')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
