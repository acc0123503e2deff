// The words of each page that volunteers edit in the Pages tab (page_contents.texts), on top of
// the built-in copy of locales/*.json: which text keys belong to which page, the built-in text of
// each, the checks on an edit, and the edited words a visitor's page shows. Only what differs from
// the built-in copy is stored, so a later improvement of the built-in copy still reaches every
// text nobody edited.
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import type { Lang, PageContent, PageTexts } from '../shared/rules';
import type { PageName } from '../shared/site-pages';
import type { FieldError } from '../shared/errors';

/** Longest edited text (the longest built-in paragraph is about 600 characters). */
export const PAGE_TEXT_MAX = 4000;

interface TextSource {
  /** Locale subtrees whose texts the page shows (and only it). */
  prefixes: string[];
  /**
   * Keys that are not the page's words: what the page's entry itself edits (the hero's heading and
   * introduction are the entry's title and content) and interface texts read by assistive technology.
   */
  skip: string[];
}

/**
 * The words of each page. Pages whose texts are all interface (news, team, contact, projects:
 * lists and forms) have none beyond their entry's title, introduction and meta description.
 */
export const PAGE_TEXT_SOURCES: Partial<Record<PageName, TextSource>> = {
  home: {
    prefixes: ['hero', 'home', 'impact', 'sponsors', 'donateCta'],
    skip: ['hero.title', 'hero.text', 'hero.label', 'hero.slideOf', 'hero.goTo', 'hero.pause', 'hero.play', 'impact.fiveStars'],
  },
  about: { prefixes: ['about'], skip: ['about.hero.title', 'about.hero.lead'] },
  vision: { prefixes: ['vision'], skip: ['vision.hero.title', 'vision.hero.lead'] },
  mission: { prefixes: ['mission'], skip: ['mission.hero.title', 'mission.hero.lead'] },
  'food-security': { prefixes: ['food'], skip: ['food.hero.title', 'food.hero.lead'] },
  'skills-training': { prefixes: ['skills'], skip: ['skills.hero.title', 'skills.hero.lead'] },
  health: { prefixes: ['health'], skip: ['health.hero.title', 'health.hero.lead'] },
  environment: { prefixes: ['environment'], skip: ['environment.hero.title', 'environment.hero.lead'] },
  nook: { prefixes: ['nook'], skip: ['nook.hero.lead'] },
  // The legal pages: their words, not the names of the safeguards (legal terms) nor the labels
  // of the address that the configuration fills in.
  privacy: {
    prefixes: ['privacy'],
    skip: [
      'privacy.hero.title', 'privacy.hero.lead', 'privacy.recipients.safeguard.dpf', 'privacy.recipients.safeguard.scc', 'privacy.recipients.safeguard.adequacy',
      // The request form's labels are interface text.
      'privacy.rights.form.title', 'privacy.rights.form.email', 'privacy.rights.form.kind', 'privacy.rights.form.access', 'privacy.rights.form.erasure', 'privacy.rights.form.submit', 'privacy.rights.form.note',
    ],
  },
  imprint: { prefixes: ['imprint'], skip: ['imprint.hero.title', 'imprint.hero.lead', 'imprint.org.email', 'imprint.org.phone'] },
};

const BUILT_IN: Record<Lang, Record<string, unknown>> = { en, de };

function flatten(node: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, `${prefix}.${k}`, out);
}

/** One text of a page: its key and built-in copy in both languages. */
export interface PageTextEntry {
  key: string;
  en: string;
  de: string;
}

/** A page's texts grouped by section (the key's second part: about.story.p1 is in about.story). */
export interface PageTextSection {
  id: string;
  /** The section's heading in each language, when it has one (`<section>.title`), else null. */
  title: Record<Lang, string> | null;
  texts: PageTextEntry[];
}

const catalogs = new Map<string, { entries: Map<string, PageTextEntry>; sections: PageTextSection[] }>();

