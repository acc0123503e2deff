// The media library: rows in media_items, files in the storage (UPLOAD_DIR or an S3 bucket). A
// file's type is decided from its content (file-type), never from its name or the browser's claim;
// stored names are random. Images get WebP variants from a background job. A delete moves the item
// to the trash (deleted_at): it leaves the lists and pickers, its address answers 404, its files
// stay; a restore brings it back whole, and the trash's purge deletes row and files 30 days later.
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadSharp } from './lazy';
import { AppError, fieldError, invalidField } from '../shared/errors';
import type { FieldCode } from '../shared/error-codes';
import { optionalText } from '../content/admin-input';
import { toIso } from '../shared/dates';
import { StorageUnavailable, type FileStorage } from '../providers/storage';
import { isShippedFile } from './shipped-media';
import { recordAudit, type AuditInput } from '../people/audit';
import type { JobQueue } from '../providers/jobs';
import { moveToTrash, restoreFromTrash, TRASH_MS, type PurgeResult } from '../content/trash';
import { germanAltDraft, IMAGE_VARIANT_WIDTHS, MEDIA_CATEGORIES, parseTags, type MediaFileType, type MediaItem, type MediaVariant, type VariantFormat } from '../shared/media-rules';

export type { MediaItem };

/** Upload size limit (videos are the large ones). */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;

interface AllowedType {
  ext: string;
  mime: string;
  fileType: MediaFileType;
  /** Served inline (images, video, PDF) or only as a download (office documents). */
  inline: boolean;
}

// What the library accepts, keyed by the MIME type file-type reports from the file's bytes.
// Anything else (HTML, SVG, scripts, archives, executables...) is refused.
const ALLOWED: Record<string, AllowedType> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg', fileType: 'image', inline: true },
  'image/png': { ext: 'png', mime: 'image/png', fileType: 'image', inline: true },
  'image/webp': { ext: 'webp', mime: 'image/webp', fileType: 'image', inline: true },
  'image/gif': { ext: 'gif', mime: 'image/gif', fileType: 'image', inline: true },
  'application/pdf': { ext: 'pdf', mime: 'application/pdf', fileType: 'pdf', inline: true },
  'video/mp4': { ext: 'mp4', mime: 'video/mp4', fileType: 'others', inline: true },
  'video/webm': { ext: 'webm', mime: 'video/webm', fileType: 'others', inline: true },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fileType: 'document', inline: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileType: 'document', inline: false },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', fileType: 'document', inline: false },
  'application/vnd.oasis.opendocument.text': { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text', fileType: 'document', inline: false },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet', fileType: 'document', inline: false },
  'application/vnd.oasis.opendocument.presentation': { ext: 'odp', mime: 'application/vnd.oasis.opendocument.presentation', fileType: 'document', inline: false },
};

// Legacy Word/Excel/PowerPoint files share one container format (CFB); its name says which.
const CFB_BY_EXT: Record<string, AllowedType> = {
  doc: { ext: 'doc', mime: 'application/msword', fileType: 'document', inline: false },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', fileType: 'document', inline: false },
  ppt: { ext: 'ppt', mime: 'application/vnd.ms-powerpoint', fileType: 'document', inline: false },
};

/** Extensions refused whatever the content: they would run as code if ever served inline. */
const DANGEROUS_EXT = /\.(html?|xhtml|svgz?|xml|js|mjs|css|php|exe|sh|bat|cmd|hta)$/i;

/** Stored names as written by storeUpload: random hex, optional variant suffix, known extension. */
export const STORED_NAME = /^[a-f0-9]{32}(-w\d{3,4})?\.(jpg|png|webp|avif|gif|pdf|mp4|webm|docx|xlsx|pptx|odt|ods|odp|doc|xls|ppt)$/;

/** A file the library does not take (type, content): 415, the reason on the file field. */
export const mediaRejected = (message: string) => new AppError(415, 'media.rejected', message, { file: fieldError('file_type', undefined, message) });

