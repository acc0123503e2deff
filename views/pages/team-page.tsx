import { Link } from '../components/link';
import { useLinks, useT } from '../app-context';
import type { TeamMember } from '../../models/shared/rules';
import type { PageIntro } from '../components/content/page-hero';
import { TeamGroups } from '../components/team-section';
import { PageHero } from '../components/content/page-hero';
import { ContentSection } from '../components/content/content-section';

export interface TeamPageProps {
  team: TeamMember[];
  content: PageIntro | null;
}

export default function TeamPage({ team, content }: TeamPageProps) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero eyebrow={t('teamPage.eyebrow')} title={t('teamPage.title')} lead={t('teamPage.lead')} content={content} fixedTitle />
      <ContentSection id="team-groups-title" title={t('teamPage.groupsTitle')} hiddenTitle tone="alt" className="team-page-groups">
        <TeamGroups team={team} />
      </ContentSection>
      <section className="section" aria-labelledby="team-join">
        <div className="container narrow center">
          <h2 id="team-join">{t('teamPage.join.title')}</h2>
          <p className="lead">{t('teamPage.join.text')}</p>
          <div className="content-actions">
            <Link to={link('contact')} className="btn btn-primary btn-lg">
              {t('teamPage.join.contact')}
            </Link>
            <Link to={link('projects')} className="btn btn-outline btn-lg">
              {t('teamPage.join.projects')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
