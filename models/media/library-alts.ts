// The media library's alt texts on public pages. An image a page shows from the library (an
// article's or project's picture, or an image in a Markdown text written without an alt text)
// gets the alt text the volunteers saved in the library, in the page's language: the German one
// when there is one, else the German machine draft (the vision proposal's German, else a machine
// translation of the English: models/media/alt-translate.ts), else the English one (required at
// upload). An image with its own alt text keeps it.
import type { Knex } from 'knex';
import type { Lang } from '../shared/rules';
import { renderArticle, type RenderedArticle } from '../content/markup';
import { isShippedFile } from './shipped-media';
import { germanAltDraft } from '../shared/media-rules';

const UPLOADS = '/uploads/';

/** The library's file name of an address on this site (`/uploads/<name>`, or a shipped file's own address), else null. */
export function libraryFileName(src: string): string | null {
  const path = src.split(/[?#]/, 1)[0]!;
  if (path.startsWith(UPLOADS)) {
    const name = path.slice(UPLOADS.length);
    return name && !name.includes('/') ? name : null;
  }
  return isShippedFile(path) ? path : null;
}

/** A library alt text and its language: English on a German page whose image has no German text yet. */
export interface LibraryAlt {
  text: string;
  lang: Lang;
}

/** Address -> the library's alt text for a page in `lang` (German when set, else its machine draft, else English); addresses without one are left out. */
export async function libraryAlts(db: Knex, srcs: (string | null | undefined)[], lang: Lang): Promise<Map<string, LibraryAlt>> {
  const byName = new Map<string, string[]>();
  for (const src of new Set(srcs.filter((s): s is string => Boolean(s)))) {
    const name = libraryFileName(src);
    if (name) byName.set(name, [...(byName.get(name) ?? []), src]);
  }
  const out = new Map<string, LibraryAlt>();
  if (byName.size === 0) return out;
  type Row = { fileName: string; altText: string | null; altTextDe: string | null; altSuggestionEn: string | null; altSuggestionDe: string | null; altTextDeDraft: string | null };
  const rows = (await db('media_items')
    .whereIn('fileName', [...byName.keys()])
    .select('fileName', 'altText', 'altTextDe', 'altSuggestionEn', 'altSuggestionDe', 'altTextDeDraft')) as Row[];
  for (const row of rows) {
    const germanText = lang === 'de' ? row.altTextDe?.trim() || germanAltDraft({ ...row, altSuggestionDe: row.altSuggestionEn ? row.altSuggestionDe : null })?.text : undefined;
    const german = Boolean(germanText);
    const text = german ? germanText : row.altText?.trim();
    if (text) for (const src of byName.get(row.fileName) ?? []) out.set(src, { text, lang: german ? 'de' : 'en' });
  }
  return out;
}

/** Address -> the library's alt text in `lang` (German when set, else English); addresses without one are left out. */
export async function libraryAltTexts(db: Knex, srcs: (string | null | undefined)[], lang: Lang): Promise<Map<string, string>> {
  return new Map([...(await libraryAlts(db, srcs, lang))].map(([src, alt]) => [src, alt.text]));
}

/** The library's alt text of one image address for a page in `lang`; an empty text (a decorative image stays so) when none. */
export async function libraryAlt(db: Knex, src: string | null | undefined, lang: Lang): Promise<LibraryAlt> {
  return (await libraryAlts(db, [src], lang)).get(src ?? '') ?? { text: '', lang };
}

/** The library's alt text of one image address in `lang`, or '' (a decorative image stays so). */
export async function libraryAltText(db: Knex, src: string | null | undefined, lang: Lang): Promise<string> {
  return (await libraryAlt(db, src, lang)).text;
}

/**
 * renderArticle, with the library's alt text for each image written without one. The text is
 * rendered once more only when such an image is in it and the library knows it. An alt text in
 * another language than the page's (the English fallback on a German page) carries its own `lang`,
 * so screen readers pronounce it as English (an image's lang applies to its alt).
 */
export async function renderWithLibraryAlts(db: Knex, markdown: string | null | undefined, lang: Lang, options: { lightbox?: boolean } = {}): Promise<RenderedArticle> {
  const first = renderArticle(markdown, options);
  const bare = first.images.filter((i) => !i.alt.trim()).map((i) => i.src);
  if (bare.length === 0) return first;
  const alts = await libraryAlts(db, bare, lang);
  if (!alts.size) return first;
  return renderArticle(markdown, {
    ...options,
    altOf: (src) => {
      const alt = alts.get(src);
      return alt && { text: alt.text, lang: alt.lang === lang ? undefined : alt.lang };
    },
  });
}
