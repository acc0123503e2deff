// The yearly donation certificate (Spendenbescheinigung): what one donor gave in a calendar year,
// refunds and disputes deducted, as a PDF in the donor's language, mailed as an attachment. A donor
// asks for theirs (CERTIFICATE_REQUEST_TASK); an admin sends every donor's of a year in one run
// (CERTIFICATE_RUN_TASK), with progress in its certificate_runs row.
//
// The calendar year is Switzerland's (Europe/Zurich): a gift at 00:30 on 1 January in Lucerne
// belongs to the new year even though it is still 31 December in UTC.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isSqlite } from '../../db/connection';
import type { SiteInfo } from '../../config';
import { toIso } from '../shared/dates';
import { isUniqueViolation } from '../shared/db-limits';
import { fieldError, invalidFields } from '../shared/errors';
import { CERTIFICATE_RUN_TASK, donationReference, type DonationKind } from './names';
import { addressLine } from '../shared/address';
import { formatAmount, isRegularInterval, type RegularInterval } from '../shared/donation-rules';
import type { Lang } from '../shared/rules';
import { normalizeEmail } from '../shared/text';
import type { JobContext, JobQueue } from '../providers/jobs';
import type { MailMessage, MailProvider } from '../providers/mail';
import { PDF_GREEN, PDF_MUTED, pdfTable, pdfText, startPdf, type PdfColumn } from './pdf';

export type TextLookup = (key: string, options?: Record<string, unknown>) => string;

export const CERTIFICATE_TIME_ZONE = 'Europe/Zurich';
/** The first year a certificate can be asked for (no gifts were taken online before). */
export const FIRST_CERTIFICATE_YEAR = 2000;

// ---- Swiss calendar time in SQL that both databases answer alike -----------------------------

/** Minutes Zurich is ahead of UTC at this instant (60 in winter, 120 in summer). */
function zurichOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: CERTIFICATE_TIME_ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The instant a Swiss calendar day (YYYY-MM-DD) begins. */
export function zurichDayStart(day: string): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, mo - 1, d);
  // The offset at the guessed instant is the day's offset except in the hour of a change, which
  // never lies at midnight in Zurich (changes happen at 02:00/03:00).
  return new Date(utcMidnight - zurichOffsetMinutes(new Date(utcMidnight)) * 60_000);
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
}

/** [start, end) of a Swiss calendar year. */
export function yearBounds(year: number): [Date, Date] {
  return [zurichDayStart(`${year}-01-01`), zurichDayStart(`${year + 1}-01-01`)];
}

/** The Swiss calendar date (YYYY-MM-DD) of an instant. */
export function zurichDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: CERTIFICATE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * A timestamp column as a value that compares in time order on both databases. PostgreSQL keeps
 * timestamptz; SQLite keeps whatever was written: 'YYYY-MM-DD HH:MM:SS' (CURRENT_TIMESTAMP), an ISO
 * string, or milliseconds (a JavaScript Date bound by the driver), so it is normalised to UTC text.
 */
export function sqlTime(db: Knex, column: string): Knex.Raw {
  if (!isSqlite(db)) return db.raw('??', [column]);
  return db.raw(`(case when typeof(??) in ('integer', 'real') then datetime(?? / 1000, 'unixepoch') else datetime(??) end)`, [column, column, column]);
}

/** An instant as a value to compare with sqlTime(). */
export function sqlTimeValue(db: Knex, at: Date): Date | string {
  return isSqlite(db) ? at.toISOString().slice(0, 19).replace('T', ' ') : at;
}

/** A query narrowed to rows whose timestamp `column` lies in [from, to). */
export function whereTimeWithin(db: Knex, query: Knex.QueryBuilder, column: string, from: Date | null, to: Date | null): Knex.QueryBuilder {
  const expr = sqlTime(db, column);
  if (from) query.where(expr, '>=', sqlTimeValue(db, from) as never);
  if (to) query.where(expr, '<', sqlTimeValue(db, to) as never);
  return query;
}

// ---- What one donor gave in a year ------------------------------------------------------------

