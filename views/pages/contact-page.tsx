import type { ReactNode } from 'react';
import { useApp, useLinks, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { Icon, type IconName } from '../components/icons';
import LazyMap from '../islands/map';
import { whatsappUrl } from '../components/whatsapp-button';
import { TextPageHero } from '../components/content/page-hero';
import { OfficeCards, telHref, WhatsAppLink } from '../components/content/office-cards';
import ContactForm from '../islands/contact-form';
import { ContentSection } from '../components/content/content-section';
import { ButtonLink, ButtonRow } from '../components/content/button-row';
import { BankTransfer } from '../components/qr-bill';

/** One way to reach us: an icon, a heading, a sentence and the link that does it. */
function ContactCard({ icon, title, text, children }: { icon: IconName; title: string; text: string; children: ReactNode }) {
  return (
    <li>
      <article className="card contact-card">
        <span className="pillar-icon">
          <Icon name={icon} size={26} />
        </span>
        <h3>{title}</h3>
        <p>{text}</p>
        {children}
      </article>
    </li>
  );
}

function ContactCards() {
  const t = useT();
  const { site } = useApp();
  return (
    <ul className="grid grid-3 contact-cards">
      <ContactCard icon="chat" title={t('contact.cards.whatsapp.title')} text={t('contact.cards.whatsapp.text')}>
        <a className="btn btn-primary" href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
          {t('contact.cards.whatsapp.action')} <span className="sr-only">({t('common.opensNewTab')})</span>
        </a>
      </ContactCard>
      <ContactCard icon="mail" title={t('contact.cards.email.title')} text={t('contact.cards.email.text')}>
        <a className="btn btn-outline contact-value" href={`mailto:${site.email}`}>
          {site.email}
        </a>
      </ContactCard>
      <ContactCard icon="phone" title={t('contact.cards.phone.title')} text={t('contact.cards.phone.text')}>
        <a className="btn btn-outline contact-value" href={telHref(site.phone)}>
          {site.phone}
        </a>
      </ContactCard>
    </ul>
  );
}

function BankBox() {
  const t = useT();
  return (
    <aside className="card bank-box" aria-labelledby="bank-title">
      <h3 id="bank-title">{t('contact.bank.title')}</h3>
      <p>{t('contact.bank.text')}</p>
      <BankTransfer
        extra={
          <div>
            <dt>{t('contact.bank.location')}</dt>
            <dd>{t('contact.bank.locationValue')}</dd>
          </div>
        }
      />
      <p className="bank-note">
        <Icon name="heart" size={18} /> {t('contact.bank.note')}
      </p>
    </aside>
  );
}

export default function ContactPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page">
      <TextPageHero texts="contact" content={content} fixedTitle />

      <ContentSection id="contact-ways" title={t('contact.cards.title')} hiddenTitle className="contact-ways">
        <ContactCards />
      </ContentSection>

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

      <ContentSection id="contact-map" title={t('contact.map.heading')}>
        <p className="lead">{t('contact.map.text')}</p>
        <LazyMap place="mwenezi" title={t('contact.map.title')} className="content-map" />
      </ContentSection>

      <section className="section donate-cta" aria-labelledby="contact-cta">
        <div className="container">
          <h2 id="contact-cta">{t('contact.cta.title')}</h2>
          <p className="lead">{t('contact.cta.text')}</p>
          <ButtonRow>
            <ButtonLink to={link('projects')} kind="primary">
              {t('contact.cta.projects')}
            </ButtonLink>
            <WhatsAppLink className="btn btn-outline btn-lg" label={t('contact.cta.chat')} />
          </ButtonRow>
        </div>
      </section>
    </div>
  );
}
