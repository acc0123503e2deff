// The messages region (toasts) that other islands write to: it wakes with the first of them.
import { island } from '../island';
import { Toaster } from '../components/toaster';

export default island('toaster', Toaster, { when: 'runtime', ns: ['common'] });
