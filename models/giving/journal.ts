// The journal: a period's bookings for the charity's accounting program, one double-entry booking a
// row (debit account, credit account, amount in the book currency), from the chart of accounts
// (models/giving/accounts.ts). What is booked, by the gifts as the books keep them (donations):
//   a card gift              Stripe clearing  / the project's income account   its book value
//   Stripe's fee of it       fees             / Stripe clearing                 stripe_fee_cents
//   a refund                 income account   / Stripe clearing                 the refunded share
//   a dispute (open or lost) income account   / Stripe clearing                 the disputed share
//   a bank gift              bank             / income account
//   a gift outside the site  cash, cheque, bank or other (its method) / income account
//   its reversing entry      income account   / the same account it came to
//   a Stripe payout          bank             / Stripe clearing                 (in the book currency)
// A refund or dispute is booked on the day the charge's state last changed (charge_states), at the
// gift's own rate, so a gift and its refund cancel exactly. A gift not yet valued (no rate known)
// is not booked: it is counted in `pending` and booked once a rate arrives.
import type { Knex } from 'knex';
import { toIso } from '../shared/dates';
import { DISPUTE_OPEN_OR_LOST, donationReference, swissDate } from './names';
import { atRate } from './books';
import type { Chart } from './accounts';

export type BookingKind = 'gift' | 'fee' | 'refund' | 'dispute' | 'bank' | 'offline' | 'reversal' | 'payout';

export interface Booking {
  /** The day (YYYY-MM-DD, Swiss time). */
  date: string;
  /** The document: the gift's reference (D-2026-000012) or the payout's id. */
  doc: string;
  kind: BookingKind;
  description: string;
  debit: string;
  credit: string;
  /** In the book currency, cents, always positive. */
  amountCents: number;
  currency: string;
  /** What the donor gave, in their currency (null for a payout or a fee). */
  originalCurrency: string | null;
  originalCents: number | null;
  /** One unit of the original currency in the book currency (decimal text). */
  rate: string | null;
  donationId: number | null;
  projectId: number | null;
}

export interface Journal {
  from: string;
  to: string;
  bookCurrency: string;
  bookings: Booking[];
  /** Sums of the debit and the credit side (equal by construction; the tests read the files back). */
  totals: { debitCents: number; creditCents: number; count: number };
  /** Gifts of the period not yet valued in the book currency (no rate known yet). */
  pending: number;
}

export type JournalLang = 'en' | 'de';

const TEXT: Record<JournalLang, Record<BookingKind, string> & { general: string; offlineMethod: Record<string, string> }> = {
  en: {
    gift: 'Card gift',
    fee: 'Stripe fee',
    refund: 'Refund',
    dispute: 'Dispute',
    bank: 'Bank transfer gift',
    offline: 'Gift',
    reversal: 'Reversal of',
    payout: 'Stripe payout',
    general: 'general support',
    offlineMethod: { cash: 'cash', cheque: 'cheque', bank: 'bank transfer', other: 'other' },
  },
  de: {
    gift: 'Kartenspende',
    fee: 'Stripe-Gebühr',
    refund: 'Rückerstattung',
    dispute: 'Rückbuchung (Dispute)',
    bank: 'Spende per Überweisung',
    offline: 'Spende',
    reversal: 'Storno von',
    payout: 'Stripe-Auszahlung',
    general: 'allgemeine Unterstützung',
    offlineMethod: { cash: 'bar', cheque: 'Check', bank: 'Überweisung', other: 'andere' },
  },
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, or null. */
export function journalDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DAY.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return value.trim();
}

