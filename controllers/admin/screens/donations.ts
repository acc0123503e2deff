// The Donations screen, treasurers' and admins' only: the ledger's first page without a filter,
// the monthly donors, last year's certificates, the bank credits waiting for a person, the books'
// exchange rates: the same
// functions the donations and bank-import APIs answer with.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import { FORBIDDEN, type AdminIdentity } from '../../middleware/auth';
import type { DonationsScreenProps } from '../../../views/admin/screens';
import { AppError } from '../../../models/shared/errors';
import { roleCan } from '../../../models/shared/roles';
import { DonationFilterSchema, listDonations, monthlyOverview } from '../../../models/giving/donations-admin';
import { listUnmatched } from '../../../models/giving/bank-import';
import { listStatements, statementDetail } from '../../../models/giving/bank-statement';
import { listLiveProjects } from '../../../models/content/project';
import { certificatesOverview } from '../donations';
import { ratesOverview } from '../../../models/giving/rates';
import { listBookedGifts } from '../../../models/giving/offline';

export async function donations(req: Request, res: Response, deps: Deps): Promise<DonationsScreenProps> {
  // The page itself opens the dashboard instead (controllers/admin/pages.ts): this is the second lock.
  if (!roleCan((res.locals.admin as AdminIdentity).role, 'money')) throw new AppError(403, 'auth.forbidden', FORBIDDEN);
  const [ledger, monthly, certificates, unmatched, projects, rates, booked, statements] = await Promise.all([
    listDonations(deps.db, DonationFilterSchema.parse({})),
    monthlyOverview(deps.db),
    certificatesOverview(deps),
    listUnmatched(deps.db),
    listLiveProjects(deps.db),
    ratesOverview(deps.db, deps.config.books.currency),
    listBookedGifts(deps.db),
    listStatements(deps.db),
  ]);
  // The statement asked for (?statement=id), else the newest one still open, else the newest.
  const asked = typeof req.query.statement === 'string' && /^\d{1,9}$/.test(req.query.statement) ? Number(req.query.statement) : null;
  const shown = asked ?? (statements.find((s) => !s.closed) ?? statements[0])?.id ?? null;
  const statement = shown === null ? null : await statementDetail(deps.db, shown);
  return { ledger, monthly, certificates, bank: { unmatched, projects: projects.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })), statements, statement }, rates, booked };
}
