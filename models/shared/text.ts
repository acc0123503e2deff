// Small string rules used on the server and in the browser bundle alike (no Node-only imports).
import type { i18n as I18n, TFunction } from 'i18next';
import type { Lang } from './rules';

/**
 * Text made safe for HTML or XML, in element content and in double-quoted attributes. React
 * escapes by itself: this is for the few places that write markup as text (sitemap, head tags,
 * the one-time-link pages).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** E-mail addresses compare without surrounding spaces and case (Anna@Example.org is anna@example.org). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The text lookup of one language from the app's i18next instances (server side: mails, pages, answers). */
export function tFor(i18n: Record<Lang, I18n>, lang: Lang): TFunction {
  return i18n[lang].t.bind(i18n[lang]) as TFunction;
}
