// The privacy notice (revFADP Art. 19): who is responsible (ORG_* configuration), what is collected
// and why, who else receives it (from the configuration: models/site/recipients.ts), how long it is
// kept, people's rights, cookies. The words are the Pages tab's "Privacy notice" entry over the
// built-in copy (locales, privacy.*); the recipients' list is written from the configuration.
import { Link } from '../components/link';
import { useLang, useLinks, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { TextSection } from '../components/content/content-section';
import { OrgAddress } from '../components/legal/org-address';
import { countryName } from '../../models/shared/address';
import type { Recipient } from '../../models/site/recipients';

const COLLECTED = ['gifts', 'monthly', 'newsletter', 'contact', 'server'] as const;

export interface PrivacyPageProps {
  content: PageIntro | null;
  recipients: Recipient[];
  /** The periods in force (RETENTION_MAIL_DAYS, RETENTION_IP_DAYS). */
  retention: { mailDays: number; ipDays: number };
}

export default function PrivacyPage({ content, recipients, retention }: PrivacyPageProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
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
              <dd>{t(`privacy.collect.${key}.text`)}</dd>
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
      </TextSection>

      <TextSection texts="privacy.rights" narrow paragraphs={2}>
        <p>
          <Link to={link('contact')} className="text-link">
            {t('nav.contact')} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </TextSection>

      <TextSection texts="privacy.cookies" tone="alt" narrow paragraphs={2} />
    </div>
  );
}
