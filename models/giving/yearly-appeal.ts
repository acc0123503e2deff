// The yearly appeal: in the month the charity chose (YEARLY_APPEAL_MONTH, January by default),
// everyone who gave by bank transfer last calendar year (a donation of kind 'bank') gets one mail
// in their language: what they gave last year (per currency, refunds deducted, as on the
// certificate), a thank-you, and their own QR-bill as a PDF (their donor reference, no amount: they
// choose), with a one-click "no more of these" link that is kept.
//
// A daily job (one pending job for all instances, by its key) acts only in that month. Each donor's
// mail is queued in the transaction that writes their yearly_appeals row (unique per address and
// year), so another run, a retry or a second instance finds it written and sends nothing again.
// Addresses in yearly_appeal_optouts, and erased ones (their gifts carry a pseudonym), are skipped.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { TFunction } from 'i18next';
import type { SiteInfo } from '../../config';
import type { JobQueue } from '../providers/jobs';
import type { MailProvider } from '../providers/mail';
import type { RenderedMail } from '../shared/mails';
import { formatAmount } from '../shared/donation-rules';
import { swissDateTimeParts } from '../shared/dates';
import { formatReference } from '../shared/qr-bill-rules';
import { localUrl } from '../shared/urls';
import { isSuppressed } from '../people/mail-suppression';
import type { Lang } from '../shared/rules';
import { normalizeEmail } from '../shared/text';
import { BANK_TRANSFER_KIND, donorReferenceFor } from './bank-import';
import { donorYearSummary, hasCertifiableGifts, whereTimeWithin, yearBounds } from './certificate';
import { pdfText, startPdf } from './pdf';
import { qrBillData, type QrBillSite } from './qr-bill';

export const YEARLY_APPEAL_TASK = 'yearly-appeal';
export const YEARLY_APPEAL_EVERY_MS = 24 * 60 * 60 * 1000;
export const YEARLY_APPEAL_FIRST_DELAY_MS = 3 * 60 * 1000;
/** The "no more of these" page (in every language under /yearly-appeal). */
export const YEARLY_APPEAL_STOP_PATH = '/yearly-appeal/stop';
/** An erased donor's gifts carry a pseudonym under this domain (models/privacy/personal-data.ts). */
const ERASED_DOMAIN = '@invalid';

/** What the mail says (views/mails/yearly-appeal.tsx renders it). */
export interface YearlyAppealFacts {
  lang: Lang;
  /** The charity's legal name. */
  org: string;
  name: string | null;
  /** The year of the gifts. */
  year: number;
  /** Last year's total per currency, formatted ("CHF 300.00"). */
  totals: string[];
  /** The donor's reference as people read it (groups of four). */
  reference: string;
  /** The donor's "no more of these" page. */
  stopUrl: string;
  /** The charity's address and e-mail, under the signature. */
  contact: string[];
}
export type RenderYearlyAppealMail = (props: YearlyAppealFacts & { t: TFunction }) => RenderedMail;

export interface YearlyAppealDeps {
  db: Knex;
  mail: MailProvider;
  site: QrBillSite & Pick<SiteInfo, 'email'>;
  publicUrl: string;
  /** YEARLY_APPEAL_MONTH: 1-12. */
  month: number;
  texts: (lang: Lang) => TFunction;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  renderMail: RenderYearlyAppealMail;
  jobs?: Pick<JobQueue, 'add'>;
}

