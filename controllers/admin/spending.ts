// A project's spending records in the admin: the JSON API under /api/admin and the no-JavaScript
// forms under /admin, over the same model functions and schema; every change is audited.
import { Router, type Request, type Response } from 'express';
import type { Deps } from '../context';
import { adminLangOf, langOf } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, notFound } from '../../models/shared/errors';
import type { Knex } from 'knex';
import { audited, type AuditInput } from '../../models/people/audit';
import { findProjectById } from '../../models/content/project';
import { centsToDecimal, decimalToCents, type Lang } from '../../models/shared/rules';
import { createSpending, deleteSpending, findSpending, listSpending, spendingInputSchema, spendingSummary, updateSpending, type SpendingRecord } from '../../models/giving/spending';
import type { AdminIdentity } from '../../models/people/user';
import { formRefusal, formValues } from './content';
import { adminHref } from '../../models/shared/admin-rules';

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

async function projectOr404(deps: Deps, id: number) {
  const project = await findProjectById(deps.db, id);
  if (!project) throw notFound('Project not found');
  return project;
}

/**
 * The project a change is for. One in the trash cannot be changed, as its own fields cannot (409,
 * restore it first): nobody sees the change, and the purge would delete it with the project.
 */
async function changeableProject(deps: Deps, id: number) {
  const project = await findProjectById(deps.db, id);
  if (project) return project;
  if (await deps.db('projects').where({ id }).whereNotNull('deletedAt').first('id')) {
    throw new AppError(409, 'content.in_trash', 'This project is in the trash: restore it from the trash first');
  }
  throw notFound('Project not found');
}

/** The audit entry of a change of a spending record, written in the change's transaction. */
const entryOf = (admin: AdminIdentity, action: 'create' | 'update' | 'delete') =>
  async (record: SpendingRecord | null, trx: Knex): Promise<AuditInput | null> => {
    if (!record) return null;
    const project = await findProjectById(trx, record.projectId);
    return {
      actor: admin.id,
      actorName: admin.name,
      action,
      entity: 'spending',
      entityId: record.id,
      summary: spendingSummary(record, project?.title),
      details: {
        amountCents: decimalToCents(record.amount) ?? 0,
        currency: 'USD',
        category: record.category,
        date: record.date,
        description: record.description,
        descriptionDe: record.descriptionDe,
        ...(project ? { project: project.title, ...(project.titleDe ? { projectDe: project.titleDe } : {}) } : {}),
      },
    };
  };

/** The changes, the same for the API and the forms; each record change and its audit entry in one transaction. */
const changes = {
  async create(deps: Deps, projectId: number, body: unknown, lang: Lang, admin: AdminIdentity): Promise<SpendingRecord> {
    await changeableProject(deps, projectId);
    const input = parseInput(spendingInputSchema(lang), body);
    return audited(deps.db, (trx) => createSpending(trx, projectId, input, admin.id), entryOf(admin, 'create'));
  },
  async update(deps: Deps, id: number, body: unknown, lang: Lang, admin: AdminIdentity): Promise<SpendingRecord> {
    const current = await findSpending(deps.db, id);
    if (!current) throw notFound('Spending record not found');
    await changeableProject(deps, current.projectId);
    const input = parseInput(spendingInputSchema(lang), body);
    const record = await audited(deps.db, (trx) => updateSpending(trx, id, input), entryOf(admin, 'update'));
    if (!record) throw notFound('Spending record not found');
    return record;
  },
  async remove(deps: Deps, id: number, admin: AdminIdentity): Promise<SpendingRecord> {
    const current = await findSpending(deps.db, id);
    if (current) await changeableProject(deps, current.projectId);
    const record = await audited(deps.db, (trx) => deleteSpending(trx, id), entryOf(admin, 'delete'));
    if (!record) throw notFound('Spending record not found');
    return record;
  },
};

/** The records of a project with their total (newest first). */
export async function spendingOf(deps: Deps, projectId: number): Promise<{ projectId: number; total: string; records: SpendingRecord[] }> {
  const records = await listSpending(deps.db, projectId);
  const cents = records.reduce((sum, r) => sum + decimalToCents(r.amount)!, 0);
  return { projectId, total: centsToDecimal(cents), records };
}

/** Under /api/admin: /projects/:id/spending (list, add) and /spending/:id (change, delete). */
export function spendingApi(deps: Deps): Router {
  const router = Router();
  router.get('/projects/:id/spending', async (req, res) => {
    const id = parseId(req.params.id);
    await projectOr404(deps, id);
    res.json(await spendingOf(deps, id));
  });
  router.post('/projects/:id/spending', async (req, res) => {
    res.status(201).json(await changes.create(deps, parseId(req.params.id), req.body, adminLangOf(req), adminOf(res)));
  });
  router.get('/spending/:id', async (req, res) => {
    const record = await findSpending(deps.db, parseId(req.params.id));
    if (!record) throw notFound('Spending record not found');
    res.json(record);
  });
  router.put('/spending/:id', async (req, res) => {
    res.json(await changes.update(deps, parseId(req.params.id), req.body, adminLangOf(req), adminOf(res)));
  });
  router.delete('/spending/:id', async (req, res) => {
    const id = parseId(req.params.id);
    await changes.remove(deps, id, adminOf(res));
    res.json({ deleted: true, id });
  });
  return router;
}

/**
 * The same without JavaScript, under /admin: post, redirect back to the project's form (its
 * Spending section), show the outcome once. A failed post brings the typed values back.
 */
export function spendingForms(deps: Deps): Router {
  const router = Router();
  const back = (req: Request, projectId: number | null, query = '') =>
    adminHref(langOf(req), 'projects', projectId ? `?edit=${projectId}${query}#spending` : '');
  const fail = (req: Request, res: Response, verb: 'create' | 'update' | 'delete', err: unknown, projectId: number | null, id: number | null) => {
    const { error, message } = formRefusal(deps, req, err);
    req.session.flash = {
      kind: 'error',
      key: `spending.${verb}Error`,
      params: error.fields ? {} : { message },
      ...(verb !== 'delete' ? { form: { tab: 'spending', id, values: formValues(req.body), errors: error.fields ?? {} } } : {}),
    };
    res.redirect(303, back(req, projectId, verb === 'create' ? '&spending=new' : verb === 'update' ? `&spending=${id}` : ''));
  };
  const projectOfRecord = async (id: number) => (await findSpending(deps.db, id))?.projectId ?? null;

  router.post('/projects/:id/spending', async (req, res) => {
    const projectId = parseId(req.params.id);
    try {
      await changes.create(deps, projectId, req.body, adminLangOf(req), adminOf(res));
      req.session.flash = { kind: 'success', key: 'spending.created' };
      res.redirect(303, back(req, projectId));
    } catch (err) {
      fail(req, res, 'create', err, projectId, null);
    }
  });
  router.post('/spending/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const projectId = await projectOfRecord(id);
    try {
      await changes.update(deps, id, req.body, adminLangOf(req), adminOf(res));
      req.session.flash = { kind: 'success', key: 'spending.updated' };
      res.redirect(303, back(req, projectId));
    } catch (err) {
      fail(req, res, 'update', err, projectId, id);
    }
  });
  router.post('/spending/:id/delete', async (req, res) => {
    const id = parseId(req.params.id);
    const projectId = await projectOfRecord(id);
    try {
      await changes.remove(deps, id, adminOf(res));
      req.session.flash = { kind: 'success', key: 'spending.deleted' };
      res.redirect(303, back(req, projectId));
    } catch (err) {
      fail(req, res, 'delete', err, projectId, id);
    }
  });
  return router;
}
