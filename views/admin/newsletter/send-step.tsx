// The generated mail's preview, and step 3 of the Newsletter screen: send it (after a
// confirmation that names the edition's readers), or with Mailchimp prepare it there first.
import { useApp, useT } from '../../app-context';
import type { Lang } from '../../../models/shared/rules';
import type { CampaignRef, Generated } from './types';

/** The mail's own image addresses (PUBLIC_URL) made relative, for the preview on this origin. */
const previewHtml = (html: string, publicUrl: string) => html.split(`src="${publicUrl}/`).join('src="/');

export function GeneratedPreview({ generated }: { generated: Generated }) {
  const t = useT();
  const { site } = useApp();
  return (
    <div className="nl-preview">
      <h4>{t('newsletterAdmin.previewHeading')}</h4>
      <p className="small muted">{t('newsletterAdmin.generatedText', { count: generated.sectionsCount })}</p>
      {/* No scripts (sandbox without allow-scripts): the e-mail is shown, never run. Images load
          from this origin, so the preview also works where PUBLIC_URL is another host. */}
      <iframe title={t('newsletterAdmin.previewFrame')} sandbox="allow-same-origin" srcDoc={previewHtml(generated.newsletterData.html, site.publicUrl)} className="nl-frame" />
      <details>
        <summary>{t('newsletterAdmin.textVersion')}</summary>
        <pre className="nl-text">{generated.newsletterData.text}</pre>
      </details>
    </div>
  );
}

interface SendStepProps {
  generated: Generated | null;
  campaign: CampaignRef | null;
  mailing: 'mailchimp' | 'local';
  language: Lang;
  /** How many read this edition's language (null: not known, Mailchimp's audience). */
  audienceCount: number | null;
  busy: null | 'suggest' | 'generate' | 'create' | 'send';
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  onSend: () => void;
  onPrepare: () => void;
}

export function SendStep({ generated, campaign, mailing, language, audienceCount, busy, confirming, onConfirming, onSend, onPrepare }: SendStepProps) {
  const t = useT();
  // Nobody reads this edition's language yet: sending is refused (here and by the server).
  const nobody = audienceCount === 0;
  const languageName = t(language === 'de' ? 'newsletterAdmin.langDe' : 'newsletterAdmin.langEn');
  return (
    <>
      <h3>{t('newsletterAdmin.step3')}</h3>
      <p className="small muted">{generated ? t('newsletterAdmin.sendLead') : t('newsletterAdmin.sendNeedsPreview')}</p>
      <div className="nl-actions">
        <button type="button" className="btn btn-accent" onClick={() => onConfirming(true)} disabled={!generated || busy !== null || confirming || nobody} aria-describedby={nobody ? 'nl-nobody' : undefined}>
          {busy === 'send' ? t('newsletterAdmin.sending') : t('newsletterAdmin.send')}
        </button>
        {mailing === 'mailchimp' && (
          <button type="button" className="btn btn-outline" onClick={onPrepare} disabled={!generated || Boolean(campaign) || busy !== null}>
            {busy === 'create' ? t('newsletterAdmin.creating') : t('newsletterAdmin.prepareInMailchimp')}
          </button>
        )}
      </div>
      {nobody && (
        <p id="nl-nobody" className="nl-nobody small">
          {t('admin.newsletter.noSubscribers', { language: languageName })}
        </p>
      )}

      {campaign && (
        <p className="nl-campaign small">
          {t('newsletterAdmin.campaignReady', { id: campaign.campaignId })}{' '}
          <a href={campaign.editUrl} target="_blank" rel="noopener noreferrer">
            {t('newsletterAdmin.openCampaign')}
            <span className="sr-only"> ({t('common.opensNewTab')})</span>
          </a>
        </p>
      )}

      {confirming && generated && !nobody && (
        <div className="nl-confirm" role="alertdialog" aria-labelledby="nl-confirm-text">
          <p id="nl-confirm-text">
            {audienceCount === null
              ? t('newsletterAdmin.confirmSend', { subject: generated.newsletterData.subject, language: languageName })
              : t('newsletterAdmin.confirmSendCount', { subject: generated.newsletterData.subject, count: audienceCount, language: languageName })}
          </p>
          <div className="nl-actions">
            <button type="button" className="btn btn-accent" onClick={onSend} disabled={busy !== null} data-autofocus="">
              {busy === 'send' ? t('newsletterAdmin.sending') : t('newsletterAdmin.confirmYes')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => onConfirming(false)} disabled={busy !== null}>
              {t('newsletterAdmin.cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
