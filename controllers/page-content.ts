// What a page's entry of the admin Pages tab gives the page a visitor sees, in the page's language:
// the hero's title and introduction (Markdown rendered on the server), the edited words of the
// rest of the page, and the edited meta description. Only a live entry counts (findPageContent).
import type { Request } from 'express';
import { langOf, sharedRead, type Deps } from './context';
import { findPageContent } from '../models/content/page';
import { renderWithLibraryAlts } from '../models/media/library-alts';
import { editedTexts } from '../models/content/page-texts';
import { localized } from '../models/shared/rules';
import type { PageIntro } from '../views/components/content/page-hero';
import type { PageName } from '../models/shared/site-pages';

export interface PageEntry {
  intro: PageIntro | null;
  /** Edited words: locale key -> text (empty: the built-in copy). */
  texts: Record<string, string>;
  /** The edited meta description, or null for the built-in one. */
  description: string | null;
}

export function pageEntry(req: Request, deps: Deps, pageName: PageName): Promise<PageEntry> {
  const lang = langOf(req);
  // Rendered once per content version and language, like the data it comes from.
  return sharedRead(req, deps, `page entry ${pageName} ${lang}`, async () => {
    const content = await findPageContent(deps.db, pageName);
    if (!content) return { intro: null, texts: {}, description: null };
    return {
      // Images from the media library written without an alt text take the library's.
      intro: { title: localized(lang, content.title, content.titleDe), html: (await renderWithLibraryAlts(deps.db, localized(lang, content.content, content.contentDe), lang, { lightbox: false })).html },
      texts: editedTexts(content, lang),
      description: (lang === 'de' ? content.metaDescriptionDe : content.metaDescription) || null,
    };
  });
}
