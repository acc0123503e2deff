// The admin's view of the money: every donation with its refunds and disputes, filtered and paged;
// totals per project (US dollars credited), per month and per currency; the monthly donors; and the
// CSV export of a filter. Reads only: the payment side writes donations and the project ledger.
import type { Knex } from 'knex';
import { z } from 'zod';
import { toIso } from '../shared/dates';
import { DONATION_CURRENCIES, INTERVAL_MONTHS, isRegularInterval, type RegularInterval } from '../shared/donation-rules';
import { DISPUTE_OPEN_OR_LOST, DONATION_KINDS, donationReference, NEVER_STARTED, RUNNING_SUBSCRIPTION, type DonationKind } from './names';
import type { LedgerEntry, LedgerKind } from '../content/ledger';
import { csvAmount, csvDateTime, csvLabel, toCsv } from '../shared/csv';
import { localized, type Lang } from '../shared/rules';
import type { TFunction } from 'i18next';
import { giftAmounts, nextDay, type CurrencySum, sqlTimeValue, withheldByDispute, zurichDate, zurichDayStart } from './certificate';
import { isSqlite } from '../../db/connection';
import { MAX_DB_ID } from '../shared/db-limits';

/** What a donation is now, as the admin filters it (one state per donation). */
/** 'reversed': a booked gift taken back by a reversing entry; 'reversal': that entry (models/giving/offline.ts). */
export const DONATION_STATES = ['succeeded', 'failed', 'refunded', 'partially_refunded', 'disputed', 'reversed', 'reversal'] as const;
export type DonationState = (typeof DONATION_STATES)[number];

/** Rows per page of the ledger. */
export const DONATIONS_PAGE_SIZE = 50;
/** Monthly gifts listed (the counts cover all). */
export const MONTHLY_LIST_LIMIT = 500;

const day = z
  .string({ error: 'must be a date such as 2026-03-01' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-03-01')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1000;
  }, 'must be a date such as 2026-03-01');

const emptyToUndefined = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional().transform((v) => (v === '' ? undefined : v));

/** The query string of the ledger, its totals and the CSV export. */
export const DonationFilterSchema = z
  .object({
    from: emptyToUndefined(day),
    to: emptyToUndefined(day),
    project: emptyToUndefined(
      z.union([z.literal('general'), z.string().regex(/^\d{1,10}$/)], { error: 'project must be a project id, general or empty' }).refine((v) => v === 'general' || (Number(v) >= 1 && Number(v) <= MAX_DB_ID), 'project must be a project id, general or empty'),
    ),
    currency: emptyToUndefined(z.enum(DONATION_CURRENCIES, { error: `currency must be one of ${DONATION_CURRENCIES.join(', ')} or empty` })),
    kind: emptyToUndefined(z.enum(DONATION_KINDS as ['one_off', 'monthly', 'bank', 'offline'], { error: 'kind must be one_off, monthly, bank, offline or empty' })),
    status: emptyToUndefined(z.enum(DONATION_STATES, { error: `status must be one of ${DONATION_STATES.join(', ')} or empty` })),
    page: z
      .string({ error: 'page must be a page number' })
      .regex(/^\d{1,6}$/, 'page must be a page number')
      .transform(Number)
      .refine((n) => n >= 1, 'page must be a page number')
      .optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'the start date must not be after the end date', path: ['to'] });

export type DonationFilter = z.output<typeof DonationFilterSchema>;

