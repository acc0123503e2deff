import { addressLine } from '../../../models/shared/address';
import { useApp, useT } from '../../app-context';
import { Icon } from '../icons';
import { whatsappUrl } from '../whatsapp-button';

/** A phone number as a tel: link target (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** The chat link with the preset greeting; opens in a new tab. */
export function WhatsAppLink({ className = '', label }: { className?: string; label: string }) {
  const { site } = useApp();
  const t = useT();
  return (
    <a className={className} href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
      <Icon name="chat" size={18} /> {label} <span className="sr-only">({t('common.opensNewTab')})</span>
    </a>
  );
}

/** The Switzerland (Lucerne) and Zimbabwe (Mwenezi Ward 3) offices: /about and /contact. */
export function OfficeCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { site, lang } = useApp();
  const t = useT();
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <ul className="content-grid-2 office-cards">
      <li>
        <article className="card office-card">
          <H className="office-title">
            <Icon name="pin" size={20} /> {t('contact.offices.switzerlandLabel')}
          </H>
          <address>{addressLine(site.address, lang)}</address>
          <p className="muted">{t('contact.offices.switzerlandText')}</p>
          <ul className="contact-lines">
            <li>
              <a href={`mailto:${site.email}`}>
                <Icon name="mail" size={18} /> {site.email}
              </a>
            </li>
          </ul>
        </article>
      </li>
      <li>
        <article className="card office-card">
          <H className="office-title">
            <Icon name="pin" size={20} /> {t('contact.offices.zimbabweLabel')}
          </H>
          <address>{t('offices.zimbabweAddress')}</address>
          <p className="muted">{t('contact.offices.zimbabweText')}</p>
          <ul className="contact-lines">
            <li>
              <a href={telHref(site.phone)}>
                <Icon name="phone" size={18} /> {site.phone}
              </a>
            </li>
            <li>
              <WhatsAppLink label={t('contact.offices.whatsapp')} />
            </li>
          </ul>
        </article>
      </li>
    </ul>
  );
}
