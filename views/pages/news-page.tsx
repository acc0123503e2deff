import { useLang, useT } from '../app-context';
import { localized, type PageContent } from '../../models/rules';
import type { NewsSummary } from '../../models/news';
import { NewsCard } from '../components/news-card';

export interface NewsPageProps {
  /** Articles with both abstracts, newest first (models/news.ts listPublicNews). */
  news: NewsSummary[];
  content: PageContent | null;
}

export default function NewsPage({ news, content }: NewsPageProps) {
  const t = useT();
  const lang = useLang();
  const title = content ? localized(lang, content.title, content.titleDe) : t('newsPage.title');
  const text = content ? localized(lang, content.content, content.contentDe) : t('newsPage.text');
  return (
    <>
      <section className="section page-top page-hero" aria-labelledby="news-title">
        <div className="container">
          <p className="eyebrow">{t('newsPage.eyebrow')}</p>
          <h1 id="news-title">{title}</h1>
          <p className="lead">{text}</p>
        </div>
      </section>
      <section className="section news-list" aria-labelledby="news-list-heading">
        <div className="container">
          <h2 id="news-list-heading" className="sr-only">
            {t('newsPage.listHeading')}
          </h2>
          {news.length === 0 ? (
            <p className="empty">{t('newsPage.empty')}</p>
          ) : (
            <ul className="grid grid-3">
              {news.map((a) => (
                <li key={a.id}>
                  <NewsCard article={a} clamp />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
