// POST /api/admin/a11y-check { values, axe? } -> { problems }: the accessibility checks
// (models/media/a11y-rules.ts) of a form's Markdown fields in both languages, on the HTML the public pages
// would show (with the media library's alt texts), and the library's alt text of the item's
// picture. With `axe: true` (the editor, whose browser runs axe-core on the preview) the answer
// holds only the rules axe lacks, plus `previews`: each field's rendered HTML for axe to check.
// Only looks: saving and publishing with problems is the person's decision (the form asks first).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseInput } from '../middleware/errors';
import { tFor } from '../../models/shared/text';
import type { TFunction } from 'i18next';
import { checkPicture, checkRendered, renderFields, type A11yProblem } from '../../models/media/a11y-rules';
import { PREVIEW_MAX } from './words';

const CheckSchema = z.object({
  values: z.record(
    z.string(),
    z.string({ error: 'Each value must be a string' }).max(PREVIEW_MAX, `A text is too long to check (at most ${PREVIEW_MAX} characters)`),
    { error: 'Send the form values as an object of strings: { "values": { "content": "..." } }' },
  ),
  axe: z.boolean({ error: 'Send axe as true or false' }).optional(),
});

/** The problems with their message in the admin's language (scripts get readable text too). */
export function describeProblems(problems: A11yProblem[], t: TFunction) {
  return problems.map((p) => ({
    field: p.field,
    language: p.language,
    rule: p.rule,
    severity: p.severity,
    detail: p.detail,
    message: t(`admin.a11y.rules.${p.rule}`, { detail: p.detail }),
  }));
}

export function a11yApi(deps: Deps): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const { values, axe } = parseInput(CheckSchema, req.body ?? {});
    const t = tFor(deps.i18n, langOf(req));
    // Rendered with the media library's alt texts, as the public pages show them (axe checks these previews).
    const previews = await renderFields(deps.db, values);
    const problems = describeProblems([...checkRendered(previews, { axe }), ...(await checkPicture(deps.db, values))], t);
    if (!axe) {
      res.json({ problems });
      return;
    }
    res.json({ problems, previews });
  });
  return router;
}
