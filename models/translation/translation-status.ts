// Which text of the site is missing, out of date or current in English and German: every
// bilingual field of projects, news, team members and page contents (with their edited page
// texts), and the interface texts of locales/*.json.
//
// How "out of date" is known: translation_sources keeps, per field, a row for the language that
// is the TRANSLATION of that field, with the sha256 of the source text it was last saved against.
// The translation is out of date when the source's text hashes differently now. The language
// without a row is the field's source. The rules on a save (before -> after):
// - Untracked content (no row yet, older than this tracking) counts as current.
// - The source is English, unless the German came first (a field that had German and no English
//   when first tracked): then the German is the source and the English its translation.
// - Both languages changed in one save: the person wrote them side by side, so both are current
//   (the translation is recorded against the new source). The source stays the source.
// - Only the translation changed (e.g. a German fix): it is current against today's source; the
//   source is never marked out of date by a change of its translation.
// - Only the source changed: the translation is out of date until it is saved again.
// - An empty text is missing (when the other language has text; a field empty in both, such as
//   an optional abstract nobody wrote, has nothing to translate and is not listed).
// Interface texts: English is their source; locales/de.sources.json keeps, per key, the hash of
// the English text the German was last checked against (`npm run locales:mark` marks today's).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import deSources from '../../locales/de.sources.json' with { type: 'json' };
import { editedTexts, pageTextSections } from '../content/page-texts';
import type { Lang, PageContent } from '../shared/rules';
import { listProjects } from '../content/project';
import { listNews } from '../content/news';
import { listTeam } from '../content/team';
import { listPageContents } from '../content/page';
import { isPublic } from '../content/publishing';

import { TRANSLATION_ENTITIES, TRANSLATION_STATES, type TranslationEntity, type TranslationEntry, type TranslationReport, type TranslationState } from '../shared/translation-rules';
import { adminHref } from '../shared/admin-rules';
export { TRANSLATION_ENTITIES, TRANSLATION_STATES, type TranslationEntity, type TranslationEntry, type TranslationReport, type TranslationState };
export type { LimitedReport } from '../shared/translation-rules';
const LANGS = ['en', 'de'] as const;

export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const isEmpty = (text: string | null | undefined) => !text || text.trim() === '';

/** One translation-tracking row (the translation's language and the source hash it was saved against). */
export interface SourceRow {
  language: Lang;
  sourceHash: string;
}

const other = (l: Lang): Lang => (l === 'en' ? 'de' : 'en');

/** The source language of a field: the one without a row; English unless the German came first. */
export function sourceOf(rows: SourceRow[], text: Record<Lang, string>): Lang {
  if (rows.some((r) => r.language === 'de')) return 'en';
  if (rows.some((r) => r.language === 'en')) return 'de';
  return isEmpty(text.en) && !isEmpty(text.de) ? 'de' : 'en';
}

/** A field's state in one language from its texts now and its tracking rows. */
export function fieldState(text: Record<Lang, string>, rows: SourceRow[], lang: Lang): TranslationState {
  if (isEmpty(text[lang])) return 'missing';
  const row = rows.find((r) => r.language === lang);
  if (!row) return 'current';
  return row.sourceHash === textHash(text[other(lang)]) ? 'current' : 'outdated';
}

/**
 * What a save means for the tracking rows of one field: the row to write (language and hash), or
 * null when nothing changes. `before` is null for a new item.
 */
export function rowAfterSave(before: Record<Lang, string> | null, after: Record<Lang, string>, rows: SourceRow[]): SourceRow | null {
  const old = before ?? { en: '', de: '' };
  const changed = { en: old.en !== after.en, de: old.de !== after.de };
  if (!changed.en && !changed.de) return null;
  // A new item: its source is the language that has text (English when both have).
  const source = sourceOf(rows, before ? old : after);
  const translation = other(source);
  if (changed[translation]) {
    // Written (again) against today's source, alone or together with it: current.
    return isEmpty(after[source]) ? null : { language: translation, sourceHash: textHash(after[source]) };
  }
  // Only the source changed: a tracked translation goes out of date by itself (its hash no longer
  // matches); an untracked one is tracked now against the source it was (until now) in step with.
  if (rows.some((r) => r.language === translation) || isEmpty(after[translation]) || isEmpty(old[source])) return null;
  return { language: translation, sourceHash: textHash(old[source]) };
}

// ---- The bilingual fields of each kind of content.

type Texts = Record<string, Record<Lang, string>>;
type AnyItem = Record<string, unknown> & { id: number };

const FIELDS: Record<Exclude<TranslationEntity, 'locale'>, string[]> = {
  project: ['title', 'description'],
  news: ['title', 'abstract', 'content'],
  team: ['position', 'bio'],
  page: ['title', 'content', 'metaDescription'],
};

