// The journal for the accounting program and its chart of accounts (models/giving/journal.ts,
// models/giving/accounts.ts), treasurers and admins only (models/shared/roles.ts):
//   GET /api/admin/journal?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv|banana][&lang=en|de]
//       the period's double-entry bookings: JSON, CSV for Swiss Excel, or Banana's import file
//   GET /api/admin/journal/accounts       the chart in force, where each account comes from
//   PUT /api/admin/journal/accounts       { bank, stripe, cash, cheque, other, donations, fees, "project:<slug>" }
// and the settings form without JavaScript: POST /admin/journal/accounts (redirect, flash).
// An export and every change of the chart are in the audit log.
import { Router, type Request, type Response } from 'express';
import type { Deps } from '../context';
import { adminLangOf, langOf } from '../context';
import { AppError, badRequest } from '../../models/shared/errors';
import { recordAudit } from '../../models/people/audit';
import type { AdminIdentity } from '../../models/people/user';
import { adminHref } from '../../models/shared/admin-rules';
import { chartOf, chartText, saveEntries } from '../../models/giving/accounts';
import { journalBanana, journalCsv, journalDay, journalOf } from '../../models/giving/journal';
import { formRefusal, formValues } from './content';
import { CSRF_FIELD } from '../middleware/csrf';

const admin = (res: Response) => res.locals.admin as AdminIdentity;
const FORMATS = ['json', 'csv', 'banana'] as const;

/** The period asked for: two real days, from not after to, at most ten years apart. */
export function periodOf(query: Record<string, unknown>): { from: string; to: string } {
  const from = journalDay(query.from);
  const to = journalDay(query.to);
  if (!from || !to) throw new AppError(400, 'bad_request', 'from and to must be days such as 2026-01-01 (YYYY-MM-DD)');
  if (from > to) throw new AppError(400, 'bad_request', 'from must not be after to');
  if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 10) throw new AppError(400, 'bad_request', 'A journal covers at most ten years');
  return { from, to };
}

async function saveChart(deps: Deps, res: Response, body: unknown) {
  const input = Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([k]) => k !== CSRF_FIELD));
  const entries = await saveEntries(deps.db, input);
  const text = chartText(entries);
  await recordAudit(deps.db, { actor: admin(res).id, actorName: admin(res).name, action: 'update', entity: 'accounts', summary: text || '(defaults)', details: { name: text || '-' } });
  return chartOf(deps.db, deps.config.books.accounts);
}

export function adminJournalApi(deps: Deps): Router {
  const router = Router();
  const book = deps.config.books.currency;

  router.get('/journal', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const format = query.format === undefined ? 'json' : query.format;
    if (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format)) throw badRequest('format must be json, csv or banana');
    const { from, to } = periodOf(query);
    const lang = adminLangOf(req);
    const { chart } = await chartOf(deps.db, deps.config.books.accounts);
    const journal = await journalOf(deps.db, { from, to, book, chart, lang });
    res.set('Cache-Control', 'no-store');
    if (format === 'json') {
      res.json({ ...journal, chart });
      return;
    }
    await recordAudit(deps.db, { actor: admin(res).id, actorName: admin(res).name, action: 'export', entity: 'journal', summary: `${from}..${to} (${journal.bookings.length})`, details: { count: journal.bookings.length, date: from, name: to } });
    if (format === 'csv') {
      res.attachment(`journal-${from}-${to}.csv`);
      res.type('text/csv; charset=utf-8').send(journalCsv(journal, lang));
      return;
    }
    res.attachment(`journal-${from}-${to}-banana.txt`);
    res.type('text/tab-separated-values; charset=utf-8').send(journalBanana(journal));
  });

  router.get('/journal/accounts', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await chartOf(deps.db, deps.config.books.accounts));
  });

  router.put('/journal/accounts', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await saveChart(deps, res, req.body));
  });
  return router;
}

/** The settings form without JavaScript, under /admin: post, back to the Donations screen's accounts, the outcome once. */
export function journalForms(deps: Deps): Router {
  const router = Router();
  const back = (req: Request) => adminHref(langOf(req), 'donations', '#don-accounts');
  router.post('/journal/accounts', async (req, res) => {
    try {
      await saveChart(deps, res, req.body);
      req.session.flash = { kind: 'success', key: 'donations.accounts.saved' };
    } catch (err) {
      const { error, message } = formRefusal(deps, req, err);
      req.session.flash = { kind: 'error', key: 'donations.accounts.saveError', params: { message }, form: { tab: 'accounts', id: null, values: formValues(req.body), errors: error.fields ?? {} } };
    }
    res.redirect(303, back(req));
  });
  return router;
}