export interface AdminDonation {
  id: number;
  reference: string;
  /** When it was credited (or, for a failed attempt, recorded), ISO. */
  date: string;
  donorName: string | null;
  donorEmail: string | null;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  amountCents: number;
  currency: string;
  settledCents: number | null;
  settledCurrency: string | null;
  kind: DonationKind;
  /** A regular gift's interval (its subscription's); null for any other gift. */
  interval: RegularInterval | null;
  /** How it was paid: a gift outside the website's method (cash, cheque, bank, other), else Stripe's payment method (card, twint); null when not known. */
  method: string | null;
  status: string;
  /** The fee the donor covered, inside amountCents (0: none). */
  coveredFeeCents: number;
  /** The name the donor chose for the project's page; null: anonymous. */
  publicName: string | null;
  /** In honour or in memory of someone. */
  tribute: { kind: 'honour' | 'memory'; name: string } | null;
  state: DonationState;
  refundedCents: number;
  disputedCents: number;
  disputeStatus: string | null;
  /** What it adds to its project now (the sum of its ledger rows), USD cents; for General Support what it is worth now. */
  creditedCents: number;
  paymentIntentId: string;
  /** Its project ledger rows (the gift, refunds, disputes), oldest first. */
  ledger: Pick<LedgerEntry, 'id' | 'kind' | 'amountCents' | 'actor' | 'note' | 'createdAt'>[];
}

/** Given, refunded, disputed and net per currency: the certificate's sums, over the filter's gifts. */
export type CurrencyTotal = CurrencySum;

export interface DonationTotals {
  /** Per project (null: General Support): gifts and the US dollars they add now. */
  byProject: { projectId: number | null; title: string | null; titleDe: string | null; gifts: number; creditedCents: number }[];
  /** Per Swiss calendar month (YYYY-MM) and currency, newest first. */
  byMonth: (CurrencyTotal & { month: string })[];
  byCurrency: CurrencyTotal[];
  /** Every succeeded gift of the filter, in US dollars credited. */
  creditedCents: number;
}