interface GiftRow {
  id: number;
  kind: string | null;
  amountCents: unknown;
  currency: string;
  projectId: number | null;
  projectSlug: string | null;
  projectTitle: string | null;
  projectTitleDe: string | null;
  appliedAt: unknown;
  updatedAt: unknown;
  bookCents: unknown;
  bookCurrency: string | null;
  bookRate: string | null;
  settledCurrency: string | null;
  stripeFeeCents: unknown;
  refundedCents: unknown;
  disputedCents: unknown;
  disputeStatus: string | null;
  chargeId: string | null;
  chargeUpdatedAt: unknown;
  offlineMethod: string | null;
  reversesId: number | null;
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const share = (bookCents: number, part: number, whole: number) => (whole > 0 ? Math.round((bookCents * part) / whole) : 0);

/** The bookings whose day lies within from..to (both included). */
export async function journalOf(db: Knex, options: { from: string; to: string; book: string; chart: Chart; lang?: JournalLang }): Promise<Journal> {
  const { from, to, book, chart } = options;
  const text = TEXT[options.lang ?? 'en'];
  const lang = options.lang ?? 'en';
  const inPeriod = (day: string) => day >= from && day <= to;
  const rows = (await db('donations as d')
    .leftJoin('projects as p', 'p.id', 'd.projectId')
    .leftJoin('charge_states as c', 'c.chargeId', 'd.chargeId')
    .where('d.status', 'succeeded')
    .whereNotNull('d.appliedAt')
    .orderBy('d.id')
    .select(
      'd.id',
      'd.kind',
      'd.amountCents',
      'd.currency',
      'd.projectId',
      'p.slug as projectSlug',
      'p.title as projectTitle',
      'p.titleDe as projectTitleDe',
      'd.appliedAt',
      'd.updatedAt',
      'd.bookCents',
      'd.bookCurrency',
      'd.bookRate',
      'd.settledCurrency',
      'd.stripeFeeCents',
      'd.refundedCents',
      'd.disputedCents',
      'd.disputeStatus',
      'd.chargeId',
      'c.updatedAt as chargeUpdatedAt',
      'd.offlineMethod',
      'd.reversesId',
    )) as GiftRow[];

  const bookings: Booking[] = [];
  let pending = 0;
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    const day = swissDate(toIso(r.appliedAt));
    const amount = n(r.amountCents);
    const bookCents = r.bookCents === null || r.bookCents === undefined ? null : Math.abs(n(r.bookCents));
    const income = (r.projectSlug && chart.projects[r.projectSlug]) || chart.donations;
    const project = r.projectId === null ? text.general : (lang === 'de' && r.projectTitleDe) || r.projectTitle || `#${r.projectId}`;
    const doc = donationReference(r.id, toIso(r.appliedAt));
    const original = { originalCurrency: r.currency.toUpperCase(), originalCents: Math.abs(amount), rate: r.bookRate, donationId: r.id, projectId: r.projectId, currency: book.toUpperCase() };
    if (bookCents === null || (r.bookCurrency ?? '').toLowerCase() !== book) {
      if (inPeriod(day)) pending += 1;
      continue;
    }
    const kind = r.kind ?? 'one_off';
    if (kind === 'offline' || r.reversesId !== null) {
      const method = r.offlineMethod ?? 'other';
      const account = method === 'cash' ? chart.cash : method === 'cheque' ? chart.cheque : method === 'bank' ? chart.bank : chart.other;
      if (!inPeriod(day) || bookCents === 0) continue;
      if (r.reversesId !== null) {
        const target = byId.get(r.reversesId);
        const targetDoc = target ? donationReference(target.id, toIso(target.appliedAt)) : `#${r.reversesId}`;
        bookings.push({ date: day, doc, kind: 'reversal', description: `${text.reversal} ${targetDoc} · ${project}`, debit: income, credit: account, amountCents: bookCents, ...original });
      } else {
        bookings.push({ date: day, doc, kind: 'offline', description: `${text.offline} (${text.offlineMethod[method] ?? method}) · ${project}`, debit: account, credit: income, amountCents: bookCents, ...original });
      }
      continue;
    }
    if (kind === 'bank') {
      if (inPeriod(day) && bookCents > 0) bookings.push({ date: day, doc, kind: 'bank', description: `${text.bank} · ${project}`, debit: chart.bank, credit: income, amountCents: bookCents, ...original });
      continue;
    }
    // A card gift (one-off or a month of a regular gift), its fee, refunds and dispute.
    if (inPeriod(day) && bookCents > 0) {
      bookings.push({ date: day, doc, kind: 'gift', description: `${text.gift} · ${project}`, debit: chart.stripe, credit: income, amountCents: bookCents, ...original });
      const fee = n(r.stripeFeeCents);
      if (fee > 0) {
        const settled = (r.settledCurrency ?? '').toLowerCase();
        const feeBook = settled === book ? fee : settled === r.currency.toLowerCase() && r.bookRate ? atRate(fee, r.bookRate) : null;
        if (feeBook !== null && feeBook > 0) {
          bookings.push({ date: day, doc, kind: 'fee', description: `${text.fee} ${doc}`, debit: chart.fees, credit: chart.stripe, amountCents: feeBook, ...original, originalCurrency: settled.toUpperCase(), originalCents: fee, rate: settled === book ? '1' : r.bookRate });
        }
      }
    }
    const changedOn = swissDate(toIso(r.chargeUpdatedAt ?? r.updatedAt));
    if (!inPeriod(changedOn)) continue;
    const refunded = Math.min(amount, n(r.refundedCents));
    if (refunded > 0) {
      const cents = share(bookCents, refunded, amount);
      if (cents > 0) bookings.push({ date: changedOn, doc, kind: 'refund', description: `${text.refund} ${doc} · ${project}`, debit: income, credit: chart.stripe, amountCents: cents, ...original, originalCents: refunded });
    }
    const disputed = r.disputeStatus && (DISPUTE_OPEN_OR_LOST as readonly string[]).includes(r.disputeStatus) ? Math.min(amount - refunded, n(r.disputedCents)) : 0;
    if (disputed > 0) {
      const cents = share(bookCents, disputed, amount);
      if (cents > 0) bookings.push({ date: changedOn, doc, kind: 'dispute', description: `${text.dispute} ${doc} · ${project}`, debit: income, credit: chart.stripe, amountCents: cents, ...original, originalCents: disputed });
    }
  }