/** Finds the accepted type of a file from its content (and, for legacy Office files, its name). */
export async function detectType(filePath: string, originalName: string): Promise<AllowedType> {
  if (DANGEROUS_EXT.test(originalName)) throw mediaRejected(`Files of this type are not accepted: ${path.extname(originalName)}`);
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath);
  if (!detected) throw mediaRejected('The file type could not be recognised from its content. Accepted: JPEG, PNG, WebP, GIF, PDF, Office documents, MP4 and WebM video.');
  if (detected.mime === 'application/x-cfb') {
    const ext = path.extname(originalName).slice(1).toLowerCase();
    const legacy = CFB_BY_EXT[ext];
    if (legacy) return legacy;
  }
  const allowed = ALLOWED[detected.mime];
  if (!allowed) throw mediaRejected(`Files of type ${detected.mime} are not accepted.`);
  return allowed;
}

/** Whether a stored file may be shown inline; office documents are served as downloads. */
export function servedInline(fileName: string): boolean {
  const ext = path.extname(fileName).slice(1);
  return ['jpg', 'png', 'webp', 'avif', 'gif', 'pdf', 'mp4', 'webm'].includes(ext);
}

/** The type a stored file is served with, from its name (which the library chose from its content). */
export function mimeOfStoredName(fileName: string): string {
  const ext = path.extname(fileName).slice(1);
  // AVIF is never uploaded, only made (the image variants).
  if (ext === 'avif') return 'image/avif';
  const known = Object.values(ALLOWED).find((t) => t.ext === ext) ?? CFB_BY_EXT[ext];
  return known?.mime ?? 'application/octet-stream';
}

export const MediaMetaSchema = z
  .object({
    category: z.enum(MEDIA_CATEGORIES, { error: 'category' satisfies FieldCode }),
    description: optionalText(1000),
    altText: optionalText(300),
    altTextDe: optionalText(300),
    tags: z.any().optional().transform(parseTags),
  });

export type MediaMeta = z.output<typeof MediaMetaSchema>;

interface MediaRow {
  id: number;
  fileName: string;
  originalName: string;
  fileType: string;
  fileSize: number | string;
  filePath: string;
  mimeType: string;
  category: string;
  description: string | null;
  altText: string | null;
  altTextDe?: string | null;
  altSuggestionEn?: string | null;
  altSuggestionDe?: string | null;
  altSuggestedAt?: unknown;
  altTextDeDraft?: string | null;
  altTextDeDraftAt?: unknown;
  tags: string;
  variants: string;
  width: number | null;
  height: number | null;
  createdAt: unknown;
  deletedAt?: unknown;
}

/** Items not in the trash (every read of the library but the trash's own). */
const live = (db: Knex) => db<MediaRow>('media_items').whereNull('deletedAt');

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    fileName: row.fileName,
    originalName: row.originalName,
    fileType: row.fileType,
    fileSize: Number(row.fileSize),
    filePath: row.filePath,
    mimeType: row.mimeType,
    category: row.category,
    description: row.description,
    altText: row.altText,
    altTextDe: row.altTextDe ?? null,
    // A machine's proposal, waiting for a person (cleared when one saves the alt texts).
    altSuggestion: row.altSuggestionEn && row.altSuggestionDe ? { en: row.altSuggestionEn, de: row.altSuggestionDe, at: toIso(row.altSuggestedAt) } : null,
    // What German pages show while no person wrote a German alt text (marked for review).
    altDraftDe: germanAltDraft({
      altTextDe: row.altTextDe,
      altSuggestionDe: row.altSuggestionEn ? row.altSuggestionDe : null,
      altSuggestedAt: row.altSuggestedAt ? toIso(row.altSuggestedAt) : null,
      altTextDeDraft: row.altTextDeDraft,
      altTextDeDraftAt: row.altTextDeDraftAt ? toIso(row.altTextDeDraftAt) : null,
    }),
    tags: parseJson<string[]>(row.tags, []),
    // A file shipped with the site (models/media/shipped-media.ts) is served from its own address.
    url: isShippedFile(row.fileName) ? row.fileName : `/uploads/${row.fileName}`,
    width: row.width ?? null,
    height: row.height ?? null,
    variants: parseJson<MediaVariant[]>(row.variants, []),
    createdAt: toIso(row.createdAt),
  };
}

