// Bank transfers matched from the bank's file (models/giving/bank-import.ts), treasurers and admins
// only (models/shared/roles.ts):
//   POST /api/admin/bank-imports                        multipart `file`: a camt.054 / camt.053 statement
//   GET  /api/admin/bank-imports/unmatched              the credits waiting for a person
//   POST /api/admin/bank-imports/unmatched/:id/assign   { projectId } and/or { email }, remember?: credits it once
// The statements (models/giving/bank-statement.ts): every line, credit and debit, and what explains it:
//   GET  /api/admin/bank-statements                     { items: [{ id, fileName, from, to, lines, explained, closed }] }
//   GET  /api/admin/bank-statements/:id                 the statement with its lines
//   POST /api/admin/bank-statements/:id/lines/:lineId/explain
//        { category, note? } (not a gift) | { payoutId } (a Stripe payout) | { projectId?, email?, remember? } (a gift)
// The same explaining without JavaScript: POST /admin/bank-statements/:id/lines/:lineId/explain, back
// to the Donations screen with the outcome.
// Every import, assignment and explanation is in the audit log.
import { Router, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { adminInterfaceLangOf, type Deps } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, badRequest } from '../../models/shared/errors';
import { keepable } from '../../models/shared/db-limits';
import type { AdminIdentity } from '../middleware/auth';
import { audited, recordAudit } from '../../models/people/audit';
import { assignCredit, BANK_FILE_MAX_BYTES, importCredits, listUnmatched, readStatement } from '../../models/giving/bank-import';
import { explainLine, LINE_CATEGORIES, listStatements, matchPayouts, payoutReaderFor, recordStatement, statementDetail, type ExplainInput, type PayoutReader } from '../../models/giving/bank-statement';
import { langOf } from '../context';
import { formRefusal } from './content';
import { adminHref } from '../../models/shared/admin-rules';
import { notFound } from '../../models/shared/errors';
import type { Request } from 'express';

const BASE = '/bank-imports';
const actor = (res: Response) => (res.locals.admin as AdminIdentity).id;
const actorName = (res: Response) => (res.locals.admin as AdminIdentity).name;

const AssignSchema = z
  .object({
    projectId: z.union([z.number().int().positive(), z.null()]).optional(),
    email: z.union([z.email({ error: 'Please enter a valid email address' }).max(320), z.literal(''), z.null()]).optional(),
    /** The donor agreed that their account is remembered: the next credit from it is credited by itself. */
    remember: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.projectId) || Boolean(v.email), { error: 'Choose a project or enter a donor e-mail address', path: ['projectId'] });

/** What explains a line: a category, a payout, or an assignment (the form sends text: "on", "12"). */
const ExplainSchema = z.union([
  z.strictObject({ category: z.enum(LINE_CATEGORIES, { error: `Choose one of: ${LINE_CATEGORIES.join(', ')}` }), note: z.union([z.string().max(500), z.null()]).optional() }),
  z.strictObject({ payoutId: z.string().regex(/^po_[A-Za-z0-9_]{1,96}$/, { error: 'A Stripe payout id (po_...)' }) }),
  z
    .strictObject({
      projectId: z.union([z.number().int().positive(), z.null()]).optional(),
      email: z.union([z.email({ error: 'Please enter a valid email address' }).max(320), z.literal(''), z.null()]).optional(),
      remember: z.boolean().optional(),
    })
    .refine((v) => Boolean(v.projectId) || Boolean(v.email), { error: 'Choose a project or enter a donor e-mail address', path: ['projectId'] }),
]);

/** A form's fields as the API's body: what the chosen action (the button's `explain`) needs, typed. */
function formBody(body: Record<string, unknown>): unknown {
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : undefined);
  if (str('explain') === 'payout') return { payoutId: str('payoutId') ?? '' };
  if (str('explain') === 'category' || (str('category') && str('explain') !== 'assign')) return { category: str('category') ?? '', note: str('note') || null };
  const project = str('projectId');
  return { projectId: project ? (/^\d{1,9}$/.test(project) ? Number(project) : -1) : null, email: str('email') || null, remember: body.remember === 'on' || body.remember === 'true' };
}

/** Stripe's payouts, when Stripe is set up (made once, on first use). */
function payoutReader(deps: Deps): () => Promise<PayoutReader | null> {
  let reader: Promise<PayoutReader | null> | null = null;
  return () => (reader ??= payoutReaderFor({ ...deps.config.stripe, log: deps.log }));
}

/** Explains a line and audits it; shared by the API and the form. */
async function explain(deps: Deps, reader: () => Promise<PayoutReader | null>, req: Request, res: Response, statementId: number, lineId: number, body: unknown) {
  const parsed = parseInput(ExplainSchema, body) as ExplainInput;
  // An assignment from the German admin gives a donor whose language is not known yet German.
  const input: ExplainInput = 'category' in parsed || 'payoutId' in parsed ? parsed : { ...parsed, language: adminInterfaceLangOf(req) };
  const result = await explainLine(deps.db, statementId, lineId, input, actor(res), { reader: await reader(), hooks: { jobs: deps.jobs, book: deps.config.books.currency } });
  const line = result.line;
  const what = 'category' in input ? `not a gift: ${input.category}${input.note ? ` (${input.note.slice(0, 100)})` : ''}` : 'payoutId' in input ? `Stripe payout ${input.payoutId}` : `assigned -> ${result.assigned?.projectId ? `project ${result.assigned.projectId}` : 'General Support'}${result.assigned?.email ? ` (${result.assigned.email})` : ''}${result.assigned?.remembered ? ', account remembered' : ''}`;
  await recordAudit(deps.db, {
    actor: actor(res),
    actorName: actorName(res),
    action: 'assign',
    entity: 'bank',
    entityId: lineId,
    summary: `statement ${statementId}, ${(line.amountCents / 100).toFixed(2)} ${line.currency.toUpperCase()} ${line.direction}: ${what}`,
    details: { amountCents: line.amountCents, currency: line.currency.toUpperCase(), name: 'category' in input ? input.category : 'payoutId' in input ? input.payoutId : undefined, ...(result.assigned?.email ? { to: result.assigned.email } : {}) },
  });
  return result;
}

