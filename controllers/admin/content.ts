// Admin CRUD of projects, news, team and page content: the JSON API under /api/admin and the
// server-rendered forms (no JavaScript needed), both over the same model functions and schemas.
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, notFound } from '../../models/errors';
import type { AdminFlash } from '../middleware/auth';
import { CSRF_FIELD } from '../middleware/csrf';
import { recordAudit } from '../../models/audit';
import { type Actor, createProject, deleteProject, findProjectById, listProjects, ProjectInputSchema, updateProject } from '../../models/project';
import { listLedger } from '../../models/ledger';
import { centsToDecimal } from '../../models/rules';
import { createNews, deleteNews, findNewsById, listNews, NewsInputSchema, updateNews } from '../../models/news';
import { createTeamMember, deleteTeamMember, findTeamMemberById, listTeam, TeamInputSchema, updateTeamMember } from '../../models/team';
import { createPageContent, deletePageContent, findPageContentById, listPageContents, PageInputSchema, updatePageContent } from '../../models/page';
import type { AdminIdentity } from '../../models/user';
import { localizePath } from '../../views/routes';
import type { Knex } from 'knex';
import { schedulePublication } from '../../models/publish-schedule';
import { findRevision, listRevisions, recordRevision, restorableInput, type RevisionAction, type RevisionSource, type RevisionSummary } from '../../models/revisions';
import { isTrashName, listTrash, restoreFromTrash, TRASH_KINDS } from '../../models/trash';
import { adminDisplayName } from '../../models/user';
import { adminErrorKey, fieldTextKey } from '../../models/error-codes';
import { tFor } from '../../models/text';
// Translation status: which language each save changed.
import { recordTranslationSources } from '../../models/translation-status';
// Accessibility before publishing without JavaScript: the server's checks, and a confirmation.
import { barriersOf, checkValues } from '../../models/a11y-rules';

/** One kind of content the admin edits. */
export interface Resource<T extends { id: number }, I> {
  /** URL segment and admin tab: /api/admin/<name>, /admin/<name> (forms), /admin?tab=<name>. */
  name: 'projects' | 'news' | 'team' | 'pages';
  /** Audit log entity. */
  entity: 'project' | 'news' | 'team' | 'page';
  /** Error text for an unknown id, and the thing's name in messages ("Error creating project"). */
  notFound: string;
  thing: string;
  schema: z.ZodType<I>;
  list(db: Knex): Promise<T[]>;
  find(db: Knex, id: number): Promise<T | null>;
  /** `by` names the admin (projects write it into their ledger and audit entries). */
  create(db: Knex, input: I, by: Actor): Promise<T>;
  update(db: Knex, id: number, input: I, by: Actor): Promise<T | null>;
  /** Moves the item to the trash. */
  remove(db: Knex, id: number, by: Actor): Promise<boolean>;
  label(item: T): string;
}

const resource = <T extends { id: number }, I>(r: Resource<T, I>) => r;

export const RESOURCES = [
  resource({
    name: 'projects', entity: 'project', notFound: 'Project not found', thing: 'project', schema: ProjectInputSchema,
    list: listProjects, find: findProjectById, create: createProject, update: updateProject, remove: deleteProject,
    label: (p) => p.title,
  }),
  resource({
    name: 'news', entity: 'news', notFound: 'Article not found', thing: 'news', schema: NewsInputSchema,
    list: listNews, find: findNewsById, create: createNews, update: updateNews, remove: deleteNews,
    label: (a) => a.title,
  }),
  resource({
    name: 'team', entity: 'team', notFound: 'Team member not found', thing: 'team member', schema: TeamInputSchema,
    list: listTeam, find: findTeamMemberById, create: createTeamMember, update: updateTeamMember, remove: deleteTeamMember,
    label: (m) => m.name,
  }),
  resource({
    name: 'pages', entity: 'page', notFound: 'Page content not found', thing: 'page content', schema: PageInputSchema,
    list: listPageContents, find: findPageContentById, create: createPageContent, update: updatePageContent, remove: deletePageContent,
    label: (p) => p.pageName,
  }),
] as const;

type PublishingItem = { id: number; draft: boolean; publishAt: string | null };

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

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

/** What a change writes besides the item: which kind of revision, from where. */
export interface EditHow {
  /** Audit and revision action (default: the edit's own, create/update/delete). */
  action?: 'restore' | 'undelete';
  source?: RevisionSource;
  /** Appended to the audit summary (e.g. "revision #12"). */
  note?: string;
}

/**
 * Why an item cannot be changed: in the trash (409, it must come back first: a save would change
 * what nobody sees and a restore would bring back older words), else unknown (404).
 */
async function missing(deps: Deps, r: Pick<Resource<{ id: number }, unknown>, 'name' | 'notFound'>, id: number): Promise<AppError> {
  const trashed = await deps.db(TRASH_KINDS[r.name].table).where({ id }).whereNotNull('deletedAt').first('id');
  if (trashed) return new AppError(409, 'content.in_trash', 'This item is in the trash: restore it from the trash first');
  return notFound(r.notFound);
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
  return fields.length ? { source: 'machine', note: `machine draft: ${fields.join(', ')}` } : {};
}

