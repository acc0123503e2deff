import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatDate, formatMoney, localized, percentFunded, truncate, type Project } from '../../models/shared/rules';
import type { NewsSummary } from '../../models/content/news';
import { ProgressBar, statusKey } from '../components/project-card';
import ShareButton from '../islands/share';
import { NewsGrid } from '../components/news-card';
import { Icon } from '../components/icons';
import { NookSections, hasNookSections } from '../components/articles/nook-sections';
import { FULL_WIDTH, ContentImage } from '../components/responsive-image';
import { MessagePage } from '../components/message-page';
import { ProjectSpending } from '../components/project-spending';
import type { PublicSpending } from '../../models/giving/spending';
import type { DonorWall } from '../../models/giving/donor-wall';

export interface ProjectDetailProps {
  /** The project, its description as plain text in the page's language (for sharing). */
  project: Project | null;
  /** The description (Markdown) rendered and sanitized on the server, in the page's language. */
  descriptionHtml: string;
  /** The project's news, as summaries (no bodies). */
  news: NewsSummary[];
  /** Where the money went: the project's spending records (newest first) and their sum. */
  spending?: { records: PublicSpending[]; spentAmount: string };
  /** The donor wall: names donors chose to be shown under, and how many gifts stand in all. */
  donors?: DonorWall;
  /** Supporters' approved fundraisers for the project, newest first. */
  fundraisers?: { slug: string; title: string; ownerName: string | null }[];
  /** The project picture's alt text from the media library, in the page's language ('' when it has none). */
  imageAlt?: string;
  /** That alt text's language when not the page's (the library's English on a German page). */
  imageAltLang?: string;
}

function ProjectNotFound() {
  const t = useT();
  const link = useLinks();
  return (
    <MessagePage eyebrow="404" title={t('projectDetail.notFound.title')} text={t('projectDetail.notFound.text')} to={link('projects')} action={t('projectDetail.backToProjects')} />
  );
}

