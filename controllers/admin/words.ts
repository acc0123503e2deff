// The admin's help with words: the live preview of a Markdown field, rendered by the same renderer
// as the public pages (models/content/markup.ts), and the list of a page's texts with their built-in copy
// for the Pages form. Mounted in controllers/routes.ts behind the admin API's guard.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { parseInput } from '../middleware/errors';
import { notFound } from '../../models/shared/errors';
import { renderArticle } from '../../models/content/markup';
import { isPageName } from '../../models/shared/site-pages';
import { pageTextSections } from '../../models/content/page-texts';

/** As long as the longest Markdown field (a news article's text). */
export const PREVIEW_MAX = 100_000;

const PreviewSchema = z.object({
  text: z.string({ error: 'Send the text to preview as a string' }).max(PREVIEW_MAX, `The text is too long to preview (at most ${PREVIEW_MAX} characters)`),
});

/** POST /api/admin/markdown/preview { text } -> { html }: what the public page would show. */
export function markdownApi(_deps: Deps): Router {
  const router = Router();
  router.post('/preview', (req, res) => {
    const { text } = parseInput(PreviewSchema, req.body ?? {});
    res.json({ html: renderArticle(text).html });
  });
  return router;
}

/** GET /api/admin/page-texts/:pageName -> { pageName, sections }: the page's texts and their built-in copy. */
export function pageTextsApi(_deps: Deps): Router {
  const router = Router();
  router.get('/:pageName', (req, res) => {
    const pageName = req.params.pageName;
    if (!isPageName(pageName)) throw notFound('Unknown page');
    res.json({ pageName, sections: pageTextSections(pageName) });
  });
  return router;
}