export async function listMedia(db: Knex, filter: { category?: string; q?: string } = {}): Promise<MediaItem[]> {
  const q = live(db).select('*').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (filter.category) q.where({ category: filter.category });
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[%_\\]/g, (c) => '\\' + c)}%`;
    q.where((w) =>
      w
        .whereRaw("lower(original_name) like ? escape '\\'", [like])
        .orWhereRaw("lower(coalesce(description, '')) like ? escape '\\'", [like])
        .orWhereRaw("lower(coalesce(alt_text, '')) like ? escape '\\'", [like])
        .orWhereRaw("lower(tags) like ? escape '\\'", [like]),
    );
  }
  return (await q).map(toMediaItem);
}

/** An item of the library (one in the trash is not: restore it first). */
export async function findMedia(db: Knex, id: number): Promise<MediaItem | null> {
  const row = await live(db).where({ id }).first();
  return row ? toMediaItem(row) : null;
}

/** The extensions an original can have (variants are WebP and AVIF copies of an image). */
const ORIGINAL_EXTS = ['jpg', 'png', 'webp', 'gif', 'pdf', 'mp4', 'webm', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt'];

/**
 * Whether /uploads/<name> may be served: the file (an original, or a variant of one) belongs to
 * an item of the library that is not in the trash. A trashed file is a 404 for visitors, as a
 * trashed page is, and so is a file no row knows (a purged item's, until the sweep takes it).
 */
export async function isServedName(db: Knex, fileName: string): Promise<boolean> {
  const m = /^([a-f0-9]{32})/.exec(fileName);
  if (!m) return false;
  const row = await db<MediaRow>('media_items').whereIn('fileName', ORIGINAL_EXTS.map((ext) => `${m[1]}.${ext}`)).first('id', 'deletedAt');
  return Boolean(row) && row!.deletedAt == null;
}

export interface MediaDeps {
  db: Knex;
  storage: FileStorage;
  jobs: JobQueue;
  log: Logger;
}

/** The background job that asks for alt text proposals of an uploaded image (models/media/alt-suggest.ts). */
export const ALT_SUGGEST_TASK = 'alt-suggest';

/**
 * The background job that drafts an image's German alt text from its English one by machine
 * translation (models/media/alt-translate.ts): queued when an English alt text is saved without a
 * German one, OpenAI configured.
 */
export const ALT_TRANSLATE_TASK = 'alt-translate';

/** Queues the German draft of an item's alt text (in the caller's transaction; one waiting job per item). */
export function queueAltTranslation(jobs: JobQueue, mediaId: number, trx?: Knex): Promise<void> {
  return jobs.add(ALT_TRANSLATE_TASK, { mediaId }, { key: `${ALT_TRANSLATE_TASK}:${mediaId}`, maxAttempts: 5, trx });
}

/** The background job that makes the WebP variants of an uploaded image. */
export const IMAGE_VARIANTS_TASK = 'image-variants';

const SHARP_LIMITS = { limitInputPixels: 100_000_000 };
const isAnimated = (fileName: string) => /\.(gif|webp)$/.test(fileName);

/** The formats made of an image: WebP, and AVIF unless it is animated. */
const formatsOf = (fileName: string): VariantFormat[] => (isAnimated(fileName) ? ['webp'] : ['webp', 'avif']);

/** The variant names of an image, whether made yet or not: `<base>-w480.webp`..., `<base>-w480.avif`... */
export function variantNamesOf(fileName: string): string[] {
  const base = fileName.replace(/\.[a-z0-9]+$/, '');
  return formatsOf(fileName).flatMap((f) => IMAGE_VARIANT_WIDTHS.map((w) => `${base}-w${w}.${f}`));
}

/**
 * Takes an uploaded temporary file into the library: checks its type from its content, gives it a
 * random name, puts it in the storage, and records it together with the job that makes an image's
 * WebP variants (one transaction: a row never waits for a job that was not queued). The caller
 * removes the temporary file. Throws AppError (a bad file, a missing alt text) or StorageUnavailable.
 */
export async function storeUpload(
  deps: MediaDeps,
  upload: { tempPath: string; originalName: string; size: number },
  meta: MediaMeta,
  options: { suggestAlt?: boolean; translateAlt?: boolean; audit?: (row: { id: number; originalName: string }) => AuditInput } = {},
): Promise<MediaItem> {
  const { db, storage, jobs } = deps;
  const type = await detectType(upload.tempPath, upload.originalName);
  if (type.fileType === 'image' && !meta.altText) throw invalidField('altText', 'alt_text');
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;

  // The size is read from the header (fast): pages need it at once, the variants come later.
  let width: number | null = null;
  let height: number | null = null;
  if (type.fileType === 'image') {
    try {
      const info = await (await loadSharp())(upload.tempPath, { animated: isAnimated(fileName), ...SHARP_LIMITS }).metadata();
      width = info.width ?? null;
      height = info.pageHeight ?? info.height ?? null;
    } catch {
      throw mediaRejected('The image could not be read: it may be damaged.');
    }
  }

  await claimStorage(deps);
  await storage.put(fileName, upload.tempPath, type.mime);
  try {
    const id = await db.transaction(async (trx) => {
      const [r] = (await trx('media_items')
        .insert({
          fileName,
          originalName: upload.originalName.slice(0, 300),
          fileType: type.fileType,
          fileSize: upload.size,
          filePath: fileName,
          mimeType: type.mime,
          category: meta.category,
          description: meta.description,
          altText: meta.altText,
          altTextDe: meta.altTextDe,
          tags: JSON.stringify(meta.tags),
          variants: '[]',
          width,
          height,
          createdAt: new Date().toISOString(),
        })
        .returning('id')) as (number | { id: number })[];
      const newId = typeof r === 'object' && r !== null ? Number(r.id) : Number(r);
      if (type.fileType === 'image') await jobs.add(IMAGE_VARIANTS_TASK, { mediaId: newId }, { key: `${IMAGE_VARIANTS_TASK}:${newId}`, trx });
      // Alt text proposals (OpenAI configured): queued with the row, so none is lost to a restart.
      if (type.fileType === 'image' && options.suggestAlt) await jobs.add(ALT_SUGGEST_TASK, { mediaId: newId }, { key: `${ALT_SUGGEST_TASK}:${newId}`, trx });
      // An English alt text without a German one: a machine draft of the German (OpenAI configured).
      if (type.fileType === 'image' && options.translateAlt && meta.altText && !meta.altTextDe) await queueAltTranslation(jobs, newId, trx);
      if (options.audit) await recordAudit(trx, options.audit({ id: newId, originalName: upload.originalName }));
      return newId;
    });
    return (await findMedia(db, id))!;
  } catch (err) {
    // No row: the file must not stay (the hourly sweep removes it if this fails too).
    await storage.delete(fileName).catch((e: unknown) => deps.log.warn({ err: (e as Error).message, fileName }, 'media: could not remove the file of a failed upload'));
    throw err;
  }
}

/**
 * The storage's owner mark: the sweep deletes every stored file its database does not know, so
 * a folder or bucket must belong to one database. The first upload writes this database's
 * library id into it; a storage marked by another database is refused (uploads answer 503 and
 * the log says why) and never swept.
 */
export const LIBRARY_MARKER = 'media-library.json';

export class StorageOfAnotherDatabase extends StorageUnavailable {}

async function libraryId(db: Knex): Promise<string> {
  const read = () => db('app_settings').where({ key: 'media_library_id' }).first<{ value: string } | undefined>();
  const row = await read();
  if (row) return row.value;
  await db('app_settings').insert({ key: 'media_library_id', value: crypto.randomBytes(12).toString('hex') }).onConflict('key').ignore();
  return (await read())!.value;
}

async function markerOf(storage: FileStorage): Promise<string | null> {
  const file = await storage.get(LIBRARY_MARKER);
  if (!file) return null;
  const text = (await readAll(file.body, 10_000)).toString('utf8');
  try {
    return String((JSON.parse(text) as { library?: unknown }).library ?? '?');
  } catch {
    return '?';
  }
}

/** Whose mark the storage carries: this database's, none yet, or another database's. */
export async function storageOwner(deps: Pick<MediaDeps, 'db' | 'storage'>): Promise<'this' | 'none' | 'other'> {
  const [id, owner] = await Promise.all([libraryId(deps.db), markerOf(deps.storage)]);
  return owner === null ? 'none' : owner === id ? 'this' : 'other';
}

const claims = new WeakMap<FileStorage, Promise<void>>();

/** Marks the storage as this database's (once per process), or throws StorageOfAnotherDatabase. */
export function claimStorage(deps: Pick<MediaDeps, 'db' | 'storage'>): Promise<void> {
  const { db, storage } = deps;
  let claim = claims.get(storage);
  if (!claim) {
    claim = (async () => {
      const [id, owner] = await Promise.all([libraryId(db), markerOf(storage)]);
      if (owner === id) return;
      if (owner === null) {
        const note = 'The media library of one site database. Its hourly sweep deletes files that this database does not know.';
        await storage.put(LIBRARY_MARKER, Buffer.from(JSON.stringify({ library: id, note }, null, 2)), 'application/json');
        return;
      }
      throw new StorageOfAnotherDatabase(
        `storage: ${storage.where} holds the files of another site database (its ${LIBRARY_MARKER} names library ${owner}; this database is ${id}). ` +
          `Give each database its own UPLOAD_DIR, bucket or S3_PREFIX; if the other site's database is gone for good, delete ${LIBRARY_MARKER} there.`,
      );
    })();
    claims.set(storage, claim);
    claim.catch(() => claims.delete(storage));
  }
  return claim;
}

