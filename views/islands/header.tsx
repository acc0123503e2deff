// The site header: the menus (the About and Programmes dropdowns, the phone menu), the language
// switch and the logo's easter egg. Its links work as links before it wakes; it wakes at the first
// touch, key or focus on it, and a click on one of its buttons then is replayed (the logo's first
// click counts).
import { island } from '../island';
import { NavBar } from '../components/nav-bar';

export default island('header', NavBar, { when: 'interaction', ns: ['nav', 'easterEgg', 'whatsapp', 'common'] });