export interface DonationPage {
  rows: AdminDonation[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  totals: DonationTotals;
  projects: { id: number; title: string; titleDe: string }[];
}

interface DonationRow {
  id: number;
  paymentIntentId: string;
  appliedAt: unknown;
  createdAt: unknown;
  donorName: string | null;
  donorEmail: string | null;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  amountCents: number | string;
  currency: string;
  settledCents: number | string | null;
  settledCurrency: string | null;
  kind: string | null;
  interval?: unknown;
  offlineMethod: string | null;
  paymentMethod: string | null;
  status: string;
  coveredFeeCents: number | string | null;
  publicName: string | null;
  tributeKind: string | null;
  tributeName: string | null;
  refundedCents: number | string | null;
  disputedCents: number | string | null;
  disputeStatus: string | null;
  ledgerCents: number | string | null;
  ledgerRows: number | string | null;
}

const n = (v: unknown) => Number(v ?? 0);

/** No dispute, or one that ended without holding the money (won, an inquiry closed, prevented). */
const notDisputed = (w: Knex.QueryBuilder) => w.whereNull('d.disputeStatus').orWhereNotIn('d.disputeStatus', [...DISPUTE_OPEN_OR_LOST]);

/** The state a donation is in: a dispute first, then refunds, else its own status. */
export function donationState(r: { status: string; refundedCents: number; amountCents: number; disputeStatus: string | null }): DonationState {
  if (r.status === 'reversed' || r.status === 'reversal') return r.status;
  if (r.status !== 'succeeded') return 'failed';
  if (r.disputeStatus && (DISPUTE_OPEN_OR_LOST as readonly string[]).includes(r.disputeStatus)) return 'disputed';
  if (r.refundedCents > 0) return r.refundedCents >= r.amountCents ? 'refunded' : 'partially_refunded';
  return 'succeeded';
}

/** When a donation counts: credited, or recorded for an attempt that never was (SQL, see sqlTime). */
function dateSql(db: Knex): string {
  if (!isSqlite(db)) return 'coalesce(d.applied_at, d.created_at)';
  const norm = (c: string) => `(case when typeof(${c}) in ('integer', 'real') then datetime(${c} / 1000, 'unixepoch') else datetime(${c}) end)`;
  return `coalesce(${norm('d.applied_at')}, ${norm('d.created_at')})`;
}

function filtered(db: Knex, f: DonationFilter): Knex.QueryBuilder {
  const ledger = db('project_ledger').select('donationId').sum({ ledgerCents: 'amountCents' }).count({ ledgerRows: '*' }).whereNotNull('donationId').groupBy('donationId').as('l');
  const q = db('donations as d')
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin(ledger, 'l.donation_id', 'd.id')
    .leftJoin('donation_subscriptions as s', 's.subscription_id', 'd.subscription_id');
  if (f.from || f.to) {
    const date = dateSql(db);
    if (f.from) q.whereRaw(`${date} >= ?`, [sqlTimeValue(db, zurichDayStart(f.from))]);
    if (f.to) q.whereRaw(`${date} < ?`, [sqlTimeValue(db, zurichDayStart(nextDay(f.to)))]);
  }
  if (f.project === 'general') q.whereNull('d.projectId');
  else if (f.project) q.where('d.projectId', Number(f.project));
  if (f.currency) q.where('d.currency', f.currency);
  if (f.kind) q.where('d.kind', f.kind);
  switch (f.status) {
    case 'failed':
      q.whereNotIn('d.status', ['succeeded', 'reversed', 'reversal']);
      break;
    case 'reversed':
    case 'reversal':
      q.where('d.status', f.status);
      break;
    case 'disputed':
      q.where('d.status', 'succeeded').whereIn('d.disputeStatus', [...DISPUTE_OPEN_OR_LOST]);
      break;
    case 'refunded':
      q.where('d.status', 'succeeded').where(notDisputed).where('d.refundedCents', '>', 0).whereRaw('?? >= ??', ['d.refunded_cents', 'd.amount_cents']);
      break;
    case 'partially_refunded':
      q.where('d.status', 'succeeded').where(notDisputed).where('d.refundedCents', '>', 0).whereRaw('?? < ??', ['d.refunded_cents', 'd.amount_cents']);
      break;
    case 'succeeded':
      q.where('d.status', 'succeeded').where(notDisputed).where((w) => w.where('d.refundedCents', 0).orWhereNull('d.refundedCents'));
      break;
  }
  return q;
}

const COLUMNS = [
  'd.id',
  'd.paymentIntentId',
  'd.appliedAt',
  'd.createdAt',
  'd.donorName',
  'd.donorEmail',
  'd.projectId',
  'p.title as projectTitle',
  'p.titleDe as projectTitleDe',
  'd.amountCents',
  'd.currency',
  'd.settledCents',
  'd.settledCurrency',
  'd.kind',
  's.interval',
  'd.offlineMethod',
  'd.paymentMethod',
  'd.status',
  'd.coveredFeeCents',
  'd.publicName',
  'd.tributeKind',
  'd.tributeName',
  'd.refundedCents',
  'd.disputedCents',
  'd.disputeStatus',
  'l.ledgerCents',
  'l.ledgerRows',
];

/**
 * What a gift adds now in US dollars: a project's gift its ledger rows (none: it was never credited,
 * say settled in another currency); a General Support gift, which has no ledger, the same money rule
 * applied to what it settled for in USD.
 */
function creditedCents(r: DonationRow): number {
  if (r.status !== 'succeeded') return 0;
  if (r.projectId !== null) return n(r.ledgerRows) > 0 ? n(r.ledgerCents) : 0;
  // What it is worth in USD: its USD settlement, or a USD gift's own amount (an account settling in
  // CHF); a CHF or EUR gift without a USD settlement is worth nothing here.
  const settled = r.settledCurrency === 'usd' ? n(r.settledCents) : r.currency === 'usd' ? n(r.amountCents) : null;
  if (settled === null) return 0;
  const amount = n(r.amountCents);
  if (!amount) return 0;
  const refunded = Math.round((settled * Math.min(n(r.refundedCents), amount)) / amount);
  const disputed = Math.round((settled * withheldByDispute(n(r.disputedCents), r.disputeStatus)) / amount);
  return Math.max(0, settled - refunded - disputed);
}

function toDonation(r: DonationRow): Omit<AdminDonation, 'ledger'> {
  const date = toIso(r.appliedAt ?? r.createdAt);
  const amountCents = n(r.amountCents);
  const refundedCents = n(r.refundedCents);
  return {
    id: Number(r.id),
    reference: donationReference(Number(r.id), date),
    date,
    donorName: r.donorName ?? null,
    donorEmail: r.donorEmail ?? null,
    projectId: r.projectId ?? null,
    projectTitle: r.projectTitle ?? null,
    projectTitleDe: r.projectTitleDe ?? null,
    amountCents,
    currency: r.currency.toLowerCase(),
    settledCents: r.settledCents === null || r.settledCents === undefined ? null : n(r.settledCents),
    settledCurrency: r.settledCurrency ?? null,
    kind: r.kind === 'monthly' || r.kind === 'bank' || r.kind === 'offline' ? r.kind : 'one_off',
    interval: r.kind === 'monthly' ? (isRegularInterval(r.interval) ? r.interval : 'month') : null,
    method: r.offlineMethod ?? r.paymentMethod ?? (r.kind === 'bank' ? 'bank' : null),
    status: r.status,
    coveredFeeCents: n(r.coveredFeeCents),
    publicName: r.publicName ?? null,
    tribute: r.tributeName ? { kind: r.tributeKind === 'memory' ? 'memory' : 'honour', name: r.tributeName } : null,
    state: donationState({ status: r.status, refundedCents, amountCents, disputeStatus: r.disputeStatus }),
    refundedCents,
    disputedCents: n(r.disputedCents),
    disputeStatus: r.disputeStatus ?? null,
    creditedCents: creditedCents(r),
    paymentIntentId: r.paymentIntentId,
  };
}

const order = (db: Knex, q: Knex.QueryBuilder) => q.orderByRaw(`${dateSql(db)} desc`).orderBy('d.id', 'desc');

/** Every donation of the filter, newest first (the CSV export and the totals). */
export async function allDonations(db: Knex, f: DonationFilter): Promise<Omit<AdminDonation, 'ledger'>[]> {
  return ((await order(db, filtered(db, f).select(COLUMNS))) as DonationRow[]).map(toDonation);
}

function emptyTotal(currency: string): CurrencyTotal {
  return { currency, gifts: 0, grossCents: 0, refundedCents: 0, disputedCents: 0, netCents: 0 };
}

function addTo(total: CurrencyTotal, d: Omit<AdminDonation, 'ledger'>) {
  const a = giftAmounts({ amountCents: d.amountCents, refundedCents: d.refundedCents, disputedCents: d.disputedCents, disputeStatus: d.disputeStatus });
  total.gifts += 1;
  total.grossCents += a.amountCents;
  total.refundedCents += a.refundedCents;
  total.disputedCents += a.disputedCents;
  total.netCents += a.netCents;
}

const CURRENCY_RANK = (c: string) => {
  const i = (DONATION_CURRENCIES as readonly string[]).indexOf(c);
  return i < 0 ? DONATION_CURRENCIES.length : i;
};

/** Totals of the succeeded gifts among these donations. */
export function donationTotals(donations: Omit<AdminDonation, 'ledger'>[]): DonationTotals {
  const byProject = new Map<string, DonationTotals['byProject'][number]>();
  const byMonth = new Map<string, CurrencyTotal & { month: string }>();
  const byCurrency = new Map<string, CurrencyTotal>();
  let credited = 0;
  for (const d of donations) {
    if (d.status !== 'succeeded') continue;
    const pKey = String(d.projectId ?? 'general');
    const p = byProject.get(pKey) ?? { projectId: d.projectId, title: d.projectTitle, titleDe: d.projectTitleDe, gifts: 0, creditedCents: 0 };
    p.gifts += 1;
    p.creditedCents += d.creditedCents;
    byProject.set(pKey, p);
    credited += d.creditedCents;
    const month = zurichDate(d.date).slice(0, 7);
    const mKey = `${month} ${d.currency}`;
    const m = byMonth.get(mKey) ?? { month, ...emptyTotal(d.currency) };
    addTo(m, d);
    byMonth.set(mKey, m);
    const c = byCurrency.get(d.currency) ?? emptyTotal(d.currency);
    addTo(c, d);
    byCurrency.set(d.currency, c);
  }
  return {
    byProject: [...byProject.values()].sort((a, b) => b.creditedCents - a.creditedCents || (a.projectId ?? 0) - (b.projectId ?? 0)),
    byMonth: [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month) || CURRENCY_RANK(a.currency) - CURRENCY_RANK(b.currency)),
    byCurrency: [...byCurrency.values()].sort((a, b) => CURRENCY_RANK(a.currency) - CURRENCY_RANK(b.currency)),
    creditedCents: credited,
  };
}

