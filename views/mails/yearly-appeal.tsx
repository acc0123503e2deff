// The yearly appeal to a donor who gave by bank transfer last year (models/giving/yearly-appeal.ts):
// last year's total, a thank-you, their own QR-bill attached (their reference, no amount), and the
// way to get no more of these, in the donor's language.
import type { TFunction } from 'i18next';
import type { YearlyAppealFacts } from '../../models/giving/yearly-appeal';
import { COLORS, mailHref, renderMailHtml } from './render';
import { MailFrame } from './frame';

interface Props extends YearlyAppealFacts {
  t: TFunction;
}

function YearlyAppeal({ lang, t, org, name, year, totals, reference, stopUrl, contact }: Props) {
  const p = { margin: '0 0 16px' };
  return (
    <MailFrame lang={lang} title={t('yearlyAppeal.mail.subject', { year, org })} accent>
      <p style={p}>{name ? t('yearlyAppeal.mail.greetingName', { name }) : t('yearlyAppeal.mail.greeting')}</p>
      <p style={p}>{t('yearlyAppeal.mail.total', { year, org })}</p>
      <ul style={{ margin: '0 0 16px', paddingLeft: '20px', fontWeight: 'bold', color: COLORS.dark }}>
        {totals.map((total) => (
          <li key={total}>{total}</li>
        ))}
      </ul>
      <p style={p}>{t('yearlyAppeal.mail.thanks')}</p>
      <p style={p}>{t('yearlyAppeal.mail.bill', { year: year + 1, reference })}</p>
      <p style={p}>{t('yearlyAppeal.mail.standingOrder', { reference })}</p>
      <p style={{ ...p, whiteSpace: 'pre-line', fontSize: '14px', color: COLORS.muted }}>{contact.join('\n')}</p>
      <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted }}>
        {t('yearlyAppeal.mail.why', { org })}{' '}
        <a href={mailHref(stopUrl)} style={{ color: COLORS.muted }}>
          {t('yearlyAppeal.mail.stop')}
        </a>
      </p>
    </MailFrame>
  );
}

/** Subject, HTML and plain text of one donor's yearly appeal. */
export function yearlyAppealMail(props: Props): { subject: string; html: string; text: string } {
  const { t, year, org } = props;
  const text = [
    props.name ? t('yearlyAppeal.mail.greetingName', { name: props.name }) : t('yearlyAppeal.mail.greeting'),
    '',
    t('yearlyAppeal.mail.total', { year, org }),
    ...props.totals.map((total) => `- ${total}`),
    '',
    t('yearlyAppeal.mail.thanks'),
    '',
    t('yearlyAppeal.mail.bill', { year: year + 1, reference: props.reference }),
    '',
    t('yearlyAppeal.mail.standingOrder', { reference: props.reference }),
    '',
    ...props.contact,
    '',
    t('yearlyAppeal.mail.why', { org }),
    `${t('yearlyAppeal.mail.stop')}: ${props.stopUrl}`,
    '',
  ].join('\n');
  return { subject: t('yearlyAppeal.mail.subject', { year, org }), html: renderMailHtml(<YearlyAppeal {...props} />), text };
}
