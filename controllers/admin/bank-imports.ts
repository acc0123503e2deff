// Bank transfers matched from the bank's file (models/giving/bank-import.ts), treasurers and admins
// only (models/shared/roles.ts):
//   POST /api/admin/bank-imports                        multipart `file`: a camt.054 / camt.053 statement
//   GET  /api/admin/bank-imports/unmatched              the credits waiting for a person
//   POST /api/admin/bank-imports/unmatched/:id/assign   { projectId } and/or { email }: credits it once
// Every import and every assignment is in the audit log.
import { Router, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { adminInterfaceLangOf, type Deps } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, badRequest } from '../../models/shared/errors';
import type { AdminIdentity } from '../middleware/auth';
import { audited, recordAudit } from '../../models/people/audit';
import { assignCredit, BANK_FILE_MAX_BYTES, importCredits, listUnmatched, readStatement } from '../../models/giving/bank-import';

const BASE = '/bank-imports';
const actor = (res: Response) => (res.locals.admin as AdminIdentity).id;
const actorName = (res: Response) => (res.locals.admin as AdminIdentity).name;

const AssignSchema = z
  .object({
    projectId: z.union([z.number().int().positive(), z.null()]).optional(),
    email: z.union([z.email({ error: 'Please enter a valid email address' }).max(320), z.literal(''), z.null()]).optional(),
  })
  .refine((v) => Boolean(v.projectId) || Boolean(v.email), { error: 'Choose a project or enter a donor e-mail address', path: ['projectId'] });

export function adminBankImportsApi(deps: Deps): Router {
  const router = Router();
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
    const { credits } = readStatement(file.buffer, deps.config.site.iban);
    const fileName = file.originalname ? file.originalname.slice(0, 200) : null;
    const result = await importCredits(deps.db, credits, { actor: actor(res), fileName }, { jobs: deps.jobs, book: deps.config.books.currency });
    await recordAudit(deps.db, {
      actor: actor(res),
      actorName: actorName(res),
      action: 'import',
      entity: 'bank',
      summary: `${fileName ?? 'statement'}: ${result.credited} credited, ${result.unmatched} unmatched, ${result.duplicates} already imported`,
      details: { name: fileName ?? undefined, count: result.credited, unmatched: result.unmatched, duplicates: result.duplicates },
    });
    res.json(result);
  });

  router.get(`${BASE}/unmatched`, async (_req, res) => {
    res.json({ items: await listUnmatched(deps.db) });
  });

  router.post(`${BASE}/unmatched/:id/assign`, async (req, res) => {
    const id = parseId(req.params.id);
    const body = parseInput(AssignSchema, req.body ?? {});
    const result = await audited(
      deps.db,
      async (trx) => {
        const assigned = await assignCredit(trx, id, { projectId: body.projectId ?? null, email: body.email || null }, actor(res), { jobs: deps.jobs, book: deps.config.books.currency });
        // A donor whose language is not known yet gets the receipt and certificate in the admin's
        // interface language (the receipt job reads it after this transaction).
        await trx('donations').where({ id: assigned.donationId }).whereNull('language').update({ language: adminInterfaceLangOf(req) });
        return assigned;
      },
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
    res.json({ donationId: result.donationId, projectId: result.projectId, email: result.email, credit: { ...result.credit, reason: null } });
  });

  return router;
}
