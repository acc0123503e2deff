// The home page's hero slideshow: it moves by itself (every 6 s), so it wakes as soon as the page
// has painted.
import { island } from '../island';
import { HeroSlideshow } from '../components/hero-slideshow';

export default island('slideshow', HeroSlideshow, { when: 'load', ns: ['hero'] });
