// Pure admin rules shared by the server (zod schemas, controllers) and the admin bundle:
// allowed values and the outreach block of new news articles (field messages: models/shared/errors.ts).
// No database or Node imports here: the browser bundle includes this file.
import type { SiteInfo } from '../../config';
import type { Lang } from './rules';
import { localizePath } from './urls';

/**
 * Markdown as a plain-text excerpt for the admin lists and pickers, without the server's parser
 * (markdown-it would double the admin bundle): marks, images and gallery fences drop out, a
 * link keeps its label. Good enough for 100 characters of a list row; the pages use markdownToText.
 */
export function stripMarkdown(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/^:::[ \t]*gallery[ \t]*$[\s\S]*?(^:::[ \t]*$|(?![\s\S]))/gim, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+|-{3,}\s*$|\*{3,}\s*$)/gm, '')
    .replace(/(\*\*|\*|~~|`)(?=\S)([\s\S]*?\S)\1/g, '$2')
    // Underscores mark emphasis only at word edges (file_name_v2 keeps its underscores).
    .replace(/(^|\W)(__?)(?=\S)([\s\S]*?\S)\2(?=\W|$)/g, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Team locations the admin form offers (the public page groups by them). */
export const TEAM_LOCATIONS = ['zimbabwe', 'switzerland', 'Board of Trustees'] as const;

/** The admin's tabs in their order; the first (the dashboard) opens when the address names none. */
export const ADMIN_TABS = ['dashboard', 'projects', 'news', 'team', 'pages', 'media', 'newsletter', 'social', 'donations', 'fundraisers', 'glossary', 'translations', 'trash', 'people'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (v: unknown): v is AdminTab => typeof v === 'string' && (ADMIN_TABS as readonly string[]).includes(v);

/** An admin screen's own address (English): the dashboard is /admin, every other screen /admin/<name>. */
export const adminScreenPath = (screen: AdminTab): string => (screen === 'dashboard' ? '/admin' : `/admin/${screen}`);

/**
 * An admin screen's address in a language, with what follows it: a query ('?edit=3', or '&edit=3':
 * its first '&' becomes the '?'), then a fragment ('#history').
 */
export function adminHref(lang: Lang, screen: AdminTab, more = ''): string {
  return localizePath(adminScreenPath(screen), lang) + (more.startsWith('&') ? `?${more.slice(1)}` : more);
}

/** The kinds of thing the Trash screen holds, in its filter's order (models/content/trash.ts TRASH_KINDS says where each lives). */
export const TRASH_NAMES = ['projects', 'news', 'team', 'pages', 'media'] as const;
export type TrashName = (typeof TRASH_NAMES)[number];
export const isTrashName = (v: unknown): v is TrashName => typeof v === 'string' && (TRASH_NAMES as readonly string[]).includes(v);

/** An item's place on the Trash screen: its row's id, the fragment of its link (#trash-news-12). */
export const trashAnchor = (name: TrashName, id: number): string => `trash-${name}-${id}`;

/** The Trash screen of one kind, at the item (the Activity panel's link to what was deleted). */
export const trashHref = (lang: Lang, name: TrashName, id?: number): string => adminHref(lang, 'trash', `?kind=${name}${id === undefined ? '' : `#${trashAnchor(name, id)}`}`);

/** An item's own place while it is not in the trash: its form (a content screen), or its details (the media library). */
export const itemHref = (lang: Lang, name: TrashName, id: number): string =>
  name === 'media' ? adminHref(lang, 'media', `?edit=${id}#media-${id}`) : adminHref(lang, name, `?edit=${id}#edit-form`);

/** Excerpt lengths of the admin lists, in characters: projects and team 100, news and pages 150. */
export const EXCERPT_LENGTH = { projects: 100, team: 100, news: 150, pages: 150 } as const;

/**
 * The call to action a new news article starts with: where to follow the
 * charity and how to reach it, in the article's language (markdown, like the article bodies).
 */
export function outreachBlock(site: Pick<SiteInfo, 'name' | 'email' | 'phone' | 'socials' | 'publicUrl'>, lang: Lang): string {
  const { socials } = site;
  if (lang === 'de') {
    return [
      '---',
      '',
      `## Bleiben Sie mit ${site.name} in Verbindung`,
      '',
      `Folgen Sie uns auf [Facebook](${socials.facebook}), [Instagram](${socials.instagram}) und [LinkedIn](${socials.linkedin}), um Neuigkeiten aus den 17 Dörfern zu erhalten.`,
      '',
      `Möchten Sie helfen oder haben Sie Fragen? Schreiben Sie uns an [${site.email}](mailto:${site.email}) oder rufen Sie uns an: ${site.phone}.`,
      '',
      `[Jetzt spenden](${site.publicUrl}/de/checkout)`,
      '',
    ].join('\n');
  }
  return [
    '---',
    '',
    `## Stay connected with ${site.name}`,
    '',
    `Follow us on [Facebook](${socials.facebook}), [Instagram](${socials.instagram}) and [LinkedIn](${socials.linkedin}) for news from the 17 villages.`,
    '',
    `Want to help or have a question? Write to [${site.email}](mailto:${site.email}) or call us on ${site.phone}.`,
    '',
    `[Donate now](${site.publicUrl}/checkout)`,
    '',
  ].join('\n');
}
