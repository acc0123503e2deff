// An article about a project, to a donor who asked to hear how it goes: its title, summary and a
// link, in the donor's language, with the way to stop these mails.
import type { TFunction } from 'i18next';
import type { ProjectNewsFacts } from '../../models/shared/mails';
import { COLORS, mailHref, renderMailHtml } from './render';
import { MailButton, MailFrame } from './frame';

interface Props extends ProjectNewsFacts {
  t: TFunction;
}

function ProjectNews({ lang, t, org, project, title, summary, url, unsubscribeUrl }: Props) {
  const p = { margin: '0 0 16px' };
  return (
    <MailFrame lang={lang} title={title}>
      <p style={{ ...p, fontSize: '14px', color: COLORS.muted }}>{t('projectNewsMail.lead', { project })}</p>
      <p style={{ ...p, fontWeight: 'bold', fontSize: '22px', color: COLORS.dark }}>{title}</p>
      <p style={p}>{summary}</p>
      <p style={{ margin: '0 0 24px' }}>
        <MailButton href={url}>{t('projectNewsMail.read')}</MailButton>
      </p>
      <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted }}>
        {t('projectNewsMail.why', { org, project })}{' '}
        <a href={mailHref(unsubscribeUrl)} style={{ color: COLORS.muted }}>
          {t('projectNewsMail.stop')}
        </a>
      </p>
    </MailFrame>
  );
}

/** Subject, HTML and plain text of a project's news to one follower. */
export function projectNewsMail(props: Props): { subject: string; html: string; text: string } {
  const { t } = props;
  const text = [
    t('projectNewsMail.lead', { project: props.project }),
    '',
    props.title,
    '',
    props.summary,
    '',
    `${t('projectNewsMail.read')}: ${props.url}`,
    '',
    t('projectNewsMail.why', { org: props.org, project: props.project }),
    `${t('projectNewsMail.stop')}: ${props.unsubscribeUrl}`,
    '',
  ].join('\n');
  return { subject: t('projectNewsMail.subject', { project: props.project, title: props.title }), html: renderMailHtml(<ProjectNews {...props} />), text };
}
