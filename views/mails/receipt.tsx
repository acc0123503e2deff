// The receipt a donor gets after each successful payment (a one-off gift or one month of a monthly
// gift): what, when, for which project, from whom it was received, the tax note and the way to
// manage the gifts. HTML and plain text from the same facts, in the donation's language.
import type { TFunction } from 'i18next';
import type { Lang } from '../../models/shared/rules';
import type { ReceiptFacts } from '../../models/shared/mails';
import { COLORS, FONT_FAMILY, mailHref, renderMailHtml } from './render';

export type { ReceiptFacts };

interface Props extends ReceiptFacts {
  t: TFunction;
}

function ReceiptMail({ lang, legalName, addressLines, amount, date, project, kind, reference, bankReference, manageUrl, tribute, t }: Props) {
  const p = { margin: '0 0 16px' };
  const rows: [string, string][] = [
    [t('donorMail.receipt.amount'), amount],
    [t('donorMail.receipt.date'), date],
    [t('donorMail.receipt.project'), project],
    [t('donorMail.receipt.kind'), kind],
    [t('donorMail.receipt.reference'), reference],
    ...(tribute ? [[t('donorMail.receipt.tributeLabel'), tribute] as [string, string]] : []),
  ];
  const cell = { padding: '6px 0', borderBottom: `1px solid #e4e8e4`, fontSize: '15px', verticalAlign: 'top' as const };
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{t('donorMail.receipt.title')}</title>
      </head>
      <body style={{ margin: 0, padding: '24px', background: COLORS.sand, fontFamily: FONT_FAMILY, color: COLORS.ink }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0}>
          <tbody>
            <tr>
              <td align="center">
                <table role="presentation" width="560" cellPadding={0} cellSpacing={0} border={0} style={{ width: '100%', maxWidth: '560px', background: '#ffffff', borderRadius: '14px' }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '28px 32px', fontFamily: FONT_FAMILY, fontSize: '16px', lineHeight: 1.6 }}>
                        <p style={{ ...p, fontWeight: 'bold', fontSize: '20px', color: COLORS.dark }}>{t('donorMail.receipt.title')}</p>
                        <p style={p}>{t('donorMail.receipt.thanks', { org: legalName })}</p>
                        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ margin: '0 0 20px' }}>
                          <tbody>
                            {rows.map(([label, value]) => (
                              <tr key={label}>
                                <td style={{ ...cell, color: COLORS.muted, paddingRight: '16px', whiteSpace: 'nowrap' }}>{label}</td>
                                <td style={{ ...cell, fontWeight: 'bold' }}>{value}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                        <p style={{ ...p, fontSize: '14px' }}>
                          {t('donorMail.receipt.receivedBy')}
                          <br />
                          <strong>{legalName}</strong>
                          {addressLines.map((line) => (
                            <span key={line}>
                              <br />
                              {line}
                            </span>
                          ))}
                        </p>
                        <p style={{ ...p, fontSize: '14px', background: COLORS.sand, padding: '12px 14px', borderRadius: '8px' }}>{t('donorMail.receipt.taxNote')}</p>
                        {bankReference && <p style={{ ...p, fontSize: '14px' }}>{t('donorMail.receipt.bankReference', { reference: bankReference })}</p>}
                        <p style={{ margin: '0 0 12px' }}>
                          <a
                            href={mailHref(manageUrl)}
                            style={{ display: 'inline-block', padding: '12px 24px', background: COLORS.green, color: '#ffffff', borderRadius: '24px', textDecoration: 'none', fontWeight: 'bold' }}
                          >
                            {t('donorMail.receipt.manage')}
                          </a>
                        </p>
                        <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted, wordBreak: 'break-all' }}>{manageUrl}</p>
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

/** Subject, HTML and plain text of a receipt. */
export function receiptMail(props: Props): { subject: string; html: string; text: string } {
  const { t } = props;
  const text = [
    t('donorMail.receipt.title'),
    '',
    t('donorMail.receipt.thanks', { org: props.legalName }),
    '',
    `${t('donorMail.receipt.amount')}: ${props.amount}`,
    `${t('donorMail.receipt.date')}: ${props.date}`,
    `${t('donorMail.receipt.project')}: ${props.project}`,
    `${t('donorMail.receipt.kind')}: ${props.kind}`,
    `${t('donorMail.receipt.reference')}: ${props.reference}`,
    ...(props.tribute ? [`${t('donorMail.receipt.tributeLabel')}: ${props.tribute}`] : []),
    '',
    t('donorMail.receipt.receivedBy'),
    props.legalName,
    ...props.addressLines,
    '',
    t('donorMail.receipt.taxNote'),
    '',
    ...(props.bankReference ? [t('donorMail.receipt.bankReference', { reference: props.bankReference }), ''] : []),
    `${t('donorMail.receipt.manage')}: ${props.manageUrl}`,
    '',
  ].join('\n');
  return {
    subject: t('donorMail.receipt.subject', { reference: props.reference, amount: props.amount }),
    html: renderMailHtml(<ReceiptMail {...props} />),
    text,
  };
}
