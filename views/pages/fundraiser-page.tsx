import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatDate, percentFunded, truncate } from '../../models/shared/rules';
import { formatAmount } from '../../models/shared/donation-rules';
import { ProgressBar } from '../components/project-card';
import ShareButton from '../islands/share';
import { Icon } from '../components/icons';
import { FULL_WIDTH, ContentImage } from '../components/responsive-image';
import { MessagePage } from '../components/message-page';
import { localizePath } from '../../models/shared/urls';

/** A supporter's fundraiser as its public page shows it (controllers/fundraisers.ts, showPage). */
export interface FundraiserView {
  id: number;
  slug: string;
  title: string;
  /** Plain text; blank lines part paragraphs. */
  story: string;
  /** The language the owner wrote title, story and updates in. */
  lang: 'en' | 'de';
  ownerName: string | null;
  imageUrl: string;
  imageAlt: string;
  imageAltLang?: string;
  goalKind: 'amount' | 'donors';
  /** Minor units of `currency`, or a number of donors. */
  goal: number;
  currency: string;
  endDate: string;
  /** Gifts are taken today. */
  open: boolean;
  raisedCents: number;
  donorCount: number;
  /** Names donors chose to be shown under, newest first. */
  donors: string[];
  updates: { id: number; body: string; createdAt: string }[];
  project: { slug: string; title: string };
  /** The creditor reference of its QR-bill, in groups of four. */
  bankReference: string;
}

export interface FundraiserPageProps {
  fundraiser: FundraiserView | null;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

export default function FundraiserPage({ fundraiser: f }: FundraiserPageProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  if (!f) {
    return <MessagePage eyebrow="404" title={t('fundraiser.page.notFound.title')} text={t('fundraiser.page.notFound.text')} to={link('projects')} action={t('projectDetail.viewAll')} />;
  }
  const projectHref = link('projectDetail', { slug: f.project.slug });
  const donateHref = `${link('checkout')}?fundraiser=${encodeURIComponent(f.slug)}`;
  const percent = Math.round(f.goalKind === 'amount' ? percentFunded(f.raisedCents, f.goal) : percentFunded(f.donorCount, f.goal));
  const progressText =
    f.goalKind === 'amount'
      ? t('fundraiser.page.raisedOf', { raised: formatAmount(f.raisedCents, f.currency, lang), goal: formatAmount(f.goal, f.currency, lang) })
      : t('fundraiser.page.donorsOf', { count: f.donorCount, goal: f.goal });
  const endDay = formatDate(`${f.endDate}T12:00:00Z`, lang);
  // The owner's words are marked with their language on a page of the other one.
  const own = f.lang === lang ? undefined : f.lang;

  return (
    <article className="project-detail fundraiser">
      <header className="detail-hero">
        <ContentImage src={f.imageUrl} sizes={FULL_WIDTH} alt={f.imageAlt} lang={f.imageAltLang} width={1200} height={800} fetchPriority="high" decoding="async" />
        <div className="detail-hero-overlay">
          <div className="container">
            <Link to={projectHref} className="back-link back-link-light">
              ← {f.project.title}
            </Link>
            <span className="badge badge-funding">{t('fundraiser.page.badge')}</span>
            <h1 lang={own}>{f.title}</h1>
            <p className="fundraiser-by">{f.ownerName ? t('fundraiser.page.by', { name: f.ownerName }) : t('fundraiser.page.bySupporter')}</p>
          </div>
        </div>
      </header>

      <div className="container detail-layout">
        <aside className="detail-sidebar detail-sidebar-first" aria-labelledby="fundraiser-progress-heading">
          <div className="sidebar-card">
            <h2 id="fundraiser-progress-heading" className="sidebar-title">
              {t('fundraiser.page.progress')}
            </h2>
            <p className="sidebar-percent">{t('projectDetail.sidebar.percent', { percent })}</p>
            <ProgressBar percent={percent} label={t('fundraiser.page.progressOf', { title: f.title })} />
            <p className="sidebar-amounts">{progressText}</p>
            <p className="sidebar-spent">{t('fundraiser.page.donors', { count: f.donorCount })}</p>
            {f.open ? (
              <>
                <Link to={donateHref} className="btn btn-accent btn-block">
                  <Icon name="heart" size={18} /> {t('fundraiser.page.donate')}
                </Link>
                <p className="fundraiser-until">{t('fundraiser.page.until', { date: endDay })}</p>
              </>
            ) : (
              <>
                <p className="fundraiser-ended" role="status">
                  {t('fundraiser.page.ended', { date: endDay, project: f.project.title })}
                </p>
                <Link to={`${link('checkout')}?project=${encodeURIComponent(f.project.slug)}`} className="btn btn-accent btn-block">
                  <Icon name="heart" size={18} /> {t('fundraiser.page.donateProject')}
                </Link>
              </>
            )}
            <ShareButton title={f.title} text={truncate(f.story.replace(/\s+/g, ' '), 150)} label={t('fundraiser.page.share')} className="btn btn-outline btn-block" />
          </div>
        </aside>
        <div className="detail-main">
          <section aria-labelledby="story-heading">
            <h2 id="story-heading">{t('fundraiser.page.story')}</h2>
            <div className="article-body fundraiser-story" lang={own}>
              {paragraphs(f.story).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
            <p>
              {t('fundraiser.page.for')} <Link to={projectHref}>{f.project.title}</Link>
            </p>
          </section>

          {f.updates.length > 0 && (
            <section aria-labelledby="updates-heading">
              <h2 id="updates-heading">{t('fundraiser.page.updates')}</h2>
              <ol className="fundraiser-updates">
                {f.updates.map((u) => (
                  <li key={u.id}>
                    <p className="fundraiser-update-date">
                      <time dateTime={u.createdAt}>{formatDate(u.createdAt, lang)}</time>
                    </p>
                    {paragraphs(u.body).map((p, i) => (
                      <p key={i} lang={own}>
                        {p}
                      </p>
                    ))}
                  </li>
                ))}
              </ol>
            </section>
          )}

          {f.donors.length > 0 && (
            <section className="donor-wall" aria-labelledby="fundraiser-donors-heading">
              <h2 id="fundraiser-donors-heading">{t('projectDetail.donors.title')}</h2>
              <ul className="donor-names">
                {f.donors.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </section>
          )}

          {f.open && (
            <section aria-labelledby="fundraiser-bank-heading">
              <h2 id="fundraiser-bank-heading">{t('fundraiser.page.bank')}</h2>
              <p>{t('fundraiser.page.bankText')}</p>
              <p className="fundraiser-reference">
                <span>{t('bankTransfer.reference')}:</span> <strong>{f.bankReference}</strong>
              </p>
              <p>
                <a href={`${localizePath('/qr-bill.svg', lang)}?fundraiser=${encodeURIComponent(f.slug)}`}>{t('bankTransfer.showBill')}</a>
              </p>
            </section>
          )}

          <p className="fundraiser-start">
            <Link to={`${link('fundraiserNew')}?project=${encodeURIComponent(f.project.slug)}`}>{t('fundraiser.page.start')}</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