  // Stripe's payouts to the bank, in the book currency.
  const payouts = (await db('stripe_payouts').whereNotIn('status', ['failed', 'canceled']).orderBy('arrivalDate').orderBy('id').select('payoutId', 'amountCents', 'currency', 'arrivalDate')) as {
    payoutId: string;
    amountCents: unknown;
    currency: string;
    arrivalDate: string;
  }[];
  for (const p of payouts) {
    const cents = n(p.amountCents);
    if (!inPeriod(p.arrivalDate) || p.currency.toLowerCase() !== book || cents <= 0) continue;
    bookings.push({ date: p.arrivalDate, doc: p.payoutId, kind: 'payout', description: text.payout, debit: chart.bank, credit: chart.stripe, amountCents: cents, currency: book.toUpperCase(), originalCurrency: null, originalCents: null, rate: null, donationId: null, projectId: null });
  }

  bookings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.doc < b.doc ? -1 : a.doc > b.doc ? 1 : 0));
  const sum = bookings.reduce((s, b) => s + b.amountCents, 0);
  return { from, to, bookCurrency: book.toUpperCase(), bookings, totals: { debitCents: sum, creditCents: sum, count: bookings.length }, pending };
}

/** Cents as the accounting programs read them: a decimal point, no grouping ("1234.50"). */
export const decimal = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A CSV cell for Excel: quoted when it must be; a leading = + - @ made harmless (no formula). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_HEAD: Record<JournalLang, string[]> = {
  en: ['Date', 'Document', 'Description', 'Debit account', 'Credit account', 'Amount', 'Currency', 'Original currency', 'Original amount', 'Rate'],
  de: ['Datum', 'Beleg', 'Buchungstext', 'Soll', 'Haben', 'Betrag', 'Währung', 'Originalwährung', 'Originalbetrag', 'Kurs'],
};

const swissDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The journal for Swiss Excel: UTF-8 with a BOM, semicolons, dd.mm.yyyy, a decimal point. */
export function journalCsv(journal: Journal, lang: JournalLang = 'en'): string {
  const lines = [CSV_HEAD[lang].map(csvCell).join(';')];
  for (const b of journal.bookings) {
    lines.push(
      [swissDay(b.date), b.doc, b.description, b.debit, b.credit, decimal(b.amountCents), b.currency, b.originalCurrency ?? '', b.originalCents === null ? '' : decimal(b.originalCents), b.rate ?? '']
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Banana Accounting's columns for importing double-entry transactions (their NameXml). */
export const BANANA_COLUMNS = ['Date', 'Doc', 'Description', 'AccountDebit', 'AccountCredit', 'Amount'] as const;

const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();

/**
 * The journal as Banana Accounting imports double-entry transactions ("Text file with column
 * headers"): tab-separated, the column names on the first line, dates yyyy-mm-dd, amounts in the
 * accounting currency with a decimal point, UTF-8. What the donor gave in another currency is in
 * the description: the amount columns of Banana's multi-currency books need accounts kept in
 * that currency, which a single-currency book has not.
 */
export function journalBanana(journal: Journal): string {
  const lines = [BANANA_COLUMNS.join('\t')];
  for (const b of journal.bookings) {
    const foreign = b.originalCurrency && b.originalCents !== null && b.originalCurrency !== b.currency ? ` (${b.originalCurrency} ${decimal(b.originalCents)} @ ${b.rate ?? ''})` : '';
    lines.push([b.date, b.doc, `${b.description}${foreign}`, b.debit, b.credit, decimal(b.amountCents)].map(tsvCell).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
