// Pure admin rules shared by the server (zod schemas, controllers) and the admin bundle:
// validation messages, allowed values and the outreach block of new news articles.
// No database or Node imports here: the browser bundle includes this file.
import type { SiteInfo } from '../config';
import type { Lang } from './rules';

/**
 * Field messages of the admin schemas. The API answers them in English (`fields`); the admin
 * screens show the translation `admin.validation.<code>` for the same message.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  tooLong: 'This text is too long',
  amount: 'Enter an amount such as 1500 or 1500.50',
  imageUrl: 'Enter an image address on this site, starting with / (such as /uploads/...)',
  status: 'Choose funding, progress or completed',
  location: 'Choose zimbabwe, switzerland or Board of Trustees',
  pageName: 'Choose one of the listed pages',
  pageTaken: 'Content for this page already exists: edit it instead',
  project: 'This project does not exist',
  date: 'Enter a date such as 2026-03-01',
  slug: 'Use letters, numbers and hyphens only',
  email: 'Please enter a valid email address',
  category: 'Choose one of the listed categories',
  altText: 'Describe the image for people who cannot see it',
  file: 'Choose a file to upload',
  raisedChanged: 'The raised amount has changed since you opened this form, and your change would make it negative. Open the project again and enter the amount once more',
  amountTooLarge: 'This amount is too large',
  slugTaken: 'This address is already used by another entry: choose another one',
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

/** The too-long message with the field's limit (the database column's length). */
export const tooLongMessage = (max: number) => `${VALIDATION_MESSAGES.tooLong} (at most ${max} characters)`;
const TOO_LONG_WITH_MAX = /^This text is too long \(at most (\d+) characters\)$/;

/** The code of a known message (to translate it), or null for any other text. */
export function validationCode(message: string): ValidationCode | null {
  if (TOO_LONG_WITH_MAX.test(message)) return 'tooLong';
  for (const [code, text] of Object.entries(VALIDATION_MESSAGES)) {
    if (text === message) return code as ValidationCode;
  }
  return null;
}

/** The locale key (under admin.validation) and values of a known message, or null for any other text. */
export function validationKey(message: string): { key: string; params?: Record<string, string> } | null {
  const max = TOO_LONG_WITH_MAX.exec(message)?.[1];
  if (max) return { key: 'tooLongMax', params: { max } };
  const code = validationCode(message);
  return code ? { key: code } : null;
}

/** SPEC section 5: the pages whose content the admin edits. */
export const PAGE_NAMES = [
  'home', 'about', 'vision', 'mission', 'projects', 'news', 'team', 'contact',
  'food-security', 'skills-training', 'health', 'environment',
] as const;

/** SPEC section 5: team locations the admin form offers (the public page groups by them). */
export const TEAM_LOCATIONS = ['zimbabwe', 'switzerland', 'Board of Trustees'] as const;

export const ADMIN_TABS = ['projects', 'news', 'team', 'pages', 'media', 'newsletter', 'social'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (v: unknown): v is AdminTab => typeof v === 'string' && (ADMIN_TABS as readonly string[]).includes(v);

/** List excerpt lengths of SPEC section 2: projects and team 100, news and pages 150. */
export const EXCERPT_LENGTH = { projects: 100, team: 100, news: 150, pages: 150 } as const;

/**
 * The call to action a new news article starts with (SPEC section 2): where to follow the
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
