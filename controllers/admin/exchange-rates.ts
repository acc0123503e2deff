// The rates of the books (models/giving/rates.ts), treasurers and admins only (models/shared/roles.ts):
//   GET  /api/admin/exchange-rates   { book, rates: [{ day, currency, rate, source, setBy, updatedAt }] }, newest first
//   POST /api/admin/exchange-rates   { date, currency, rate }: what one unit of `currency` was worth
//                                    in the book currency that day; that day's gifts in it use it
// Each rate set is in the audit log.
import { Router, type Response } from 'express';
import type { Deps } from '../context';
import type { AdminIdentity } from '../middleware/auth';
import { recordAudit } from '../../models/people/audit';
import { listRates } from '../../models/giving/books';
import { setRate } from '../../models/giving/rates';

const admin = (res: Response) => res.locals.admin as AdminIdentity;

export function adminExchangeRatesApi(deps: Deps): Router {
  const router = Router();
  const book = deps.config.books.currency;
  router.get('/exchange-rates', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ book, rates: await listRates(deps.db, book) });
  });
  router.post('/exchange-rates', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await setRate({ db: deps.db, book }, { date: body.date, currency: body.currency, rate: body.rate }, admin(res).id);
    await recordAudit(deps.db, {
      actor: admin(res).id,
      actorName: admin(res).name,
      action: 'update',
      entity: 'rate',
      entityId: null,
      summary: `1 ${result.currency.toUpperCase()} = ${result.rate} ${book.toUpperCase()} on ${result.date} (${result.revalued} gifts valued)`,
      details: { currency: result.currency.toUpperCase(), date: result.date, name: `${result.rate} ${book.toUpperCase()}`, count: result.revalued },
    });
    res.status(201).set('Cache-Control', 'no-store').json({ ...result, book });
  });
  return router;
}
