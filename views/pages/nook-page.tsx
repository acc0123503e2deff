import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, formatNumber } from '../../models/shared/rules';
import { DEFAULT_RELATED_PROJECT_SLUG, NOOK_NAME } from '../site';
import { PageHero, type PageIntro } from '../components/content/page-hero';
import { Figures, formatPercent, thousandsUsd } from '../components/content/figures';
import type { ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { IconCardGrid } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { ContentFigure } from '../components/content/content-figure';
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
export default function NookPage({ content = null }: { content?: PageIntro | null }) {
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
        content={content}
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
          <ContentFigure src="/images/gallery/solar-evening-study.svg" alt={t('nook.about.imageAlt')} caption={t('nook.about.caption')} width={800} height={600} />
        </div>
      </section>

      <TextSection texts="nook.pillars" tone="alt">
        <IconCardGrid items={PILLARS} ns="nook.pillars" layout="grid-3" />
      </TextSection>

      <TextSection texts="nook.areas">
        <IconCardGrid items={AREAS} ns="nook.areas" layout="grid-4" vars={{ days: f.entrepreneurshipDays }} />
      </TextSection>

      <TextSection texts="nook.impact" tone="dark">
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
      </TextSection>

      <section className="section donate-cta" aria-labelledby="nook-cta">
        <div className="container">
          <h2 id="nook-cta">{t('nook.cta.title')}</h2>
          <p className="lead">{t('nook.cta.text')}</p>
          <ButtonRow>
            <ButtonLink to={link('projectDetail', { slug: DEFAULT_RELATED_PROJECT_SLUG })} kind="primary">
              {t('nook.cta.project')}
            </ButtonLink>
            <ButtonLink to={link('checkout')} kind="accent">
              {t('nook.cta.donate')}
            </ButtonLink>
          </ButtonRow>
        </div>
      </section>
    </div>
  );
}
