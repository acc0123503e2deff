// The mails that keep a regular gift going (models/giving/recovery.ts, card-expiry.ts): a payment
// that did not go through, a gift paused after Stripe's last try, and a card that ends next month.
// What happened and how much, never a card's details; one button to the donor's page, opened on
// "Update your card". HTML and plain text from the same locale keys, in the gift's language.
import type { RecoveryMailFacts, RenderRecoveryMail } from '../../models/giving/recovery';
import { MailButton, MailFrame } from './frame';
import { COLORS, renderMailHtml } from './render';

type Props = Parameters<RenderRecoveryMail>[0];

const keyOf = (kind: RecoveryMailFacts['kind']) => `donorMail.recovery.${kind}`;

function RecoveryMail({ t, lang, kind, org, amount, date, url, days }: Props) {
  const k = keyOf(kind);
  const p = { margin: '0 0 16px' };
  return (
    <MailFrame lang={lang} title={t(`${k}.title`)} accent>
      <p style={{ ...p, fontWeight: 'bold', fontSize: '20px', color: COLORS.dark }}>{t(`${k}.title`)}</p>
      <p style={p}>{t(`${k}.what`, { amount, date, org })}</p>
      <p style={p}>{t(`${k}.next`, { amount, date, org })}</p>
      <p style={{ margin: '0 0 12px' }}>
        <MailButton href={url}>{t(`${k}.button`)}</MailButton>
      </p>
      <p style={{ margin: '0 0 16px', fontSize: '13px', color: COLORS.muted, wordBreak: 'break-all' }}>{url}</p>
      <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted }}>{t('donorMail.recovery.linkNote', { days: String(days), org })}</p>
    </MailFrame>
  );
}

export const recoveryMail: RenderRecoveryMail = (props) => {
  const { t } = props;
  const k = keyOf(props.kind);
  const vars = { amount: props.amount, date: props.date, org: props.org };
  const text = [
    t(`${k}.title`),
    '',
    t(`${k}.what`, vars),
    '',
    t(`${k}.next`, vars),
    '',
    `${t(`${k}.button`)}: ${props.url}`,
    '',
    t('donorMail.recovery.linkNote', { days: String(props.days), org: props.org }),
    '',
  ].join('\n');
  return { subject: t(`${k}.subject`, vars), html: renderMailHtml(<RecoveryMail {...props} />), text };
};
