// The double opt-in mail a new subscriber receives: one button to the confirmation page.
import type { TFunction } from 'i18next';
import type { Lang } from '../../models/shared/rules';
import { COLORS, renderMailHtml } from './render';
import { MailButton, MailFrame } from './frame';

interface Props {
  lang: Lang;
  /** The charity's name. */
  org: string;
  /** The confirmation link. */
  url: string;
  /** Texts in the subscriber's language. */
  t: TFunction;
}

function ConfirmSubscriptionMail({ lang, org, url, t }: Props) {
  const p = { margin: '0 0 16px' };
  return (
    <MailFrame lang={lang} title={org}>
      <p style={{ ...p, fontWeight: 'bold', fontSize: '20px', color: COLORS.dark }}>{org}</p>
      <p style={p}>{t('newsletterPages.confirmMail.intro', { org })}</p>
      <p style={{ margin: '0 0 20px' }}>
        <MailButton href={url}>{t('newsletterPages.confirmMail.button')}</MailButton>
      </p>
      <p style={{ ...p, fontSize: '14px', color: COLORS.muted }}>{t('newsletterPages.confirmMail.ignore')}</p>
      <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted, wordBreak: 'break-all' }}>{url}</p>
    </MailFrame>
  );
}

/** Subject, HTML and plain text of the confirmation mail. */
export function confirmSubscriptionMail(props: Props): { subject: string; html: string; text: string } {
  const { org, url, t } = props;
  return {
    subject: t('newsletterPages.confirmMail.subject', { org }),
    html: renderMailHtml(<ConfirmSubscriptionMail {...props} />),
    text: t('newsletterPages.confirmMail.text', { org, url }),
  };
}
