import { Link } from 'react-router-dom';
import { useApp, useLinks, useT } from '../app-context';
import type { PageContent } from '../../models/rules';
import { Icon } from '../components/icons';
import { LazyMap } from '../components/lazy-map';
import { whatsappUrl } from '../components/whatsapp-button';
import { PageHero } from '../components/content/page-hero';
import { OfficeCards, telHref, WhatsAppLink } from '../components/content/office-cards';
import { ContactForm } from '../components/content/contact-form';

function ContactCards() {
  const t = useT();
  const { site } = useApp();
  return (
    <ul className="grid grid-3 contact-cards">
      <li>
        <article className="card contact-card">
          <span className="pillar-icon">
            <Icon name="chat" size={26} />
          </span>
          <h3>{t('contact.cards.whatsapp.title')}</h3>
          <p>{t('contact.cards.whatsapp.text')}</p>
          <a className="btn btn-primary" href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
            {t('contact.cards.whatsapp.action')} <span className="sr-only">({t('common.opensNewTab')})</span>
          </a>
        </article>
      </li>
      <li>
        <article className="card contact-card">
          <span className="pillar-icon">
            <Icon name="mail" size={26} />
          </span>
          <h3>{t('contact.cards.email.title')}</h3>
          <p>{t('contact.cards.email.text')}</p>
          <a className="btn btn-outline contact-value" href={`mailto:${site.email}`}>
            {site.email}
          </a>
        </article>
      </li>
      <li>
        <article className="card contact-card">
          <span className="pillar-icon">
            <Icon name="phone" size={26} />
          </span>
          <h3>{t('contact.cards.phone.title')}</h3>
          <p>{t('contact.cards.phone.text')}</p>
          <a className="btn btn-outline contact-value" href={telHref(site.phone)}>
            {site.phone}
          </a>
        </article>
      </li>
    </ul>
  );
}

function BankBox() {
  const t = useT();
  const { site } = useApp();
  return (
    <aside className="card bank-box" aria-labelledby="bank-title">
      <h3 id="bank-title">{t('contact.bank.title')}</h3>
      <p>{t('contact.bank.text')}</p>
      <dl className="bank-details">
        <div>
          <dt>{t('contact.bank.bank')}</dt>
          <dd>{site.bank}</dd>
        </div>
        <div>
          <dt>{t('contact.bank.location')}</dt>
          <dd>{t('contact.bank.locationValue')}</dd>
        </div>
        <div>
          <dt>{t('contact.bank.iban')}</dt>
          <dd className="mono">{site.iban}</dd>
        </div>
        <div>
          <dt>{t('contact.bank.bic')}</dt>
          <dd className="mono">{site.bic}</dd>
        </div>
      </dl>
      <p className="bank-note">
        <Icon name="heart" size={18} /> {t('contact.bank.note')}
      </p>
    </aside>
  );
}

export default function ContactPage({ content }: { content: PageContent | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <PageHero eyebrow={t('contact.hero.eyebrow')} title={t('contact.hero.title')} lead={t('contact.hero.lead')} content={content} fixedTitle />

      <section className="section contact-ways" aria-labelledby="contact-ways">
        <div className="container">
          <h2 id="contact-ways" className="sr-only">
            {t('contact.cards.title')}
          </h2>
          <ContactCards />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="contact-form-title">
        <div className="container contact-layout">
          <div>
            <h2 id="contact-form-title">{t('contact.form.title')}</h2>
            <p>{t('contact.form.lead')}</p>
            <ContactForm />
          </div>
          <div className="contact-side">
            <h2 className="h3-size">{t('contact.offices.title')}</h2>
            <OfficeCards />
            <BankBox />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-map">
        <div className="container">
          <h2 id="contact-map">{t('contact.map.heading')}</h2>
          <p className="lead">{t('contact.map.text')}</p>
          <LazyMap place="mwenezi" title={t('contact.map.title')} className="content-map" />
        </div>
      </section>

      <section className="section donate-cta" aria-labelledby="contact-cta">
        <div className="container">
          <h2 id="contact-cta">{t('contact.cta.title')}</h2>
          <p className="lead">{t('contact.cta.text')}</p>
          <div className="content-actions">
            <Link to={link('projects')} className="btn btn-primary btn-lg">
              {t('contact.cta.projects')}
            </Link>
            <WhatsAppLink className="btn btn-outline btn-lg" label={t('contact.cta.chat')} />
          </div>
        </div>
      </section>
    </div>
  );
}