/** One page of the ledger with the totals of the whole filter and the projects to filter by. */
export async function listDonations(db: Knex, f: DonationFilter): Promise<DonationPage> {
  const all = await allDonations(db, f);
  const pages = Math.max(1, Math.ceil(all.length / DONATIONS_PAGE_SIZE));
  const page = Math.min(f.page ?? 1, pages);
  const slice = all.slice((page - 1) * DONATIONS_PAGE_SIZE, page * DONATIONS_PAGE_SIZE);
  const ids = slice.map((d) => d.id);
  const entries = ids.length
    ? ((await db('project_ledger').whereIn('donationId', ids).orderBy('id').select('id', 'donationId', 'kind', 'amountCents', 'actor', 'note', 'createdAt')) as {
        id: number;
        donationId: number;
        kind: LedgerKind;
        amountCents: number | string;
        actor: string;
        note: string | null;
        createdAt: unknown;
      }[])
    : [];
  const rows = slice.map((d) => ({
    ...d,
    ledger: entries.filter((e) => e.donationId === d.id).map((e) => ({ id: e.id, kind: e.kind, amountCents: n(e.amountCents), actor: e.actor, note: e.note ?? null, createdAt: toIso(e.createdAt) })),
  }));
  const projects = (await db('projects').select('id', 'title', 'titleDe').orderBy('title')) as { id: number; title: string; titleDe: string }[];
  return { rows, total: all.length, page, pageSize: DONATIONS_PAGE_SIZE, pages, totals: donationTotals(all), projects };
}