// The items not in the trash, as the admin lists show them.
const LISTS = { project: listProjects, news: listNews, team: listTeam, page: listPageContents } as const;
const TABS = { project: 'projects', news: 'news', team: 'team', page: 'pages' } as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The item's bilingual texts by field (a page's edited texts under texts.<key>, with the built-in copy where unedited). */
export function itemTexts(entity: Exclude<TranslationEntity, 'locale'>, item: AnyItem): Texts {
  const out: Texts = {};
  for (const f of FIELDS[entity]) out[f] = { en: str(item[f]), de: str(item[`${f}De`]) };
  if (entity === 'page') {
    const page = item as unknown as PageContent;
    const edited = { en: editedTexts(page, 'en'), de: editedTexts(page, 'de') };
    for (const section of pageTextSections(page.pageName)) {
      for (const entry of section.texts) {
        if (edited.en[entry.key] === undefined && edited.de[entry.key] === undefined) continue;
        out[`texts.${entry.key}`] = { en: edited.en[entry.key] ?? entry.en, de: edited.de[entry.key] ?? entry.de };
      }
    }
  }
  return out;
}

type RowsByField = Map<string, SourceRow[]>;

async function rowsOf(db: Knex, entity: string, ids: number[] | null): Promise<Map<number, RowsByField>> {
  const q = db('translation_sources').where({ entity }).select('entityId', 'field', 'language', 'sourceHash');
  if (ids) q.whereIn('entityId', ids);
  const out = new Map<number, RowsByField>();
  for (const r of (await q) as { entityId: number; field: string; language: Lang; sourceHash: string }[]) {
    const byField = out.get(Number(r.entityId)) ?? new Map<string, SourceRow[]>();
    out.set(Number(r.entityId), byField);
    const list = byField.get(r.field) ?? [];
    list.push({ language: r.language, sourceHash: r.sourceHash });
    byField.set(r.field, list);
  }
  return out;
}

/**
 * Records what an admin's save did to each bilingual field (called once after every create and
 * update, whichever path it came by, with the item before and after).
 */
export async function recordTranslationSources(db: Knex, entity: string, beforeItem: { id: number } | null, afterItem: { id: number }): Promise<void> {
  if (!(entity in FIELDS)) return;
  const before = beforeItem as AnyItem | null;
  const after = afterItem as AnyItem;
  const kind = entity as Exclude<TranslationEntity, 'locale'>;
  const now = itemTexts(kind, after);
  const then = before ? itemTexts(kind, before) : null;
  // A page text's edit that was taken back (now the built-in copy in both) is still compared.
  const fields = new Set([...Object.keys(now), ...Object.keys(then ?? {})]);
  const existing = (await rowsOf(db, entity, [after.id])).get(after.id) ?? new Map();
  const writes: (SourceRow & { field: string })[] = [];
  for (const field of fields) {
    const a = now[field] ?? builtInOf(kind, after, field);
    if (!a) continue;
    // A page created with edited texts starts from the built-in copy, as a later edit does: the
    // built-in German is the translation of the built-in English, not of the new English text.
    const b = then ? (then[field] ?? builtInOf(kind, before!, field) ?? a) : builtInOf(kind, after, field);
    const row = rowAfterSave(b, a, existing.get(field) ?? []);
    if (row) writes.push({ field, ...row });
  }
  if (!writes.length) return;
  // All fields of one save or none: a half-recorded save would mark some fields wrongly.
  await db.transaction(async (trx) => {
    for (const w of writes) {
      await trx('translation_sources')
        .insert({ entity, entityId: after.id, field: w.field, language: w.language, sourceHash: w.sourceHash, updatedAt: new Date().toISOString() })
        .onConflict(['entity', 'entity_id', 'field', 'language'])
        .merge(['sourceHash', 'updatedAt']);
    }
  });
}

/** A page text's built-in copy (what the field shows when nobody edited it). */
function builtInOf(kind: Exclude<TranslationEntity, 'locale'>, item: AnyItem, field: string): Record<Lang, string> | null {
  if (kind !== 'page' || !field.startsWith('texts.')) return null;
  const key = field.slice('texts.'.length);
  for (const section of pageTextSections(str(item.pageName))) {
    const entry = section.texts.find((e) => e.key === key);
    if (entry) return { en: entry.en, de: entry.de };
  }
  return null;
}

// ---- The list.

export interface TranslationFilter {
  state?: TranslationState[];
  entity?: TranslationEntity;
  language?: Lang;
}

const isLive = (item: AnyItem, now: Date) => isPublic({ draft: Boolean(item.draft), publishAt: (item.publishAt as string | null) ?? null }, now);

/** The admin form's field of an item's text: the form opens on the item and scrolls to the field. */
export function fieldLink(entity: Exclude<TranslationEntity, 'locale'>, id: number, field: string, language: Lang, uiLang: Lang): string {
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
  if (!filter.entity || filter.entity === 'locale') all.push(...localeEntries());
  const scoped = filter.language ? all.filter((e) => e.language === filter.language) : all;
  const counts = { missing: 0, outdated: 0, current: 0, total: scoped.length };
  for (const e of scoped) counts[e.state]++;
  const entries = filter.state?.length ? scoped.filter((e) => filter.state!.includes(e.state)) : scoped;
  return { counts, entries };
}