/**
 * Dispute states in which the charity keeps the money: won (reinstated), an inquiry (no funds
 * withdrawn) and a prevented one. Any other dispute (open or lost) holds the disputed amount back.
 */
export const DISPUTE_FUNDS_KEPT = ['won', 'warning_needs_response', 'warning_under_review', 'warning_closed', 'prevented'] as const;

/** The part of a gift a dispute holds back now, in the gift's currency. */
export function withheldByDispute(disputedCents: number, disputeStatus: string | null): number {
  if (!disputedCents || (disputeStatus && (DISPUTE_FUNDS_KEPT as readonly string[]).includes(disputeStatus))) return 0;
  return disputedCents;
}

export interface CertificateGift {
  id: number;
  /** When it was credited (ISO), and that day in Switzerland. */
  appliedAt: string;
  date: string;
  reference: string;
  kind: DonationKind;
  /** A regular gift's interval (its subscription's); null for any other gift. */
  interval: RegularInterval | null;
  amountCents: number;
  currency: string;
  refundedCents: number;
  /** Held back by an open or lost dispute. */
  disputedCents: number;
  /** What counts for the certificate: the amount less refunds and disputes, never below 0. */
  netCents: number;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  language: Lang;
  donorName: string | null;
}

export interface CurrencySum {
  currency: string;
  gifts: number;
  grossCents: number;
  refundedCents: number;
  disputedCents: number;
  netCents: number;
}

export interface DonorYearSummary {
  email: string;
  year: number;
  /** The name given with the latest gift of the year that has one. */
  donorName: string | null;
  /** The language of the latest gift of the year (what the certificate is written in). */
  language: Lang;
  /** Oldest first. */
  gifts: CertificateGift[];
  /** One per currency given in (usd, chf, eur order). */
  sums: CurrencySum[];
}

interface GiftRow {
  id: number;
  appliedAt: unknown;
  kind: string | null;
  interval?: unknown;
  amountCents: number | string;
  currency: string;
  refundedCents: number | string | null;
  disputedCents: number | string | null;
  disputeStatus: string | null;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  language: string | null;
  donorName: string | null;
}

/** The gifts that count for certificates of a year: succeeded and credited within it. */
function yearGifts(db: Knex, year: number): Knex.QueryBuilder {
  const [from, to] = yearBounds(year);
  const q = db('donations as d').where('d.status', 'succeeded').whereNotNull('d.appliedAt');
  return whereTimeWithin(db, q, 'd.applied_at', from, to);
}

const CURRENCY_ORDER = ['usd', 'chf', 'eur'];

/** Sums per currency of a set of gifts (refunds and withheld disputes deducted). */
export function sumByCurrency(gifts: Pick<CertificateGift, 'currency' | 'amountCents' | 'refundedCents' | 'disputedCents' | 'netCents'>[]): CurrencySum[] {
  const sums = new Map<string, CurrencySum>();
  for (const g of gifts) {
    const s = sums.get(g.currency) ?? { currency: g.currency, gifts: 0, grossCents: 0, refundedCents: 0, disputedCents: 0, netCents: 0 };
    s.gifts += 1;
    s.grossCents += g.amountCents;
    s.refundedCents += g.refundedCents;
    s.disputedCents += g.disputedCents;
    s.netCents += g.netCents;
    sums.set(g.currency, s);
  }
  const rank = (c: string) => (CURRENCY_ORDER.includes(c) ? CURRENCY_ORDER.indexOf(c) : CURRENCY_ORDER.length);
  return [...sums.values()].sort((a, b) => rank(a.currency) - rank(b.currency) || a.currency.localeCompare(b.currency));
}

/** A gift's amounts for the certificate: refunds and a withheld dispute deducted, never more than was given. */
export function giftAmounts(row: { amountCents: number; refundedCents: number; disputedCents: number; disputeStatus: string | null }) {
  const amount = row.amountCents;
  const refunded = Math.min(Math.max(0, row.refundedCents), amount);
  const disputed = Math.min(withheldByDispute(Math.max(0, row.disputedCents), row.disputeStatus), amount - refunded);
  return { amountCents: amount, refundedCents: refunded, disputedCents: disputed, netCents: amount - refunded - disputed };
}