async function readAll(body: AsyncIterable<Buffer | Uint8Array | string>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += b.length;
    if (total > limit) throw new Error(`the file is larger than ${limit} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/**
 * The image-variants job: WebP and AVIF copies 480, 960 and 1600 pixels wide (never enlarged,
 * metadata stripped) put in the storage and recorded on the row. Makes only what the row does not
 * record yet (images uploaded before AVIF variants existed get theirs the first time one is asked
 * for: controllers/media.ts). Idempotent: an image with all its variants, a row that is gone or a
 * file that is not an image is left alone; variants made for a row deleted meanwhile are removed.
 */
export async function makeImageVariants(deps: Pick<MediaDeps, 'db' | 'storage' | 'log'>, payload: unknown, ctx?: { signal?: AbortSignal; log?: Logger }): Promise<void> {
  const { db, storage } = deps;
  const log = ctx?.log ?? deps.log;
  const id = Number((payload as { mediaId?: unknown } | null)?.mediaId);
  if (!Number.isSafeInteger(id) || id <= 0) {
    log.warn({ payload }, 'image-variants: no media id in the job');
    return;
  }
  const item = await findMedia(db, id);
  if (!item || item.fileType !== 'image') return;
  const recorded = new Set(item.variants.map((v) => v.fileName));
  const base = item.fileName.replace(/\.[a-z0-9]+$/, '');
  const todo = formatsOf(item.fileName)
    .flatMap((format) => IMAGE_VARIANT_WIDTHS.map((width) => ({ format, width, name: `${base}-w${width}.${format}` })))
    .filter((v) => !recorded.has(v.name));
  if (!todo.length) return;

  const original = await storage.get(item.fileName);
  if (!original) {
    log.warn({ mediaId: id, fileName: item.fileName }, 'image-variants: the original is missing from the storage');
    return;
  }
  const input = await readAll(original.body, MEDIA_MAX_BYTES * 2);
  ctx?.signal?.throwIfAborted();

  const animated = isAnimated(item.fileName);
  const made: { name: string; format: VariantFormat; data: Buffer; width: number; height: number }[] = [];
  let width: number | null;
  let height: number | null;
  try {
    const sharp = await loadSharp();
    const info = await sharp(input, { animated, ...SHARP_LIMITS }).metadata();
    width = info.width ?? null;
    height = info.pageHeight ?? info.height ?? null;
    for (const v of todo) {
      const resized = sharp(input, { animated, ...SHARP_LIMITS }).rotate().resize({ width: v.width, withoutEnlargement: true });
      // AVIF quality 50 looks like WebP 80 at about two thirds of its size; effort 3 of 9 keeps a
      // 1600-pixel photo at about a second of the job's time.
      const encoded = v.format === 'avif' ? resized.avif({ quality: 50, effort: 3 }) : resized.webp({ quality: 80 });
      const { data, info: out } = await encoded.toBuffer({ resolveWithObject: true });
      made.push({ name: v.name, format: v.format, data, width: out.width, height: out.pageHeight ?? out.height });
      ctx?.signal?.throwIfAborted();
    }
  } catch (err) {
    if (ctx?.signal?.aborted) throw err;
    // Trying again would fail the same way: pages keep showing the original.
    log.warn({ mediaId: id, err: (err as Error).message }, 'image-variants: the image could not be converted; pages show the original');
    return;
  }

  for (const v of made) await storage.put(v.name, v.data, `image/${v.format}`);
  const variants: MediaVariant[] = [...item.variants, ...made.map((v) => ({ width: v.width, height: v.height, fileName: v.name }))];
  const updated = await db('media_items').where({ id }).update({ variants: JSON.stringify(variants), width, height });
  if (!updated) {
    // Deleted while we worked: its delete could not know of these files.
    await Promise.all(made.map((v) => storage.delete(v.name)));
  }
}

/**
 * Where a variant that is not (yet) in the storage should send the browser, or null (a 404): a
 * WebP variant whose job is pending goes to the original; an AVIF variant goes to the WebP variant
 * of the same width when that exists (`makeAvif`: the image has none yet, its job should be
 * queued), else to the original.
 */
export async function pendingVariantFallback(db: Knex, variantName: string): Promise<{ location: string; makeVariantsOf?: number } | null> {
  const m = /^([a-f0-9]{32})-w(\d{3,4})\.(webp|avif)$/.exec(variantName);
  if (!m) return null;
  const row = await db<MediaRow>('media_items')
    .whereIn('fileName', ['jpg', 'png', 'webp', 'gif'].map((ext) => `${m[1]}.${ext}`))
    .first('id', 'fileName', 'variants');
  if (!row) return null;
  const variants = parseJson<MediaVariant[]>(row.variants, []);
  if (m[3] === 'avif') {
    if (!variantNamesOf(row.fileName).includes(variantName)) return null;
    const webp = `${m[1]}-w${m[2]}.webp`;
    return variants.some((v) => v.fileName === webp) ? { location: `/uploads/${webp}`, makeVariantsOf: row.id } : { location: `/uploads/${row.fileName}` };
  }
  return variants.length > 0 ? null : { location: `/uploads/${row.fileName}` };
}

/**
 * Changes what the library says about a file (category, alt text, description, tags); the file
 * itself never changes. Images keep their required alt text. Null when the id is unknown.
 */
export async function updateMediaMeta(db: Knex, id: number, meta: MediaMeta, options: { jobs?: JobQueue; translateAlt?: boolean } = {}): Promise<MediaItem | null> {
  const row = await live(db).where({ id }).first();
  if (!row) return null;
  const item = toMediaItem(row);
  if (item.fileType === 'image' && !meta.altText) throw invalidField('altText', 'alt_text');
  // The German machine draft: a person's German text ends it; a changed English text makes it
  // stale (a new one is drafted); otherwise it stays, and one is drafted if there is none yet.
  const englishChanged = (meta.altText ?? '') !== (item.altText ?? '');
  const dropDraft = Boolean(meta.altTextDe) || englishChanged;
  const hasDraft = !dropDraft && Boolean(row.altTextDeDraft?.trim());
  if (item.fileType === 'image' && options.jobs && options.translateAlt && meta.altText && !meta.altTextDe && !hasDraft) await queueAltTranslation(options.jobs, id, db);
  // A person saved the alt texts: the machine's proposal has been read and is no longer shown, and
  // one still on its way is not stored any more (alt_saved_at, see models/media/alt-suggest.ts).
  await db('media_items').where({ id }).update({
    ...(dropDraft ? { altTextDeDraft: null, altTextDeDraftAt: null } : {}),
    category: meta.category,
    description: meta.description,
    altText: meta.altText,
    altTextDe: meta.altTextDe,
    tags: JSON.stringify(meta.tags),
    altSuggestionEn: null,
    altSuggestionDe: null,
    altSuggestedAt: null,
    altSavedAt: new Date().toISOString(),
  });
  return findMedia(db, id);
}

/**
 * Moves an item to the trash, with its audit entry (one transaction). Nothing in the storage is
 * touched: the files wait for a restore or the purge. Null when the id is unknown or already trashed.
 */
export async function deleteMedia(db: Knex, id: number, actor: string, audit?: (item: MediaItem) => AuditInput): Promise<MediaItem | null> {
  return db.transaction(async (trx) => {
    const item = await findMedia(trx, id);
    if (!item || !(await moveToTrash(trx, 'media_items', id, actor))) return null;
    if (audit) await recordAudit(trx, audit(item));
    return item;
  });
}

/**
 * Takes an item out of the trash, with its audit entry: it is back in the lists and at its
 * address, with the variants it had. An image whose variants were not all made yet (its job found
 * it in the trash) gets the job again, in the same transaction. Null when it is not in the trash.
 */
export async function restoreMedia(deps: Pick<MediaDeps, 'db' | 'jobs'>, id: number, audit?: (item: MediaItem) => AuditInput): Promise<MediaItem | null> {
  return deps.db.transaction(async (trx) => {
    if (!(await restoreFromTrash(trx, 'media', id))) return null;
    const item = (await findMedia(trx, id))!;
    if (item.fileType === 'image' && !isShippedFile(item.fileName) && item.variants.length < variantNamesOf(item.fileName).length) {
      await deps.jobs.add(IMAGE_VARIANTS_TASK, { mediaId: id }, { key: `${IMAGE_VARIANTS_TASK}:${id}`, trx });
    }
    if (audit) await recordAudit(trx, audit(item));
    return item;
  });
}

/** Every stored name of an item: the original and its variants, made or still to be made (a shipped file has none in the storage). */
function storedNamesOf(item: Pick<MediaItem, 'fileName' | 'fileType' | 'variants'>): string[] {
  if (isShippedFile(item.fileName)) return [];
  const derived = item.fileType === 'image' ? variantNamesOf(item.fileName) : [];
  return [...new Set([item.fileName, ...item.variants.map((v) => v.fileName), ...derived])].filter((n) => STORED_NAME.test(n));
}

/**
 * The trash's purge of the library (run by the `purge-trash` job, models/content/trash.ts): each
 * item trashed more than TRASH_DAYS before `now` loses its row, with an audit entry (by "system",
 * action erase, its file name) in the same transaction, then its files. A storage that fails then
 * leaves files no row knows: they are not served, and the hourly upload sweep removes them.
 */
export async function purgeMediaTrash(deps: Pick<MediaDeps, 'db' | 'storage' | 'log'>, now: Date = new Date()): Promise<PurgeResult['purged']> {
  const { db, storage, log } = deps;
  const cutoff = new Date(now.getTime() - TRASH_MS).toISOString();
  const rows = (await db<MediaRow>('media_items').select('*').whereNotNull('deletedAt').where('deletedAt', '<', cutoff)) as MediaRow[];
  const purged: PurgeResult['purged'] = [];
  for (const row of rows) {
    const item = toMediaItem(row);
    const gone = await db.transaction(async (trx) => {
      if (!Number(await trx('media_items').where({ id: item.id }).whereNotNull('deletedAt').delete())) return false;
      await recordAudit(trx, { actor: 'system', action: 'erase', entity: 'media', entityId: item.id, summary: item.originalName, details: { name: item.originalName } });
      return true;
    });
    if (!gone) continue;
    purged.push({ name: 'media', id: item.id });
    for (const name of storedNamesOf(item)) {
      await storage.delete(name).catch((err: unknown) => log.warn({ err: (err as Error).message, fileName: name }, 'trash: a purged file was not deleted now; the upload sweep removes it later'));
    }
  }
  return purged;
}