const byOf = (admin: AdminIdentity): Actor => ({ actor: admin.id, actorName: admin.name ?? undefined });

/** The revision and the audit entry of one change (one per edit, whichever path it came by). */
async function keepRecord<T extends { id: number }, I>(
  deps: Deps,
  r: Resource<T, I>,
  item: T,
  admin: AdminIdentity,
  action: RevisionAction,
  how: EditHow,
  before?: T | null,
): Promise<void> {
  await recordRevision(deps.db, { entity: r.entity, entityId: item.id, action, actor: admin.id, actorName: admin.name, data: item, source: how.source ?? null, before });
  const summary = how.note ? `${r.label(item)} (${how.note})` : r.label(item);
  await recordAudit(deps.db, { actor: admin.id, actorName: admin.name, action, entity: r.entity, entityId: item.id, summary });
}

/**
 * Translation status bookkeeping after a save. The save, its revision and its audit entry are
 * already written and stay: answering with an error would tell the admin it failed when it did
 * not, and a retry would save twice. The tracking is all or nothing per save (its own
 * transaction), so a failure leaves the earlier rows; the next save of the item records again.
 * Not one transaction with the save: the models' slug retries need their own transactions.
 */
async function trackTranslations(deps: Deps, entity: string, before: { id: number } | null, item: { id: number }): Promise<void> {
  try {
    await recordTranslationSources(deps.db, entity, before, item);
  } catch (err) {
    deps.log.error({ err: (err as Error).message, entity, id: item.id }, 'translation status: could not record the saved texts; the save itself stands');
  }
}

/**
 * The admin's changes, the same for the JSON API and the forms: the model's write, then what
 * follows every change of content (the revision, the audit entry, and the work features add
 * after a save). Each returns the item (null when unknown).
 */
export const edits = {
  async create<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, input: I, admin: AdminIdentity, how: EditHow = {}): Promise<T> {
    const item = await r.create(deps.db, input, byOf(admin));
    await keepRecord(deps, r, item, admin, 'create', how);
    // Translation status: the texts written, against which source (out of date ones are found from it).
    await trackTranslations(deps, r.entity, null, item);
    // Publishing: an item saved with a future publication time is announced at that time.
    await schedulePublication(deps, r.entity, item as unknown as PublishingItem);
    return item;
  },
  async update<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, id: number, input: I, admin: AdminIdentity, how: EditHow = {}): Promise<T | null> {
    // The item before the save: the first revision of an item older than revisions compares with it.
    const before = await r.find(deps.db, id);
    if (!before) throw await missing(deps, r, id);
    const item = await r.update(deps.db, id, input, byOf(admin));
    if (!item) return null;
    await keepRecord(deps, r, item, admin, how.action === 'restore' ? 'restore' : 'update', how, before);
    // Translation status: the texts changed (a restore too), against which source.
    await trackTranslations(deps, r.entity, before, item);
    // Publishing: an item saved with a future publication time is announced at that time.
    await schedulePublication(deps, r.entity, item as unknown as PublishingItem);
    return item;
  },
  /** Moves the item to the trash (restorable for TRASH_DAYS days). */
  async remove<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, id: number, admin: AdminIdentity): Promise<T | null> {
    const item = await r.find(deps.db, id);
    if (!item || !(await r.remove(deps.db, id, byOf(admin)))) return null;
    await keepRecord(deps, r, item, admin, 'delete', {});
    return item;
  },
  /** Takes the item out of the trash. */
  async undelete<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, id: number, admin: AdminIdentity): Promise<T | null> {
    if (!(await restoreFromTrash(deps.db, r.name, id))) return null;
    const item = await r.find(deps.db, id);
    if (!item) return null;
    await keepRecord(deps, r, item, admin, 'undelete', {});
    return item;
  },
  /**
   * Brings an earlier revision back: its editable fields go through the item's input schema and
   * model update like a typed save (every rule holds; a project's raised amount stays, as money
   * moves only through the ledger). Null when the item is not there (or in the trash).
   */
  async restoreRevision(deps: Deps, revisionId: number, admin: AdminIdentity): Promise<{ name: Resource<{ id: number }, unknown>['name']; item: { id: number } } | null> {
    const rev = await findRevision(deps.db, revisionId);
    if (!rev) throw notFound('Revision not found');
    const r = resourceOfEntity(rev.entity);
    const current = await r.find(deps.db, rev.entityId);
    if (!current) throw await missing(deps, r, rev.entityId);
    const data = restorableInput(rev.data);
    // An article's project may have been deleted for good since: the text comes back without the link.
    if (r.name === 'news' && data.projectId && !(await deps.db('projects').where({ id: Number(data.projectId) }).first('id'))) data.projectId = null;
    const input = parseInput(r.schema, data);
    const item = await edits.update(deps, r, rev.entityId, input, admin, { action: 'restore', source: 'restore', note: `revision #${rev.id}` });
    return item ? { name: r.name, item } : null;
  },
};

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
    const input = parseInput(r.schema, req.body);
    res.status(201).json(await edits.create(deps, r, input, adminOf(res), machineDraftHow(req.body)));
  });
  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const input = parseInput(r.schema, req.body);
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
  const back = (req: Request, query: string) => localizePath('/admin', langOf(req)) + `?tab=${r.name}${query}`;
  const fail = (req: Request, res: Response, verb: 'create' | 'update' | 'delete', err: unknown, id: number | null) => {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    // Field problems are shown (translated) beside their fields: the English summary is not
    // repeated. Other refusals in the page's language when their code has an admin text.
    const known = adminErrorKey(err.code);
    const message = known ? tFor(deps.i18n, langOf(req))(known) : err.message;
    const flash: AdminFlash = { kind: 'error', key: `${r.name}.${verb}Error`, params: err.fields ? {} : { message } };
    // The typed values come back with the message, also when the item went away meanwhile (the page opens them anyway).
    if (verb !== 'delete') flash.form = { tab: r.name, id, values: formValues(req.body), errors: err.fields ?? {} };
    req.session.flash = flash;
    res.redirect(303, back(req, verb === 'create' ? '&new=1#edit-form' : verb === 'update' ? `&edit=${id}#edit-form` : ''));
  };

  router.post('/', async (req, res) => {
    try {
      const input = parseInput(r.schema, req.body);
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
      const input = parseInput(r.schema, req.body);
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
      req.session.flash = { kind: 'success', key: `${r.name}.deleted` };
      res.redirect(303, back(req, ''));
    } catch (err) {
      fail(req, res, 'delete', err, id);
    }
  });
  return router;
}