export interface YearlyAppealResult {
  /** The year whose gifts the run looked at; null outside the month. */
  year: number | null;
  sent: number;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The Swiss calendar month (1-12) and year of an instant. */
function swissMonth(now: Date): { year: number; month: number } {
  const parts = swissDateTimeParts(now.toISOString())!;
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** The addresses that gave by bank transfer in a Swiss calendar year, without those who said no more, nor erased ones. */
export async function bankDonorsOfYear(db: Knex, year: number): Promise<string[]> {
  const [from, to] = yearBounds(year);
  const q = db('donations as d').where('d.status', 'succeeded').where('d.kind', BANK_TRANSFER_KIND).whereNotNull('d.appliedAt').whereNotNull('d.donorEmail');
  const rows = (await whereTimeWithin(db, q, 'd.applied_at', from, to)
    .whereNotIn('d.donorEmail', db('yearly_appeal_optouts').select('email'))
    .distinct('d.donorEmail as email')
    .orderBy('email')) as { email: string }[];
  return rows.map((r) => r.email).filter((e) => e.trim() !== '' && !e.endsWith(ERASED_DOMAIN));
}

/** The donor's own QR-bill: an A4 page, a heading and a sentence above the payment part with their reference and no amount. */
export async function renderDonorQrBillPdf(site: QrBillSite, lang: Lang, reference: string, texts: { title: string; text: string }, compress = true): Promise<Buffer> {
  const data = qrBillData(site, reference);
  const { SwissQRBill: PdfBill } = await import('swissqrbill/pdf');
  const { doc, done } = await startPdf({ title: texts.title, author: site.legalName, lang, compress });
  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(texts.title));
  doc.moveDown(0.6).font('Helvetica').fontSize(11).text(pdfText(texts.text), { width: 470 });
  new PdfBill(data, { language: lang === 'de' ? 'DE' : 'EN' }).attachTo(doc);
  doc.end();
  return done;
}

/**
 * One run: nothing outside YEARLY_APPEAL_MONTH; in it, each bank donor of last year not written to
 * for that year yet gets their mail (once: the row and the mail in one transaction).
 */
export async function runYearlyAppeal(deps: YearlyAppealDeps, now = new Date()): Promise<YearlyAppealResult> {
  const today = swissMonth(now);
  if (today.month !== deps.month) return { year: null, sent: 0 };
  const year = today.year - 1;
  const { db } = deps;
  let sent = 0;
  for (const email of await bankDonorsOfYear(db, year)) {
    if (await db('yearly_appeals').where({ email, year }).first('id')) continue;
    // An address that bounced for good or complained gets no appeal (models/people/mail-suppression.ts).
    if (await isSuppressed(db, email)) continue;
    const summary = await donorYearSummary(db, email, year);
    // Everything refunded: nothing to thank for.
    if (!hasCertifiableGifts(summary)) continue;
    const lang = summary.language;
    const t = deps.texts(lang);
    const reference = await donorReferenceFor(db, email);
    const shown = formatReference(reference);
    const token = crypto.randomBytes(24).toString('base64url');
    const stopUrl = localUrl(deps.publicUrl, YEARLY_APPEAL_STOP_PATH, lang, { token });
    let pdf: Buffer;
    try {
      pdf = await renderDonorQrBillPdf(deps.site, lang, reference, { title: t('yearlyAppeal.pdf.title', { org: deps.site.legalName }), text: t('yearlyAppeal.pdf.text', { reference: shown }) });
    } catch (err) {
      // ORG_IBAN cannot carry a QR-bill (said at start): nobody gets a mail without their bill.
      deps.log.error({ err: err instanceof Error ? err.message : err }, 'yearly appeal: the QR-bill could not be made; nothing sent');
      return { year, sent };
    }
    const site = deps.site;
    const mail = deps.renderMail({
      lang,
      t,
      org: site.legalName,
      name: summary.donorName,
      year,
      totals: summary.sums.filter((s) => s.netCents > 0).map((s) => formatAmount(s.netCents, s.currency, lang, 2)),
      reference: shown,
      stopUrl,
      contact: [site.legalName, `${site.address.street}, ${site.address.postcode} ${site.address.town}`, site.email],
    });
    await db.transaction(async (trx) => {
      // The claim: only the transaction that writes the donor's row for the year queues the mail.
      const claimed = (await trx('yearly_appeals').insert({ email, year, lang, tokenHash: hashToken(token), createdAt: new Date().toISOString() }).onConflict(['email', 'year']).ignore().returning('id')) as unknown[];
      if (claimed.length === 0) return;
      await deps.mail.send(
        {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'List-Unsubscribe': `<${stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          attachments: [{ filename: `${t('yearlyAppeal.pdf.fileName')}-${year + 1}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
          // The outbox copy (with the bill) goes after RETENTION_MAIL_DAYS; the link keeps working (its row stays).
          oneTimeLink: true,
        },
        { trx },
      );
      sent += 1;
    });
  }
  if (sent) deps.log.info({ year, sent }, 'yearly appeal: mailed to last year\'s bank-transfer donors');
  return { year, sent };
}

/** YEARLY_APPEAL_TASK: today's run, then tomorrow's job (one for all instances: its key). */
export async function runYearlyAppealJob(deps: YearlyAppealDeps): Promise<void> {
  try {
    await runYearlyAppeal(deps);
  } finally {
    if (deps.jobs) await queueYearlyAppeal(deps.jobs, new Date(Date.now() + YEARLY_APPEAL_EVERY_MS));
  }
}

export function queueYearlyAppeal(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(YEARLY_APPEAL_TASK, {}, { key: YEARLY_APPEAL_TASK, runAt, maxAttempts: 3 });
}

/** The address of a "no more of these" link, and whether it said so already; null for an unknown token. */
export async function appealByToken(db: Knex, token: string): Promise<{ email: string; stopped: boolean } | null> {
  if (!token || token.length > 64) return null;
  const row = (await db('yearly_appeals').where({ tokenHash: hashToken(token) }).first('email')) as { email: string } | undefined;
  if (!row) return null;
  const stopped = await db('yearly_appeal_optouts').where({ email: row.email }).first('email');
  return { email: row.email, stopped: Boolean(stopped) };
}

/** Records the "no more of these" (kept: later runs skip the address); the address, or null for an unknown token. */
export async function stopYearlyAppeal(db: Knex, token: string): Promise<string | null> {
  const found = await appealByToken(db, token);
  if (!found) return null;
  await db('yearly_appeal_optouts').insert({ email: normalizeEmail(found.email), createdAt: new Date().toISOString() }).onConflict('email').ignore();
  return found.email;
}
