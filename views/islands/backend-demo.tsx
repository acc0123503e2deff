// The backend overview's tabs (Architecture, API Endpoints, Live Data, Database Schema) and its
// Refresh buttons: they wake at the first touch, key or focus on them.
import { island } from '../island';
import { BackendDemo } from '../components/backend-demo';

export default island('backend-demo', BackendDemo, { when: 'interaction', ns: ['backendDemo', 'common'] });
