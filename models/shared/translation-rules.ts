// The translation status's names, shared by the server and the admin page's browser code (so
// this file stays free of anything the browser cannot load).
export const TRANSLATION_STATES = ['missing', 'outdated', 'current'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];
export const TRANSLATION_ENTITIES = ['project', 'news', 'team', 'page', 'media', 'locale'] as const;
export type TranslationEntity = (typeof TRANSLATION_ENTITIES)[number];
/** The Translations tab's state filter: "todo" is missing and out of date together (its default). */
export const VIEW_STATES = ['todo', 'missing', 'outdated', 'current', 'all'] as const;
export type ViewState = (typeof VIEW_STATES)[number];

/** One text of the site in one language. */
export interface TranslationEntry {
  entity: TranslationEntity;
  /** The item's id (0 for interface texts). */
  id: number;
  /** The English field name (title, description, texts.about.story.p1) or the locale key. */
  field: string;
  language: 'en' | 'de';
  state: TranslationState;
  /** What the admin recognises the item by (its title, a team member's name, the page's name, the locale file). */
  label: string;
  /** The admin form's field (null for interface texts, edited in the locale files). */
  link: string | null;
  /** Whether visitors see this text now (an out-of-date text stays published until it is updated). */
  live: boolean;
  /** A missing German alt text whose machine draft German pages show meanwhile (media only): to be checked. */
  machineDraft?: boolean;
}

export interface TranslationReport {
  /** Per state, of the entries of the entity and language filters (whatever the state filter). */
  counts: Record<TranslationState, number> & { total: number };
  entries: TranslationEntry[];
}

/** The report as the API and the tab get it: the first entries, and how many matched. */
export interface LimitedReport extends TranslationReport {
  matched: number;
}

/** The Translations tab's filter (from the address) and its list. */
export interface TranslationsView {
  filter: { state: ViewState; entity: TranslationEntity | ''; language: 'en' | 'de' | '' };
  report: LimitedReport;
}
