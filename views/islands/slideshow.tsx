// The home page's hero slideshow: the first slide is in the HTML (its picture preloaded from the
// head), and the slideshow moves by itself (every 6 s) once the browser is idle after the first
// paint, when its first change is due: on a slow phone it never stands in the way of what a person
// taps first (a touch on it wakes it at once).
import { island } from '../island';
import { HeroSlideshow, SLIDE_MS } from '../components/hero-slideshow';

export default island('slideshow', HeroSlideshow, { when: 'idle', after: SLIDE_MS, ns: ['hero'] });
