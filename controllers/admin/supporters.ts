// The supporters (models/giving/supporters.ts), treasurers and admins only (models/shared/roles.ts):
//   GET /api/admin/supporters[?segment=lybunt|sybunt][&format=csv][&lang=en|de]
// one row per donor address: totals in the book currency, last gift, regular gift, projects followed.
// An export (names and addresses of donors) is in the audit log.
import { Router, type Response } from 'express';
import type { Deps } from '../context';
import { adminLangOf } from '../context';
import { badRequest } from '../../models/shared/errors';
import { recordAudit } from '../../models/people/audit';
import type { AdminIdentity } from '../../models/people/user';
import { isSegment, listSupporters, supportersCsv, type Segment } from '../../models/giving/supporters';
import { swissToday } from '../../models/shared/dates';

const admin = (res: Response) => res.locals.admin as AdminIdentity;

/** `?segment=` as asked: none, lybunt or sybunt. */
export function segmentQuery(value: unknown): Segment | null {
  if (value === undefined || value === '' || value === 'all') return null;
  if (!isSegment(value)) throw badRequest('segment must be lybunt or sybunt');
  return value;
}

export function adminSupportersApi(deps: Deps): Router {
  const router = Router();
  router.get('/supporters', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const segment = segmentQuery(query.segment);
    if (query.format !== undefined && query.format !== 'csv' && query.format !== 'json') throw badRequest('format must be json or csv');
    const lang = adminLangOf(req);
    const view = await listSupporters(deps.db, { book: deps.config.books.currency, segment });
    res.set('Cache-Control', 'no-store');
    if (query.format !== 'csv') {
      res.json(view);
      return;
    }
    await recordAudit(deps.db, { actor: admin(res).id, actorName: admin(res).name, action: 'export', entity: 'supporters', summary: `${segment ?? 'all'} (${view.supporters.length})`, details: { count: view.supporters.length } });
    res.attachment(`supporters-${segment ?? 'all'}-${swissToday()}.csv`);
    res.type('text/csv; charset=utf-8').send(supportersCsv(view, lang));
  });
  return router;
}
