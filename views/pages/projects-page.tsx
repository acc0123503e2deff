import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { type Project } from '../../models/shared/rules';
import type { PageIntro } from '../components/content/page-hero';
import ProjectsList from '../islands/projects';
import { ListHero } from '../components/list-hero';
import { projectCardData } from '../components/project-card';

export interface ProjectsPageProps {
  projects: Project[];
  /** The editable intro of the page (admin Pages tab), when there is one. */
  content: PageIntro | null;
}

export default function ProjectsPage({ projects, content }: ProjectsPageProps) {
  const t = useT();
  const link = useLinks();
  const lang = useLang();
  return (
    <>
      <ListHero id="projects-title" ns="projectsPage" content={content} />
      <section className="section projects-page-list" aria-labelledby="projects-list-heading">
        <div className="container">
          <h2 id="projects-list-heading" className="sr-only">
            {t('projectsPage.listHeading')}
          </h2>
          <ProjectsList projects={projects.map((p) => projectCardData(p, lang))} />
          <p className="template-teaser">
            <Link to={link('projectTemplate')}>{t('projectsPage.templateLink')} →</Link>
          </p>
        </div>
      </section>
    </>
  );
}
