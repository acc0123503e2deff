// Which text of the site is missing, out of date or current in English and German: every
// bilingual field of projects, news, team members and page contents (with their edited page
// texts), and the interface texts of locales/*.json.
//
// How a field's state is known (translation_sources, written by every save) is in
// models/content/translation-sources.ts.
// Interface texts: English is their source; locales/de.sources.json keeps, per key, the hash of
// the English text the German was last checked against (`npm run locales:mark` marks today's).
import type { Knex } from 'knex';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import deSources from '../../locales/de.sources.json' with { type: 'json' };
import type { Lang } from '../shared/rules';
import { listProjects } from '../content/project';
import { listNews } from '../content/news';
import { listTeam } from '../content/team';
import { listPageContents } from '../content/page';
import { listMedia } from '../media/library';
import { isPublic } from '../content/publishing';
import { fieldState, isEmpty, itemTexts, rowsOf, str, type AnyItem, type SourceRow } from '../content/translation-sources';
import { TRANSLATION_ENTITIES, TRANSLATION_STATES, type TranslationEntity, type TranslationEntry, type TranslationReport, type TranslationState } from '../shared/translation-rules';
import { adminHref } from '../shared/admin-rules';
export { TRANSLATION_ENTITIES, TRANSLATION_STATES, type TranslationEntity, type TranslationEntry, type TranslationReport, type TranslationState };
export type { LimitedReport } from '../shared/translation-rules';

const LANGS = ['en', 'de'] as const;

// The items not in the trash, as the admin lists show them.
const LISTS = { project: listProjects, news: listNews, team: listTeam, page: listPageContents } as const;
const TABS = { project: 'projects', news: 'news', team: 'team', page: 'pages' } as const;

// ---- The list.

export interface TranslationFilter {
  state?: TranslationState[];
  entity?: TranslationEntity;
  language?: Lang;
}

const isLive = (item: AnyItem, now: Date) => isPublic({ draft: Boolean(item.draft), publishAt: (item.publishAt as string | null) ?? null }, now);

/** The admin form's field of an item's text: the form opens on the item and scrolls to the field. */
export function fieldLink(entity: Exclude<TranslationEntity, 'locale' | 'media'>, id: number, field: string, language: Lang, uiLang: Lang): string {
  const name = field.startsWith('texts.') ? `texts.${language}.${field.slice(6)}` : language === 'de' ? `${field}De` : field;
  return adminHref(uiLang, TABS[entity], `?edit=${id}#field-${name}`);
}

function flattenLocale(node: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flattenLocale(v, prefix ? `${prefix}.${k}` : k, out);
}

/** Every key of a locale file with its text (a.b.c). */
export function localeKeys(tree: unknown): Map<string, string> {
  const out = new Map<string, string>();
  flattenLocale(tree, '', out);
  return out;
}

/** The interface texts' states from the locale files and the German's checked hashes. */
export function localeEntries(enTree: unknown = en, deTree: unknown = de, checked: Record<string, string> = deSources as Record<string, string>): TranslationEntry[] {
  const english = localeKeys(enTree);
  const german = localeKeys(deTree);
  const out: TranslationEntry[] = [];
  for (const key of new Set([...english.keys(), ...german.keys()])) {
    const text = { en: english.get(key) ?? '', de: german.get(key) ?? '' };
    const rows: SourceRow[] = checked[key] ? [{ language: 'de', sourceHash: checked[key] }] : [];
    for (const language of LANGS) {
      out.push({ entity: 'locale', id: 0, field: key, language, state: fieldState(text, rows, language), label: `locales/${language}.json`, link: null, live: true });
    }
  }
  return out;
}

/**
 * The German alt texts of the library's images (the English one is required at upload): missing
 * until a person writes one, and marked when German pages show a machine draft meanwhile.
 */
export async function mediaEntries(db: Knex, uiLang: Lang): Promise<TranslationEntry[]> {
  const images = (await listMedia(db)).filter((m) => m.fileType === 'image' && m.altText?.trim()).sort((a, b) => a.id - b.id);
  return images.map((m) => ({
    entity: 'media' as const,
    id: m.id,
    field: 'altText',
    language: 'de' as const,
    state: m.altTextDe?.trim() ? ('current' as const) : ('missing' as const),
    label: m.originalName,
    link: adminHref(uiLang, 'media', `?edit=${m.id}#media-${m.id}`),
    live: true,
    ...(m.altDraftDe ? { machineDraft: true } : {}),
  }));
}

/** Every translatable text of the site with its state, filtered, and the counts per state. */
export async function translationReport(db: Knex, filter: TranslationFilter = {}, uiLang: Lang = 'en'): Promise<TranslationReport> {
  const all: TranslationEntry[] = [];
  const now = new Date();
  for (const entity of ['project', 'news', 'team', 'page'] as const) {
    if (filter.entity && filter.entity !== entity) continue;
    const items = ((await LISTS[entity](db)) as unknown as AnyItem[]).sort((a, b) => a.id - b.id);
    const rows = await rowsOf(db, entity, null);
    for (const item of items) {
      const label = entity === 'team' ? str(item.name) : entity === 'page' ? str(item.pageName) : str(item.title);
      const texts = itemTexts(entity, item);
      for (const [field, text] of Object.entries(texts)) {
        if (isEmpty(text.en) && isEmpty(text.de)) continue;
        const fieldRows = rows.get(item.id)?.get(field) ?? [];
        for (const language of LANGS) {
          all.push({ entity, id: item.id, field, language, state: fieldState(text, fieldRows, language), label, link: fieldLink(entity, item.id, field, language, uiLang), live: isLive(item, now) });
        }
      }
    }
  }
  if (!filter.entity || filter.entity === 'media') all.push(...(await mediaEntries(db, uiLang)));
  if (!filter.entity || filter.entity === 'locale') all.push(...localeEntries());
  const scoped = filter.language ? all.filter((e) => e.language === filter.language) : all;
  const counts = { missing: 0, outdated: 0, current: 0, total: scoped.length };
  for (const e of scoped) counts[e.state]++;
  const entries = filter.state?.length ? scoped.filter((e) => filter.state!.includes(e.state)) : scoped;
  return { counts, entries };
}
