// Gifts outside the website and the booked gifts' corrections (models/giving/offline.ts),
// treasurers and admins only (models/shared/roles.ts, /donations):
//   POST /api/admin/donations/offline        { amount, currency, date, method, projectId?, donorName?,
//                                             donorEmail?, donorAddress?, note?, language? } -> 201 { id, reference }
//   POST /api/admin/donations/:id/reverse    { reason }: a reversing entry, once (409 the second time)
//   PUT  /api/admin/donations/:id/donor      { donorName?, donorEmail?, donorAddress?, language? }
//   GET  /api/admin/donations/booked         the latest bank and offline gifts
//   GET  /api/admin/donations/certificates/pdf?year=&donor=<gift id, e-mail or name>[&lang=]
//                                            a donor's certificate as a PDF, to print and post
// and the same changes as forms without JavaScript under /admin (post, redirect to the Donations
// screen, the outcome shown once). Every change is in the audit log, in its transaction.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Knex } from 'knex';
import { adminInterfaceLangOf, adminLangOf, langOf, type Deps } from '../context';
import { parseId, parseInput } from '../middleware/errors';
import { notFound } from '../../models/shared/errors';
import type { AdminIdentity } from '../middleware/auth';
import { audited } from '../../models/people/audit';
import { tFor } from '../../models/shared/text';
import { adminHref } from '../../models/shared/admin-rules';
import { formatAmount } from '../../models/shared/donation-rules';
import type { Lang } from '../../models/shared/rules';
import {
  DonorDetailsSchema,
  listBookedGifts,
  offlineGiftSchema,
  recordOfflineGift,
  reverseGift,
  ReverseSchema,
  setDonorDetails,
  type OfflineGiftInput,
} from '../../models/giving/offline';
import { donorYearSummary, hasCertifiableGifts, parseCertificateYear, postalYearSummary, renderCertificatePdf, currentCertificateYear } from '../../models/giving/certificate';
import { formRefusal, formValues } from './content';

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

const CertificatePdfQuery = z.object({
  year: z.string({ error: 'year must be a single year such as 2025' }).optional(),
  donor: z.string({ error: 'donor must be a gift id, an e-mail address or a name' }).trim().min(1, 'donor must be a gift id, an e-mail address or a name').max(320),
  lang: z.enum(['en', 'de'], { error: 'lang must be en or de' }).optional(),
});

const money = (cents: number, currency: string) => formatAmount(cents, currency, 'en', 2);

/** The changes, the same for the API and the forms; each with its audit entry in one transaction. */
const changes = {
  record(deps: Deps, body: unknown, lang: Lang, admin: AdminIdentity, defaultLang: Lang = lang) {
    const input: OfflineGiftInput = parseInput(offlineGiftSchema(lang), body ?? {});
    return audited(
      deps.db,
      (trx) => recordOfflineGift(trx, input, admin.id, defaultLang, { jobs: deps.jobs, book: deps.config.books.currency }),
      async (g, trx) => ({
        actor: admin.id,
        actorName: admin.name,
        action: 'create',
        entity: 'offline_gift',
        entityId: g.id,
        summary: `${g.reference}: ${money(g.amountCents, g.currency)} (${g.method}) on ${g.date}${g.projectId ? ` -> project ${g.projectId}` : ' -> General Support'}`,
        details: { amountCents: g.amountCents, currency: g.currency.toUpperCase(), date: g.date, category: g.method, name: g.reference, ...(await projectNames(trx, g.projectId)) },
      }),
    );
  },
  reverse(deps: Deps, id: number, body: unknown, admin: AdminIdentity) {
    const { reason } = parseInput(ReverseSchema, body ?? {});
    return audited(
      deps.db,
      (trx) => reverseGift(trx, id, reason, admin.id),
      async (r, trx) => ({
        actor: admin.id,
        actorName: admin.name,
        action: 'reverse',
        entity: 'offline_gift',
        entityId: r.giftId,
        summary: `${r.giftReference} reversed by ${r.reference} (${money(r.amountCents, r.currency)}): ${reason}`,
        details: { amountCents: r.amountCents, currency: r.currency.toUpperCase(), name: r.giftReference, description: reason, ...(await projectNames(trx, r.projectId)) },
      }),
    );
  },
  donor(deps: Deps, id: number, body: unknown, admin: AdminIdentity) {
    const input = parseInput(DonorDetailsSchema, body ?? {});
    return audited(
      deps.db,
      (trx) => setDonorDetails(trx, id, input, { jobs: deps.jobs }),
      (r) => ({
        actor: admin.id,
        actorName: admin.name,
        action: 'update',
        entity: 'offline_gift',
        entityId: r.id,
        summary: `${r.reference}: donor details (${r.fields.join(', ') || 'unchanged'})${r.receiptQueued ? ', receipt sent' : ''}`,
        details: { name: r.reference, fields: r.fields },
      }),
    );
  },
};

