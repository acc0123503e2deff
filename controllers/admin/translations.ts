// Translation status as JSON: GET /api/admin/translations (behind the admin guard), one entry per
// item, field and language, filtered by ?state= (missing, outdated, current; several with
// commas), ?entity= (project, news, team, page, locale) and ?language= (en, de).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseInput } from '../middleware/errors';
import { TRANSLATION_ENTITIES, TRANSLATION_STATES, translationReport, type TranslationFilter } from '../../models/translation-status';

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

export const TranslationQuerySchema = z.object({
  state: z.preprocess(
    (v) => {
      const s = blankToUndefined(one(v));
      if (s === 'todo') return ['missing', 'outdated'];
      return typeof s === 'string' ? s.split(',').map((x) => x.trim()).filter(Boolean) : s;
    },
    z.array(z.enum(TRANSLATION_STATES, { message: 'state must be missing, outdated or current' })).max(3).optional(),
  ),
  entity: z.preprocess((v) => blankToUndefined(one(v)), z.enum(TRANSLATION_ENTITIES, { message: 'entity must be project, news, team, page or locale' }).optional()),
  language: z.preprocess((v) => blankToUndefined(one(v)), z.enum(['en', 'de'], { message: 'language must be en or de' }).optional()),
});

/** The filter of the address's query (the admin page reads it too). */
export function translationFilter(query: unknown): TranslationFilter {
  return parseInput(TranslationQuerySchema, query ?? {});
}

export function adminTranslationsApi(deps: Deps): Router {
  const router = Router();
  router.get('/translations', async (req, res) => {
    res.json(await translationReport(deps.db, translationFilter(req.query), langOf(req)));
  });
  return router;
}
