// Admin CRUD of projects, news, team and page content: the JSON API under /api/admin and the
// server-rendered forms (no JavaScript needed), both over the same model functions and schemas.
import { Router, type Request, type Response } from 'express';
import type { Deps } from '../context';
import { adminLangOf, langOf } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, fieldError, notFound } from '../../models/shared/errors';
import { publishFieldsOf } from '../../models/shared/publish-state';
import type { AdminFlash } from '../middleware/auth';
import { CSRF_FIELD } from '../middleware/csrf';
import { listLedger } from '../../models/content/ledger';
import { centsToDecimal } from '../../models/shared/rules';
import { findProjectById } from '../../models/content/project';
import type { AdminIdentity } from '../../models/people/user';
import { findRevision, listRevisions, type RevisionSummary } from '../../models/content/revisions';
import { isContentTrashName, isTrashName, listTrash, TRASH_KINDS, type TrashName } from '../../models/content/trash';
import { restoreMedia } from '../../models/media/library';
import { adminDisplayName } from '../../models/people/user';
import { adminErrorKey, fieldTextKey } from '../../models/shared/error-codes';
import { tFor } from '../../models/shared/text';
import { edits, RESOURCES, resourceOfEntity, resourceOfName, type AnyResource, type EditHow, type Resource } from '../../models/content/content-edits';
// Accessibility before publishing without JavaScript: the server's checks, and a confirmation.
import { barriersOf, checkValues } from '../../models/media/a11y-rules';
import { adminHref } from '../../models/shared/admin-rules';

export { RESOURCES, resourceOfEntity, resourceOfName, type Resource };

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

/**
 * A form's refusal (a 4xx AppError) as the form shows it: the error, and its message in the page's
 * language when its code has an admin text (field problems are shown beside their fields, so
 * callers leave the message out then). Anything else is thrown on, to the error page.
 */
export function formRefusal(deps: Deps, req: Request, err: unknown): { error: AppError; message: string } {
  if (!(err instanceof AppError) || err.status >= 500) throw err;
  const known = adminErrorKey(err.code);
  return { error: err, message: known ? tFor(deps.i18n, langOf(req))(known) : err.message };
}

/** A failed form's text fields, to show them again (the CSRF token left out). */
export function formValues(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (k !== CSRF_FIELD && typeof v === 'string') out[k] = v.slice(0, 100_000);
    }
  }
  return out;
}

/**
 * A save's body with the form's one publishing choice (publishMode: draft, now, schedule) turned
 * into `draft` and `publishAt`; "schedule" needs its date and time.
 */
function withPublishChoice(body: unknown): Record<string, unknown> {
  const values = publishFieldsOf((body && typeof body === 'object' ? body : {}) as Record<string, unknown>);
  const mode = (body as { publishMode?: unknown } | null)?.publishMode;
  if ((Array.isArray(mode) ? mode.at(-1) : mode) === 'schedule' && !values.publishAt) {
    throw new AppError(400, 'validation', 'publishAt: choose the date and time to publish at', { publishAt: fieldError('schedule_time') });
  }
  return values;
}

/** The form field that names the fields whose text is still a machine translation draft. */
export const MACHINE_DRAFT_FIELD = '_machineDraft';

/**
 * A save whose form says some fields are still machine drafts (`_machineDraft`: a list of field
 * names, or one comma-separated string from a form post) is recorded as such: revision source
 * 'machine', and the audit summary names the fields. Only field names are taken; anything else is ignored.
 */
export function machineDraftHow(body: unknown): EditHow {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[MACHINE_DRAFT_FIELD] : undefined;
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [])
    .filter((f): f is string => typeof f === 'string')
    .map((f) => f.trim())
    .filter((f) => /^[A-Za-z][A-Za-z0-9_.-]{0,119}$/.test(f));
  const fields = [...new Set(list)].slice(0, 50);
  return fields.length ? { source: 'machine', note: `machine draft: ${fields.join(', ')}`, machine: fields } : {};
}

