import { useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import type { NewsSummary } from '../../models/content/news';
import { NewsGrid } from '../components/news-card';
import { ListHero } from '../components/list-hero';
import { ContentSection } from '../components/content/content-section';

export interface NewsPageProps {
  /** Articles with both abstracts, newest first (models/news.ts listPublicNews). */
  news: NewsSummary[];
  content: PageIntro | null;
}

export default function NewsPage({ news, content }: NewsPageProps) {
  const t = useT();
  return (
    <>
      <ListHero id="news-title" ns="newsPage" content={content} />
      <ContentSection id="news-list-heading" title={t('newsPage.listHeading')} hiddenTitle className="news-list">
        <NewsGrid news={news} empty={t('newsPage.empty')} />
      </ContentSection>
    </>
  );
}
