// Accessibility checks of the HTML the article renderer makes (models/content/markup.ts), before a text is
// published: rules in the spirit of Wagtail's accessibility checker. In the editor, axe-core runs
// on the preview in the admin's browser (views/admin/a11y-axe.ts) and these rules add what axe
// lacks (an alt text that is a file name, generic link texts, the reading-length hints). The server
// has no DOM for axe (neither jsdom nor linkedom is installed), so for the forms without JavaScript
// and for the API all rules run here, on the tree that htmlparser2 (the parser sanitize-html uses)
// makes of the HTML. They only look at what Markdown can produce: images, headings, links,
// buttons, tables, paragraphs. They live with the media library, whose alt texts the pictures'
// checks read (library-alts.ts); media sits above content and reads its renderer.
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { Knex } from 'knex';
import { libraryAlts, renderWithLibraryAlts } from './library-alts';
import type { Lang } from '../shared/rules';

export type A11yRule =
  | 'image-alt-missing'
  | 'image-alt-filename'
  // The item's picture: its alt text comes from the media library.
  | 'picture-alt-missing'
  | 'picture-alt-filename'
  | 'heading-start'
  | 'heading-order'
  | 'heading-empty'
  | 'link-name'
  | 'link-generic'
  | 'button-name'
  | 'table-headers'
  // Named after axe-core's table rules (models/shared/a11y-axe-rules.ts): only the browser's axe finds them.
  | 'table-th-data'
  | 'table-td-header'
  | 'table-scope'
  | 'table-empty-header'
  | 'axe-other'
  | 'long-paragraph'
  | 'reading-time';

export interface A11yFinding {
  rule: A11yRule;
  /** The words concerned (an alt text, a link's text, a heading), for the message; may be empty. */
  detail: string;
  /** 'error' for barriers, 'hint' for the reading-length advice. */
  severity: 'error' | 'hint';
  /**
   * Whether axe-core, run on the preview below the page's level-1 title, finds this too (then the
   * editor, whose browser runs axe, gets it from axe and not twice). Markdown's images always have
   * an alt attribute, and axe takes an empty one for a decorative image: that stays ours; so does a
   * first heading of level 1, which axe's heading-order accepts after the title.
   */
  axe?: boolean;
}

/** A paragraph longer than this many words is hard to follow (plain-language guidance). */
export const LONG_PARAGRAPH_WORDS = 120;
/** Words read per minute, and the reading time above which the text gets a hint. */
export const WORDS_PER_MINUTE = 200;
export const LONG_READ_MINUTES = 10;

const FILE_NAME = /\.(jpe?g|png|gif|webp|avif|svg|heic|heif|tiff?|bmp)$/i;
const CAMERA_NAME = /^(img|dsc|dscn|dscf|pxl|pic|screenshot|bildschirmfoto|whatsapp image|photo|image)[\s_-]*\d/i;
const PLACEHOLDER_ALT = new Set(['image', 'img', 'photo', 'picture', 'pic', 'graphic', 'foto', 'bild', 'grafik', 'untitled', 'alt', 'alt text', 'placeholder']);
const GENERIC_LINK = new Set([
  'click here', 'here', 'click', 'read more', 'more', 'link', 'this link', 'this', 'learn more', 'go',
  'hier klicken', 'hier', 'klicken sie hier', 'klick hier', 'mehr', 'weiter', 'weiterlesen', 'mehr lesen', 'dieser link', 'link',
]);

const isElement = (n: ChildNode): n is Element => n.type === 'tag';

function textOf(node: ChildNode): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (!isElement(node)) return '';
  // An image inside a link or button names it with its alt text.
  if (node.name === 'img') return node.attribs.alt ?? '';
  return node.children.map(textOf).join('');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const words = (s: string) => squash(s).split(' ').filter(Boolean).length;

/** Whether an alt text is a file name or a placeholder rather than a description. */
export function altLooksLikeFileName(alt: string): boolean {
  const a = squash(alt).toLowerCase().replace(/[.!]$/, '');
  return FILE_NAME.test(a) || CAMERA_NAME.test(a) || PLACEHOLDER_ALT.has(a) || /^[\w-]*\d{3,}[\w-]*$/.test(a) && !/\s/.test(a);
}