/** The donor's gifts of a Swiss calendar year (applied in it, succeeded), with the sums per currency. */
export async function donorYearSummary(db: Knex, email: string, year: number): Promise<DonorYearSummary> {
  const address = normalizeEmail(email);
  return yearSummaryOf(db, year, address, (q) => q.where('d.donorEmail', address));
}

/**
 * The year's summary of a donor without an e-mail address, to print and post: the gifts of the year
 * without an address under the same name (any case), or the one gift `giftId` when it has no name.
 * A gift with an address gives that address's summary. Null when there is no such gift.
 */
export async function postalYearSummary(db: Knex, year: number, who: { giftId: number } | { name: string }): Promise<(DonorYearSummary & { donorAddress: string | null }) | null> {
  let name: string | null;
  let giftId: number | null = null;
  if ('giftId' in who) {
    const gift = (await db('donations').where({ id: who.giftId }).first('donorEmail', 'donorName')) as { donorEmail: string | null; donorName: string | null } | undefined;
    if (!gift) return null;
    if (gift.donorEmail) return withAddress(db, await donorYearSummary(db, gift.donorEmail, year));
    name = gift.donorName?.trim() || null;
    giftId = who.giftId;
  } else {
    name = who.name.trim() || null;
  }
  const summary = await yearSummaryOf(db, year, '', (q) =>
    name ? q.whereNull('d.donorEmail').whereRaw('lower(trim(d.donor_name)) = ?', [name.toLowerCase()]) : q.where('d.id', giftId ?? 0),
  );
  return summary.gifts.length ? withAddress(db, summary) : null;
}

/** A summary with the postal address of its latest gift that has one. */
async function withAddress(db: Knex, summary: DonorYearSummary): Promise<DonorYearSummary & { donorAddress: string | null }> {
  const ids = summary.gifts.map((g) => g.id);
  const row = ids.length ? ((await db('donations').whereIn('id', ids).whereNotNull('donorAddress').orderBy('appliedAt', 'desc').orderBy('id', 'desc').first('donorAddress')) as { donorAddress: string } | undefined) : undefined;
  return { ...summary, donorAddress: row?.donorAddress ?? null };
}

