// The site's own illustrations (public/images: heroes, project and news pictures, the gallery, team
// portraits, partner logos, social images) as items of the media library, so the media picker
// offers them from the first start. Their files ship with the site: an item points at its
// /images/... address, is never uploaded to the file storage, and deleting the item never deletes
// the file (models/media/library.ts deleteMedia touches only stored names).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { loadSharp } from './lazy';
import type { MediaCategory } from '../shared/media-rules';
import { SHIPPED_ALTS_DE } from './shipped-alts-de';

/** Items whose file ships with the site carry its public address as their file name. */
export const SHIPPED_PREFIX = '/images/';
export const isShippedFile = (fileName: string) => fileName.startsWith(SHIPPED_PREFIX);

/** app_settings key: the addresses offered once already (an item the admins deleted stays deleted). */
const SEEDED_KEY = 'shipped_media_seeded';
/** Set once the German descriptions were given to shipped images seeded without them. */
const GERMAN_ALTS_KEY = 'shipped_media_alts_de';

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/** The library category of each folder under public/images. */
const CATEGORY_OF: Record<string, MediaCategory> = {
  hero: 'projects',
  projects: 'projects',
  news: 'projects',
  gallery: 'facilities',
  team: 'team',
  testimonials: 'team',
  sponsors: 'partners',
  social: 'documentation',
};

export interface ShippedImage {
  /** Public address, e.g. /images/hero/slide-1.svg. */
  url: string;
  file: string;
  category: MediaCategory;
  mimeType: string;
}

/** The images under `publicDir`/images worth offering (a PNG rendition of an SVG beside it is left out). */
export async function shippedImages(publicDir: string): Promise<ShippedImage[]> {
  const root = path.join(publicDir, 'images');
  const found: ShippedImage[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const names = new Set(entries.map((e) => e.name));
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) {
        await walk(file);
        continue;
      }
      const ext = path.extname(e.name).toLowerCase();
      const mimeType = TYPES[ext];
      if (!mimeType) continue;
      if (ext !== '.svg' && names.has(e.name.slice(0, -ext.length) + '.svg')) continue;
      const rel = path.relative(root, file).split(path.sep);
      found.push({
        url: SHIPPED_PREFIX + rel.join('/'),
        file,
        category: rel.length > 1 ? (CATEGORY_OF[rel[0]!] ?? 'documentation') : rel[0] === 'logo.svg' ? 'partners' : 'documentation',
        mimeType,
      });
    }
  }
  await walk(root);
  return found;
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** What an image shows: its SVG <title>, else its file name in words ("water-point.svg" -> "water point"). */
export function describeImage(svgText: string | null, fileName: string): string {
  const title = svgText ? /<title>([^<]{1,300})<\/title>/.exec(svgText)?.[1] : undefined;
  if (title?.trim()) return decode(title.trim());
  return fileName.replace(/\.[a-z]+$/i, '').replace(/[-_]+/g, ' ').trim();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (bytes 16-23), or null when the file does not start as a PNG does. */
async function pngSize(file: string): Promise<{ width: number; height: number } | null> {
  const head = Buffer.alloc(24);
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') return null;
    const width = head.readUInt32BE(16);
    const height = head.readUInt32BE(20);
    return width && height ? { width, height } : null;
  } finally {
    await handle.close();
  }
}

async function sizeOf(image: ShippedImage, svgText: string | null): Promise<{ width: number | null; height: number | null }> {
  if (svgText) {
    const w = /<svg[^>]*\swidth="(\d+)"/.exec(svgText)?.[1];
    const h = /<svg[^>]*\sheight="(\d+)"/.exec(svgText)?.[1];
    return { width: w ? Number(w) : null, height: h ? Number(h) : null };
  }
  // A PNG names its size in its first chunk: read there, so a start that seeds the shipped PNGs
  // does not load libvips (about 10 MB that the instance then keeps) for two numbers.
  if (image.mimeType === 'image/png') {
    const size = await pngSize(image.file);
    if (size) return size;
  }
  try {
    const info = await (await loadSharp())(image.file).metadata();
    return { width: info.width ?? null, height: info.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/**
 * The German descriptions (SHIPPED_ALTS_DE) for shipped images a library seeded before they existed:
 * once per database (GERMAN_ALTS_KEY), and only where no German text was saved meanwhile.
 */
async function addGermanAlts(db: Knex): Promise<void> {
  if (await db('app_settings').where({ key: GERMAN_ALTS_KEY }).first('key')) return;
  for (const [url, alt] of Object.entries(SHIPPED_ALTS_DE)) {
    await db('media_items').where({ fileName: url }).where((q) => q.whereNull('altTextDe').orWhere('altTextDe', '')).update({ altTextDe: alt });
  }
  await db('app_settings').insert({ key: GERMAN_ALTS_KEY, value: '1' }).onConflict('key').ignore();
}

/**
 * Adds each shipped image not offered before to the media library. Idempotent and safe on several
 * instances at once (the unique file name decides; a second instance inserts nothing). Returns how
 * many items it added.
 */
export async function seedShippedMedia(db: Knex, publicDir: string, log?: Logger): Promise<number> {
  const images = await shippedImages(publicDir);
  if (!images.length) return 0;
  await addGermanAlts(db);
  const row = await db('app_settings').where({ key: SEEDED_KEY }).first<{ value: string } | undefined>();
  let seen: string[] = [];
  try {
    seen = row ? (JSON.parse(row.value) as string[]) : [];
  } catch {
    seen = [];
  }
  const fresh = images.filter((i) => !seen.includes(i.url));
  if (!fresh.length) return 0;
  let added = 0;
  for (const image of fresh) {
    const svgText = image.mimeType === 'image/svg+xml' ? await fs.readFile(image.file, 'utf8').catch(() => null) : null;
    const stat = await fs.stat(image.file);
    const name = path.basename(image.file);
    const alt = describeImage(svgText, name);
    const { width, height } = await sizeOf(image, svgText);
    const inserted = (await db('media_items')
      .insert({
        fileName: image.url,
        originalName: name,
        fileType: 'image',
        fileSize: stat.size,
        filePath: image.url,
        mimeType: image.mimeType,
        category: image.category,
        // No description or tags: they are words of one language, for the volunteers to add.
        description: null,
        altText: alt,
        altTextDe: SHIPPED_ALTS_DE[image.url] ?? null,
        tags: '[]',
        variants: '[]',
        width,
        height,
        createdAt: new Date().toISOString(),
      })
      .onConflict('fileName')
      .ignore()
      .returning('id')) as unknown[];
    added += inserted.length;
  }
  const value = JSON.stringify([...new Set([...seen, ...images.map((i) => i.url)])]);
  await db('app_settings').insert({ key: SEEDED_KEY, value }).onConflict('key').merge();
  if (added) log?.info({ added }, 'media library: added the illustrations shipped with the site');
  return added;
}
