import { Link } from 'react-router-dom';
import { useLang, useLinks, useT } from '../app-context';
import { localized, type PageContent, type Project } from '../../models/rules';
import { ProjectsList } from '../components/projects-section';

export interface ProjectsPageProps {
  projects: Project[];
  /** The editable intro of the page (admin Pages tab), when there is one. */
  content: PageContent | null;
}

export default function ProjectsPage({ projects, content }: ProjectsPageProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const title = content ? localized(lang, content.title, content.titleDe) : t('projectsPage.title');
  const text = content ? localized(lang, content.content, content.contentDe) : t('projectsPage.text');
  return (
    <>
      <section className="section page-top page-hero" aria-labelledby="projects-title">
        <div className="container">
          <p className="eyebrow">{t('projectsPage.eyebrow')}</p>
          <h1 id="projects-title">{title}</h1>
          <p className="lead">{text}</p>
        </div>
      </section>
      <section className="section projects-page-list" aria-labelledby="projects-list-heading">
        <div className="container">
          <h2 id="projects-list-heading" className="sr-only">
            {t('projectsPage.listHeading')}
          </h2>
          <ProjectsList projects={projects} />
          <p className="template-teaser">
            <Link to={link('projectTemplate')}>{t('projectsPage.templateLink')} →</Link>
          </p>
        </div>
      </section>
    </>
  );
}