async function projectNames(trx: Knex, projectId: number | null): Promise<{ project?: string; projectDe?: string }> {
  if (projectId === null) return {};
  const p = (await trx('projects').where({ id: projectId }).first('title', 'titleDe')) as { title: string; titleDe: string | null } | undefined;
  return p ? { project: p.title, ...(p.titleDe ? { projectDe: p.titleDe } : {}) } : {};
}

/** Under /api/admin. */
export function adminOfflineApi(deps: Deps): Router {
  const router = Router();

  router.post('/donations/offline', async (req, res) => {
    const g = await changes.record(deps, req.body, adminLangOf(req), adminOf(res), adminInterfaceLangOf(req));
    res.status(201).set('Cache-Control', 'no-store').json({ id: g.id, reference: g.reference, usdCents: g.usdCents });
  });

  router.get('/donations/booked', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ items: await listBookedGifts(deps.db) });
  });

  router.post('/donations/:id/reverse', async (req, res) => {
    const r = await changes.reverse(deps, parseId(req.params.id), req.body, adminOf(res));
    res.status(201).json({ id: r.reversalId, reference: r.reference, reverses: r.giftId, takenBackCents: r.takenBackCents });
  });

  router.put('/donations/:id/donor', async (req, res) => {
    const r = await changes.donor(deps, parseId(req.params.id), req.body, adminOf(res));
    res.json(r);
  });

  router.get('/donations/certificates/pdf', async (req, res) => {
    const q = parseInput(CertificatePdfQuery, req.query);
    const year = q.year === undefined ? currentCertificateYear() - 1 : parseCertificateYear(q.year);
    const donor = q.donor;
    // A gift's id, or its reference as the receipt and the lists write it (D-2026-000123).
    const byGift = /^(?:D-\d{4}-)?(\d{1,12})$/i.exec(donor.replace(/\s+/g, ''));
    const summary = byGift
      ? await postalYearSummary(deps.db, year, { giftId: parseId(String(Number(byGift[1]))) })
      : donor.includes('@')
        ? { ...(await donorYearSummary(deps.db, donor, year)), donorAddress: null }
        : await postalYearSummary(deps.db, year, { name: donor });
    if (!summary || !hasCertifiableGifts(summary)) throw notFound(`No gifts to certify for this donor in ${year}`);
    const lang: Lang = q.lang ?? summary.language;
    const pdf = await renderCertificatePdf({
      summary,
      donorName: summary.donorName,
      donorEmail: summary.email || null,
      donorAddress: summary.donorAddress,
      lang,
      site: deps.config.site,
      t: tFor(deps.i18n, lang),
    });
    const t = tFor(deps.i18n, lang);
    res.set('Cache-Control', 'no-store').attachment(`${t('certificate.fileName')}-${year}.pdf`).type('application/pdf').send(pdf);
  });

  return router;
}

/** The same without JavaScript, under /admin: post, back to the Donations screen, the outcome once. */
export function offlineForms(deps: Deps): Router {
  const router = Router();
  const back = (req: Request, anchor: string) => adminHref(langOf(req), 'donations', `#${anchor}`);
  const fail = (req: Request, res: Response, key: string, err: unknown, id: number | null, anchor: string) => {
    const { error, message } = formRefusal(deps, req, err);
    req.session.flash = { kind: 'error', key, params: error.fields ? {} : { message }, form: { tab: 'offline', id, values: formValues(req.body), errors: error.fields ?? {} } };
    res.redirect(303, back(req, anchor));
  };

  router.post('/donations/offline', async (req, res) => {
    try {
      const g = await changes.record(deps, req.body, langOf(req), adminOf(res));
      req.session.flash = { kind: 'success', key: 'donations.offline.recorded', params: { reference: g.reference } };
      res.redirect(303, back(req, 'offline-gifts'));
    } catch (err) {
      fail(req, res, 'donations.offline.recordError', err, null, 'offline-gifts');
    }
  });
  router.post('/donations/:id/reverse', async (req, res) => {
    const id = parseId(req.params.id);
    try {
      const r = await changes.reverse(deps, id, req.body, adminOf(res));
      req.session.flash = { kind: 'success', key: 'donations.offline.reversed', params: { reference: r.giftReference } };
      res.redirect(303, back(req, 'booked-gifts'));
    } catch (err) {
      fail(req, res, 'donations.offline.reverseError', err, id, 'booked-gifts');
    }
  });
  router.post('/donations/:id/donor', async (req, res) => {
    const id = parseId(req.params.id);
    try {
      const r = await changes.donor(deps, id, req.body, adminOf(res));
      req.session.flash = { kind: 'success', key: r.receiptQueued ? 'donations.offline.donorSavedReceipt' : 'donations.offline.donorSaved', params: { reference: r.reference } };
      res.redirect(303, back(req, 'booked-gifts'));
    } catch (err) {
      fail(req, res, 'donations.offline.donorError', err, id, 'booked-gifts');
    }
  });
  return router;
}
