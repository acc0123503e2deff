// The newsletter mail: a header with the charity's name, the subject and preview, one block per
// selected news article and project, and a footer with the unsubscribe link. The plain-text part
// says the same in the same order.
import { addressLine } from '../../models/shared/address';
import type { CSSProperties, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { SiteInfo } from '../../config';
import type { Lang } from '../../models/shared/rules';
import { UNSUBSCRIBE_URL, type NewsletterSection } from '../../models/shared/mails';
import { COLORS, FONT_FAMILY, mailHref, renderMailHtml } from './render';

export { UNSUBSCRIBE_URL, type NewsletterSection };

interface Props {
  subject: string;
  previewText: string;
  lang: Lang;
  sections: NewsletterSection[];
  site: Pick<SiteInfo, 'name' | 'email' | 'address'>;
  /** The site's home page in the newsletter's language, absolute. */
  home: string;
  t: TFunction;
}

const href = (url: string) => mailHref(url, [UNSUBSCRIBE_URL]);
const FONT: CSSProperties = { fontFamily: FONT_FAMILY };
// Hidden-preheader filler: stops clients from pulling body text in after the preview text.
const PREHEADER_FILLER = '\u2007\u034f'.repeat(40);

/** A full-width layout table of one column (mail clients lay out tables, not blocks). */
function Layout({ width, style, children }: { width: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <table role="presentation" width={width} cellPadding={0} cellSpacing={0} border={0} style={style}>
      <tbody>{children}</tbody>
    </table>
  );
}

function Button({ url, label, color = COLORS.green }: { url: string; label: string; color?: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: '8px 8px 0 0', display: 'inline-table' }}>
      <tbody>
        <tr>
          <td style={{ borderRadius: '24px', background: color }}>
            <a
              href={href(url)}
              style={{ display: 'inline-block', padding: '11px 22px', ...FONT, fontSize: '15px', fontWeight: 'bold', color: '#ffffff', textDecoration: 'none', borderRadius: '24px' }}
            >
              {label}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function HeadingRow({ text }: { text: string }) {
  return (
    <tr>
      <td style={{ padding: '8px 32px 12px' }}>
        <p
          style={{ margin: 0, paddingBottom: '6px', borderBottom: '2px solid #f7e7cc', ...FONT, fontSize: '13px', letterSpacing: '1px', textTransform: 'uppercase', fontWeight: 'bold', color: '#8a5209' }}
        >
          {text}
        </p>
      </td>
    </tr>
  );
}

// fetchPriority low: without it React adds a preload <link> for the image to the mail's head.
function SectionRow({ s, t }: { s: NewsletterSection; t: TFunction }) {
  return (
    <tr>
      <td style={{ padding: '8px 32px 28px' }}>
        <Layout width="100%">
          {s.imageUrl ? (
            <tr>
              <td style={{ padding: '0 0 14px' }}>
                <a href={href(s.url)}>
                  <img src={href(s.imageUrl)} fetchPriority="low" width="536" alt={s.title} style={{ display: 'block', width: '100%', maxWidth: '536px', height: 'auto', border: 0, borderRadius: '10px' }} />
                </a>
              </td>
            </tr>
          ) : null}
          <tr>
            <td style={FONT}>
              <h2 style={{ margin: '0 0 6px', fontSize: '20px', lineHeight: 1.3, color: COLORS.dark, ...FONT }}>
                <a href={href(s.url)} style={{ color: COLORS.dark, textDecoration: 'none' }}>
                  {s.title}
                </a>
              </h2>
              {s.meta ? <p style={{ margin: '0 0 10px', fontSize: '13px', color: COLORS.muted, ...FONT }}>{s.meta}</p> : null}
              <p style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: 1.6, color: COLORS.ink, ...FONT }}>{s.summary}</p>
              <Button url={s.url} label={t('newsletterPages.email.readMore')} />
              {s.donateUrl ? <Button url={s.donateUrl} label={t('newsletterPages.email.support')} color={COLORS.amber} /> : null}
            </td>
          </tr>
        </Layout>
      </td>
    </tr>
  );
}

