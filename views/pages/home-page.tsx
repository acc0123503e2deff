import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import type { NewsArticle, Project, TeamMember } from '../../models/shared/rules';
import { DEFAULT_PRESET_CENTS, formatAmount, SUGGESTED_CURRENCY } from '../../models/shared/donation-rules';
import { preload } from 'react-dom';
import HeroSlideshow from '../islands/slideshow';
import Thanks from '../islands/thanks';
import { FIRST_SLIDE } from '../components/hero-slideshow';
import { ProjectsSection } from '../components/projects-section';
import { TeamGroups } from '../components/team-section';
import { NewsCard } from '../components/news-card';
import { Icon } from '../components/icons';
import { ContentSection } from '../components/content/content-section';
import type { PageIntro } from '../components/content/page-hero';

export interface HomeProps {
  /** The home page's entry of the admin Pages tab: the hero's title and introduction. */
  intro: PageIntro | null;
  projects: Project[];
  news: Omit<NewsArticle, 'content' | 'contentDe'>[];
  team: TeamMember[];
}

export const IMPACT_FIGURES = [
  { value: '10,000+', valueDe: '10’000+', key: 'lives' },
  { value: '17', valueDe: '17', key: 'villages' },
  { value: '15+', valueDe: '15+', key: 'years' },
  { value: '8+', valueDe: '8+', key: 'projects' },
] as const;

export const DONATION_TIERS = [
  { amount: 50, key: 'education', popular: false },
  { amount: 150, key: 'families', popular: true },
  { amount: 3500, key: 'garden', popular: false },
] as const;

const VALUES = ['reliable', 'sustainable', 'longTerm', 'structures'] as const;
const SPONSORS = ['clairvent-foundation', 'aurelia-weber-foundation', 'brunnmatt-family-trust', 'next-hands-youth-programme'] as const;

