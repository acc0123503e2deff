// The footer's newsletter form: wakes at the first touch, key or focus on it; a form sent before
// then is held and sent once it is awake. Without JavaScript it posts to the server.
import { island } from '../island';
import { NewsletterForm } from '../components/newsletter-form';

export default island('newsletter', NewsletterForm, { when: 'interaction', ns: ['newsletter', 'common'] });
