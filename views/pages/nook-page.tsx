import { Link } from 'react-router-dom';
import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, formatNumber } from '../../models/rules';
import { DEFAULT_RELATED_PROJECT_SLUG, NOOK_NAME } from '../site';
import { PageHero } from '../components/content/page-hero';
import { Figures, formatPercent, thousandsUsd } from '../components/content/figures';
import { ContentIcon, type ContentIconName } from '../components/content/content-icon';
import { NOOK_FACTS, VILLAGES } from '../components/content/facts';

const PILLARS: { key: string; icon: ContentIconName }[] = [
  { key: 'selfLearning', icon: 'target' },
  { key: 'digital', icon: 'laptop' },
  { key: 'community', icon: 'users' },
];

const AREAS: { key: string; icon: ContentIconName }[] = [
  { key: 'computer', icon: 'laptop' },
  { key: 'vocational', icon: 'tools' },
  { key: 'entrepreneurship', icon: 'rocket' },
  { key: 'agriculture', icon: 'sprout' },
];

/** The learning centre's own page (/{name}-nook): static, with its search data from meta.nook. */
export default function NookPage() {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const n = (v: number) => formatNumber(v, lang);
  const f = NOOK_FACTS;
  const name = `${NOOK_NAME} Nook`;
  return (
    <div className="content-page">
      <PageHero
        eyebrow={t('nook.hero.eyebrow')}
        title={name}
        lead={t('nook.hero.lead')}
        image={{ src: '/images/projects/nook-vocational-training-center.svg', alt: t('nook.hero.imageAlt'), width: 1200, height: 800 }}
      >
        <Figures
          className="figures-3 hero-figures"
          items={[
            { value: `${n(f.activeLearners)}+`, label: t('nook.stats.learners') },
            { value: n(VILLAGES), label: t('nook.stats.villages') },
            { value: thousandsUsd(f.investment2024, lang, 'code'), label: t('nook.stats.investment') },
          ]}
        />
      </PageHero>

      <section className="section" aria-labelledby="nook-about">
        <div className="container split">
          <div>
            <p className="eyebrow">{t('nook.about.eyebrow')}</p>
            <h2 id="nook-about">{t('nook.about.title')}</h2>
            <p>{t('nook.about.p1', { opened: f.opened })}</p>
            <p>{t('nook.about.p2', { minAge: f.minAge, maxAge: f.maxAge })}</p>
            <p>{t('nook.about.p3')}</p>
          </div>
          <figure className="content-figure">
            <img src="/images/gallery/solar-evening-study.svg" alt={t('nook.about.imageAlt')} width={800} height={600} loading="lazy" decoding="async" />
            <figcaption>{t('nook.about.caption')}</figcaption>
          </figure>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="nook-pillars">
        <div className="container">
          <p className="eyebrow">{t('nook.pillars.eyebrow')}</p>
          <h2 id="nook-pillars">{t('nook.pillars.title')}</h2>
          <ul className="grid grid-3">
            {PILLARS.map((p) => (
              <li key={p.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={p.icon} />
                  </span>
                  <h3>{t(`nook.pillars.${p.key}.title`)}</h3>
                  <p>{t(`nook.pillars.${p.key}.text`)}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="nook-areas">
        <div className="container">
          <p className="eyebrow">{t('nook.areas.eyebrow')}</p>
          <h2 id="nook-areas">{t('nook.areas.title')}</h2>
          <ul className="grid grid-4">
            {AREAS.map((a) => (
              <li key={a.key}>
                <article className="card feature-card">
                  <span className="pillar-icon">
                    <ContentIcon name={a.icon} />
                  </span>
                  <h3>{t(`nook.areas.${a.key}.title`)}</h3>
                  <p>{t(`nook.areas.${a.key}.text`, { days: f.entrepreneurshipDays })}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="nook-impact">
        <div className="container">
          <p className="eyebrow eyebrow-light">{t('nook.impact.eyebrow')}</p>
          <h2 id="nook-impact">{t('nook.impact.title')}</h2>
          <Figures
            items={[
              { value: String(f.opened), label: t('nook.impact.opened') },
              { value: formatMoney(f.investment2024, lang), label: t('nook.impact.investment') },
              { value: `${n(f.activeLearners)}+`, label: t('nook.impact.learners') },
              { value: n(f.hostelResidents), label: t('nook.impact.hostel') },
              { value: n(f.teams), label: t('nook.impact.teams') },
              { value: n(f.projectsCompleted), label: t('nook.impact.projects') },
              { value: n(f.cohortSize), label: t('nook.impact.cohort') },
              { value: formatPercent(f.businessInterest, lang), label: t('nook.impact.business') },
            ]}
          />
        </div>
      </section>

      <section className="section donate-cta" aria-labelledby="nook-cta">
        <div className="container">
          <h2 id="nook-cta">{t('nook.cta.title')}</h2>
          <p className="lead">{t('nook.cta.text')}</p>
          <div className="content-actions">
            <Link to={link('projectDetail', { slug: DEFAULT_RELATED_PROJECT_SLUG })} className="btn btn-primary btn-lg">
              {t('nook.cta.project')}
            </Link>
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('nook.cta.donate')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
