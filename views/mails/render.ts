// E-mails are React components rendered once to static HTML on the server (never hydrated), next
// to a plain-text part built from the same data. Mail clients need tables and inline styles, so
// the components use those instead of the site's stylesheet.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A complete HTML document for a mail: the doctype, then the component's markup. */
export function renderMailHtml(element: ReactElement): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(element)}\n`;
}

/** Only http(s) addresses and the given placeholders go into a mail's links; anything else becomes '#'. */
export function mailHref(url: string, placeholders: readonly string[] = []): string {
  return /^https?:\/\//i.test(url) || placeholders.includes(url) ? url : '#';
}

export const FONT_FAMILY = "Arial,'Helvetica Neue',Helvetica,sans-serif";
export const COLORS = {
  green: '#1f5c3a',
  dark: '#143d27',
  ink: '#1d2420',
  muted: '#56615a',
  sand: '#f8f1e4',
  amber: '#9c5d0f',
} as const;