export function ImpactFigures({ className }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <dl className={className ? `figures ${className}` : 'figures'}>
      {IMPACT_FIGURES.map((f) => (
        <div key={f.key} className="figure">
          <dt>{t(`impact.figures.${f.key}`)}</dt>
          <dd>{lang === 'de' ? f.valueDe : f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VisionBlock() {
  const t = useT();
  return (
    <ContentSection className="vision-block" id="vision-heading" eyebrow={t('home.vision.eyebrow')} title={t('home.vision.title')}>
      <p className="lead">{t('home.vision.text')}</p>
      <ul className="grid grid-4 values">
        {VALUES.map((v) => (
          <li key={v} className="value">
            <h3>{t(`home.vision.values.${v}.title`)}</h3>
            <p>{t(`home.vision.values.${v}.text`)}</p>
          </li>
        ))}
      </ul>
      {/* The same figures open the impact section; phones and tablets show them there only. */}
      <ImpactFigures className="figures-vision" />
    </ContentSection>
  );
}

function TeamSection({ team }: { team: TeamMember[] }) {
  const t = useT();
  const link = useLinks();
  return (
    <ContentSection anchor="team" tone="alt" id="team-heading" eyebrow={t('home.team.eyebrow')} title={t('home.team.title')} className="home-team">
      <p className="lead">{t('home.team.text')}</p>
      <TeamGroups team={team} />
      <p className="home-more">
        <Link to={link('team')} className="btn btn-primary btn-lg">
          {t('home.team.showAll')}
        </Link>
      </p>
    </ContentSection>
  );
}

function NewsSection({ news }: { news: HomeProps['news'] }) {
  const t = useT();
  const link = useLinks();
  return (
    <ContentSection anchor="news" id="news-heading" eyebrow={t('home.news.eyebrow')} title={t('home.news.title')} className="home-news">
      <ul className="grid grid-4">
        {news.map((a) => (
          <li key={a.id}>
            <NewsCard article={a} />
          </li>
        ))}
      </ul>
      <p className="center">
        <Link to={link('news')} className="btn btn-primary">
          {t('home.news.viewAll')}
        </Link>
      </p>
    </ContentSection>
  );
}

export function Testimonials() {
  const t = useT();
  return (
    <ul className="grid grid-4 testimonials">
      {[1, 2, 3, 4].map((n) => (
        <li key={n}>
          <figure className="card testimonial">
            <div className="stars" role="img" aria-label={t('impact.fiveStars')}>
              {[1, 2, 3, 4, 5].map((s) => (
                <Icon key={s} name="star" size={16} />
              ))}
            </div>
            <blockquote>
              <p>“{t(`impact.testimonials.t${n}.quote`)}”</p>
            </blockquote>
            <figcaption>
              <img src={`/images/testimonials/testimonial-${n}.svg`} alt="" width={56} height={56} loading="lazy" decoding="async" />
              <span>
                <strong>{t(`impact.testimonials.t${n}.name`)}</strong>
                <br />
                <span className="muted">{t(`impact.testimonials.t${n}.role`)}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function ImpactSection() {
  const t = useT();
  return (
    <ContentSection anchor="impact" tone="dark" id="impact-heading" eyebrow={t('impact.eyebrow')} title={t('impact.title')} className="home-impact">
      <ImpactFigures />
      <h3 className="sr-only">{t('impact.voices')}</h3>
      <Testimonials />
    </ContentSection>
  );
}

function SponsorsSection() {
  const t = useT();
  return (
    <section className="section sponsors" aria-labelledby="sponsors-heading">
      <div className="container">
        <h2 id="sponsors-heading">{t('sponsors.title')}</h2>
        <p className="lead">{t('sponsors.text')}</p>
        <ul className="sponsor-logos">
          {SPONSORS.map((s, i) => (
            <li key={s}>
              <img src={`/images/sponsors/${s}.svg`} alt={t(`sponsors.names.s${i + 1}`)} width={240} height={90} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * Each tier is a plain link to the checkout with its amount (it works before the page's script
 * runs, and without it); Donate Now brings the checkout's own default, the popular tier. Amounts are
 * offered in the currency the checkout will charge on a page of this language (francs on a German
 * page, dollars on an English one), and the link names that currency, so the checkout opens in it.
 */
export function DonationCta() {
  const t = useT();
  const link = useLinks();
  const lang = useLang();
  const checkout = link('checkout');
  const currency = SUGGESTED_CURRENCY[lang];
  return (
    <section className="section donate-cta home-donate" aria-labelledby="donate-heading">
      <div className="container">
        <h2 id="donate-heading">{t('donateCta.title')}</h2>
        <p className="lead">{t('donateCta.text')}</p>
        <ul className="grid grid-3 tiers">
          {DONATION_TIERS.map((tier) => {
            const amount = formatAmount(tier.amount * 100, currency, lang);
            const impact = t(`donateCta.tiers.${tier.key}.impact`);
            return (
              <li key={tier.key}>
                <article className={`card tier${tier.popular ? ' tier-popular' : ''}`}>
                  {tier.popular && <span className="badge badge-accent tier-badge">{t('donateCta.popular')}</span>}
                  <p className="tier-amount">{amount}</p>
                  <h3 className="tier-impact">{impact}</h3>
                  <p className="muted tier-description">{t(`donateCta.tiers.${tier.key}.description`)}</p>
                  <Link
                    to={`${checkout}?amount=${tier.amount}&currency=${currency}`}
                    className={`btn ${tier.popular ? 'btn-accent' : 'btn-primary'} tier-choose stretched-link`}
                  >
                    {t('donateCta.choose', { amount })}
                    <span className="sr-only">: {impact}</span>
                  </Link>
                </article>
              </li>
            );
          })}
        </ul>
        <div className="cta-actions">
          <Link to={`${checkout}?amount=${DEFAULT_PRESET_CENTS / 100}&currency=${currency}`} className="btn btn-accent btn-lg">
            {t('donateCta.donateNow')}
          </Link>
          <Link to={link('projects')} className="btn btn-outline btn-lg">
            {t('donateCta.explore')}
          </Link>
        </div>
        <p className="payment-types">
          <span>{t('donateCta.accepted')}</span> Visa · Mastercard · PayPal · TWINT
        </p>
        <p className="small muted">
          <Icon name="lock" size={14} /> {t('donateCta.secure')}
        </p>
      </div>
    </section>
  );
}

export default function HomePage({ intro, projects, news, team }: HomeProps) {
  // The first slide is the largest thing on the first screen: asked for from the head.
  preload(FIRST_SLIDE, { as: 'image', fetchPriority: 'high' });
  return (
    <>
      {/* Empty in the server's HTML: the thank-you after a gift, shown by the browser. */}
      <Thanks />
      <HeroSlideshow intro={intro} />
      <VisionBlock />
      <ProjectsSection projects={projects} />
      <TeamSection team={team} />
      <NewsSection news={news} />
      <ImpactSection />
      <SponsorsSection />
      <DonationCta />
    </>
  );
}
