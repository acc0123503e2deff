// The double opt-in mail a new subscriber receives: one button to the confirmation page.
import type { TFunction } from 'i18next';
import type { Lang } from '../../models/shared/rules';
import { COLORS, mailHref, renderMailHtml } from './render';

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
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
      </head>
      <body style={{ margin: 0, padding: '24px', background: COLORS.sand, fontFamily: 'Arial,Helvetica,sans-serif', color: COLORS.ink }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0}>
          <tbody>
            <tr>
              <td align="center">
                <table role="presentation" width="560" cellPadding={0} cellSpacing={0} border={0} style={{ width: '100%', maxWidth: '560px', background: '#ffffff', borderRadius: '14px' }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '28px 32px', fontFamily: 'Arial,Helvetica,sans-serif', fontSize: '16px', lineHeight: 1.6 }}>
                        <p style={{ ...p, fontWeight: 'bold', fontSize: '20px', color: COLORS.dark }}>{org}</p>
                        <p style={p}>{t('newsletterPages.confirmMail.intro', { org })}</p>
                        <p style={{ margin: '0 0 20px' }}>
                          <a
                            href={mailHref(url)}
                            style={{ display: 'inline-block', padding: '12px 24px', background: COLORS.green, color: '#ffffff', borderRadius: '24px', textDecoration: 'none', fontWeight: 'bold' }}
                          >
                            {t('newsletterPages.confirmMail.button')}
                          </a>
                        </p>
                        <p style={{ ...p, fontSize: '14px', color: COLORS.muted }}>{t('newsletterPages.confirmMail.ignore')}</p>
                        <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted, wordBreak: 'break-all' }}>{url}</p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
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