async function yearSummaryOf(db: Knex, year: number, address: string, narrow: (q: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<DonorYearSummary> {
  const rows = (await narrow(yearGifts(db, year).leftJoin('projects as p', 'p.id', 'd.project_id').leftJoin('donation_subscriptions as s', 's.subscription_id', 'd.subscription_id'))
    .select(
      'd.id',
      'd.appliedAt',
      'd.kind',
      's.interval',
      'd.amountCents',
      'd.currency',
      'd.refundedCents',
      'd.disputedCents',
      'd.disputeStatus',
      'd.projectId',
      'd.language',
      'd.donorName',
      'p.title as projectTitle',
      'p.titleDe as projectTitleDe',
    )) as GiftRow[];
  const gifts = rows
    .map((r): CertificateGift => {
      const appliedAt = toIso(r.appliedAt);
      const amounts = giftAmounts({ amountCents: Number(r.amountCents), refundedCents: Number(r.refundedCents ?? 0), disputedCents: Number(r.disputedCents ?? 0), disputeStatus: r.disputeStatus });
      return {
        id: Number(r.id),
        appliedAt,
        date: zurichDate(appliedAt),
        reference: donationReference(Number(r.id), appliedAt),
        kind: r.kind === 'monthly' ? 'monthly' : 'one_off',
        interval: r.kind === 'monthly' ? (isRegularInterval(r.interval) ? r.interval : 'month') : null,
        currency: r.currency.toLowerCase(),
        ...amounts,
        projectId: r.projectId ?? null,
        projectTitle: r.projectTitle ?? null,
        projectTitleDe: r.projectTitleDe ?? null,
        language: r.language === 'de' ? 'de' : 'en',
        donorName: r.donorName?.trim() || null,
      };
    })
    .sort((a, b) => a.appliedAt.localeCompare(b.appliedAt) || a.id - b.id);
  const latest = gifts.at(-1);
  const named = gifts.findLast((g) => g.donorName);
  return { email: address, year, donorName: named?.donorName ?? null, language: latest?.language ?? 'en', gifts, sums: sumByCurrency(gifts) };
}

/** True when the year holds something to certify (a gift not wholly refunded or withheld). */
export const hasCertifiableGifts = (summary: DonorYearSummary) => summary.sums.some((s) => s.netCents > 0);

/** The addresses of everyone who gave in a year (gifts without an address cannot be certified). */
export async function donorsOfYear(db: Knex, year: number): Promise<string[]> {
  const rows = (await yearGifts(db, year).whereNotNull('d.donorEmail').distinct('d.donorEmail as email').orderBy('email')) as { email: string }[];
  return rows.map((r) => r.email).filter((e) => e.trim() !== '');
}

/** How many donors a run for the year would write to, and the year's gifts that carry no address. */
export async function certificateYearOverview(db: Knex, year: number): Promise<{ year: number; donors: number; giftsWithoutEmail: number }> {
  const [donors, without] = await Promise.all([
    yearGifts(db, year).whereNotNull('d.donorEmail').countDistinct({ n: 'd.donorEmail' }).first(),
    yearGifts(db, year).whereNull('d.donorEmail').count({ n: '*' }).first(),
  ]);
  return { year, donors: Number((donors as { n?: unknown } | undefined)?.n ?? 0), giftsWithoutEmail: Number((without as { n?: unknown } | undefined)?.n ?? 0) };
}

// ---- The PDF ------------------------------------------------------------------------------------

export interface CertificateInput {
  summary: DonorYearSummary;
  donorName: string | null;
  /** Null: a donor without an address (the certificate printed and posted). */
  donorEmail: string | null;
  /** The postal address, printed under the name. */
  donorAddress?: string | null;
  lang: Lang;
  site: Pick<SiteInfo, 'legalName' | 'address' | 'email' | 'publicUrl'>;
  /** The texts of `lang` (the `certificate` namespace of the locale files). */
  t: TextLookup;
  /** The date of issue (default: now). */
  issuedAt?: Date;
  /** Compressed content streams (default); tests may read the text of an uncompressed one. */
  compress?: boolean;
}

const formatDay = (day: string, lang: Lang) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { day: 'numeric', month: lang === 'de' ? '2-digit' : 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
};


/** The certificate as an A4 PDF (pdfkit, Helvetica: no font is fetched or embedded). */
export async function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const { summary, lang, site, t } = input;
  const issuedAt = input.issuedAt ?? new Date();
  const money = (cents: number, currency: string) => pdfText(formatAmount(cents, currency, lang, 2));
  const title = t('certificate.title', { year: summary.year });
  const { doc, done } = await startPdf({ title, author: site.legalName, lang, compress: input.compress, at: issuedAt });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(text), options);

  // The charity.
  doc.font('Helvetica-Bold').fontSize(13).fillColor(PDF_GREEN);
  write(site.legalName, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(PDF_MUTED);
  write(addressLine(site.address, lang), { width });
  write(`${site.email} · ${site.publicUrl.replace(/^https?:\/\//, '')}`, { width });
  doc.moveDown(2);

  // The title and the donor.
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000000');
  write(title, { width });
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(10.5);
  doc.font('Helvetica-Bold');
  write(t('certificate.donor'), { width });
  doc.font('Helvetica');
  if (input.donorName) write(input.donorName, { width });
  if (input.donorAddress) write(input.donorAddress, { width });
  if (input.donorEmail) write(input.donorEmail, { width });
  doc.moveDown(1);
  write(t('certificate.intro', { org: site.legalName, year: summary.year }), { width });
  doc.moveDown(1);

  const table = (columns: PdfColumn[], rows: string[][]) => pdfTable(doc, columns, rows);

  // The sums, one line per currency.
  doc.font('Helvetica-Bold').fontSize(12).fillColor(PDF_GREEN);
  write(t('certificate.sumsTitle'), { width });
  doc.moveDown(0.3);
  table(
    [
      [t('certificate.columns.currency'), 0.16, false],
      [t('certificate.columns.gifts'), 0.14, true],
      [t('certificate.columns.gross'), 0.24, true],
      [t('certificate.columns.deducted'), 0.22, true],
      [t('certificate.columns.net'), 0.24, true],
    ],
    summary.sums.map((s) => [s.currency.toUpperCase(), String(s.gifts), money(s.grossCents, s.currency), s.refundedCents + s.disputedCents ? money(s.refundedCents + s.disputedCents, s.currency) : '–', money(s.netCents, s.currency)]),
  );

  // The gifts.
  doc.font('Helvetica-Bold').fontSize(12).fillColor(PDF_GREEN);
  write(t('certificate.giftsTitle'), { width });
  doc.moveDown(0.3);
  const general = t('certificate.generalSupport');
  table(
    [
      [t('certificate.columns.date'), 0.16, false],
      [t('certificate.columns.reference'), 0.2, false],
      [t('certificate.columns.project'), 0.28, false],
      [t('certificate.columns.amount'), 0.18, true],
      [t('certificate.columns.deducted'), 0.18, true],
    ],
    summary.gifts.map((g) => [
      formatDay(g.date, lang),
      g.reference,
      ((lang === 'de' ? g.projectTitleDe || g.projectTitle : g.projectTitle) ?? general) + (g.interval ? ` (${t(`certificate.regular.${g.interval}`)})` : ''),
      money(g.amountCents, g.currency),
      g.refundedCents + g.disputedCents ? money(g.refundedCents + g.disputedCents, g.currency) : '–',
    ]),
  );

  // The tax note, place and date of issue.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 150) doc.addPage();
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  write(t('certificate.taxNote', { org: site.legalName }), { width });
  doc.moveDown(1.5);
  write(`${site.address.town}, ${formatDay(zurichDate(issuedAt.toISOString()), lang)}`, { width });
  doc.font('Helvetica-Bold');
  write(site.legalName, { width });
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(8.5).fillColor(PDF_MUTED);
  write(t('certificate.electronic'), { width });

  doc.end();
  return done;
}

// ---- The mail -----------------------------------------------------------------------------------

/** The mail that carries a certificate, in the donor's language. */
export async function certificateMail(input: Omit<CertificateInput, 'compress'>): Promise<MailMessage> {
  const { summary, t, site } = input;
  const pdf = await renderCertificatePdf(input);
  const name = input.donorName ?? '';
  return {
    to: input.donorEmail ?? '',
    subject: t('certificate.mail.subject', { year: summary.year, org: site.legalName }),
    text: [
      name ? t('certificate.mail.greetingName', { name }) : t('certificate.mail.greeting'),
      '',
      t('certificate.mail.body', { year: summary.year, org: site.legalName }),
      '',
      ...summary.sums.filter((s) => s.netCents > 0).map((s) => `- ${formatAmount(s.netCents, s.currency, input.lang, 2)}`),
      '',
      t('certificate.mail.thanks'),
      '',
      site.legalName,
      `${site.address.street}, ${site.address.postcode} ${site.address.town}`,
      site.email,
    ].join('\n'),
    attachments: [{ filename: `${t('certificate.fileName')}-${summary.year}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
  };
}

// ---- The tasks ----------------------------------------------------------------------------------

export interface CertificateDeps {
  db: Knex;
  mail: MailProvider;
  site: SiteInfo;
  /** The texts of a language (the app's i18next instances). */
  texts: (lang: Lang) => TextLookup;
  log: Logger;
}

const yearSchema = z.number().int().min(FIRST_CERTIFICATE_YEAR).max(9999);

const RequestPayloadSchema = z.object({
  email: z.string().trim().email().max(320),
  year: yearSchema,
  lang: z.enum(['en', 'de']).optional(),
});

/**
 * CERTIFICATE_REQUEST_TASK: one donor's certificate for a year, mailed to them. Nothing is sent
 * when they gave nothing that year (or everything was refunded). The payload's language is the one
 * the donor asked in; the certificate itself follows it.
 */
export async function runCertificateRequest(deps: CertificateDeps, payload: unknown, ctx: JobContext): Promise<void> {
  const parsed = RequestPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    // Retrying cannot make a malformed payload right.
    ctx.log.error({ issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'certificate request: malformed payload, ignored');
    return;
  }
  const { email, year } = parsed.data;
  const summary = await donorYearSummary(deps.db, email, year);
  if (!hasCertifiableGifts(summary)) {
    ctx.log.info({ year }, 'certificate request: no gifts that year, nothing sent');
    return;
  }
  const lang = parsed.data.lang ?? summary.language;
  const message = await certificateMail({ summary, donorName: summary.donorName, donorEmail: summary.email, lang, site: deps.site, t: deps.texts(lang) });
  await deps.mail.send(message);
}

export type CertificateRunStatus = 'running' | 'done' | 'failed';

export interface CertificateRun {
  id: number;
  year: number;
  status: CertificateRunStatus;
  /** Null until the job has listed the year's donors. */
  total: number | null;
  sent: number;
  skipped: number;
  failed: number;
  error: string | null;
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
}

interface RunRow extends Omit<CertificateRun, 'createdAt' | 'finishedAt' | 'status'> {
  status: string;
  createdAt: unknown;
  finishedAt: unknown;
}

function toRun(r: RunRow): CertificateRun {
  return {
    id: Number(r.id),
    year: Number(r.year),
    status: r.status === 'done' || r.status === 'failed' ? r.status : 'running',
    total: r.total === null || r.total === undefined ? null : Number(r.total),
    sent: Number(r.sent),
    skipped: Number(r.skipped),
    failed: Number(r.failed),
    error: r.error ?? null,
    startedBy: r.startedBy,
    createdAt: toIso(r.createdAt),
    finishedAt: r.finishedAt ? toIso(r.finishedAt) : null,
  };
}

export async function findCertificateRun(db: Knex, id: number): Promise<CertificateRun | null> {
  const row = (await db('certificate_runs').where({ id }).first()) as RunRow | undefined;
  return row ? toRun(row) : null;
}

/** The newest runs first. */
export async function listCertificateRuns(db: Knex, limit = 20): Promise<CertificateRun[]> {
  return ((await db('certificate_runs').orderBy('id', 'desc').limit(limit)) as RunRow[]).map(toRun);
}

/** The latest year whose certificates can be made: the current Swiss calendar year. */
export const currentCertificateYear = (now = new Date()) => Number(zurichDate(now.toISOString()).slice(0, 4));

/**
 * Starts sending a year's certificates: a run row and its job, in one transaction. A run for the
 * same year still under way is a 409 (the partial unique index makes this hold between instances).
 */
export async function startCertificateRun(db: Knex, jobs: JobQueue, year: number, actor: string): Promise<CertificateRun> {
  // A run takes minutes; one still 'running' hours later lost its job (a process killed during its
  // last attempt): it is closed as failed so the year can be sent again.
  const stuck = whereTimeWithin(db, db('certificate_runs').where({ year, status: 'running' }), 'created_at', null, new Date(Date.now() - STUCK_RUN_MS));
  await stuck.update({ status: 'failed', error: `did not finish within ${STUCK_RUN_MS / 3_600_000} hours`, finishedAt: new Date().toISOString() });
  try {
    const id = await db.transaction(async (trx) => {
      const [r] = (await trx('certificate_runs').insert({ year, status: 'running', startedBy: actor.slice(0, 320), createdAt: new Date().toISOString() }, ['id'])) as ({ id: number } | number)[];
      const runId = typeof r === 'object' ? r.id : Number(r);
      await jobs.add(CERTIFICATE_RUN_TASK, { runId }, { key: `certificate-run:${runId}`, trx });
      return runId;
    });
    return (await findCertificateRun(db, id))!;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw invalidFields({ year: fieldError('invalid', undefined, `Certificates for ${year} are already being sent: wait until that run has finished`) }, 409);
    }
    throw err;
  }
}

const RunPayloadSchema = z.object({ runId: z.number().int().positive() });

/** A run still under way this long after it started is taken as stopped for good. */
export const STUCK_RUN_MS = 6 * 60 * 60 * 1000;

/** Rows written per insert while listing a year's donors. */
const LIST_CHUNK = 200;

/**
 * CERTIFICATE_RUN_TASK: every donor of the run's year gets their certificate once. The first run
 * lists the donors (a pending row each); then each donor's row is claimed by the transaction that
 * queues their mail, so a retry, a restart or a second worker finds it done and moves on, and an
 * interrupted run resumes with the donors still pending. The counters move with the rows.
 */
export async function runCertificateRun(deps: CertificateDeps, payload: unknown, ctx: JobContext): Promise<void> {
  const parsed = RunPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    ctx.log.error('certificate run: malformed payload, ignored');
    return;
  }
  const { db } = deps;
  const runId = parsed.data.runId;
  const run = await findCertificateRun(db, runId);
  if (!run || run.status !== 'running') return;
  try {
    if (run.total === null) {
      const donors = await donorsOfYear(db, run.year);
      await db.transaction(async (trx) => {
        for (let i = 0; i < donors.length; i += LIST_CHUNK) {
          const rows = donors.slice(i, i + LIST_CHUNK).map((donorEmail) => ({ runId, donorEmail, status: 'pending', updatedAt: new Date().toISOString() }));
          await trx('certificate_sends').insert(rows).onConflict(['runId', 'donorEmail']).ignore();
        }
        const n = await trx('certificate_sends').where({ runId }).count({ n: '*' }).first();
        await trx('certificate_runs').where({ id: runId }).update({ total: Number((n as { n?: unknown } | undefined)?.n ?? 0) });
      });
    }
    while (!ctx.signal.aborted) {
      const row = (await db('certificate_sends').where({ runId, status: 'pending' }).orderBy('id').first('id', 'donorEmail')) as { id: number; donorEmail: string } | undefined;
      if (!row) break;
      await certifyOne(deps, run, row);
    }
    if (ctx.signal.aborted) throw new Error('certificate run: stopped by a shutdown, continues on the next run');
    await db('certificate_runs').where({ id: runId, status: 'running' }).update({ status: 'done', finishedAt: new Date().toISOString() });
    deps.log.info({ runId, year: run.year }, 'donation certificates sent');
  } catch (err) {
    if (ctx.attempt >= ctx.maxAttempts) {
      const message = err instanceof Error ? err.message : String(err);
      await db('certificate_runs').where({ id: runId, status: 'running' }).update({ status: 'failed', error: message.slice(0, 500), finishedAt: new Date().toISOString() });
    }
    throw err;
  }
}

/** One donor of a run: skipped, failed, or their mail queued, each with its counter. */
async function certifyOne(deps: CertificateDeps, run: CertificateRun, row: { id: number; donorEmail: string }): Promise<void> {
  const { db } = deps;
  const settle = (status: 'sent' | 'skipped' | 'failed', error: string | null, then?: (trx: Knex.Transaction) => Promise<void>) =>
    db.transaction(async (trx) => {
      // The claim: only the transaction that moves the row out of 'pending' counts it (and queues the mail).
      const claimed = await trx('certificate_sends').where({ id: row.id, status: 'pending' }).update({ status, error, updatedAt: new Date().toISOString() });
      if (claimed !== 1) return;
      await trx('certificate_runs').where({ id: run.id }).increment(status, 1);
      await then?.(trx);
    });

  const summary = await donorYearSummary(db, row.donorEmail, run.year);
  if (!hasCertifiableGifts(summary)) return settle('skipped', null);
  let message: MailMessage;
  try {
    message = await certificateMail({ summary, donorName: summary.donorName, donorEmail: summary.email, lang: summary.language, site: deps.site, t: deps.texts(summary.language) });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.log.error({ runId: run.id, err: error }, 'certificate could not be made');
    return settle('failed', error.slice(0, 500));
  }
  await settle('sent', null, (trx) => deps.mail.send(message, { trx }));
}

/** The year of a certificate run or request, as the admin and the donor pages check it. */
export function parseCertificateYear(value: unknown, now = new Date()): number {
  const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
  const max = currentCertificateYear(now);
  if (typeof year !== 'number' || !Number.isInteger(year) || year < FIRST_CERTIFICATE_YEAR || year > max) {
    throw invalidFields({ year: fieldError('invalid', undefined, `year must be a year from ${FIRST_CERTIFICATE_YEAR} to ${max}`) });
  }
  return year;
}
