import { Link } from './link';
import { useLang, useLinks, useT } from '../app-context';
import { formatMoney, isCompleted, localized, percentFunded, truncate, type Lang, type Project } from '../../models/shared/rules';
import ShareButton from '../islands/share';
import { Icon } from './icons';
import { CARD_SIZES_3, ContentImage } from './responsive-image';

export function statusKey(status: string): 'funding' | 'progress' | 'completed' {
  return status === 'funding' || status === 'progress' ? status : 'completed';
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <div className="progress-fill" style={{ width: `${value}%` }} />
    </div>
  );
}

/** The description as a card shows it. */
const CARD_TEXT = 150;

/**
 * What a project card shows, and no more: in the page's language, the description as the card cuts
 * it. The projects list's island carries this in its props, so the browser does not get every
 * project's whole text in two places (the cards' HTML and the props).
 */
export type ProjectCardData = Pick<Project, 'id' | 'slug' | 'title' | 'description' | 'imageUrl' | 'status' | 'raisedAmount' | 'goalAmount'>;

export function projectCardData(p: Project, lang: Lang): ProjectCardData {
  return {
    id: p.id,
    slug: p.slug,
    title: localized(lang, p.title, p.titleDe),
    description: truncate(localized(lang, p.description, p.descriptionDe), CARD_TEXT),
    imageUrl: p.imageUrl,
    status: p.status,
    raisedAmount: p.raisedAmount,
    goalAmount: p.goalAmount,
  };
}

export function ProjectCard({ project, headingLevel = 3, eager = false }: { project: ProjectCardData; headingLevel?: 2 | 3; eager?: boolean }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const { title } = project;
  const description = truncate(project.description, CARD_TEXT);
  const completed = isCompleted(project);
  const percent = completed ? 100 : percentFunded(project.raisedAmount, project.goalAmount);
  const href = link('projectDetail', { slug: project.slug });
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card project-card">
      <div className="card-media">
        <ContentImage src={project.imageUrl} sizes={CARD_SIZES_3} alt="" width={600} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        <span className={`badge badge-${statusKey(project.status)}`}>{t(`projects.status.${statusKey(project.status)}`)}</span>
        {!completed && (
          <span className="badge badge-percent">{t('projects.percentFunded', { percent: Math.round(percent) })}</span>
        )}
      </div>
      <div className="card-body">
        <Heading className="card-title">
          <Link to={href} className="stretched-link">
            {title}
          </Link>
        </Heading>
        <p className="card-text">{description}</p>
        <div className="amounts">
          <span>
            <strong>{formatMoney(project.raisedAmount, lang)}</strong> {t('projects.raised')}
          </span>
          <span>
            {t('projects.goal')}: {formatMoney(project.goalAmount, lang)}
          </span>
        </div>
        <ProgressBar percent={percent} label={t('projects.fundingProgress', { title })} />
        <div className="card-actions">
          {completed ? (
            <>
              <p className="completed-note">
                <Icon name="check" size={16} /> {t('projects.successfullyCompleted')}
              </p>
              <button type="button" className="btn btn-muted" disabled>
                {t('projects.completedButton')}
              </button>
            </>
          ) : (
            <Link to={`${link('checkout')}?project=${encodeURIComponent(project.slug)}`} className="btn btn-primary raised-link">
              {t('projects.supportProject')}
              <span className="sr-only">: {title}</span>
            </Link>
          )}
          <ShareButton title={title} text={description} />
        </div>
      </div>
    </article>
  );
}
