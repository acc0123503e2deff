// The rates of the books (models/giving/rates.ts), treasurers and admins only (models/shared/roles.ts):
//   GET  /api/admin/exchange-rates   { book, currencies, rates: [{ day, currency, rate, source, setBy, updatedAt }], waiting }
//                                    (newest first; `waiting`: gifts not valued yet)
//   POST /api/admin/exchange-rates   { date, currency, rate }: what one unit of `currency` was worth
//                                    in the book currency that day; that day's gifts in it use it
//   POST /admin/exchange-rates       the same from the Donations screen's form without JavaScript:
//                                    back to the screen with the outcome (and the form's values after a refusal)
// Each rate set is in the audit log.
import { Router, type Request, type Response } from 'express';
import type { Deps } from '../context';
import type { AdminIdentity } from '../middleware/auth';
import { langOf } from '../context';
import { recordAudit } from '../../models/people/audit';
import { adminHref } from '../../models/shared/admin-rules';
import { ratesOverview, setRate } from '../../models/giving/rates';
import { formRefusal, formValues } from './content';
import { formatDay } from '../../views/admin/donations/format';

const admin = (res: Response) => res.locals.admin as AdminIdentity;

/** Sets a day's rate for the person signed in, and writes it in the audit log. */
async function setAudited(deps: Deps, res: Response, body: unknown) {
  const book = deps.config.books.currency;
  const input = (body ?? {}) as Record<string, unknown>;
  const who = admin(res);
  const result = await setRate({ db: deps.db, book }, { date: input.date, currency: input.currency, rate: input.rate }, who.id);
  await recordAudit(deps.db, {
    actor: who.id,
    actorName: who.name,
    action: 'update',
    entity: 'rate',
    entityId: null,
    summary: `1 ${result.currency.toUpperCase()} = ${result.rate} ${book.toUpperCase()} on ${result.date} (${result.revalued} gifts valued)`,
    details: { currency: result.currency.toUpperCase(), date: result.date, name: `${result.rate} ${book.toUpperCase()}`, count: result.revalued },
  });
  return { ...result, book };
}

export function adminExchangeRatesApi(deps: Deps): Router {
  const router = Router();
  router.get('/exchange-rates', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ratesOverview(deps.db, deps.config.books.currency));
  });
  router.post('/exchange-rates', async (req, res) => {
    res.status(201).set('Cache-Control', 'no-store').json(await setAudited(deps, res, req.body));
  });
  return router;
}

/** The rates form without JavaScript: post, back to the Donations screen, the outcome shown once. */
export function exchangeRateForms(deps: Deps): Router {
  const router = Router();
  router.post('/exchange-rates', async (req: Request, res: Response) => {
    const back = (hash: string) => adminHref(langOf(req), 'donations', `#${hash}`);
    try {
      const r = await setAudited(deps, res, req.body);
      req.session.flash = { kind: 'success', key: 'donations.rates.saved', params: { currency: r.currency.toUpperCase(), date: formatDay(`${r.date}T12:00:00Z`, langOf(req)), count: String(r.revalued) } };
      res.redirect(303, back('rates'));
    } catch (err) {
      const { error, message } = formRefusal(deps, req, err);
      req.session.flash = { kind: 'error', key: 'donations.rates.saveError', params: error.fields ? {} : { message }, form: { tab: 'rates', id: null, values: formValues(req.body), errors: error.fields ?? {} } };
      res.redirect(303, back('rates-form'));
    }
  });
  return router;
}
