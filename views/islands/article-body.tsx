// An article's text: its gallery thumbnails open the lightbox. The text itself is the island's slot
// (rendered once by the server, never repeated in the island's props).
import { island } from '../island';
import { ArticleBody } from '../components/articles/article-body';

export default island('article-body', ArticleBody, { when: 'interaction', ns: ['article'] });
