// The contact page's form: checked with the spec's messages, then handed to the visitor's mail
// program. Before it wakes (or without JavaScript) the browser checks the fields and the form is a
// mailto: form; it wakes at the first touch, key or focus on it, and a form sent before then is held.
import { island } from '../island';
import { ContactForm } from '../components/content/contact-form';

export default island('contact-form', ContactForm, { when: 'interaction', ns: ['contact'] });
