// The home page's hero slideshow: the first slide is in the HTML (its picture preloaded from the
// head), and the slideshow moves by itself (every 6 s) once the browser is idle after the first
// paint: on a slow phone it never stands in the way of what a person taps first.
import { island } from '../island';
import { HeroSlideshow } from '../components/hero-slideshow';

export default island('slideshow', HeroSlideshow, { when: 'idle', ns: ['hero'] });
