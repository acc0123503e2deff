// The frame every transactional mail shares: a sand background, one white card 560 px wide (a
// table, as mail clients need), and the main button. Mails put their paragraphs inside.
import type { ReactNode } from 'react';
import { COLORS, FONT_FAMILY, mailHref } from './render';

export function MailFrame({ lang, title, children, accent = false }: { lang: string; title: string; children: ReactNode; accent?: boolean }) {
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
                <table
                  role="presentation"
                  width="560"
                  cellPadding={0}
                  cellSpacing={0}
                  border={0}
                  style={{ width: '100%', maxWidth: '560px', background: '#ffffff', borderRadius: '14px', ...(accent ? { borderTop: `6px solid ${COLORS.green}` } : {}) }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '28px 32px', fontFamily: FONT_FAMILY, fontSize: '16px', lineHeight: 1.6 }}>{children}</td>
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

/** The mail's main link as a green button. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={mailHref(href)} style={{ display: 'inline-block', padding: '12px 24px', background: COLORS.green, color: '#ffffff', borderRadius: '24px', textDecoration: 'none', fontWeight: 'bold' }}>
      {children}
    </a>
  );
}