/** The findings of one rendered HTML fragment, in document order. */
export function checkHtml(html: string): A11yFinding[] {
  const found: A11yFinding[] = [];
  const doc = parseDocument(html);
  let lastHeading = 0;
  let totalWords = 0;
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const name = node.name;
      if (name === 'img') {
        const alt = node.attribs.alt;
        if (alt === undefined || !squash(alt)) found.push({ rule: 'image-alt-missing', detail: node.attribs.src ?? '', severity: 'error', axe: alt === undefined });
        else if (altLooksLikeFileName(alt)) found.push({ rule: 'image-alt-filename', detail: squash(alt), severity: 'error' });
      } else if (/^h[1-6]$/.test(name)) {
        const level = Number(name.slice(1));
        const text = squash(textOf(node));
        if (!text) found.push({ rule: 'heading-empty', detail: '', severity: 'error', axe: true });
        if (lastHeading === 0 && level !== 2) found.push({ rule: 'heading-start', detail: text, severity: 'error', axe: level > 2 });
        else if (lastHeading > 0 && level > lastHeading + 1) found.push({ rule: 'heading-order', detail: text, severity: 'error', axe: true });
        lastHeading = level;
        continue;
      } else if (name === 'a') {
        const text = squash(textOf(node));
        if (!text) found.push({ rule: 'link-name', detail: node.attribs.href ?? '', severity: 'error', axe: true });
        else if (GENERIC_LINK.has(text.toLowerCase().replace(/[.!:\u2026]+$/, ''))) found.push({ rule: 'link-generic', detail: text, severity: 'error' });
      } else if (name === 'button') {
        if (!squash(textOf(node)) && !node.attribs['aria-label']) found.push({ rule: 'button-name', detail: '', severity: 'error', axe: true });
      } else if (name === 'table') {
        const hasHeader = (n: ChildNode): boolean => isElement(n) && (n.name === 'th' || n.children.some(hasHeader));
        if (!node.children.some(hasHeader)) found.push({ rule: 'table-headers', detail: '', severity: 'error' });
      } else if (name === 'p') {
        const n = words(textOf(node));
        totalWords += n;
        if (n > LONG_PARAGRAPH_WORDS) found.push({ rule: 'long-paragraph', detail: squash(textOf(node)).split(' ').slice(0, 8).join(' ') + ' …', severity: 'hint' });
      } else if (name === 'li' || name === 'td' || name === 'th') {
        totalWords += words(textOf(node));
        // Still visit: a list item may hold links and images.
      }
      visit(node.children);
    }
  };
  visit(doc.children);
  const minutes = Math.ceil(totalWords / WORDS_PER_MINUTE);
  if (minutes > LONG_READ_MINUTES) found.push({ rule: 'reading-time', detail: String(minutes), severity: 'hint' });
  return found;
}

/** The Markdown fields of the admin forms (English name; the German one ends in "De"). */
export const MARKDOWN_FIELDS = ['description', 'content'] as const;

export interface A11yProblem extends A11yFinding {
  field: string;
  language: Lang;
}

export interface RenderedField {
  field: string;
  language: Lang;
  html: string;
}

/**
 * The Markdown fields of a form's values (both languages) that have text, rendered as the public
 * pages render them: an image written without an alt text takes the media library's, in the
 * field's language (models/media/library-alts.ts), so the check sees what visitors get.
 */
export async function renderFields(db: Knex, values: Record<string, string>, fields: readonly string[] = MARKDOWN_FIELDS): Promise<RenderedField[]> {
  const out: RenderedField[] = [];
  for (const base of fields) {
    for (const [field, language] of [[base, 'en'], [`${base}De`, 'de']] as const) {
      const text = values[field];
      if (typeof text !== 'string' || !text.trim()) continue;
      out.push({ field, language, html: (await renderWithLibraryAlts(db, text, language)).html });
    }
  }
  return out;
}

/** The findings of rendered fields. With `axe`, only the rules axe-core lacks (the browser runs axe for the others). */
export function checkRendered(rendered: RenderedField[], options: { axe?: boolean } = {}): A11yProblem[] {
  const problems: A11yProblem[] = [];
  for (const { field, language, html } of rendered) {
    for (const { axe, ...f } of checkHtml(html)) {
      if (options.axe && axe) continue;
      problems.push({ ...f, field, language });
    }
  }
  return problems;
}

/** The form field of the item's picture, whose alt text on the public pages is the media library's. */
export const PICTURE_FIELD = 'imageUrl';

/**
 * The picture of a news article or project: the public pages give it the library's alt text in
 * their language (the English one on a German page without a German one), so that text is checked
 * for each language. Only forms with a Markdown field have such a picture (a team member's
 * portrait stands beside the name and is decoration). Never found by axe: it is not in the preview.
 */
export async function checkPicture(db: Knex, values: Record<string, string>, fields: readonly string[] = MARKDOWN_FIELDS): Promise<A11yProblem[]> {
  const src = values[PICTURE_FIELD]?.trim();
  if (!src || !fields.some((f) => f in values || `${f}De` in values)) return [];
  const problems: A11yProblem[] = [];
  for (const language of ['en', 'de'] as const) {
    const alt = (await libraryAlts(db, [src], language)).get(src);
    if (!alt) problems.push({ rule: 'picture-alt-missing', detail: src, severity: 'error', field: PICTURE_FIELD, language });
    else if (altLooksLikeFileName(alt.text)) problems.push({ rule: 'picture-alt-filename', detail: alt.text, severity: 'error', field: PICTURE_FIELD, language });
  }
  return problems;
}

/**
 * Checks each Markdown field of a form's values (both languages) as the site renders it, and the
 * item's picture. With `axe`, only the rules axe-core lacks (the browser runs axe for the others).
 */
export async function checkValues(db: Knex, values: Record<string, string>, fields: readonly string[] = MARKDOWN_FIELDS, options: { axe?: boolean } = {}): Promise<A11yProblem[]> {
  return [...checkRendered(await renderFields(db, values, fields), options), ...(await checkPicture(db, values, fields))];
}

/** Problems that stop a publication until a person confirms it (the reading-length hints do not). */
export const barriersOf = <T extends { severity: 'error' | 'hint' }>(problems: T[]): T[] => problems.filter((p) => p.severity === 'error');
