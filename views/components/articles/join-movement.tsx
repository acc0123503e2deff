import { Link } from '../link';
import { useApp, useLinks, useT } from '../../app-context';
import { Icon } from '../icons';
import { SocialLinks } from '../footer';
import { whatsappUrl } from '../whatsapp-button';

/** "Join the Movement": follow, write, call or give (end of every article). */
export function JoinTheMovement() {
  const t = useT();
  const link = useLinks();
  const { site } = useApp();
  return (
    <section className="join-movement" aria-labelledby="join-heading">
      <h2 id="join-heading">{t('article.join.title')}</h2>
      <p>{t('article.join.text')}</p>
      <div className="join-grid">
        <div>
          <h3>{t('article.join.follow')}</h3>
          <SocialLinks />
        </div>
        <div>
          <h3>{t('article.join.contact')}</h3>
          <ul className="join-contact">
            <li>
              <a href={`mailto:${site.email}`}>
                <Icon name="mail" size={18} /> {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/[^+0-9]/g, '')}`}>
                <Icon name="phone" size={18} /> {site.phone}
              </a>
            </li>
            <li>
              <a href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
                <Icon name="chat" size={18} /> {t('article.join.whatsapp')} <span className="sr-only">({t('common.opensNewTab')})</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="join-actions">
        <Link to={link('checkout')} className="btn btn-accent">
          <Icon name="heart" size={18} /> {t('article.join.donate')}
        </Link>
        <Link to={link('contact')} className="btn btn-light">
          {t('article.join.contactPage')}
        </Link>
      </div>
    </section>
  );
}