export default function ProjectDetailPage({ project, descriptionHtml, news, spending, donors, fundraisers = [], imageAlt = '', imageAltLang }: ProjectDetailProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  if (!project) return <ProjectNotFound />;

  const title = localized(lang, project.title, project.titleDe);
  const description = localized(lang, project.description, project.descriptionDe);
  const status = statusKey(project.status);
  const percent = Math.round(percentFunded(project.raisedAmount, project.goalAmount));
  const percentText = t('projectDetail.sidebar.percent', { percent });
  const donateHref = `${link('checkout')}?project=${encodeURIComponent(project.slug)}`;

  return (
    <article className="project-detail">
      <header className="detail-hero">
        <ContentImage src={project.imageUrl} sizes={FULL_WIDTH} alt={imageAlt} lang={imageAltLang} width={1200} height={800} fetchPriority="high" decoding="async" />
        <div className="detail-hero-overlay">
          <div className="container">
            <Link to={link('projects')} className="back-link back-link-light">
              ← {t('projectDetail.backToProjects')}
            </Link>
            <span className={`badge badge-${status}`}>{t(`projectDetail.status.${status}`)}</span>
            <h1>{title}</h1>
          </div>
        </div>
      </header>

      <div className="container detail-layout">
        <aside className="detail-sidebar detail-sidebar-first" aria-labelledby="funding-heading">
          <div className="sidebar-card">
            <h2 id="funding-heading" className="sidebar-title">
              {t('projectDetail.sidebar.title')}
            </h2>
            <p className="sidebar-percent">{percentText}</p>
            <ProgressBar percent={percent} label={t('projects.fundingProgress', { title })} />
            <p className="sidebar-amounts">
              {t('projectDetail.sidebar.raisedOf', { raised: formatMoney(project.raisedAmount, lang), goal: formatMoney(project.goalAmount, lang) })}
            </p>
            {spending && (
              <p className="sidebar-spent">
                {t('projectDetail.spending.spentOf', { spent: formatMoney(spending.spentAmount, lang), raised: formatMoney(project.raisedAmount, lang) })}
              </p>
            )}
            <Link to={donateHref} className="btn btn-accent btn-block">
              <Icon name="heart" size={18} /> {t('projectDetail.sidebar.donateNow')}
            </Link>
            <ShareButton title={title} text={truncate(description, 150)} label={t('projectDetail.sidebar.share')} className="btn btn-outline btn-block" />
            <dl className="sidebar-facts">
              <div>
                <dt>{t('projectDetail.sidebar.status')}</dt>
                <dd>{t(`projectDetail.status.${status}`)}</dd>
              </div>
              <div>
                <dt>{t('projectDetail.sidebar.lastUpdated')}</dt>
                <dd>
                  <time dateTime={project.updatedAt}>{formatDate(project.updatedAt, lang)}</time>
                </dd>
              </div>
            </dl>
          </div>
        </aside>
        {/* The description, facts and spending hydrate after the funding card, in a task of their own (views/later.tsx). */}
          <div className="detail-main">
            <section aria-labelledby="about-heading">
              <h2 id="about-heading">{t('projectDetail.about')}</h2>
              <div className="article-body project-description" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
            </section>

            <section className="impact-blurb" aria-labelledby="impact-heading">
              <h2 id="impact-heading">{t('projectDetail.impact.title')}</h2>
              <p>{t('projectDetail.impact.text')}</p>
            </section>

            <section aria-labelledby="facts-heading">
              <h2 id="facts-heading" className="sr-only">
                {t('projectDetail.facts.title')}
              </h2>
              <dl className="pj-facts">
                <div>
                  <dt>{t('projectDetail.facts.startDate')}</dt>
                  <dd>{project.startDate ? formatDate(project.startDate, lang) : t('projectDetail.facts.toBeAnnounced')}</dd>
                </div>
                <div>
                  <dt>{t('projectDetail.facts.goal')}</dt>
                  <dd>{formatMoney(project.goalAmount, lang)}</dd>
                </div>
              </dl>
            </section>

            {spending && <ProjectSpending records={spending.records} spentAmount={spending.spentAmount} />}

            {donors && donors.gifts > 0 && (
              <section className="donor-wall" aria-labelledby="donors-heading">
                <h2 id="donors-heading">{t('projectDetail.donors.title')}</h2>
                <p>{t('projectDetail.donors.count', { count: donors.gifts })}</p>
                {donors.names.length > 0 && <p>{t('projectDetail.donors.named')}</p>}
                {donors.names.length > 0 && (
                  <ul className="donor-names">
                    {donors.names.map((name) => (
                      <li key={name}>{name}</li>
                    ))}
                  </ul>
                )}
              </section>
            )}

            <section className="project-fundraisers" aria-labelledby="fundraisers-heading">
              <h2 id="fundraisers-heading">{t('projectDetail.fundraisers.title')}</h2>
              {fundraisers.length > 0 && (
                <>
                  <p>{t('projectDetail.fundraisers.text')}</p>
                  <ul className="fundraiser-list">
                    {fundraisers.map((f) => (
                      <li key={f.slug}>
                        <Link to={link('fundraiserDetail', { slug: f.slug })}>{f.title}</Link>
                        {f.ownerName && <span className="small"> {t('projectDetail.fundraisers.by', { name: f.ownerName })}</span>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p>
                <Link to={`${link('fundraiserNew')}?project=${encodeURIComponent(project.slug)}`}>{t('projectDetail.fundraisers.start')}</Link>
              </p>
            </section>

            {hasNookSections(project.title) && <NookSections />}
          </div>

      </div>
        <section className="section section-alt" aria-labelledby="updates-heading">
          <div className="container">
            <h2 id="updates-heading">{t('projectDetail.updates.title')}</h2>
            <NewsGrid news={news} empty={t('projectDetail.updates.empty')} />
            <p className="center view-all">
              <Link to={link('projects')} className="btn btn-primary">
                {t('projectDetail.viewAll')}
              </Link>
            </p>
          </div>
        </section>
    </article>
  );
}