/** The export's columns, in order: their headers are admin.donations.csvColumns.<key>. */
export const DONATIONS_CSV_COLUMNS = [
  'date',
  'reference',
  'donorName',
  'donorEmail',
  'project',
  'amount',
  'currency',
  'settled',
  'settledCurrency',
  'kind',
  'state',
  'refunded',
  'disputed',
  'disputeStatus',
  'credited',
  'paymentIntent',
  'method',
  'interval',
] as const;

/**
 * The filtered ledger as CSV in the admin's language (models/shared/csv.ts: byte-order mark,
 * separator, Swiss time, plain amounts, formula guard): headers, project titles (the German title
 * when there is one), kinds, states and dispute states in that language.
 */
export function donationsCsv(rows: Omit<AdminDonation, 'ledger'>[], lang: Lang, t: TFunction): string {
  const header = DONATIONS_CSV_COLUMNS.map((c) => t(`admin.donations.csvColumns.${c}`));
  const general = t('admin.donations.generalSupport');
  const amount = (cents: number | null) => csvAmount(cents, lang);
  return toCsv(
    header,
    rows.map((r) => [
      csvDateTime(r.date, lang),
      r.reference,
      r.donorName,
      r.donorEmail,
      r.projectId === null ? general : localized(lang, r.projectTitle ?? `#${r.projectId}`, r.projectTitleDe),
      amount(r.amountCents),
      r.currency.toUpperCase(),
      amount(r.settledCents),
      r.settledCurrency?.toUpperCase() ?? '',
      t(`admin.donations.kinds.${r.kind}`),
      t(`admin.donations.states.${r.state}`),
      amount(r.refundedCents),
      amount(r.disputedCents),
      csvLabel(t, 'admin.donations.disputeStatuses', r.disputeStatus),
      amount(r.creditedCents),
      r.paymentIntentId,
      r.method ? t(`admin.donations.methods.${r.method}`, { defaultValue: r.method }) : '',
      r.interval ? t(`admin.donations.intervals.${r.interval}`) : '',
    ]),
    lang,
  );
}

