// An article about a project, to a donor who asked to hear how it goes: its title, summary and a
// link, in the donor's language, with the way to stop these mails.
import type { TFunction } from 'i18next';
import type { ProjectNewsFacts } from '../../models/shared/mails';
import { COLORS, FONT_FAMILY, mailHref, renderMailHtml } from './render';

interface Props extends ProjectNewsFacts {
  t: TFunction;
}

function ProjectNews({ lang, t, org, project, title, summary, url, unsubscribeUrl }: Props) {
  const p = { margin: '0 0 16px' };
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
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
                        <p style={{ ...p, fontSize: '14px', color: COLORS.muted }}>{t('projectNewsMail.lead', { project })}</p>
                        <p style={{ ...p, fontWeight: 'bold', fontSize: '22px', color: COLORS.dark }}>{title}</p>
                        <p style={p}>{summary}</p>
                        <p style={{ margin: '0 0 24px' }}>
                          <a
                            href={mailHref(url)}
                            style={{ display: 'inline-block', padding: '12px 24px', background: COLORS.green, color: '#ffffff', borderRadius: '24px', textDecoration: 'none', fontWeight: 'bold' }}
                          >
                            {t('projectNewsMail.read')}
                          </a>
                        </p>
                        <p style={{ margin: 0, fontSize: '13px', color: COLORS.muted }}>
                          {t('projectNewsMail.why', { org, project })}{' '}
                          <a href={mailHref(unsubscribeUrl)} style={{ color: COLORS.muted }}>
                            {t('projectNewsMail.stop')}
                          </a>
                        </p>
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
