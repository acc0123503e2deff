// The projects list with its filters (the home page and /projects): every project is in the HTML;
// the filters wake at the first touch, key or focus, and a filter chosen before then is applied.
import { island } from '../island';
import { ProjectsList } from '../components/projects-list';

export default island('projects', ProjectsList, { when: 'interaction', ns: ['projects', 'common'] });
