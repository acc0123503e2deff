// The extras of some articles: photo galleries with category filters, videos that load when asked for.
import { island } from '../island';
import { ArticleExtras } from '../components/articles/article-extras';

export default island('article-extras', ArticleExtras, { when: 'interaction', ns: ['article'] });
