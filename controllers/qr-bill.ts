// GET /qr-bill.svg, /qr-bill.pdf and their German twins: the charity's Swiss QR-bill for a
// donation by bank transfer, built once per language from the configuration. /qr-bill.svg?project={slug}
// is the bill of one live project: its creditor reference names the project; ?fundraiser={slug}
// the bill of an approved fundraiser (its reference names the fundraiser, which names the project). Without a usable
// account (ORG_IBAN invalid, foreign or a QR-IBAN) there is no bill: logged once at start, and
// these addresses are the site's 404 page. Both the picture and the PDF take the same query
// (readBillQuery): ?project= or ?fundraiser=, and ?amount= with ?currency=chf|eur, the gift the
// donor chose on the checkout; the bill then names the project in its additional information.
// A malformed query is a 400 that says what is wrong; an unknown project or fundraiser a 404.
import { Router, type RequestHandler } from 'express';
import { langOf, type Deps } from './context';
import { inEveryLanguage } from './lang-routes';
import { tFor } from '../models/shared/text';
import type { Lang } from '../models/shared/rules';
import { qrBillData, renderQrBillPdf, renderQrBillSvg, type QrBillFor } from '../models/giving/qr-bill';
import { findLiveProjectById, findLiveProjectBySlug } from '../models/content/project';
import { fundraiserReference, projectReference } from '../models/giving/bank-reference';
import { findFundraiserBySlug } from '../models/giving/fundraiser';
import { AppError, notFound } from '../models/shared/errors';
import { localized } from '../models/shared/rules';
import { MAX_DONATION_CENTS, MIN_DONATION_CENTS, parseDonationAmount } from '../models/shared/donation-rules';
import { isQrBillCurrency } from '../models/shared/qr-bill-rules';

/** The bill changes only with the configuration, that is with a restart: a day in any cache. */
const CACHE = 'public, max-age=86400';
/** One gift's PDFs kept in memory (about 10 KB each). */
const GIFT_PDFS_KEPT = 200;

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
  const giftPdfs = new Map<string, Promise<Buffer>>();

  /** The bill one gift's query names (reference, amount, message), or null for the general bill without an amount. */
  const billOf = async (req: Parameters<RequestHandler>[0]): Promise<(QrBillFor & { reference?: string }) | null> => {
    const query = readBillQuery(req.query);
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    const bill: QrBillFor & { reference?: string } = { amountCents: query.amountCents, currency: query.currency };
    if (query.projectSlug !== null) {
      const project = await findLiveProjectBySlug(deps.db, query.projectSlug);
      if (!project) throw notFound('Project not found');
      bill.reference = projectReference(project.id);
      bill.message = t('bankTransfer.billMessage', { project: localized(lang, project.title, project.titleDe) });
    } else if (query.fundraiserSlug !== null) {
      const fundraiser = await findFundraiserBySlug(deps.db, query.fundraiserSlug);
      if (!fundraiser || fundraiser.status !== 'approved') throw notFound('Fundraiser not found');
      bill.reference = fundraiserReference(fundraiser.id);
      const project = await findLiveProjectById(deps.db, fundraiser.projectId);
      // The reference names the fundraiser; the additional information its project (the bill has room for one line or two).
      bill.message = t('bankTransfer.billMessage', { project: project ? localized(lang, project.title, project.titleDe) : fundraiser.title });
    } else if (query.amountCents === null && query.currency === 'chf') {
      return null;
    }
    return bill;
  };

  const svg: RequestHandler = async (req, res) => {
    const lang = langOf(req);
    // One gift's bill: a project's or fundraiser's creditor reference (the bank's file brings it
    // back and the transfer is credited to it), the amount chosen.
    const bill = await billOf(req);
    if (bill) {
      res.set('Cache-Control', 'public, max-age=3600').type('image/svg+xml').send(renderQrBillSvg(site, lang, bill.reference, bill));
      return;
    }
    let body = svgs.get(lang);
    if (!body) svgs.set(lang, (body = renderQrBillSvg(site, lang)));
    res.set('Cache-Control', CACHE).type('image/svg+xml').send(body);
  };

  const pdf: RequestHandler = async (req, res) => {
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    const texts = { title: t('bankTransfer.pdfTitle', { name: site.legalName }), text: t('bankTransfer.pdfText') };
    const bill = await billOf(req);
    if (bill) {
      // The same gift's PDF is asked for again (the donor's second click, other donors of a tier): kept for a while.
      const key = `${lang} ${bill.reference ?? ''} ${bill.amountCents ?? ''} ${bill.currency ?? ''} ${bill.message ?? ''}`;
      let made = giftPdfs.get(key);
      if (!made) {
        made = renderQrBillPdf(site, lang, bill.amountCents ? { ...texts, text: t('bankTransfer.pdfTextAmount') } : texts, bill);
        made.catch(() => giftPdfs.delete(key));
        giftPdfs.set(key, made);
        // The oldest goes first: a bounded cache, whatever the queries.
        if (giftPdfs.size > GIFT_PDFS_KEPT) giftPdfs.delete(giftPdfs.keys().next().value!);
      }
      const own = await made;
      res.set('Cache-Control', 'public, max-age=3600').set('Content-Disposition', `attachment; filename="${t('bankTransfer.pdfFilename')}"`).type('application/pdf').send(own);
      return;
    }
    let body = pdfs.get(lang);
    if (!body) {
      body = renderQrBillPdf(site, lang, texts);
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

export interface BillQuery {
  projectSlug: string | null;
  fundraiserSlug: string | null;
  amountCents: number | null;
  currency: 'chf' | 'eur';
}

const badQuery = (message: string) => new AppError(400, 'validation', message);

/** The bill's query, checked: a 400 naming what is wrong (other parameters, a campaign's, are ignored). */
export function readBillQuery(q: Record<string, unknown>): BillQuery {
  const text = (name: string): string | null => {
    const value = q[name];
    if (value === undefined) return null;
    if (typeof value !== 'string' || !value || value.length > 200) throw badQuery(`${name} must be given once, as a slug of at most 200 characters`);
    return value;
  };
  const projectSlug = text('project');
  const fundraiserSlug = text('fundraiser');
  if (projectSlug !== null && fundraiserSlug !== null) throw badQuery('Give either project or fundraiser, not both');
  let currency: 'chf' | 'eur' = 'chf';
  if (q.currency !== undefined) {
    if (typeof q.currency !== 'string' || !isQrBillCurrency(q.currency.toLowerCase())) throw badQuery('currency must be chf or eur: a Swiss QR-bill carries no other currency');
    currency = q.currency.toLowerCase() as 'chf' | 'eur';
  }
  let amountCents: number | null = null;
  if (q.amount !== undefined) {
    const parsed = typeof q.amount === 'string' ? parseDonationAmount(q.amount) : { problem: 'invalid' as const };
    if ('problem' in parsed) throw badQuery(`amount must be a number from ${(MIN_DONATION_CENTS / 100).toFixed(2)} to ${(MAX_DONATION_CENTS / 100).toFixed(2)} with at most two decimals, such as 150 or 25.50`);
    amountCents = parsed.cents;
  }
  return { projectSlug, fundraiserSlug, amountCents, currency };
}
