// A share button: the device's share sheet, else the page's address to the clipboard (a message).
import { island } from '../island';
import { ShareButton } from '../components/share-button';

export default island('share', ShareButton, { when: 'interaction', ns: ['common'] });
