import { useState } from 'react';
import { useT } from '../app-context';
import { matchesFilter, type ProjectFilter } from '../../models/shared/rules';
import { ProjectCard, type ProjectCardData } from './project-card';

const FILTERS: { id: ProjectFilter; key: string }[] = [
  { id: 'all', key: 'projects.filter.all' },
  { id: 'funding', key: 'projects.filter.funding' },
  { id: 'progress', key: 'projects.filter.progress' },
  { id: 'completed', key: 'projects.filter.completed' },
];

/** The projects list with its filters: the home page section and the /projects page (cards' data: projectCardData). */
export function ProjectsList({ projects }: { projects: ProjectCardData[] }) {
  const t = useT();
  const [filter, setFilter] = useState<ProjectFilter>('all');
  const shown = projects.filter((p) => matchesFilter(p, filter));
  return (
    <>
      <div className="filters" role="group" aria-label={t('projects.filter.label')}>
        {FILTERS.map((f) => (
          <button key={f.id} type="button" className="chip" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
            {t(f.key)}
          </button>
        ))}
      </div>
      <p className="sr-only" role="status">
        {t('projects.shownCount', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty">{t('projects.none')}</p>
      ) : (
        <ul className="grid grid-3 project-grid">
          {shown.map((p) => (
            <li key={p.id}>
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
