// The privacy notice (revFADP Art. 19): who is responsible (ORG_* configuration), what is collected
// and why, who else receives it (from the configuration: models/site/recipients.ts), how long it is
// kept, people's rights, cookies. The words are the Pages tab's "Privacy notice" entry over the
// built-in copy (locales, privacy.*); the recipients' list is written from the configuration.
import { useLang, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { TextSection } from '../components/content/content-section';
import { OrgAddress } from '../components/legal/org-address';
import { countryName } from '../../models/shared/address';
import type { Recipient } from '../../models/site/recipients';
import { localizePath } from '../../models/shared/urls';

const COLLECTED = ['gifts', 'bankTransfers', 'giftOptions', 'fundraisers', 'monthly', 'newsletter', 'contact', 'server', 'volunteers'] as const;

export interface PrivacyPageProps {
  content: PageIntro | null;
  recipients: Recipient[];
  /** The periods in force (RETENTION_MAIL_DAYS, RETENTION_IP_DAYS). */
  retention: { mailDays: number; ipDays: number; reportDays: number };
}

export default function PrivacyPage({ content, recipients, retention }: PrivacyPageProps) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="content-page legal-page">
      <TextPageHero texts="privacy" content={content} />

      <TextSection texts="privacy.controller" narrow paragraphs={1}>
        <OrgAddress />
      </TextSection>

      <TextSection texts="privacy.collect" tone="alt" narrow>
        <p className="lead">{t('privacy.collect.lead')}</p>
        <dl className="legal-list">
          {COLLECTED.map((key) => (
            <div key={key}>
              <dt>{t(`privacy.collect.${key}.title`)}</dt>
              <dd>{t(`privacy.collect.${key}.text`, { mailDays: retention.mailDays })}</dd>
            </div>
          ))}
        </dl>
      </TextSection>

      <TextSection texts="privacy.recipients" narrow>
        {recipients.length === 0 ? (
          <p>{t('privacy.recipients.none')}</p>
        ) : (
          <>
            <p>{t('privacy.recipients.p1')}</p>
            <ul className="legal-recipients">
              {recipients.map((r) => (
                <li key={r.service}>
                  <strong>{r.name}</strong> ({r.country ? countryName(r.country, lang) : t('privacy.recipients.countryUnknown')}
                  {r.safeguard ? `; ${t(`privacy.recipients.safeguard.${r.safeguard}`)}` : ''}): {t(`privacy.recipients.purpose.${r.service}`)}
                </li>
              ))}
            </ul>
            <p>{t('privacy.recipients.p2')}</p>
          </>
        )}
      </TextSection>

      <TextSection texts="privacy.retention" tone="alt" narrow paragraphs={3}>
        <p>{t('privacy.retention.p4', { mailDays: retention.mailDays, ipDays: retention.ipDays })}</p>
        <p>{t('privacy.retention.p5', { mailDays: retention.mailDays })}</p>
        <p>{t('privacy.retention.p6', { reportDays: retention.reportDays })}</p>
      </TextSection>

      <TextSection texts="privacy.rights" narrow paragraphs={2} anchor="rights">
        {/* A plain form (no script): the answer is a page; the link it mails shows or erases the data (controllers/privacy.ts). */}
        <form method="post" action={localizePath('/privacy/requests', lang)} className="privacy-request-form card">
          <h3>{t('privacy.rights.form.title')}</h3>
          <label htmlFor="privacy-request-email">{t('privacy.rights.form.email')}</label>
          <input id="privacy-request-email" type="email" name="email" required autoComplete="email" maxLength={320} />
          <fieldset>
            <legend>{t('privacy.rights.form.kind')}</legend>
            <label>
              <input type="radio" name="kind" value="access" defaultChecked /> {t('privacy.rights.form.access')}
            </label>
            <label>
              <input type="radio" name="kind" value="erasure" /> {t('privacy.rights.form.erasure')}
            </label>
          </fieldset>
          <p className="small muted">{t('privacy.rights.form.note')}</p>
          <button type="submit" className="btn btn-primary">
            {t('privacy.rights.form.submit')}
          </button>
        </form>
      </TextSection>

      <TextSection texts="privacy.cookies" tone="alt" narrow paragraphs={2} />
    </div>
  );
}