/**
 * A restored revision's fields through the item's schema, as a typed save (field errors as every
 * save answers them). A revision keeps the stored form of its amounts ("1250.00"), which every
 * language reads the same.
 */
const parseRestored = (r: AnyResource, data: Record<string, unknown>) => parseInput(r.schema('en'), data);

function resourceApi<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await r.list(deps.db));
  });
  router.get('/:id', async (req, res) => {
    const item = await r.find(deps.db, parseId(req.params.id));
    if (!item) throw notFound(r.notFound);
    res.json(item);
  });
  router.post('/', async (req, res) => {
    const input = parseInput(r.schema(adminLangOf(req)), withPublishChoice(req.body));
    res.status(201).json(await edits.create(deps, r, input, adminOf(res), machineDraftHow(req.body)));
  });
  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const input = parseInput(r.schema(adminLangOf(req)), withPublishChoice(req.body));
    const item = await edits.update(deps, r, id, input, adminOf(res), machineDraftHow(req.body));
    if (!item) throw notFound(r.notFound);
    res.json(item);
  });
  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await edits.remove(deps, r, id, adminOf(res)))) throw notFound(r.notFound);
    res.json({ deleted: true, id });
  });
  return router;
}

/** The no-JavaScript form's checkbox "Publish anyway": a publication with accessibility problems goes ahead. */
export const A11Y_CONFIRM_FIELD = '_a11yConfirm';
/** At most this many problems travel in the session to the form shown again. */
const A11Y_FLASH_MAX = 50;

/**
 * Publishing without JavaScript gets the accessibility check too (the editor's browser runs it
 * otherwise): a save that makes or keeps the item public (Draft unticked) with barriers in its
 * Markdown fields is not written; the form comes back with the problems and a "Publish anyway"
 * checkbox, and the same save with the box ticked goes ahead. Drafts are never held. True when held.
 */
async function heldForAccessibility<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, req: Request, input: I, id: number | null, back: (query: string) => string, res: Response): Promise<boolean> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const confirm = body[A11Y_CONFIRM_FIELD];
  if ((Array.isArray(confirm) ? confirm.at(-1) : confirm) === 'yes') return false;
  const draft = (input as { draft?: boolean }).draft;
  // A form without the Draft field leaves the state as it is: public unless the item is a draft.
  const publishing = draft === false || (draft === undefined && (id === null || !((await r.find(deps.db, id)) as { draft?: boolean } | null)?.draft));
  if (!publishing) return false;
  const values = formValues(body);
  const problems = await checkValues(deps.db, values);
  if (!barriersOf(problems).length) return false;
  delete values[A11Y_CONFIRM_FIELD];
  // The form comes back as a publication (its Draft box may have arrived as two values).
  values.draft = 'false';
  const a11y = problems.slice(0, A11Y_FLASH_MAX).map(({ field, language, rule, severity, detail }) => ({ field, language, rule, severity, detail }));
  req.session.flash = { kind: 'error', key: 'a11y.held', form: { tab: r.name, id, values, errors: {}, a11y } };
  res.redirect(303, back(id === null ? '&new=1#a11y-held' : `&edit=${id}#a11y-held`));
  return true;
}

