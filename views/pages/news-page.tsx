import { useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import type { NewsSummary } from '../../models/news';
import { NewsGrid } from '../components/news-card';
import { ListHero } from '../components/list-hero';

export interface NewsPageProps {
  /** Articles with both abstracts, newest first (models/news.ts listPublicNews). */
  news: NewsSummary[];
  content: PageContent | null;
}

export default function NewsPage({ news, content }: NewsPageProps) {
  const t = useT();
  return (
    <>
      <ListHero id="news-title" ns="newsPage" content={content} />
      <section className="section news-list" aria-labelledby="news-list-heading">
        <div className="container">
          <h2 id="news-list-heading" className="sr-only">
            {t('newsPage.listHeading')}
          </h2>
          <NewsGrid news={news} empty={t('newsPage.empty')} />
        </div>
      </section>
    </>
  );
}
