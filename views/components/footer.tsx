import { addressLine } from '../../models/shared/address';
import { Link } from './link';
import { useApp, useLinks, useT } from '../app-context';
import { Icon } from './icons';
import LazyMap from '../islands/map';
import NewsletterForm from '../islands/newsletter';
import { donationLink, type RouteId } from '../../models/shared/urls';
import { swissToday } from '../../models/shared/dates';

export function SocialLinks() {
  const { site } = useApp();
  const t = useT();
  const items = [
    { name: 'facebook', label: 'Facebook', href: site.socials.facebook },
    { name: 'instagram', label: 'Instagram', href: site.socials.instagram },
    { name: 'linkedin', label: 'LinkedIn', href: site.socials.linkedin },
  ] as const;
  return (
    <ul className="social-links">
      {items.map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (${t('common.opensNewTab')})`}>
            <Icon name={s.name} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const t = useT();
  const { site, lang } = useApp();
  const link = useLinks();
  // DONATION_URL (config.ts): another site opens in a new tab and says so; the site's own checkout
  // (the default, in the page's language) opens in place.
  const donation = donationLink(site.donationUrl, lang);
  const quick: { id: RouteId; label: string }[] = [
    { id: 'projects', label: t('nav.projects') },
    { id: 'team', label: t('nav.team') },
    { id: 'news', label: t('nav.news') },
    { id: 'about', label: t('nav.aboutUs') },
    { id: 'vision', label: t('nav.vision') },
    { id: 'foodSecurity', label: t('nav.foodSecurity') },
    { id: 'health', label: t('nav.healthcare') },
  ];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <div className="footer-brand">
            {/* Hidden when it fails to load (views/island-loader.ts). */}
            <img src="/images/logo.svg" alt="" width={40} height={40} loading="lazy" data-hide-on-error="" />
            <h2 id="footer-about" className="footer-title">{site.name}</h2>
          </div>
          <p>{t('footer.description')}</p>
          <SocialLinks />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer-heading">{t('footer.quickLinks')}</h2>
          <ul className="footer-links">
            {quick.map((q) => (
              <li key={q.id}>
                <Link to={link(q.id)}>{q.label}</Link>
              </li>
            ))}
            <li>
              {donation.external ? (
                <a href={donation.href} target="_blank" rel="noopener noreferrer">
                  {t('footer.donationPage')} <span className="sr-only">({t('common.opensNewTab')})</span>
                </a>
              ) : (
                <Link to={donation.href}>{t('footer.donationPage')}</Link>
              )}
            </li>
            <li>
              <Link to={link('donorManage')}>{t('donor.title')}</Link>
            </li>
            <li>
              <Link to={link('contact')}>{t('nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">{t('footer.contact')}</h2>
          <address>
            <p>
              <strong>{t('offices.zimbabwe')}</strong>
              <br />
              {t('offices.zimbabweAddress')}
            </p>
            <p>
              <strong>{t('offices.switzerland')}</strong>
              <br />
              {addressLine(site.address, lang)}
            </p>
            <p>
              <a href={`mailto:${site.email}`}>
                <Icon name="mail" size={16} /> {site.email}
              </a>
            </p>
          </address>
        </section>
        <section aria-label={t('newsletter.heading')}>
          <NewsletterForm />
        </section>
      </div>
      <div className="container">
        <LazyMap place="mwenezi" title={t('map.communityTitle')} className="footer-map" />
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-row">
          <p>
            © {new Date().getUTCFullYear()} {site.name}. {t('footer.rights')}
          </p>
          <ul className="footer-legal">
            {/* As the spec says, both go to the about page: to its sections that lead to the full texts. */}
            <li><Link to={`${link('about')}#privacy`}>{t('footer.privacy')}</Link></li>
            <li><Link to={`${link('about')}#imprint`}>{t('footer.terms')}</Link></li>
            <li><Link to={link('contact')}>{t('nav.contact')}</Link></li>
            <li><Link to={link('impact', { year: swissToday().slice(0, 4) })}>{t('footer.impact')}</Link></li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
