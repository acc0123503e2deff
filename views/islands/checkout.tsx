// The checkout: project, amount, currency and the card form (Stripe's Payment Element), which
// shows at once; it wakes as soon as the page has painted.
import { island } from '../island';
import { Checkout } from '../components/checkout/checkout';

export default island('checkout', Checkout, { when: 'load', ns: ['checkout', 'bankTransfer', 'common', 'projects'] });
