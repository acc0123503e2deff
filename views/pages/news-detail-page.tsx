import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import { formatDate, localized } from '../../models/shared/rules';
import type { NewsSummary } from '../../models/content/news';
import type { ArticleImage, ArticleLink } from '../../models/content/markup';
import ShareButton from '../islands/share';
import { Icon } from '../components/icons';
import ArticleBody from '../islands/article-body';
import { ArticleText } from '../components/articles/article-body';
import ImageGallery from '../islands/gallery';
import ArticleExtras from '../islands/article-extras';
import type { ArticleExtraKind } from '../components/articles/article-extras';
import { JoinTheMovement } from '../components/articles/join-movement';
import { FULL_WIDTH, ContentImage } from '../components/responsive-image';
import { MessagePage } from '../components/message-page';

export interface RelatedProject {
  slug: string;
  title: string;
  titleDe: string;
  imageUrl: string;
}

export interface NewsDetailProps {
  article: NewsSummary | null;
  /** The body in the page's language, rendered and sanitized on the server (models/markup.ts). */
  html: string;
  images: ArticleImage[];
  pdfs: ArticleLink[];
  relatedProject: RelatedProject | null;
  /** The fixed extra section and whether the article's own photo gallery shows, decided on the
   * server from the English title (the browser gets only the page's language). */
  extra: ArticleExtraKind | null;
  photoGallery: boolean;
  /** The article picture's alt text from the media library, in the page's language ('' when it has none). */
  imageAlt?: string;
  /** That alt text's language when not the page's (the library's English on a German page). */
  imageAltLang?: string;
}

function ArticleNotFound() {
  const t = useT();
  const link = useLinks();
  return <MessagePage eyebrow="404" title={t('article.notFound.title')} text={t('article.notFound.text')} to={link('news')} action={`← ${t('article.backToNews')}`} />;
}

/** Each picture once, in the order of the text. */
function uniqueImages(images: ArticleImage[]) {
  const seen = new Set<string>();
  return images
    .filter((img) => (seen.has(img.src) ? false : (seen.add(img.src), true)))
    .map((img) => ({ src: img.src, alt: img.alt, lang: img.lang, caption: img.title || undefined }));
}

export default function NewsDetailPage({ article, html, images, pdfs, relatedProject, extra, photoGallery, imageAlt = '', imageAltLang }: NewsDetailProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  if (!article) return <ArticleNotFound />;

  const title = localized(lang, article.title, article.titleDe);
  // No English abstract on a German page: an article without abstractDe simply shows none there.
  const abstract = (lang === 'de' ? article.abstractDe : article.abstract) ?? '';
  const date = formatDate(article.publishedAt, lang);
  const gallery = photoGallery ? uniqueImages(images) : [];

  return (
    <article className="article-page">
      <div className="section page-top article-top">
        <div className="container article-container">
          <Link to={link('news')} className="back-link">
            ← {t('article.backToNews')}
          </Link>
          <header className="article-header">
            <p className="article-badges">
              <span className="badge badge-neutral">
                <time dateTime={article.publishedAt}>{date}</time>
              </span>
              {article.projectId ? <span className="badge badge-progress">{t('news.projectUpdate')}</span> : null}
            </p>
            <h1>{title}</h1>
            {abstract && <p className="lead">{abstract}</p>}
          </header>
          <ContentImage className="article-hero-image" src={article.imageUrl} sizes={FULL_WIDTH} alt={imageAlt} lang={imageAltLang} width={1200} height={800} fetchPriority="high" decoding="async" />
          <div className="article-meta">
            <p>
              {t('article.published', { date })}
            </p>
            <ShareButton title={title} text={abstract} label={t('article.share')} className="btn btn-outline" />
          </div>

          <ArticleBody images={images}>
            <ArticleText html={html} />
          </ArticleBody>

          {pdfs.length > 0 && (
            <section className="report-block" aria-labelledby="report-heading">
              <h2 id="report-heading">{t('article.report.title')}</h2>
              <p>{t('article.report.text')}</p>
              <ul>
                {pdfs.map((pdf) => (
                  <li key={pdf.href}>
                    <a href={pdf.href} className="btn btn-primary" download>
                      <Icon name="download" size={18} /> {pdf.label}
                      {!/pdf/i.test(pdf.label) && <span className="sr-only"> ({t('article.report.pdf')})</span>}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {gallery.length > 0 && (
            <section className="article-extra" aria-labelledby="photo-gallery-heading">
              <h2 id="photo-gallery-heading">{t('article.photoGallery.title')}</h2>
              <p className="muted">{t('article.photoGallery.text')}</p>
              <ImageGallery items={gallery} />
            </section>
          )}

          {extra && <ArticleExtras kind={extra} />}

          {relatedProject && (
            <section className="related-project" aria-labelledby="related-heading">
              <ContentImage src={relatedProject.imageUrl} sizes="(min-width: 800px) 400px, 100vw" alt="" width={1200} height={800} loading="lazy" decoding="async" />
              <div>
                <h2 id="related-heading">{t('article.related.title')}</h2>
                {relatedProject.title && <p className="related-title">{localized(lang, relatedProject.title, relatedProject.titleDe)}</p>}
                <p className="muted">{t('article.related.text')}</p>
                <Link to={link('projectDetail', { slug: relatedProject.slug })} className="btn btn-primary">
                  {t('article.related.view')} <Icon name="arrow" size={18} />
                </Link>
              </div>
            </section>
          )}

          <JoinTheMovement />

          <p className="center more-news">
            <Link to={link('news')} className="btn btn-outline btn-lg">
              {t('article.moreNews')}
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