function NewsletterMail({ subject, previewText, lang, sections, site, home, t }: Props) {
  const news = sections.filter((s) => s.kind === 'news');
  const projects = sections.filter((s) => s.kind === 'project');
  const footerP: CSSProperties = { margin: '0 0 8px', ...FONT };
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLORS.sand }}>
        {/* Hidden preheader: most clients show it next to the subject. */}
        {previewText ? (
          <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', msoHide: 'all', fontSize: '1px', lineHeight: '1px', color: COLORS.sand } as CSSProperties}>
            {previewText + PREHEADER_FILLER}
          </div>
        ) : null}
        <Layout width="100%" style={{ background: COLORS.sand }}>
          <tr>
            <td align="center" style={{ padding: '24px 12px' }}>
              <Layout width="600" style={{ width: '100%', maxWidth: '600px', background: '#ffffff', borderRadius: '14px', overflow: 'hidden' }}>
                <tr>
                  <td style={{ padding: '22px 32px', background: COLORS.green, ...FONT }}>
                    <a href={href(home)} style={{ color: '#ffffff', textDecoration: 'none', fontSize: '20px', fontWeight: 'bold', ...FONT }}>
                      {site.name}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: '30px 32px 14px', ...FONT }}>
                    <h1 style={{ margin: '0 0 10px', fontSize: '26px', lineHeight: 1.25, color: COLORS.dark, ...FONT }}>{subject}</h1>
                    {previewText ? <p style={{ margin: 0, fontSize: '16px', lineHeight: 1.6, color: COLORS.muted, ...FONT }}>{previewText}</p> : null}
                  </td>
                </tr>
                {news.length ? <HeadingRow text={t('newsletterPages.email.newsHeading')} /> : null}
                {news.map((s) => (
                  <SectionRow key={`n${s.id}`} s={s} t={t} />
                ))}
                {projects.length ? <HeadingRow text={t('newsletterPages.email.projectsHeading')} /> : null}
                {projects.map((s) => (
                  <SectionRow key={`p${s.id}`} s={s} t={t} />
                ))}
                <tr>
                  <td style={{ padding: '22px 32px', background: '#e6f0e9', ...FONT, fontSize: '13px', lineHeight: 1.6, color: COLORS.ink }}>
                    <p style={footerP}>{t('newsletterPages.email.why', { org: site.name })}</p>
                    <p style={footerP}>
                      <a href={href(UNSUBSCRIBE_URL)} style={{ color: COLORS.green, fontWeight: 'bold' }}>
                        {t('newsletterPages.email.unsubscribe')}
                      </a>
                      {' · '}
                      <a href={href(home)} style={{ color: COLORS.green }}>
                        {t('newsletterPages.email.website')}
                      </a>
                    </p>
                    <p style={{ margin: 0, color: COLORS.muted, ...FONT }}>
                      {site.name} · {addressLine(site.address, lang)} ·{' '}
                      <a href={`mailto:${site.email}`} style={{ color: COLORS.green }}>
                        {site.email}
                      </a>
                    </p>
                  </td>
                </tr>
              </Layout>
            </td>
          </tr>
        </Layout>
      </body>
    </html>
  );
}

function newsletterText({ subject, previewText, lang, sections, site, t }: Props): string {
  const news = sections.filter((s) => s.kind === 'news');
  const projects = sections.filter((s) => s.kind === 'project');
  const block = (s: NewsletterSection) =>
    [s.title, s.meta, s.summary, `${t('newsletterPages.email.readMore')}: ${s.url}`, s.donateUrl ? `${t('newsletterPages.email.support')}: ${s.donateUrl}` : '']
      .filter(Boolean)
      .join('\n');
  return [
    site.name,
    '',
    subject.toUpperCase(),
    previewText,
    '',
    ...(news.length ? [`== ${t('newsletterPages.email.newsHeading')} ==`, '', ...news.map((s) => block(s) + '\n')] : []),
    ...(projects.length ? [`== ${t('newsletterPages.email.projectsHeading')} ==`, '', ...projects.map((s) => block(s) + '\n')] : []),
    '--',
    t('newsletterPages.email.why', { org: site.name }),
    `${t('newsletterPages.email.unsubscribe')}: ${UNSUBSCRIBE_URL}`,
    `${site.name}, ${addressLine(site.address, lang)}, ${site.email}`,
    '',
  ].join('\n');
}

/** The newsletter as HTML and plain text, with UNSUBSCRIBE_URL still to be filled in per recipient. */
export function newsletterMail(props: Props): { html: string; text: string } {
  return { html: renderMailHtml(<NewsletterMail {...props} />), text: newsletterText(props) };
}
