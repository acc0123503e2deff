// The donor's page (manage monthly gifts, certificates): its forms work without JavaScript; it
// wakes at once, to put the focus where a form's outcome is.
import { island } from '../island';
import { DonorManage } from '../components/donor-manage';

export default island('donor', DonorManage, { when: 'load', ns: ['donor', 'common'] });
