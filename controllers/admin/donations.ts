// The admin's Donations tab: the ledger of donations with its filters and totals, the CSV export
// of a filter, the monthly donors, and the yearly certificates (how many donors a year has, start a
// run, follow its progress). Mounted inside adminApi, so every route needs an admin credential and,
// for changes made with the session cookie, the CSRF token. Exports and runs are audited.
import { Router, type Response } from 'express';
import { z } from 'zod';
import { adminLangOf, type Deps } from '../context';
import { tFor } from '../../models/shared/text';
import { swissToday } from '../../models/shared/dates';
import { parseId, parseInput } from '../middleware/errors';
import { notFound } from '../../models/shared/errors';
import type { AdminIdentity } from '../middleware/auth';
import { audited, recordAudit } from '../../models/people/audit';
import { allDonations, DonationFilterSchema, donationsCsv, listDonations, monthlyOverview } from '../../models/giving/donations-admin';
import { certificateYearOverview, currentCertificateYear, findCertificateRun, listCertificateRuns, parseCertificateYear, startCertificateRun } from '../../models/giving/certificate';
import type { CertificateOverview } from '../../views/admin/donations/certificates-panel';
import { listAtRisk } from '../../models/giving/recovery';

/** Relative to the admin API's mount (/api/admin). */
const BASE = '/donations';

const actor = (res: Response) => (res.locals.admin as AdminIdentity).id;
const actorName = (res: Response) => (res.locals.admin as AdminIdentity).name;

const YearQuerySchema = z.object({ year: z.string({ error: 'year must be a single year such as 2025' }).optional() });
const StartRunSchema = z.object({ year: z.union([z.number(), z.string()], { error: 'year must be a year such as 2025' }) });

/** The certificates of a year (default: last year): how many donors, and the runs so far. */
export async function certificatesOverview(deps: Deps, yearText?: string): Promise<CertificateOverview> {
  const year = yearText === undefined ? currentCertificateYear() - 1 : parseCertificateYear(yearText);
  const [overview, runs] = await Promise.all([certificateYearOverview(deps.db, year), listCertificateRuns(deps.db)]);
  return { ...overview, latestYear: currentCertificateYear(), runs };
}

export function adminDonationsApi(deps: Deps): Router {
  const router = Router();

  router.get(BASE, async (req, res) => {
    const filter = parseInput(DonationFilterSchema, req.query);
    res.json(await listDonations(deps.db, filter));
  });

  router.get(`${BASE}.csv`, async (req, res) => {
    const filter = parseInput(DonationFilterSchema, req.query);
    // In the admin's language (the tab's link names it): headers, values, Swiss time, separator.
    const lang = adminLangOf(req);
    const rows = await allDonations(deps.db, filter);
    // Who took a copy of the ledger (names and addresses of donors), and how many rows.
    await recordAudit(deps.db, { actor: actor(res), actorName: actorName(res), action: 'export', entity: 'donations', summary: String(rows.length), details: { count: rows.length } });
    res.attachment(`donations-${swissToday()}.csv`);
    res.type('text/csv; charset=utf-8').send(donationsCsv(rows, lang, tFor(deps.i18n, lang)));
  });

  router.get(`${BASE}/monthly`, async (_req, res) => {
    res.json(await monthlyOverview(deps.db));
  });

  // The regular gifts at risk: failed, past due, unpaid, or a card ending within 45 days (treasurers and admins, as every /donations route).
  router.get(`${BASE}/at-risk`, async (_req, res) => {
    res.json({ gifts: await listAtRisk(deps.db) });
  });

  router.get(`${BASE}/certificates`, async (req, res) => {
    res.json(await certificatesOverview(deps, parseInput(YearQuerySchema, req.query).year));
  });

  router.post(`${BASE}/certificates/runs`, async (req, res) => {
    const body = parseInput(StartRunSchema, req.body ?? {});
    const year = parseCertificateYear(body.year);
    const run = await audited(deps.db, (trx) => startCertificateRun(trx, deps.jobs, year, actor(res)), (r) => ({ actor: actor(res), actorName: actorName(res), action: 'start', entity: 'certificates', entityId: r.id, summary: String(year), details: { year } }));
    res.status(202).json({ run });
  });

  router.get(`${BASE}/certificates/runs/:id`, async (req, res) => {
    const run = await findCertificateRun(deps.db, parseId(req.params.id));
    if (!run) throw notFound('Certificate run not found');
    res.json({ run });
  });

  return router;
}
