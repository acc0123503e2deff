import { useApp, useT } from '../app-context';
import { Icon } from './icons';

export function whatsappUrl(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

export function WhatsAppButton() {
  const { site } = useApp();
  const t = useT();
  return (
    <a
      className="whatsapp-fab"
      href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t('whatsapp.label')} (${t('common.opensNewTab')})`}
    >
      <Icon name="chat" size={28} />
    </a>
  );
}
