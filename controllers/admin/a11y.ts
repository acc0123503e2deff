// POST /api/admin/a11y-check { values } -> { problems }: the accessibility checks (models/a11y-rules.ts)
// of a form's Markdown fields in both languages, on the HTML the public pages would show. Only
// looks: saving and publishing with problems is the person's decision (the form asks first).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseInput } from '../middleware/errors';
import { tFor } from '../../models/text';
import { checkValues } from '../../models/a11y-rules';
import { PREVIEW_MAX } from './words';

const CheckSchema = z.object({
  values: z.record(
    z.string(),
    z.string({ error: 'Each value must be a string' }).max(PREVIEW_MAX, `A text is too long to check (at most ${PREVIEW_MAX} characters)`),
    { error: 'Send the form values as an object of strings: { "values": { "content": "..." } }' },
  ),
});

export function a11yApi(deps: Deps): Router {
  const router = Router();
  router.post('/', (req, res) => {
    const { values } = parseInput(CheckSchema, req.body ?? {});
    const t = tFor(deps.i18n, langOf(req));
    const problems = checkValues(values).map((p) => ({
      field: p.field,
      language: p.language,
      rule: p.rule,
      severity: p.severity,
      detail: p.detail,
      // In the admin's language, so scripts get readable text too.
      message: t(`admin.a11y.rules.${p.rule}`, { detail: p.detail }),
    }));
    res.json({ problems });
  });
  return router;
}