/** The texts of a page and their built-in copy (built once per process from the locale files). */
function catalog(pageName: string) {
  let found = catalogs.get(pageName);
  if (found) return found;
  const source = PAGE_TEXT_SOURCES[pageName as PageName];
  const entries = new Map<string, PageTextEntry>();
  const sections: PageTextSection[] = [];
  for (const prefix of source?.prefixes ?? []) {
    const english = new Map<string, string>();
    const german = new Map<string, string>();
    flatten(BUILT_IN.en[prefix], prefix, english);
    flatten(BUILT_IN.de[prefix], prefix, german);
    for (const [key, text] of english) {
      if (source!.skip.includes(key) || !german.has(key)) continue;
      const entry = { key, en: text, de: german.get(key)! };
      entries.set(key, entry);
      const id = key.split('.').slice(0, 2).join('.');
      let section = sections.find((s) => s.id === id);
      if (!section) {
        const title = english.get(`${id}.title`) ?? null;
        section = { id, title: title ? { en: title, de: german.get(`${id}.title`) ?? title } : null, texts: [] };
        sections.push(section);
      }
      section.texts.push(entry);
    }
  }
  found = { entries, sections };
  catalogs.set(pageName, found);
  return found;
}

/** The admin form's list of a page's texts (empty for pages without words of their own). */
export function pageTextSections(pageName: string): PageTextSection[] {
  return catalog(pageName).sections;
}

export const hasPageTexts = (pageName: string) => catalog(pageName).entries.size > 0;

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!));
const normalize = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * The edits of a page as they are stored: each text checked against the page's keys, trimmed,
 * and kept only where it differs from the built-in copy (an empty text is the built-in copy, so
 * "Reset" is an empty field or the built-in text). Returns the problems per field when there are.
 */
export function cleanPageTexts(pageName: string, input: PageTexts): { texts: PageTexts | null; errors: Record<string, FieldError> } {
  const { entries } = catalog(pageName);
  const errors: Record<string, FieldError> = {};
  const texts: PageTexts = {};
  for (const [key, value] of Object.entries(input)) {
    const entry = entries.get(key);
    if (!entry) {
      errors[`texts.${key}`] = { code: 'invalid', message: `The page has no text "${key.slice(0, 100)}"` };
      continue;
    }
    for (const lang of ['en', 'de'] as const) {
      const raw = value[lang];
      if (raw === undefined) continue;
      const text = normalize(raw);
      const field = `texts.${lang}.${key}`;
      if (text.length > PAGE_TEXT_MAX) {
        errors[field] = { code: 'too_long', params: { max: PAGE_TEXT_MAX }, message: `This text is too long (at most ${PAGE_TEXT_MAX} characters)` };
        continue;
      }
      // A value the page fills in ({{count}}) cannot be made up: the page has nothing to put there.
      const allowed = placeholders(entry[lang]);
      const unknown = [...placeholders(text)].filter((p) => !allowed.has(p));
      if (unknown.length) {
        errors[field] = { code: 'invalid', message: `Unknown placeholder {{${unknown[0]}}}: this text can use ${allowed.size ? [...allowed].map((p) => `{{${p}}}`).join(', ') : 'none'}` };
        continue;
      }
      if (text === '' || text === normalize(entry[lang])) continue;
      (texts[key] ??= {})[lang] = text;
    }
  }
  return { texts: Object.keys(texts).length ? texts : null, errors };
}

/**
 * The words a visitor's page shows in its language: the page's edited texts that are still keys
 * of the page (a key removed from the built-in copy since is dropped). Empty: the built-in copy.
 */
export function editedTexts(content: Pick<PageContent, 'pageName' | 'texts'> | null, lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  if (!content?.texts) return out;
  const { entries } = catalog(content.pageName);
  for (const [key, value] of Object.entries(content.texts)) {
    const text = value?.[lang];
    if (typeof text === 'string' && text !== '' && entries.has(key)) out[key] = text;
  }
  return out;
}