/** Forms without JavaScript: post, redirect back to the tab, show the outcome once. */
function resourceForms<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>): Router {
  const router = Router();
  const back = (req: Request, query: string) => adminHref(langOf(req), r.name, query);
  const fail = (req: Request, res: Response, verb: 'create' | 'update' | 'delete', err: unknown, id: number | null) => {
    // Field problems are shown (translated) beside their fields: the English summary is not
    // repeated. Other refusals in the page's language when their code has an admin text.
    const { error, message } = formRefusal(deps, req, err);
    const flash: AdminFlash = { kind: 'error', key: `${r.name}.${verb}Error`, params: error.fields ? {} : { message } };
    // The typed values come back with the message, also when the item went away meanwhile (the page opens them anyway).
    if (verb !== 'delete') flash.form = { tab: r.name, id, values: formValues(req.body), errors: error.fields ?? {} };
    req.session.flash = flash;
    res.redirect(303, back(req, verb === 'create' ? '&new=1#edit-form' : verb === 'update' ? `&edit=${id}#edit-form` : ''));
  };

  router.post('/', async (req, res) => {
    try {
      const input = parseInput(r.schema(adminLangOf(req)), withPublishChoice(req.body));
      if (await heldForAccessibility(deps, r, req, input, null, (q) => back(req, q), res)) return;
      await edits.create(deps, r, input, adminOf(res), machineDraftHow(req.body));
      req.session.flash = { kind: 'success', key: `${r.name}.created` };
      res.redirect(303, back(req, ''));
    } catch (err) {
      fail(req, res, 'create', err, null);
    }
  });
  router.post('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    try {
      const input = parseInput(r.schema(adminLangOf(req)), withPublishChoice(req.body));
      if (await heldForAccessibility(deps, r, req, input, id, (q) => back(req, q), res)) return;
      if (!(await edits.update(deps, r, id, input, adminOf(res), machineDraftHow(req.body)))) throw notFound(r.notFound);
      req.session.flash = { kind: 'success', key: `${r.name}.updated` };
      res.redirect(303, back(req, ''));
    } catch (err) {
      fail(req, res, 'update', err, id);
    }
  });
  router.post('/:id/delete', async (req, res) => {
    const id = parseId(req.params.id);
    try {
      if (!(await edits.remove(deps, r, id, adminOf(res)))) throw notFound(r.notFound);
      req.session.flash = { kind: 'success', key: `${r.name}.deleted`, undo: { name: r.name, id } };
      res.redirect(303, back(req, ''));
    } catch (err) {
      fail(req, res, 'delete', err, id);
    }
  });
  return router;
}

const anyResource = (r: (typeof RESOURCES)[number]) => r as unknown as AnyResource;

/** The content API under /api/admin (mounted behind the admin guard): /projects, /news, /team, /pages. */
export function contentApi(deps: Deps): Router {
  const router = Router();
  // What makes up a project's raised total (opening, donations, adjustments), oldest first.
  router.get('/projects/:id/ledger', async (req, res) => {
    const id = parseId(req.params.id);
    const project = await findProjectById(deps.db, id);
    if (!project) throw notFound('Project not found');
    const entries = await listLedger(deps.db, id);
    const sum = entries.reduce((total, e) => total + e.amountCents, 0);
    res.json({ projectId: id, raisedAmount: project.raisedAmount, ledgerAmount: centsToDecimal(sum), entries });
  });
  router.use(historyApi(deps));
  for (const r of RESOURCES) router.use(`/${r.name}`, resourceApi(deps, anyResource(r)));
  return router;
}

const nameOfDeps = (deps: Deps) => (actor: string) => adminDisplayName(deps.config.adminNames, actor);

/** An item's revisions, newest first (it may be in the trash); 404 when there is no such item at all. */
async function revisionsOf(deps: Deps, r: Resource<{ id: number }, unknown>, id: number): Promise<RevisionSummary[]> {
  const exists = await deps.db(TRASH_KINDS[r.name].table).where({ id }).first('id');
  if (!exists) throw notFound(r.notFound);
  return listRevisions(deps.db, r.entity, id);
}

/** Revisions (list, one with its data, restore) and the trash (list, restore), under /api/admin. */
function historyApi(deps: Deps): Router {
  const router = Router();
  router.get('/:name/:id/revisions', async (req, res, next) => {
    if (!isContentTrashName(req.params.name)) return next();
    res.json(await revisionsOf(deps, resourceOfName(req.params.name), parseId(req.params.id)));
  });
  router.get('/revisions/:revId', async (req, res) => {
    const rev = await findRevision(deps.db, parseId(req.params.revId));
    if (!rev) throw notFound('Revision not found');
    res.json(rev);
  });
  router.post('/revisions/:revId/restore', async (req, res) => {
    const done = await edits.restoreRevision(deps, parseId(req.params.revId), adminOf(res), parseRestored);
    if (!done) throw notFound('Item not found');
    res.json(done.item);
  });
  router.get('/trash', async (req, res) => {
    const name = isTrashName(req.query.name) ? req.query.name : undefined;
    res.json(await listTrash(deps.db, { name, nameOf: nameOfDeps(deps) }));
  });
  router.post('/trash/:name/:id/restore', async (req, res) => {
    if (!isTrashName(req.params.name)) throw notFound('Unknown kind of content');
    const restored = await undelete(deps, req.params.name, parseId(req.params.id), adminOf(res));
    if (!restored) throw notFound('Not in the trash');
    res.json(restored.item);
  });
  return router;
}

