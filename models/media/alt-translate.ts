// German alt texts on German pages: an image whose English alt text was saved without a German one
// gets a machine draft of the German, a translation of the English made by the translation
// assistant (models/providers/assistant.ts: its client, deadlines and Swiss spelling, with the
// glossary as the admins keep it). The draft is stored on the row (alt_text_de_draft), never in a
// person's alt_text_de; German pages show it (models/media/library-alts.ts) and the admin marks it
// for review until a person saves a German alt text, which clears it (models/media/library.ts).
// Writing the row raises the content version, so cached pages show the draft at once.
// Without OpenAI nothing is drafted: the English text stays, marked as English.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AssistantProvider, GlossaryEntry } from '../providers/assistant';
import type { JobQueue } from '../providers/jobs';
import { AppError } from '../shared/errors';
import { queueAltTranslation } from './library';

/** An alt text is short: a draft is one line of at most this many characters (the alt fields' limit). */
const ALT_MAX = 300;
/** app_settings key: the items of a library from before the drafts were queued once. */
const BACKFILL_KEY = 'alt_de_drafts_queued';

export interface AltTranslateDeps {
  db: Knex;
  assistant: Pick<AssistantProvider, 'kind' | 'translate'>;
  log: Logger;
  /** The glossary as the admins keep it (models/translation/glossary.ts glossaryEntries). */
  glossary: () => Promise<GlossaryEntry[]>;
}

/** Live images with an English alt text and neither a German one nor a draft of it. */
const lacking = (db: Knex) =>
  db('media_items')
    .whereNull('deletedAt')
    .where({ fileType: 'image' })
    .whereNotNull('altText')
    .whereNot('altText', '')
    .where((q) => q.whereNull('altTextDe').orWhere('altTextDe', ''));

/** ALT_TRANSLATE_TASK { mediaId }: drafts the German alt text of one image, if it still lacks one. */
export async function runAltTranslateJob(deps: AltTranslateDeps, payload: unknown, ctx?: { signal?: AbortSignal; log?: Logger }): Promise<void> {
  const log = ctx?.log ?? deps.log;
  if (deps.assistant.kind !== 'openai') return;
  const id = Number((payload as { mediaId?: unknown } | null)?.mediaId);
  if (!Number.isSafeInteger(id) || id <= 0) {
    log.warn({ payload }, 'alt-translate: no media id in the job');
    return;
  }
  const row = (await lacking(deps.db).where({ id }).first('altText', 'altTextDeDraft')) as { altText: string; altTextDeDraft: string | null } | undefined;
  // A person wrote the German meanwhile, the item is gone, or it has its draft already.
  if (!row || row.altTextDeDraft?.trim()) return;
  const source = row.altText.trim();
  let text: string;
  try {
    const draft = await deps.assistant.translate({ text: source, from: 'en', to: 'de', glossary: await deps.glossary(), signal: ctx?.signal });
    text = draft.text.replace(/\s+/g, ' ').trim().slice(0, ALT_MAX).trim();
  } catch (err) {
    // A service that is busy or slow is asked again later (the queue's backoff); an answer that
    // was refused would come the same way again: the English stays.
    if (err instanceof AppError && (err.code === 'assistant.timeout' || err.code === 'assistant.unavailable')) throw err;
    if (err instanceof AppError) {
      log.warn({ mediaId: id, code: err.code }, 'alt-translate: no draft (the answer was refused); German pages keep the English alt text');
      return;
    }
    throw err;
  }
  if (!text) return;
  // Only while the English is the one translated and no person has written German: one
  // conditional write, so a save between the question and the answer wins.
  const stored = await lacking(deps.db).where({ id, altText: row.altText }).update({ altTextDeDraft: text, altTextDeDraftAt: new Date().toISOString() });
  if (Number(stored) > 0) log.info({ mediaId: id }, 'alt-translate: German draft stored');
  else log.info({ mediaId: id }, 'alt-translate: the alt texts changed meanwhile; draft dropped');
}

/**
 * Once per database, with OpenAI configured: a draft job for every image of the library that has
 * an English alt text and no German one (a library from before the drafts). Safe on several
 * instances at once (one waiting job per item). Returns how many it queued.
 */
export async function queueMissingAltTranslations(deps: { db: Knex; jobs: JobQueue; assistant: Pick<AssistantProvider, 'kind'> }): Promise<number> {
  if (deps.assistant.kind !== 'openai') return 0;
  if (await deps.db('app_settings').where({ key: BACKFILL_KEY }).first('key')) return 0;
  const rows = (await lacking(deps.db).whereNull('altTextDeDraft').select('id')) as { id: number }[];
  for (const { id } of rows) await queueAltTranslation(deps.jobs, Number(id));
  await deps.db('app_settings').insert({ key: BACKFILL_KEY, value: new Date().toISOString() }).onConflict('key').ignore();
  return rows.length;
}
