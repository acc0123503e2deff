// Pure domain rules shared by the server and the browser bundle (no database access here).

export type Lang = 'en' | 'de';

/** A newsletter subscription's outcome, as the site's list and Mailchimp's both answer it. */
export type SubscribeStatus = 'already_subscribed' | 'immediately_subscribed' | 'pending_confirmation' | 'resubscribed_pending';
export type ProjectStatus = 'funding' | 'progress' | 'completed';
export type ProjectFilter = 'all' | ProjectStatus;

export interface Project {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  imageUrl: string;
  status: ProjectStatus | string;
  raisedAmount: string;
  goalAmount: string;
  startDate: string | null;
  order: number;
  createdAt: string;
  updatedAt: string;
  /** Hidden from visitors while true (see models/content/publishing.ts). */
  draft: boolean;
  /** ISO instant from which the item is public; null: at once. */
  publishAt: string | null;
}

export interface NewsArticle {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  abstract: string | null;
  abstractDe: string | null;
  content: string;
  contentDe: string;
  excerpt: string | null;
  imageUrl: string;
  publishedAt: string;
  projectId: number | null;
  createdAt: string;
  /** Hidden from visitors while true (see models/content/publishing.ts). */
  draft: boolean;
  /** ISO instant from which the item is public; null: at once. */
  publishAt: string | null;
}

export interface TeamMember {
  id: number;
  name: string;
  position: string;
  positionDe: string;
  bio: string;
  bioDe: string;
  imageUrl: string;
  location: string;
  order: number;
  createdAt: string;
  /** Hidden from visitors while true (see models/content/publishing.ts). */
  draft: boolean;
  /** ISO instant from which the item is public; null: at once. */
  publishAt: string | null;
}

export interface PageContent {
  id: number;
  pageName: string;
  title: string;
  titleDe: string;
  content: string;
  contentDe: string;
  metaDescription: string | null;
  metaDescriptionDe: string | null;
  updatedAt: string;
  /** Hidden from visitors while true (see models/content/publishing.ts). */
  draft: boolean;
  /** ISO instant from which the item is public; null: at once. */
  publishAt: string | null;
  /** The page's words beyond title and introduction, by text key (null: the built-in copy). */
  texts: PageTexts | null;
}

/** Edited words of a page: text key -> its English and German text (a missing one: the built-in copy). */
export type PageTexts = Record<string, { en?: string; de?: string }>;

/** Percent funded: raised / goal * 100, 0 when the goal is not positive. */
export function percentFunded(raised: number | string, goal: number | string): number {
  const r = Number(raised);
  const g = Number(goal);
  if (!Number.isFinite(g) || g <= 0 || !Number.isFinite(r)) return 0;
  return (r / g) * 100;
}

/** Cut to `max` characters and add an ellipsis when the text was longer. */
export function truncate(text: string | null | undefined, max = 150): string {
  const s = text ?? '';
  return s.length > max ? s.slice(0, max) + '...' : s;
}

export function matchesFilter(project: Pick<Project, 'status'>, filter: ProjectFilter): boolean {
  return filter === 'all' || project.status === filter;
}

export function isCompleted(project: Pick<Project, 'status'>): boolean {
  return project.status !== 'funding' && project.status !== 'progress';
}

/** Only articles written in both languages are listed publicly, newest first. */
export function listableNews<T extends Pick<NewsArticle, 'abstract' | 'abstractDe' | 'publishedAt'>>(articles: T[]): T[] {
  return articles
    .filter((a) => Boolean(a.abstract && a.abstract.trim() && a.abstractDe && a.abstractDe.trim()))
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}

export interface TeamGroups {
  local: TeamMember[];
  trustees: TeamMember[];
  swiss: TeamMember[];
}

