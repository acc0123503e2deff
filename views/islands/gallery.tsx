// A gallery of thumbnails; a click opens the lightbox (previous and next wrap around).
import { island } from '../island';
import { ImageGallery } from '../components/articles/image-gallery';

export default island('gallery', ImageGallery, { when: 'interaction', ns: ['article'] });
