import { Link } from './link';
import { useLang, useLinks, useT } from '../app-context';
import type { Project } from '../../models/shared/rules';
import { ContentSection } from './content/content-section';
import ProjectsIsland from '../islands/projects';
import { projectCardData } from './project-card';

/**
 * The home page's section: every project is in the HTML (and filterable), but phones and tablets
 * show the first few cards of the chosen filter (home.css) and a link to the projects page.
 */
export function ProjectsSection({ projects }: { projects: Project[] }) {
  const t = useT();
  const link = useLinks();
  const lang = useLang();
  return (
    <ContentSection anchor="projects" id="projects-heading" eyebrow={t('home.projects.eyebrow')} title={t('home.projects.title')} className="home-projects">
      <p className="lead">{t('home.projects.text')}</p>
      <ProjectsIsland projects={projects.map((p) => projectCardData(p, lang))} />
      <p className="home-more">
        <Link to={link('projects')} className="btn btn-primary btn-lg">
          {t('home.projects.showAll')}
        </Link>
      </p>
    </ContentSection>
  );
}
