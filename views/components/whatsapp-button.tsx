import { useApp, useT } from '../app-context';
import { Icon } from './icons';

export function whatsappUrl(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * The chat link of every public page. On wide screens it floats at the bottom right, in a strip the
 * content keeps free (site.css, --fab-gutter), so it never lies over text or controls; on phones and
 * tablets there is no such strip, and it is a labelled button in its own band above the footer.
 */
export function WhatsAppButton() {
  const { site } = useApp();
  const t = useT();
  return (
    <div className="chat-band">
      <a className="whatsapp-fab" href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
        <Icon name="chat" size={26} />
        <span className="whatsapp-text">{t('whatsapp.label')}</span>
        <span className="sr-only"> ({t('common.opensNewTab')})</span>
      </a>
    </div>
  );
}
