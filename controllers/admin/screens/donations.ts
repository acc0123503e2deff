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
import { listSupporters } from '../../../models/giving/supporters';
import { chartOf } from '../../../models/giving/accounts';
import { swissToday } from '../../../models/shared/dates';
import { segmentQuery } from '../supporters';
import { listAtRisk } from '../../../models/giving/recovery';

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
  // The supporters (?segment=lybunt|sybunt), the journal's period (this year so far) and the chart of accounts.
  const book = deps.config.books.currency;
  const [statement, supporters, chart, atRisk] = await Promise.all([
    shown === null ? null : statementDetail(deps.db, shown),
    listSupporters(deps.db, { book, segment: segmentQuery(req.query.segment) }),
    chartOf(deps.db, deps.config.books.accounts),
    listAtRisk(deps.db),
  ]);
  const today = swissToday();
  const books = { supporters, chart, projects: projects.map((p) => ({ slug: p.slug, title: p.title, titleDe: p.titleDe })), period: { from: `${today.slice(0, 4)}-01-01`, to: today }, bookCurrency: book };
  return { ledger, monthly, certificates, bank: { unmatched, projects: projects.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })), statements, statement }, rates, booked, books, atRisk };
}