export function adminBankImportsApi(deps: Deps): Router {
  const router = Router();
  const reader = payoutReader(deps);
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: BANK_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } }).single('file');
  const receive: RequestHandler = (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'payload_too_large', `The file is larger than ${BANK_FILE_MAX_BYTES / 1024 / 1024} MB: nothing was imported.`));
        return next(badRequest(`Upload refused: ${err.message}`));
      }
      const reason = err instanceof Error && err.message ? ` (${err.message.slice(0, 100)})` : '';
      next(badRequest(`The upload could not be read${reason}: send the statement as a form with a "file" field.`));
    });
  };

  router.post(BASE, receive, async (req, res) => {
    const file = req.file;
    if (!file) throw new AppError(400, 'bank.empty_file', 'No file came with the request: choose the bank statement (camt.053 or camt.054 XML) in a "file" field.');
    const { credits, statement } = readStatement(file.buffer, deps.config.site.iban);
    const fileName = file.originalname ? keepable(file.originalname, 200) || null : null;
    const result = await importCredits(deps.db, credits, { actor: actor(res), fileName }, { jobs: deps.jobs, book: deps.config.books.currency });
    // The whole statement, every line, and the Stripe payouts among its credits.
    const statementId = await recordStatement(deps.db, statement, { actor: actor(res), fileName });
    const payouts = await matchPayouts(deps.db, statementId, await reader(), actor(res));
    await recordAudit(deps.db, {
      actor: actor(res),
      actorName: actorName(res),
      action: 'import',
      entity: 'bank',
      summary: `${fileName ?? 'statement'}: ${result.credited} credited, ${result.unmatched} unmatched, ${result.duplicates} already imported, ${payouts} Stripe payouts`,
      details: { name: fileName ?? undefined, count: result.credited, unmatched: result.unmatched, duplicates: result.duplicates },
    });
    res.json({ ...result, statementId, payouts });
  });

  router.get(`${BASE}/unmatched`, async (_req, res) => {
    res.json({ items: await listUnmatched(deps.db) });
  });

  router.post(`${BASE}/unmatched/:id/assign`, async (req, res) => {
    const id = parseId(req.params.id);
    const body = parseInput(AssignSchema, req.body ?? {});
    const result = await audited(
      deps.db,
      (trx) => assignCredit(trx, id, { projectId: body.projectId ?? null, email: body.email || null, remember: body.remember ?? false, language: adminInterfaceLangOf(req) }, actor(res), { jobs: deps.jobs, book: deps.config.books.currency }),
      (r) => ({
        actor: actor(res),
        actorName: actorName(res),
        action: 'assign',
        entity: 'bank',
        entityId: id,
        summary: `${r.credit.amount} ${r.credit.currency.toUpperCase()} ${r.credit.reference ?? ''} -> ${r.projectId ? `project ${r.projectId}` : 'General Support'}${r.email ? ` (${r.email})` : ''}`,
        details: { amountCents: r.credit.amountCents, currency: r.credit.currency.toUpperCase(), ...(r.email ? { to: r.email } : {}), ...(r.projectId ? { project: String(r.projectId) } : {}) },
      }),
    );
    res.json({ donationId: result.donationId, projectId: result.projectId, email: result.email, remembered: result.remembered, credit: { ...result.credit, reason: null } });
  });

  router.get('/bank-statements', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ items: await listStatements(deps.db) });
  });
  router.get('/bank-statements/:id', async (req, res) => {
    const statement = await statementDetail(deps.db, parseId(req.params.id));
    if (!statement) throw notFound('No such bank statement.');
    res.set('Cache-Control', 'no-store').json(statement);
  });
  router.post('/bank-statements/:id/lines/:lineId/explain', async (req, res) => {
    const result = await explain(deps, reader, req, res, parseId(req.params.id), parseId(req.params.lineId), req.body ?? {});
    res.json(result);
  });

  return router;
}

/** The same without JavaScript, under /admin: post, back to the Donations screen's statement, the outcome shown once. */
export function bankStatementForms(deps: Deps): Router {
  const router = Router();
  const reader = payoutReader(deps);
  router.post('/bank-statements/:id/lines/:lineId/explain', async (req: Request, res: Response) => {
    const statementId = parseId(req.params.id);
    const lineId = parseId(req.params.lineId);
    const back = adminHref(langOf(req), 'donations', `?statement=${statementId}#statement-line-${lineId}`);
    try {
      await explain(deps, reader, req, res, statementId, lineId, formBody((req.body ?? {}) as Record<string, unknown>));
      req.session.flash = { kind: 'success', key: 'donations.bank.statement.explained' };
    } catch (err) {
      const { message } = formRefusal(deps, req, err);
      req.session.flash = { kind: 'error', key: 'donations.bank.statement.explainError', params: { message } };
    }
    res.redirect(303, back);
  });
  return router;
}
