// A map (OpenStreetMap): a third-party embed, loaded only when the visitor asks for it.
import { island } from '../island';
import { LazyMap } from '../components/lazy-map';

export default island('map', LazyMap, { when: 'interaction', ns: ['map'] });
