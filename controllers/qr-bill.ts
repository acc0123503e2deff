// GET /qr-bill.svg, /qr-bill.pdf and their German twins: the charity's Swiss QR-bill for a
// donation by bank transfer, built once per language from the configuration. /qr-bill.svg?project={slug}
// is the bill of one live project: its creditor reference names the project; ?fundraiser={slug}
// the bill of an approved fundraiser (its reference names the fundraiser, which names the project). Without a usable
// account (ORG_IBAN invalid, foreign or a QR-IBAN) there is no bill: logged once at start, and
// these addresses are the site's 404 page.
import { Router, type RequestHandler } from 'express';
import { langOf, type Deps } from './context';
import { inEveryLanguage } from './lang-routes';
import { tFor } from '../models/shared/text';
import type { Lang } from '../models/shared/rules';
import { qrBillData, renderQrBillPdf, renderQrBillSvg } from '../models/giving/qr-bill';
import { findLiveProjectBySlug } from '../models/content/project';
import { fundraiserReference, projectReference } from '../models/giving/bank-reference';
import { findFundraiserBySlug } from '../models/giving/fundraiser';
import { notFound } from '../models/shared/errors';

/** The bill changes only with the configuration, that is with a restart: a day in any cache. */
const CACHE = 'public, max-age=86400';

export function qrBillRouter(deps: Deps): Router {
  const router = Router();
  const site = deps.config.site;
  try {
    qrBillData(site);
  } catch (err) {
    deps.log.error({ err: err instanceof Error ? err.message : err }, 'QR-bill: the bank details cannot carry a Swiss QR-bill');
    return router;
  }
  const svgs = new Map<Lang, string>();
  const pdfs = new Map<Lang, Promise<Buffer>>();

  const svg: RequestHandler = async (req, res) => {
    const lang = langOf(req);
    // ?project={slug}: the bill of one project, its creditor reference naming the project (the
    // bank's file brings the reference back and the transfer is credited to it).
    const slug = req.query.project;
    if (slug !== undefined) {
      if (typeof slug !== 'string' || !slug || slug.length > 200) throw notFound('Project not found');
      const project = await findLiveProjectBySlug(deps.db, slug);
      if (!project) throw notFound('Project not found');
      res.set('Cache-Control', 'public, max-age=3600').type('image/svg+xml').send(renderQrBillSvg(site, lang, projectReference(project.id)));
      return;
    }
    const fundraiserSlug = req.query.fundraiser;
    if (fundraiserSlug !== undefined) {
      if (typeof fundraiserSlug !== 'string' || !fundraiserSlug || fundraiserSlug.length > 200) throw notFound('Fundraiser not found');
      const fundraiser = await findFundraiserBySlug(deps.db, fundraiserSlug);
      if (!fundraiser || fundraiser.status !== 'approved') throw notFound('Fundraiser not found');
      res.set('Cache-Control', 'public, max-age=3600').type('image/svg+xml').send(renderQrBillSvg(site, lang, fundraiserReference(fundraiser.id)));
      return;
    }
    let body = svgs.get(lang);
    if (!body) svgs.set(lang, (body = renderQrBillSvg(site, lang)));
    res.set('Cache-Control', CACHE).type('image/svg+xml').send(body);
  };

  const pdf: RequestHandler = async (req, res) => {
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    let body = pdfs.get(lang);
    if (!body) {
      body = renderQrBillPdf(site, lang, { title: t('bankTransfer.pdfTitle', { name: site.legalName }), text: t('bankTransfer.pdfText') });
      pdfs.set(lang, body);
      body.catch(() => pdfs.delete(lang));
    }
    res
      .set('Cache-Control', CACHE)
      .set('Content-Disposition', `attachment; filename="${t('bankTransfer.pdfFilename')}"`)
      .type('application/pdf')
      .send(await body);
  };

  router.get(inEveryLanguage('/qr-bill.svg'), svg);
  router.get(inEveryLanguage('/qr-bill.pdf'), pdf);
  return router;
}
