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
import { createProject, deleteProject, findProjectById, listProjects, ProjectInputSchema, updateProject } from '../../models/project';
import { listLedger } from '../../models/ledger';
import { centsToDecimal } from '../../models/rules';
import { createNews, deleteNews, findNewsById, listNews, NewsInputSchema, updateNews } from '../../models/news';
import { createTeamMember, deleteTeamMember, findTeamMemberById, listTeam, TeamInputSchema, updateTeamMember } from '../../models/team';
import { createPageContent, deletePageContent, findPageContentById, listPageContents, PageInputSchema, updatePageContent } from '../../models/page';
import type { AdminIdentity } from '../../models/user';
import { localizePath } from '../../views/routes';
import type { Knex } from 'knex';
import { schedulePublication } from '../../models/publish-schedule';

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
  create(db: Knex, input: I, by: { actor: string }): Promise<T>;
  update(db: Knex, id: number, input: I, by: { actor: string }): Promise<T | null>;
  remove(db: Knex, id: number): Promise<boolean>;
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

/**
 * The admin's changes, the same for the JSON API and the forms: the model's write, then what
 * follows every change of content (the audit entry, and the work features add after a save).
 * Each returns the item (null when unknown).
 */
export const edits = {
  async create<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, input: I, admin: AdminIdentity): Promise<T> {
    const item = await r.create(deps.db, input, { actor: admin.id });
    await recordAudit(deps.db, { actor: admin.id, action: 'create', entity: r.entity, entityId: item.id, summary: r.label(item) });
    // Publishing: an item saved with a future publication time is announced at that time.
    await schedulePublication(deps, r.entity, item as unknown as PublishingItem);
    return item;
  },
  async update<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, id: number, input: I, admin: AdminIdentity): Promise<T | null> {
    const item = await r.update(deps.db, id, input, { actor: admin.id });
    if (!item) return null;
    await recordAudit(deps.db, { actor: admin.id, action: 'update', entity: r.entity, entityId: id, summary: r.label(item) });
    // Publishing: an item saved with a future publication time is announced at that time.
    await schedulePublication(deps, r.entity, item as unknown as PublishingItem);
    return item;
  },
  async remove<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>, id: number, admin: AdminIdentity): Promise<T | null> {
    const item = await r.find(deps.db, id);
    if (!item || !(await r.remove(deps.db, id))) return null;
    await recordAudit(deps.db, { actor: admin.id, action: 'delete', entity: r.entity, entityId: id, summary: r.label(item) });
    return item;
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
    res.status(201).json(await edits.create(deps, r, input, adminOf(res)));
  });
  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const input = parseInput(r.schema, req.body);
    const item = await edits.update(deps, r, id, input, adminOf(res));
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

/** Forms without JavaScript: post, redirect back to the tab, show the outcome once. */
function resourceForms<T extends { id: number }, I>(deps: Deps, r: Resource<T, I>): Router {
  const router = Router();
  const back = (req: Request, query: string) => localizePath('/admin', langOf(req)) + `?tab=${r.name}${query}`;
  const fail = (req: Request, res: Response, verb: 'create' | 'update' | 'delete', err: unknown, id: number | null) => {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    // Field problems are shown (translated) beside their fields: the English summary is not repeated.
    const flash: AdminFlash = { kind: 'error', key: `${r.name}.${verb}Error`, params: err.fields ? {} : { message: err.message } };
    if (verb !== 'delete') flash.form = { tab: r.name, id, values: formValues(req.body), errors: err.fields ?? {} };
    req.session.flash = flash;
    res.redirect(303, back(req, verb === 'create' ? '&new=1#edit-form' : verb === 'update' ? `&edit=${id}#edit-form` : ''));
  };

  router.post('/', async (req, res) => {
    try {
      const input = parseInput(r.schema, req.body);
      await edits.create(deps, r, input, adminOf(res));
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
      if (!(await edits.update(deps, r, id, input, adminOf(res)))) throw notFound(r.notFound);
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
  for (const r of RESOURCES) router.use(`/${r.name}`, resourceApi(deps, anyResource(r)));
  return router;
}

/** The content forms under /admin (mounted behind the admin page guard and its CSRF check). */
export function contentForms(deps: Deps): Router {
  const router = Router();
  for (const r of RESOURCES) router.use(`/${r.name}`, resourceForms(deps, anyResource(r)));
  return router;
}
