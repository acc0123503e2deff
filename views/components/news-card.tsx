import { Link } from './link';
import { useLang, useLinks, useT } from '../app-context';
import { formatDate, localized, truncate, type NewsArticle } from '../../models/shared/rules';

type CardArticle = Omit<NewsArticle, 'content' | 'contentDe'>;
import ShareButton from '../islands/share';
import { CARD_SIZES_4, ContentImage } from './responsive-image';

export function NewsCard({ article, clamp = false }: { article: CardArticle; clamp?: boolean }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const title = localized(lang, article.title, article.titleDe);
  const abstract = localized(lang, article.abstract ?? '', article.abstractDe);
  const href = link('newsDetail', { slug: article.slug });
  return (
    <article className="card news-card">
      <div className="card-media">
        <ContentImage src={article.imageUrl} sizes={CARD_SIZES_4} alt="" width={600} height={400} loading="lazy" decoding="async" />
        <span className={`badge ${article.projectId ? 'badge-progress' : 'badge-neutral'}`}>
          {article.projectId ? t('news.projectUpdate') : t('news.generalNews')}
        </span>
      </div>
      <div className="card-body">
        <p className="meta">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, lang)}</time>
          {article.projectId ? <span className="project-ref">{t('news.projectNumber', { id: article.projectId })}</span> : null}
        </p>
        <h3 className={`card-title${clamp ? ' clamp-2' : ''}`}>
          <Link to={href} className="stretched-link">
            {title}
          </Link>
        </h3>
        <p className={`card-text${clamp ? ' clamp-3' : ''}`}>{clamp ? abstract : truncate(abstract, 150)}</p>
        <div className="card-actions">
          <span className="read-more" aria-hidden="true">
            {t('news.readMore')} →
          </span>
          <ShareButton title={title} text={abstract} />
        </div>
      </div>
    </article>
  );
}

/** News cards in a grid of three (abstracts clamped), or the `empty` text when there are none. */
export function NewsGrid({ news, empty }: { news: CardArticle[]; empty: string }) {
  if (news.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="grid grid-3">
      {news.map((a) => (
        <li key={a.id}>
          <NewsCard article={a} clamp />
        </li>
      ))}
    </ul>
  );
}