// ---- Monthly donors -----------------------------------------------------------------------------

/** Stripe's subscription states in which the gift still runs (a payment may be late). */
const RUNNING: readonly string[] = RUNNING_SUBSCRIPTION;

export type MonthlyState = 'active' | 'paused' | 'ended';

export interface MonthlyDonor {
  id: number;
  donorName: string | null;
  donorEmail: string;
  amountCents: number;
  currency: string;
  /** How often it is paid (amountCents each time). */
  interval: RegularInterval;
  projectId: number | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  language: 'en' | 'de';
  /** Stripe's status. */
  status: string;
  state: MonthlyState;
  since: string;
  nextPaymentAt: string | null;
}

export interface MonthlyOverview {
  counts: { active: number; paused: number; ended: number };
  /** Active per currency: what comes in a month (each quarterly, half-yearly or yearly gift as its monthly equivalent: amount / INTERVAL_MONTHS). */
  monthly: { currency: string; amountCents: number }[];
  /** The running ones (active and paused), newest first. */
  donors: MonthlyDonor[];
  truncated: boolean;
}

export async function monthlyOverview(db: Knex): Promise<MonthlyOverview> {
  const rows = (await db('donation_subscriptions as s')
    .leftJoin('projects as p', 'p.id', 's.project_id')
    .select('s.id', 's.donorName', 's.donorEmail', 's.amountCents', 's.currency', 's.interval', 's.projectId', 'p.title as projectTitle', 'p.titleDe as projectTitleDe', 's.language', 's.status', 's.paused', 's.createdAt', 's.currentPeriodEnd')
    // A subscription whose first payment never came is no monthly donor, running or ended.
    .whereNotIn('s.status', [...NEVER_STARTED])
    .orderBy('s.id', 'desc')) as Record<string, unknown>[];
  const counts = { active: 0, paused: 0, ended: 0 };
  const monthly = new Map<string, number>();
  const donors: MonthlyDonor[] = [];
  for (const r of rows) {
    const paused = r.paused === true || r.paused === 1 || r.paused === '1';
    const status = String(r.status);
    const state: MonthlyState = !RUNNING.includes(status) ? 'ended' : paused ? 'paused' : 'active';
    counts[state] += 1;
    const currency = String(r.currency).toLowerCase();
    const interval: RegularInterval = isRegularInterval(r.interval) ? r.interval : 'month';
    if (state === 'active') monthly.set(currency, (monthly.get(currency) ?? 0) + n(r.amountCents) / INTERVAL_MONTHS[interval]);
    if (state !== 'ended') {
      donors.push({
        id: Number(r.id),
        donorName: (r.donorName as string | null) ?? null,
        donorEmail: String(r.donorEmail),
        amountCents: n(r.amountCents),
        currency,
        interval,
        projectId: (r.projectId as number | null) ?? null,
        projectTitle: (r.projectTitle as string | null) ?? null,
        projectTitleDe: (r.projectTitleDe as string | null) ?? null,
        language: r.language === 'de' ? 'de' : 'en',
        status,
        state,
        since: toIso(r.createdAt),
        nextPaymentAt: r.currentPeriodEnd ? toIso(r.currentPeriodEnd) : null,
      });
    }
  }
  return {
    counts,
    monthly: [...monthly.entries()].map(([currency, amountCents]) => ({ currency, amountCents: Math.round(amountCents) })).sort((a, b) => CURRENCY_RANK(a.currency) - CURRENCY_RANK(b.currency)),
    donors: donors.slice(0, MONTHLY_LIST_LIMIT),
    truncated: donors.length > MONTHLY_LIST_LIMIT,
  };
}
