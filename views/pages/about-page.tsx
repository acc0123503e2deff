import { Link } from '../components/link';
import { useLinks, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import type { RouteId } from '../../models/shared/urls';
import LazyMap from '../islands/map';
import { TextPageHero } from '../components/content/page-hero';
import type { ContentIconName } from '../components/content/content-icon';
import { TextSection } from '../components/content/content-section';
import { IconCard } from '../components/content/icon-card';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { OfficeCards } from '../components/content/office-cards';

const PILLARS: { key: string; icon: ContentIconName; route: RouteId | null }[] = [
  { key: 'education', icon: 'book', route: 'skillsTraining' },
  { key: 'health', icon: 'heart', route: 'health' },
  { key: 'food', icon: 'sprout', route: 'foodSecurity' },
  { key: 'income', icon: 'coins', route: null },
  { key: 'environment', icon: 'globe', route: 'environment' },
];

export default function AboutPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <TextPageHero texts="about" content={content} image={{ src: '/images/hero/slide-6.svg', width: 1600, height: 900 }} />

      <TextSection texts="about.vision" narrow>
        <blockquote className="statement">
          <p>{t('about.vision.statement')}</p>
        </blockquote>
        <p>
          <Link to={link('vision')} className="text-link">
            {t('about.vision.link')} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </TextSection>

      <TextSection texts="about.story" tone="alt" narrow paragraphs={3} />

      <TextSection texts="about.pillars">
        <p className="lead">{t('about.pillars.lead')}</p>
        <ul className="pillar-grid">
          {PILLARS.map((p) => (
            <li key={p.key}>
              <IconCard icon={p.icon} title={t(`about.pillars.${p.key}.title`)} text={t(`about.pillars.${p.key}.text`)} variant="pillar">
                {p.route ? (
                  <Link to={link(p.route)} className="text-link pillar-link">
                    {t(`about.pillars.${p.key}.link`)} <span aria-hidden="true">→</span>
                  </Link>
                ) : (
                  <p className="pillar-note">{t('about.pillars.income.note')}</p>
                )}
              </IconCard>
            </li>
          ))}
        </ul>
      </TextSection>

      <TextSection texts="about.contact" tone="alt">
        <p className="lead">{t('about.contact.lead')}</p>
        <OfficeCards />
        <ButtonRow>
          <ButtonLink to={link('projects')} kind="primary">
            {t('about.actions.projects')}
          </ButtonLink>
          <ButtonLink to={link('team')} kind="outline">
            {t('about.actions.team')}
          </ButtonLink>
        </ButtonRow>
        <LazyMap place="mwenezi" title={t('about.mapTitle')} className="content-map" />
      </TextSection>

      {/* The footer's privacy and terms links lead here (#privacy, #imprint), and on to the full texts. */}
      <div className="section">
        <div className="container legal-teasers">
          {(['privacy', 'imprint'] as const).map((key) => (
            <section key={key} id={key} className="legal-teaser" aria-labelledby={`about-legal-${key}`}>
              <p className="eyebrow">{t(`about.legal.${key}.eyebrow`)}</p>
              <h2 id={`about-legal-${key}`}>{t(`about.legal.${key}.title`)}</h2>
              <p>{t(`about.legal.${key}.text`)}</p>
              <p>
                <Link to={link(key)} className="text-link">
                  {t(`about.legal.${key}.link`)} <span aria-hidden="true">→</span>
                </Link>
              </p>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
