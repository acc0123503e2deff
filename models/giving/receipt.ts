// The receipt job (RECEIPT_TASK, queued by the payment side when a gift is applied): one mail per
// donation, ever. The claim on receipt_sent_at and the outbox row are written in one transaction,
// so a retried or doubled job either finds the receipt already claimed or sends it; never twice.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { i18n as I18n } from 'i18next';
import type { Config } from '../../config';
import type { MailProvider } from '../providers/mail';
import type { JobContext } from '../providers/jobs';
import type { ReceiptFacts, RenderReceiptMail } from '../shared/mails';
import { formatAmount, isRegularInterval } from '../shared/donation-rules';
import { donationReference, swissDate } from './names';
import { addressLines } from '../shared/address';
import { PAGE_PATHS } from '../shared/urls';
import { formatDate, localized, type Lang } from '../shared/rules';
import { toIso } from '../shared/dates';
import { tFor } from '../shared/text';
import { localUrl } from '../shared/urls';
import { donorReferenceFor } from './bank-import';
import { formatReference } from '../shared/qr-bill-rules';

export interface ReceiptDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, I18n>;
  config: Pick<Config, 'publicUrl' | 'site'>;
  log: Logger;
  /** Renders the mail (views/mails/receipt.tsx, passed in by the job handler). */
  renderMail: RenderReceiptMail;
}

/** The path of the donor's page. */
export const DONOR_MANAGE_PATH = PAGE_PATHS.donorManage;

type ReceiptRow = {
  id: number;
  kind: string;
  interval?: unknown;
  donorEmail: string | null;
  amountCents: unknown;
  currency: string;
  status: string;
  language: string | null;
  appliedAt: unknown;
  receiptSentAt: unknown;
  title: string | null;
  titleDe: string | null;
  tributeKind: string | null;
  tributeName: string | null;
};

/** A regular gift's kind on its receipt: the spec's "Monthly donation", or its own interval's. */
const regularKindKey = (interval: unknown) => (isRegularInterval(interval) && interval !== 'month' ? `donorMail.receipt.regular.${interval}` : 'donorMail.receipt.monthly');

/** The facts of a donation's receipt, or null when it has none to send (no address, not paid). */
export async function receiptFor(deps: Pick<ReceiptDeps, 'db' | 'i18n' | 'config'>, donationId: number, db: Knex | Knex.Transaction = deps.db): Promise<{ to: string; facts: ReceiptFacts; row: ReceiptRow } | null> {
  const row = (await db('donations as d')
    .leftJoin('projects as p', 'p.id', 'd.projectId')
    .leftJoin('donation_subscriptions as s', 's.subscriptionId', 'd.subscriptionId')
    .where('d.id', donationId)
    .first('d.id', 'd.kind', 's.interval', 'd.donorEmail', 'd.amountCents', 'd.currency', 'd.status', 'd.language', 'd.appliedAt', 'd.receiptSentAt', 'd.tributeKind', 'd.tributeName', 'p.title', 'p.titleDe')) as ReceiptRow | undefined;
  if (!row || !row.donorEmail || row.status !== 'succeeded' || !row.appliedAt) return null;
  const lang: Lang = row.language === 'de' ? 'de' : 'en';
  const t = tFor(deps.i18n, lang);
  const site = deps.config.site;
  const applied = toIso(row.appliedAt);
  const facts: ReceiptFacts = {
    lang,
    legalName: site.legalName,
    addressLines: addressLines(site.address, lang),
    amount: formatAmount(Number(row.amountCents), row.currency, lang, 2),
    date: formatDate(swissDate(applied), lang, 'long'),
    project: row.title ? localized(lang, row.title, row.titleDe) : t('donorMail.receipt.generalSupport'),
    kind: t(row.kind === 'monthly' ? regularKindKey(row.interval) : row.kind === 'bank' ? 'donorMail.receipt.bank' : row.kind === 'offline' ? 'donorMail.receipt.offline' : 'donorMail.receipt.oneOff'),
    reference: donationReference(row.id, applied),
    bankReference: formatReference(await donorReferenceFor(db, row.donorEmail)),
    manageUrl: localUrl(deps.config.publicUrl, DONOR_MANAGE_PATH, lang),
    ...(row.tributeName ? { tribute: t(`donorMail.receipt.tribute.${row.tributeKind === 'memory' ? 'memory' : 'honour'}`, { name: row.tributeName }) } : {}),
  };
  return { to: row.donorEmail, facts, row };
}

/**
 * RECEIPT_TASK { donationId }: claims the receipt (receipt_sent_at from NULL, a conditional update)
 * and queues its mail in the same transaction. A donation without an address, not paid or already
 * receipted is done with nothing sent.
 */
export async function sendReceiptOnce(deps: ReceiptDeps, payload: unknown, ctx?: Pick<JobContext, 'log'>): Promise<void> {
  const log = ctx?.log ?? deps.log;
  const donationId = Number((payload as { donationId?: unknown } | null)?.donationId);
  if (!Number.isSafeInteger(donationId) || donationId <= 0) {
    // A payload no retry can mend: logged, and the job is done.
    log.error({ payload }, 'receipt job without a valid donationId');
    return;
  }
  await deps.db.transaction(async (trx) => {
    const receipt = await receiptFor(deps, donationId, trx);
    if (!receipt) {
      log.info({ donationId }, 'no receipt to send for this donation');
      return;
    }
    const claimed = await trx('donations').where({ id: donationId }).whereNull('receiptSentAt').update({ receiptSentAt: new Date().toISOString() });
    if (Number(claimed) !== 1) return;
    const t = tFor(deps.i18n, receipt.facts.lang);
    const mail = deps.renderMail({ ...receipt.facts, t });
    await deps.mail.send({ to: receipt.to, subject: mail.subject, text: mail.text, html: mail.html }, { trx });
  });
}
