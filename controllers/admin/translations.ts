// Translation status as JSON: GET /api/admin/translations (behind the admin guard), one entry per
// item, field and language, filtered by ?state= (missing, outdated, current; several with
// commas, or todo for both missing and outdated), ?entity= (project, news, team, page, media, locale) ?language= (en, de) and ?limit= (the first n entries; the counts are of all).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseInput } from '../middleware/errors';
import { TRANSLATION_ENTITIES, TRANSLATION_STATES, translationReport, type LimitedReport, type TranslationFilter } from '../../models/translation/translation-status';
import type { Lang } from '../../models/shared/rules';
import { VIEW_STATES, type TranslationsView } from '../../models/shared/translation-rules';

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
  entity: z.preprocess((v) => blankToUndefined(one(v)), z.enum(TRANSLATION_ENTITIES, { message: 'entity must be project, news, team, page, media or locale' }).optional()),
  language: z.preprocess((v) => blankToUndefined(one(v)), z.enum(['en', 'de'], { message: 'language must be en or de' }).optional()),
  limit: z.preprocess((v) => blankToUndefined(one(v)), z.coerce.number({ message: 'limit must be a whole number from 1 to 10000' }).int().min(1).max(10_000).optional()),
});

/** The filter of the address's query (the admin page reads it too). */
export function translationFilter(query: unknown): TranslationFilter & { limit?: number } {
  return parseInput(TranslationQuerySchema, query ?? {});
}

/** The report with at most `limit` entries; `matched` says how many matched the filters. */
export async function limitedReport(deps: Deps, filter: TranslationFilter & { limit?: number }, uiLang: Lang): Promise<LimitedReport> {
  const { limit, ...rest } = filter;
  const report = await translationReport(deps.db, rest, uiLang);
  return { counts: report.counts, matched: report.entries.length, entries: limit ? report.entries.slice(0, limit) : report.entries };
}

export function adminTranslationsApi(deps: Deps): Router {
  const router = Router();
  router.get('/translations', async (req, res) => {
    res.json(await limitedReport(deps, translationFilter(req.query), langOf(req)));
  });
  return router;
}

/** How many rows the Translations tab lists at once (the counts cover all). */
export const TAB_ROWS = 300;

/**
 * The Translations tab's filter and list from the page's address: "needs work" (missing and out
 * of date) unless another state is asked for; a value the form does not offer falls back to its default.
 */
export async function translationsView(deps: Deps, query: Record<string, unknown>, uiLang: Lang): Promise<TranslationsView> {
  const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T | ''): T | '' => (typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : fallback);
  const filter: TranslationsView['filter'] = {
    state: pick(query.state, VIEW_STATES, 'todo') || 'todo',
    entity: pick(query.entity, TRANSLATION_ENTITIES, ''),
    language: pick(query.language, ['en', 'de'] as const, ''),
  };
  const report = await limitedReport(deps, { ...translationFilter({ ...filter, state: filter.state }), limit: TAB_ROWS }, uiLang);
  return { filter, report };
}
