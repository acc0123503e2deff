// The thank-you panel on the home page after a gift: nothing in the server's HTML; it wakes with
// the runtime, at once when this tab has just given (views/island-loader.ts).
import { island } from '../island';
import { ThanksPanel } from '../components/thanks-panel';

export default island('thanks', ThanksPanel, { when: 'runtime', ns: ['thanks', 'common'] });