/** The team's three groups: Local Team (location zimbabwe or containing Zimbabwe), Board of Trustees, Swiss Support Team (switzerland). */
export function groupTeam(members: TeamMember[]): TeamGroups {
  const sorted = [...members].sort((a, b) => a.order - b.order || a.id - b.id);
  return {
    local: sorted.filter((m) => m.location === 'zimbabwe' || m.location.includes('Zimbabwe')),
    trustees: sorted.filter((m) => m.location === 'Board of Trustees'),
    swiss: sorted.filter((m) => m.location === 'switzerland'),
  };
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

export const centsToDecimal = (cents: number): string => (cents / 100).toFixed(2);

/**
 * Reads the stored form of an amount ("1250.50", as the models keep and answer it, or a number)
 * into integer cents; null when it is not in that form. What people type goes through
 * parseAmount (models/shared/amounts.ts), which accepts the ways they write amounts.
 */
export function decimalToCents(value: string | number): number | null {
  const s = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Pick the German text when the language is de (and it exists). */
export function localized(lang: Lang, en: string, de: string | null | undefined): string {
  return lang === 'de' && de ? de : en;
}

const intlLocale = (lang: Lang) => (lang === 'de' ? 'de-CH' : 'en-US');

/** Dates are formatted in UTC on both sides so server HTML and hydration always agree. */
export function formatDate(iso: string, lang: Lang, style: 'long' | 'medium' = 'long'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (style === 'long') {
    // What Intl.DateTimeFormat's 'long' style writes (test/unit/rules.test.ts compares every day of
    // a year), without building one: in a phone's browser the first Intl.DateTimeFormat loads the
    // locale's data, some 70 ms of a news page's hydration at 4x slowdown.
    const day = d.getUTCDate();
    const month = MONTHS[lang][d.getUTCMonth()];
    return lang === 'de' ? `${day}. ${month} ${d.getUTCFullYear()}` : `${month} ${day}, ${d.getUTCFullYear()}`;
  }
  return dateFormat(lang, style).format(d);
}

/**
 * A calendar day (YYYY-MM-DD) short, for chart axes and table rows: "Nov 3" / "3.11." (with the
 * year: "Nov 3, 2026" / "3.11.2026", the Swiss way of writing a date). By hand, like formatDate.
 */
export function formatDayMonth(ymd: string, lang: Lang, withYear = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  const [, year, month, day] = m;
  const d = Number(day);
  const mo = Number(month);
  if (lang === 'de') return `${d}.${mo}.${withYear ? year : ''}`;
  return `${MONTHS.en[mo - 1]!.slice(0, 3)} ${d}${withYear ? `, ${year}` : ''}`;
}

const MONTHS: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
};

// Building an Intl.DateTimeFormat costs far more than formatting with one: made once per kind.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Lang, style: 'long' | 'medium'): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * The decimal mark the site writes in each language. German is Swiss German here (de-CH, where
 * the charity works): the point, as in 10’000.50, and the decimal symbol of Swiss Excel.
 */
export const DECIMAL_MARK: Record<Lang, '.' | ','> = { en: '.', de: '.' };

/**
 * Numbers are grouped by hand, not by Intl: ICU versions differ between Node and browsers
 * (de-CH uses ' in one and ’ in another), and server HTML must equal the hydrated page.
 * English: 10,000.50 — Swiss German: 10’000.50.
 */
export function formatNumber(n: number, lang: Lang, fractionDigits?: number): string {
  const digits = fractionDigits ?? (Number.isInteger(n) ? 0 : 2);
  const [whole, frac] = Math.abs(n).toFixed(digits).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'de' ? '’' : ',');
  return (n < 0 ? '-' : '') + grouped + (frac ? `${DECIMAL_MARK[lang]}${frac}` : '');
}

/** US dollars: "$3,500" in English, "$3’500" in German (the site's only currency). */
export function formatMoney(amount: number | string, lang: Lang): string {
  const n = Number(amount);
  return `$${formatNumber(Number.isFinite(n) ? n : 0, lang)}`;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\u00DF/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'item';
}
