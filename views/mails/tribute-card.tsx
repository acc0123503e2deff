// The card a donor may send with a gift in honour or in memory of someone: who gave, for whom, to
// what, in the recipient's language. No amount: the card tells of the gift, not its size.
import type { TFunction } from 'i18next';
import type { TributeCardFacts } from '../../models/shared/mails';
import { COLORS, mailHref, renderMailHtml } from './render';
import { MailFrame } from './frame';

interface Props extends TributeCardFacts {
  t: TFunction;
}

/** The card's sentences, the same in the HTML and in the plain text. */
function sentences({ t, kind, honoured, recipient, donor, org, project }: Props) {
  const giver = donor ?? t('tributeMail.aFriend');
  return {
    title: t(`tributeMail.title.${kind}`, { name: honoured }),
    greeting: t('tributeMail.greeting', { name: recipient }),
    gift: t(`tributeMail.gift.${kind}`, { donor: giver, name: honoured, org }),
    purpose: project ? t('tributeMail.purposeProject', { project }) : t('tributeMail.purposeGeneral'),
    closing: t('tributeMail.closing'),
    visit: t('tributeMail.visit'),
  };
}

function TributeCard(props: Props) {
  const s = sentences(props);
  const p = { margin: '0 0 16px' };
  return (
    <MailFrame lang={props.lang} title={s.title} accent>
      <p style={{ ...p, fontWeight: 'bold', fontSize: '22px', color: COLORS.dark }}>{s.title}</p>
      <p style={p}>{s.greeting}</p>
      <p style={p}>{s.gift}</p>
      <p style={p}>{s.purpose}</p>
      <p style={p}>{s.closing}</p>
      <p style={{ margin: 0 }}>
        <a href={mailHref(props.siteUrl)} style={{ color: COLORS.green, fontWeight: 'bold' }}>
          {s.visit}
        </a>
      </p>
    </MailFrame>
  );
}

/** Subject, HTML and plain text of a tribute card. */
export function tributeCardMail(props: Props): { subject: string; html: string; text: string } {
  const s = sentences(props);
  const text = [s.title, '', s.greeting, '', s.gift, '', s.purpose, '', s.closing, '', `${s.visit}: ${props.siteUrl}`, ''].join('\n');
  return { subject: s.title, html: renderMailHtml(<TributeCard {...props} />), text };
}
