// The alt-suggest job: a small JPEG of an uploaded image goes to the vision model (models/providers/
// vision.ts) and its English and German proposals are stored on the row until a person saves the
// item's alt texts. Nothing here may break an upload: a failed or declined answer is logged and
// the job ends without a proposal (trying again would cost money for the same answer).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { loadSharp } from './lazy';
import { findMedia } from './library';
import type { FileStorage } from '../providers/storage';
import type { VisionProvider } from '../providers/vision';

/** The longest side of the picture that is sent: enough to describe it, small to send ("low" detail is 512 px). */
export const ALT_SUGGEST_SIZE = 512;
const MAX_ORIGINAL_BYTES = 100 * 1024 * 1024;

export interface AltSuggestDeps {
  db: Knex;
  storage: FileStorage;
  log: Logger;
  vision: VisionProvider | null;
  orgName: string;
}

export async function runAltSuggestJob(deps: AltSuggestDeps, payload: unknown, ctx?: { signal?: AbortSignal; log?: Logger }): Promise<void> {
  const log = ctx?.log ?? deps.log;
  if (!deps.vision) return;
  const id = Number((payload as { mediaId?: unknown } | null)?.mediaId);
  if (!Number.isSafeInteger(id) || id <= 0) {
    log.warn({ payload }, 'alt-suggest: no media id in the job');
    return;
  }
  const item = await findMedia(deps.db, id);
  if (!item || item.fileType !== 'image') return;
  const original = await deps.storage.get(item.fileName);
  if (!original) {
    log.warn({ mediaId: id }, 'alt-suggest: the original is missing from the storage');
    return;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of original.body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += b.length;
    if (total > MAX_ORIGINAL_BYTES) return;
    chunks.push(b);
  }
  let small: Buffer;
  try {
    const sharp = await loadSharp();
    small = await sharp(Buffer.concat(chunks), { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: ALT_SUGGEST_SIZE, height: ALT_SUGGEST_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch (err) {
    log.warn({ mediaId: id, err: (err as Error).message }, 'alt-suggest: the image could not be read');
    return;
  }
  ctx?.signal?.throwIfAborted();
  const suggestion = await deps.vision.suggestAlt({ dataUrl: `data:image/jpeg;base64,${small.toString('base64')}`, orgName: deps.orgName });
  if (!suggestion) return;
  // Only while no person has saved the item's alt texts since the upload: the answer may come
  // after a volunteer wrote their own, and a proposal must never reappear beside it. One
  // conditional write, so a save between the check and the write cannot slip through.
  const stored = await deps.db('media_items')
    .where({ id })
    .whereNull('altSavedAt')
    .update({ altSuggestionEn: suggestion.en, altSuggestionDe: suggestion.de, altSuggestedAt: new Date().toISOString() });
  if (Number(stored) > 0) log.info({ mediaId: id }, 'alt-suggest: proposal stored');
  else log.info({ mediaId: id }, 'alt-suggest: a person saved the alt texts meanwhile; proposal dropped');
}
