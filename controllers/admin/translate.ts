// Machine translation drafts and their glossary, under /api/admin (admin credential, CSRF token
// for changes) and as no-JavaScript forms under /admin (the glossary only: a draft needs the
// form's script to land in a field as an unsaved change).
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { audited } from '../../models/people/audit';
import type { AdminIdentity } from '../../models/people/user';
import { TRANSLATE_MAX_CHARS } from '../../models/shared/translate-limits';
import { createGlossaryTerm, deleteGlossaryTerm, glossaryEntries, GlossaryInputSchema, listGlossary, updateGlossaryTerm, type GlossaryTerm } from '../../models/translation/glossary';
import { formRefusal, formValues } from './content';
import { adminHref } from '../../models/shared/admin-rules';

const lang = z.enum(['en', 'de'], { error: 'from and to must be "en" or "de"' });

const TranslateInputSchema = z
  .object({
    // too_long as a field code with its limit: the admin page says it in its own language.
    text: z
      .string({ error: 'text is required' })
      .max(TRANSLATE_MAX_CHARS, 'too_long')
      .refine((s) => s.trim().length > 0, 'text is required'),
    from: lang,
    to: lang,
  })
  .refine((v) => v.from !== v.to, { message: 'from and to must be different languages', path: ['to'] });

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

/** The audit entry of a glossary change, written in the change's transaction. */
const entryOf = (res: Response, action: 'create' | 'update' | 'delete') => (term: GlossaryTerm) => {
  const admin = adminOf(res);
  return { actor: admin.id, actorName: admin.name, action, entity: 'glossary', entityId: term.id, summary: `${term.termEn} → ${term.termDe}` };
};

const glossaryEdits = {
  create(deps: Deps, res: Response, body: unknown) {
    const input = parseInput(GlossaryInputSchema, body ?? {});
    return audited(deps.db, (trx) => createGlossaryTerm(trx, input), entryOf(res, 'create'));
  },
  update(deps: Deps, res: Response, id: number, body: unknown) {
    const input = parseInput(GlossaryInputSchema, body ?? {});
    return audited(deps.db, (trx) => updateGlossaryTerm(trx, id, input), entryOf(res, 'update'));
  },
  remove(deps: Deps, res: Response, id: number) {
    return audited(deps.db, (trx) => deleteGlossaryTerm(trx, id), entryOf(res, 'delete'));
  },
};

/**
 * POST /translate { text, from, to } -> { text, glossaryMissing }: a draft for a person to check,
 * never saved here.
 * Only the text and the glossary terms it contains go to OpenAI.
 */
export function adminTranslateApi(deps: Deps): Router {
  const router = Router();
  router.post('/translate', async (req, res) => {
    const input = parseInput(TranslateInputSchema, req.body ?? {});
    // A form closed or switched closes its request: the parts of a long text not yet drafted are
    // not asked for, and those under way are cancelled (OpenAI would work for nobody).
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    let draft;
    try {
      draft = await deps.assistant.translate({ ...input, glossary: await glossaryEntries(deps.db), signal: gone.signal });
    } catch (err) {
      if (!gone.signal.aborted) throw err;
      deps.log.info('translation draft cancelled: the admin closed the request');
      return;
    }
    // glossaryMissing: the required glossary forms the draft still leaves out after a second try.
    res.json({ text: draft.text, from: input.from, to: input.to, source: 'machine', glossaryMissing: draft.glossaryMissing });
  });
  router.get('/glossary', async (_req, res) => {
    res.json(await listGlossary(deps.db));
  });
  router.post('/glossary', async (req, res) => {
    res.status(201).json(await glossaryEdits.create(deps, res, req.body));
  });
  router.put('/glossary/:id', async (req, res) => {
    res.json(await glossaryEdits.update(deps, res, parseId(req.params.id), req.body));
  });
  router.delete('/glossary/:id', async (req, res) => {
    const term = await glossaryEdits.remove(deps, res, parseId(req.params.id));
    res.json({ deleted: true, id: term.id });
  });
  return router;
}

/** The glossary's forms without JavaScript: post, redirect back to the tab, show the outcome once. */
export function glossaryForms(deps: Deps): Router {
  const router = Router();
  const back = (req: Request, more = '') => adminHref(langOf(req), 'glossary', more);
  const run = (verb: 'create' | 'update' | 'delete', work: (req: Request, res: Response) => Promise<unknown>) => async (req: Request, res: Response) => {
    const id = req.params.id ? parseId(req.params.id) : null;
    try {
      await work(req, res);
      req.session.flash = { kind: 'success', key: `glossary.${verb === 'create' ? 'created' : verb === 'update' ? 'updated' : 'deleted'}` };
      res.redirect(303, back(req));
    } catch (err) {
      const { error, message } = formRefusal(deps, req, err);
      req.session.flash = {
        kind: 'error',
        key: `glossary.${verb}Error`,
        params: error.fields ? {} : { message },
        ...(verb !== 'delete' ? { form: { tab: 'glossary', id, values: formValues(req.body), errors: error.fields ?? {} } } : {}),
      };
      res.redirect(303, back(req, verb === 'update' ? `&edit=${id}#glossary-form-${id}` : '#glossary-form'));
    }
  };
  router.post('/glossary', run('create', (req, res) => glossaryEdits.create(deps, res, req.body)));
  router.post('/glossary/:id', run('update', (req, res) => glossaryEdits.update(deps, res, parseId(String(req.params.id)), req.body)));
  router.post('/glossary/:id/delete', run('delete', (req, res) => glossaryEdits.remove(deps, res, parseId(String(req.params.id)))));
  return router;
}
