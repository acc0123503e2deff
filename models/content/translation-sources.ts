// Translation tracking of the content's bilingual fields, written by every save of an item (the
// save's use case in content-edits.ts calls recordTranslationSources in its transaction); the
// translation report (models/translation/translation-status.ts) reads the same rows.
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
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { editedTexts, pageTextSections } from './page-texts';
import type { Lang, PageContent } from '../shared/rules';
import type { TranslationEntity, TranslationState } from '../shared/translation-rules';

export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const isEmpty = (text: string | null | undefined) => !text || text.trim() === '';

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

export type Texts = Record<string, Record<Lang, string>>;
export type AnyItem = Record<string, unknown> & { id: number };

const FIELDS: Record<Exclude<TranslationEntity, 'locale' | 'media'>, string[]> = {
  project: ['title', 'description'],
  news: ['title', 'abstract', 'content'],
  team: ['position', 'bio'],
  page: ['title', 'content', 'metaDescription'],
};


export const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The item's bilingual texts by field (a page's edited texts under texts.<key>, with the built-in copy where unedited). */
export function itemTexts(entity: Exclude<TranslationEntity, 'locale' | 'media'>, item: AnyItem): Texts {
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

export type RowsByField = Map<string, SourceRow[]>;

export async function rowsOf(db: Knex, entity: string, ids: number[] | null): Promise<Map<number, RowsByField>> {
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
  const kind = entity as Exclude<TranslationEntity, 'locale' | 'media'>;
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
function builtInOf(kind: Exclude<TranslationEntity, 'locale' | 'media'>, item: AnyItem, field: string): Record<Lang, string> | null {
  if (kind !== 'page' || !field.startsWith('texts.')) return null;
  const key = field.slice('texts.'.length);
  for (const section of pageTextSections(str(item.pageName))) {
    const entry = section.texts.find((e) => e.key === key);
    if (entry) return { en: entry.en, de: entry.de };
  }
  return null;
}