/**
 * Takes an item of any kind out of the trash, audited: content through its edits (a revision too),
 * a file of the media library through the library (its variants' job again if needed). Null when
 * it is not in the trash. `label` names it in the message.
 */
async function undelete(deps: Deps, name: TrashName, id: number, admin: AdminIdentity): Promise<{ item: { id: number }; label: string; labelDe: string | null } | null> {
  if (name === 'media') {
    const item = await restoreMedia(deps, id, (m) => ({ actor: admin.id, actorName: admin.name, action: 'undelete', entity: 'media', entityId: m.id, summary: m.originalName, details: { name: m.originalName } }));
    return item && { item, label: item.originalName, labelDe: null };
  }
  const r = resourceOfName(name);
  const item = await edits.undelete(deps, r, id, admin);
  return item && { item, label: r.label(item), labelDe: r.labelDe?.(item) || null };
}

/** The same for the forms without JavaScript: post, redirect back, show the outcome once. */
function historyForms(deps: Deps): Router {
  const router = Router();
  router.post('/revisions/:revId/restore', async (req, res) => {
    const revId = parseId(req.params.revId);
    const rev = await findRevision(deps.db, revId);
    if (!rev) throw notFound('Revision not found');
    const r = resourceOfEntity(rev.entity);
    try {
      await edits.restoreRevision(deps, revId, adminOf(res), parseRestored);
      req.session.flash = { kind: 'success', key: 'revisions.restored' };
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // Said in the page's language: the field and its problem, or the code's own text.
      const t = tFor(deps.i18n, langOf(req));
      const fields = Object.entries(err.fields ?? {}).map(([k, f]) => {
        const { key, params } = fieldTextKey(f);
        return `${t(`admin.fields.${k}`)}: ${t(key, params)}`;
      });
      const known = adminErrorKey(err.code);
      req.session.flash = { kind: 'error', key: 'revisions.restoreError', params: { message: fields.length ? fields.join('; ') : known ? t(known) : err.message } };
    }
    res.redirect(303, adminHref(langOf(req), r.name, `?edit=${rev.entityId}#history`));
  });
  router.post('/trash/:name/:id/restore', async (req, res) => {
    const name = req.params.name;
    if (!isTrashName(name)) throw notFound('Unknown kind of content');
    const restored = await undelete(deps, name, parseId(req.params.id), adminOf(res));
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    // What came back, named in the page's language.
    const label = restored && (name === 'pages' ? t(`admin.pageNames.${restored.label}`, { defaultValue: restored.label }) : (lang === 'de' && restored.labelDe) || restored.label);
    req.session.flash = restored
      ? { kind: 'success', key: 'trash.restored', params: { message: label! } }
      : { kind: 'error', key: 'trash.restoreError', params: { message: t('admin.trash.notInTrash') } };
    // Back to the Trash screen: with the filter it was showing (its form says, '' for every kind),
    // else (the Undo of a delete's message) the item's kind.
    const shown = (req.body as { kind?: unknown } | undefined)?.kind;
    const kind = typeof shown === 'string' ? (isTrashName(shown) ? shown : '') : name;
    res.redirect(303, adminHref(lang, 'trash', kind ? `?kind=${kind}` : ''));
  });
  return router;
}

/** The content forms under /admin (mounted behind the admin page guard and its CSRF check). */
export function contentForms(deps: Deps): Router {
  const router = Router();
  router.use(historyForms(deps));
  for (const r of RESOURCES) router.use(`/${r.name}`, resourceForms(deps, anyResource(r)));
  return router;
}