const anyResource = (r: (typeof RESOURCES)[number]) => r as unknown as Resource<{ id: number }, unknown>;

/** The resource of an audit/revision entity name (project, news, team, page). */
export function resourceOfEntity(entity: string): Resource<{ id: number }, unknown> {
  const r = RESOURCES.find((x) => x.entity === entity);
  if (!r) throw notFound('Unknown kind of content');
  return anyResource(r);
}

export function resourceOfName(name: string): Resource<{ id: number }, unknown> {
  const r = RESOURCES.find((x) => x.name === name);
  if (!r) throw notFound('Unknown kind of content');
  return anyResource(r);
}

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
    if (!isTrashName(req.params.name)) return next();
    res.json(await revisionsOf(deps, resourceOfName(req.params.name), parseId(req.params.id)));
  });
  router.get('/revisions/:revId', async (req, res) => {
    const rev = await findRevision(deps.db, parseId(req.params.revId));
    if (!rev) throw notFound('Revision not found');
    res.json(rev);
  });
  router.post('/revisions/:revId/restore', async (req, res) => {
    const done = await edits.restoreRevision(deps, parseId(req.params.revId), adminOf(res));
    if (!done) throw notFound('Item not found');
    res.json(done.item);
  });
  router.get('/trash', async (req, res) => {
    const name = isTrashName(req.query.name) ? req.query.name : undefined;
    res.json(await listTrash(deps.db, { name, nameOf: nameOfDeps(deps) }));
  });
  router.post('/trash/:name/:id/restore', async (req, res) => {
    if (!isTrashName(req.params.name)) throw notFound('Unknown kind of content');
    const r = resourceOfName(req.params.name);
    const item = await edits.undelete(deps, r, parseId(req.params.id), adminOf(res));
    if (!item) throw notFound('Not in the trash');
    res.json(item);
  });
  return router;
}

/** The same for the forms without JavaScript: post, redirect back, show the outcome once. */
function historyForms(deps: Deps): Router {
  const router = Router();
  const adminUrl = (req: Request, query: string) => localizePath('/admin', langOf(req)) + query;
  router.post('/revisions/:revId/restore', async (req, res) => {
    const revId = parseId(req.params.revId);
    const rev = await findRevision(deps.db, revId);
    if (!rev) throw notFound('Revision not found');
    const r = resourceOfEntity(rev.entity);
    try {
      await edits.restoreRevision(deps, revId, adminOf(res));
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
    res.redirect(303, adminUrl(req, `?tab=${r.name}&edit=${rev.entityId}#history`));
  });
  router.post('/trash/:name/:id/restore', async (req, res) => {
    const name = req.params.name;
    if (!isTrashName(name)) throw notFound('Unknown kind of content');
    const item = await edits.undelete(deps, resourceOfName(name), parseId(req.params.id), adminOf(res));
    req.session.flash = item
      ? { kind: 'success', key: 'trash.restored' }
      : { kind: 'error', key: 'trash.restoreError', params: { message: tFor(deps.i18n, langOf(req))('admin.trash.notInTrash') } };
    res.redirect(303, adminUrl(req, `?tab=${name}&trash=1`));
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
