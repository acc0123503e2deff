// Pure media rules shared by the server, the admin bundle and public pages (srcset of uploads).
import type { Lang } from './rules';

/** The categories a media item can be filed under (the media grid filters by them). */
export const MEDIA_CATEGORIES = ['projects', 'facilities', 'team', 'partners', 'documents', 'videos', 'documentation'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** The kinds of media item (its fileType). */
export type MediaFileType = 'image' | 'pdf' | 'document' | 'others';

/** Widths of the variants made for every uploaded image. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/**
 * Formats of the variants: WebP for every browser, AVIF (about a third smaller for photos) for
 * those that take it (views/components/content-image.tsx). GIF and WebP uploads (which may be
 * animated) get WebP only.
 */
export type VariantFormat = 'webp' | 'avif';

export interface MediaVariant {
  width: number;
  height: number;
  fileName: string;
}

export interface MediaItem {
  id: number;
  fileName: string;
  originalName: string;
  fileType: MediaFileType | string;
  fileSize: number;
  filePath: string;
  mimeType: string;
  category: MediaCategory | string;
  description: string | null;
  altText: string | null;
  /** The German alt text (pages in German use it; the English one when it is empty). */
  altTextDe: string | null;
  /** An AI proposal of both alt texts, shown as such until a person saves the item. */
  altSuggestion: { en: string; de: string; at: string } | null;
  /**
   * The machine draft German pages show while no person has written a German alt text (null once
   * one has): the vision proposal's German, else a machine translation of the English alt text.
   * Marked for review in the admin (models/media/alt-translate.ts).
   */
  altDraftDe: AltDraftDe | null;
  tags: string[];
  /** Public address of the original: /uploads/<fileName>. */
  url: string;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
  createdAt: string;
}

export interface AltDraftDe {
  text: string;
  /** 'suggestion': the vision proposal's German; 'translation': the English alt text translated. */
  source: 'suggestion' | 'translation';
  at: string | null;
}

/** The German machine draft of an item's alt text, or null when a person wrote a German one (or there is no draft). */
export function germanAltDraft(row: {
  altTextDe?: string | null;
  altSuggestionDe?: string | null;
  altSuggestedAt?: string | null;
  altTextDeDraft?: string | null;
  altTextDeDraftAt?: string | null;
}): AltDraftDe | null {
  if (row.altTextDe?.trim()) return null;
  const suggestion = row.altSuggestionDe?.trim();
  if (suggestion) return { text: suggestion, source: 'suggestion', at: row.altSuggestedAt ?? null };
  const translation = row.altTextDeDraft?.trim();
  return translation ? { text: translation, source: 'translation', at: row.altTextDeDraftAt ?? null } : null;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * File sizes as the media grid shows them: Bytes, KB, MB or GB with two decimals (1024 per step).
 * Whole bytes need no decimals: "512 Bytes", "1.50 KB", "2.00 MB".
 */
export function formatFileSize(bytes: number, lang: Lang = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  const digits = i === 0 ? 0 : 2;
  const text = new Intl.NumberFormat(lang === 'de' ? 'de-CH' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(i === 0 ? Math.round(value) : value);
  return `${text} ${SIZE_UNITS[i]}`;
}

/** The media grid shows up to 3 tags, then '+N' for the rest. */
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** Tags typed as "a, b , a" -> ["a", "b"] (trimmed, unique, at most 20 of 40 characters). */
export function parseTags(input: unknown): string[] {
  const list = Array.isArray(input) ? input.map(String) : typeof input === 'string' ? input.split(',') : [];
  const out: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().slice(0, 40);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 20);
}

const UPLOAD_IMAGE = /^\/uploads\/([a-z0-9-]+)\.(jpg|png|webp|gif)$/;

/** True when the address is an image uploaded through the media library (it has WebP variants). */
export const isUploadedImage = (url: string | null | undefined): boolean => Boolean(url && UPLOAD_IMAGE.test(url));

/**
 * srcset of an uploaded image's variants in one format (`/uploads/<id>-w480.webp 480w, ...`), or
 * undefined for any other address. Every width is always written (never enlarged), so the
 * names can be derived from the address alone. A background job makes them a moment after the
 * upload; until then /uploads/ answers a variant's address with a redirect (not cached) to the
 * original, and an AVIF variant an image does not have yet (uploaded before there were any) with
 * a redirect to its WebP variant, so pages and thumbnails show something meanwhile.
 */
export function srcSetFor(url: string | null | undefined, format: VariantFormat = 'webp'): string | undefined {
  const m = url ? UPLOAD_IMAGE.exec(url) : null;
  if (!m || (format === 'avif' && (m[2] === 'gif' || m[2] === 'webp'))) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `/uploads/${m[1]}-w${w}.${format} ${w}w`).join(', ');
}

/** The smallest variant of an uploaded image (for thumbnails), else the address itself. */
export function thumbnailFor(url: string): string {
  const m = UPLOAD_IMAGE.exec(url);
  return m ? `/uploads/${m[1]}-w${IMAGE_VARIANT_WIDTHS[0]}.webp` : url;
}
