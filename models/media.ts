// The media library: rows in media_items, files under UPLOAD_DIR. A file's type is decided from
// its content (file-type), never from its name or the browser's claim; stored names are random.
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './admin-rules';
import { optionalText } from './admin-input';
import { toIso } from './dates';
import { IMAGE_VARIANT_WIDTHS, MEDIA_CATEGORIES, parseTags, type MediaFileType, type MediaItem, type MediaVariant } from './media-rules';

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
export const STORED_NAME = /^[a-f0-9]{32}(-w\d{3,4})?\.(jpg|png|webp|gif|pdf|mp4|webm|docx|xlsx|pptx|odt|ods|odp|doc|xls|ppt)$/;

export class MediaRejected extends Error {}

/** Finds the accepted type of a file from its content (and, for legacy Office files, its name). */
export async function detectType(filePath: string, originalName: string): Promise<AllowedType> {
  if (DANGEROUS_EXT.test(originalName)) throw new MediaRejected(`Files of this type are not accepted: ${path.extname(originalName)}`);
  const detected = await fileTypeFromFile(filePath);
  if (!detected) throw new MediaRejected('The file type could not be recognised from its content. Accepted: JPEG, PNG, WebP, GIF, PDF, Office documents, MP4 and WebM video.');
  if (detected.mime === 'application/x-cfb') {
    const ext = path.extname(originalName).slice(1).toLowerCase();
    const legacy = CFB_BY_EXT[ext];
    if (legacy) return legacy;
  }
  const allowed = ALLOWED[detected.mime];
  if (!allowed) throw new MediaRejected(`Files of type ${detected.mime} are not accepted.`);
  return allowed;
}

/** Whether a stored file may be shown inline; office documents are served as downloads. */
export function servedInline(fileName: string): boolean {
  const ext = path.extname(fileName).slice(1);
  return ['jpg', 'png', 'webp', 'gif', 'pdf', 'mp4', 'webm'].includes(ext);
}

export const MediaMetaSchema = z
  .object({
    category: z.enum(MEDIA_CATEGORIES, { error: M.category }),
    description: optionalText(1000),
    altText: optionalText(300),
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
  tags: string;
  variants: string;
  width: number | null;
  height: number | null;
  createdAt: unknown;
}

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
    tags: parseJson<string[]>(row.tags, []),
    url: `/uploads/${row.fileName}`,
    width: row.width ?? null,
    height: row.height ?? null,
    variants: parseJson<MediaVariant[]>(row.variants, []),
    createdAt: toIso(row.createdAt),
  };
}

export async function listMedia(db: Knex, filter: { category?: string; q?: string } = {}): Promise<MediaItem[]> {
  const q = db<MediaRow>('media_items').select('*').orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
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

export async function findMedia(db: Knex, id: number): Promise<MediaItem | null> {
  const row = await db<MediaRow>('media_items').where({ id }).first();
  return row ? toMediaItem(row) : null;
}

/**
 * Moves an uploaded temporary file into the library: checks its type from its content, gives it a
 * random name, makes WebP variants of images, and records it. The temporary file is always removed.
 */
export async function storeUpload(
  db: Knex,
  uploadDir: string,
  upload: { tempPath: string; originalName: string; size: number },
  meta: MediaMeta,
): Promise<MediaItem> {
  const written: string[] = [];
  try {
    const type = await detectType(upload.tempPath, upload.originalName);
    if (type.fileType === 'image' && !meta.altText) throw new MediaRejected(M.altText);
    const base = crypto.randomBytes(16).toString('hex');
    const fileName = `${base}.${type.ext}`;
    const target = path.join(uploadDir, fileName);
    await fs.mkdir(uploadDir, { recursive: true });
    await fs.copyFile(upload.tempPath, target);
    written.push(target);

    let width: number | null = null;
    let height: number | null = null;
    const variants: MediaVariant[] = [];
    if (type.fileType === 'image') {
      const animated = type.ext === 'gif' || type.ext === 'webp';
      let info: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
      try {
        info = await sharp(target, { animated, limitInputPixels: 100_000_000 }).metadata();
      } catch {
        throw new MediaRejected('The image could not be read: it may be damaged.');
      }
      width = info.width ?? null;
      height = info.pageHeight ?? info.height ?? null;
      for (const w of IMAGE_VARIANT_WIDTHS) {
        const variantName = `${base}-w${w}.webp`;
        const variantPath = path.join(uploadDir, variantName);
        // Never enlarged: a small original gives variants of its own size (metadata stripped).
        const out = await sharp(target, { animated, limitInputPixels: 100_000_000 })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(variantPath);
        written.push(variantPath);
        variants.push({ width: out.width, height: out.height, fileName: variantName });
      }
    }

    const [r] = (await db('media_items')
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
        tags: JSON.stringify(meta.tags),
        variants: JSON.stringify(variants),
        width,
        height,
        createdAt: new Date().toISOString(),
      })
      .returning('id')) as (number | { id: number })[];
    const id = typeof r === 'object' && r !== null ? Number(r.id) : Number(r);
    return (await findMedia(db, id))!;
  } catch (err) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw err;
  } finally {
    await fs.rm(upload.tempPath, { force: true });
  }
}

/**
 * Changes what the library says about a file (category, alt text, description, tags); the file
 * itself never changes. Images keep their required alt text. Null when the id is unknown.
 */
export async function updateMediaMeta(db: Knex, id: number, meta: MediaMeta): Promise<MediaItem | null> {
  const item = await findMedia(db, id);
  if (!item) return null;
  if (item.fileType === 'image' && !meta.altText) throw new MediaRejected(M.altText);
  await db('media_items')
    .where({ id })
    .update({ category: meta.category, description: meta.description, altText: meta.altText, tags: JSON.stringify(meta.tags) });
  return findMedia(db, id);
}

/** Deletes the row and its files (original and variants). False when unknown. */
export async function deleteMedia(db: Knex, uploadDir: string, id: number): Promise<MediaItem | null> {
  const item = await findMedia(db, id);
  if (!item) return null;
  await db('media_items').where({ id }).delete();
  const names = [item.fileName, ...item.variants.map((v) => v.fileName)].filter((n) => STORED_NAME.test(n));
  await Promise.all(names.map((n) => fs.rm(path.join(uploadDir, n), { force: true })));
  return item;
}
