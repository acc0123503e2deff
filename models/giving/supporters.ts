// The supporters: one row per donor address (lower-cased), with what they gave in the book
// currency in total and this year, their last gift, their regular gift and the projects they
// follow. Segments for the January letters: lybunt (gave last year, not yet this year) and sybunt
// (gave in an earlier year, neither last year nor this one). What counts: a gift that arrived
// (succeeded, credited) and valued in the book currency, net of its refunds and of a dispute that
// holds the money; a gift taken back by a reversing entry, and that entry, count for nothing. An
// erased person (their address replaced by a pseudonym, models/privacy/personal-data.ts) is not listed.
import type { Knex } from 'knex';
import { toIso } from '../shared/dates';
import { DISPUTE_OPEN_OR_LOST, NEVER_STARTED, RUNNING_SUBSCRIPTION, swissDate, swissYear } from './names';

export const SEGMENTS = ['lybunt', 'sybunt'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const isSegment = (v: unknown): v is Segment => typeof v === 'string' && (SEGMENTS as readonly string[]).includes(v);

export type RegularState = 'active' | 'paused' | 'ended';

export interface Supporter {
  email: string;
  name: string | null;
  /** Book currency cents. */
  lifetimeCents: number;
  yearCents: number;
  lastGiftOn: string;
  gifts: number;
  regular: { amountCents: number; currency: string; state: RegularState } | null;
  /** The projects they follow (titles in both languages). */
  follows: { id: number; title: string; titleDe: string | null }[];
  /** The years (Swiss) they gave in, newest first. */
  years: number[];
}

export interface SupportersView {
  bookCurrency: string;
  year: number;
  segment: Segment | null;
  counts: { all: number; lybunt: number; sybunt: number };
  supporters: Supporter[];
}

/** A pseudonym of an erased person (pseudonymOf in models/privacy). */
const ERASED = /^erased-[0-9a-f]+@invalid$/;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const segmentOf = (years: readonly number[], year: number): Segment | null => {
  if (years.includes(year)) return null;
  if (years.includes(year - 1)) return 'lybunt';
  return years.some((y) => y < year - 1) ? 'sybunt' : null;
};

export async function listSupporters(db: Knex, options: { book: string; segment?: Segment | null; now?: Date }): Promise<SupportersView> {
  const book = options.book.toLowerCase();
  const year = swissYear(options.now ?? new Date());
  const reversed = db('donations').whereNotNull('reversesId').select('reversesId');
  const gifts = (await db('donations')
    .where({ status: 'succeeded' })
    .whereNotNull('appliedAt')
    .whereNotNull('donorEmail')
    .whereNotNull('bookCents')
    .whereNull('reversesId')
    .whereNotIn('id', reversed)
    .orderBy('appliedAt')
    .orderBy('id')
    .select('id', 'donorEmail', 'donorName', 'amountCents', 'bookCents', 'bookCurrency', 'refundedCents', 'disputedCents', 'disputeStatus', 'appliedAt')) as {
    id: number;
    donorEmail: string;
    donorName: string | null;
    amountCents: unknown;
    bookCents: unknown;
    bookCurrency: string | null;
    refundedCents: unknown;
    disputedCents: unknown;
    disputeStatus: string | null;
    appliedAt: unknown;
  }[];

  const byEmail = new Map<string, Supporter>();
  for (const g of gifts) {
    const email = g.donorEmail.trim().toLowerCase();
    if (!email || ERASED.test(email) || (g.bookCurrency ?? '').toLowerCase() !== book) continue;
    const amount = n(g.amountCents);
    const refunded = Math.min(amount, n(g.refundedCents));
    const disputed = g.disputeStatus && (DISPUTE_OPEN_OR_LOST as readonly string[]).includes(g.disputeStatus) ? Math.min(amount - refunded, n(g.disputedCents)) : 0;
    const bookCents = n(g.bookCents);
    const net = amount > 0 ? bookCents - Math.round((bookCents * (refunded + disputed)) / amount) : 0;
    if (net <= 0) continue;
    const at = toIso(g.appliedAt);
    const giftYear = swissYear(at);
    const s = byEmail.get(email) ?? { email, name: null, lifetimeCents: 0, yearCents: 0, lastGiftOn: '', gifts: 0, regular: null, follows: [], years: [] };
    s.lifetimeCents += net;
    if (giftYear === year) s.yearCents += net;
    s.gifts += 1;
    const day = swissDate(at);
    if (day >= s.lastGiftOn) {
      s.lastGiftOn = day;
      if (g.donorName) s.name = g.donorName;
    } else if (!s.name && g.donorName) s.name = g.donorName;
    if (!s.years.includes(giftYear)) s.years.push(giftYear);
    byEmail.set(email, s);
  }

  if (byEmail.size) {
    // Their regular gift: the newest that ever started, with its state.
    const subs = (await db('donation_subscriptions').whereNotIn('status', [...NEVER_STARTED]).orderBy('createdAt').orderBy('id').select('donorEmail', 'amountCents', 'currency', 'status', 'paused')) as {
      donorEmail: string;
      amountCents: unknown;
      currency: string;
      status: string;
      paused: unknown;
    }[];
    for (const sub of subs) {
      const s = byEmail.get(sub.donorEmail.trim().toLowerCase());
      if (!s) continue;
      const paused = sub.paused === true || sub.paused === 1 || sub.paused === '1';
      const state: RegularState = !(RUNNING_SUBSCRIPTION as readonly string[]).includes(sub.status) ? 'ended' : paused ? 'paused' : 'active';
      // A running one wins over one that ended, whatever their order.
      if (s.regular && s.regular.state !== 'ended' && state === 'ended') continue;
      s.regular = { amountCents: n(sub.amountCents), currency: sub.currency, state };
    }
    const follows = (await db('project_followers as f')
      .join('projects as p', 'p.id', 'f.projectId')
      .whereNull('f.unsubscribedAt')
      .orderBy('p.title')
      .select('f.email', 'p.id', 'p.title', 'p.titleDe')) as { email: string; id: number; title: string; titleDe: string | null }[];
    for (const f of follows) {
      const s = byEmail.get(f.email.trim().toLowerCase());
      if (s && !s.follows.some((x) => x.id === f.id)) s.follows.push({ id: f.id, title: f.title, titleDe: f.titleDe });
    }
  }

  const all = [...byEmail.values()].map((s) => ({ ...s, years: s.years.sort((a, b) => b - a) }));
  all.sort((a, b) => b.lifetimeCents - a.lifetimeCents || a.email.localeCompare(b.email));
  const counts = { all: all.length, lybunt: 0, sybunt: 0 };
  for (const s of all) {
    const seg = segmentOf(s.years, year);
    if (seg) counts[seg] += 1;
  }
  const segment = options.segment ?? null;
  return { bookCurrency: book.toUpperCase(), year, segment, counts, supporters: segment ? all.filter((s) => segmentOf(s.years, year) === segment) : all };
}

const CSV_HEAD = {
  en: ['E-mail', 'Name', 'Lifetime total', 'This year', 'Currency', 'Last gift', 'Gifts', 'Regular gift', 'Regular gift state', 'Projects followed'],
  de: ['E-Mail', 'Name', 'Total bisher', 'Dieses Jahr', 'Währung', 'Letzte Spende', 'Spenden', 'Regelmässige Spende', 'Status der regelmässigen Spende', 'Verfolgte Projekte'],
} as const;
const STATE_TEXT = { en: { active: 'active', paused: 'paused', ended: 'ended' }, de: { active: 'aktiv', paused: 'pausiert', ended: 'beendet' } } as const;

const dec = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The supporters for Swiss Excel: UTF-8 with a BOM, semicolons, dd.mm.yyyy, a decimal point. */
export function supportersCsv(view: SupportersView, lang: 'en' | 'de' = 'en'): string {
  const lines = [CSV_HEAD[lang].map(cell).join(';')];
  for (const s of view.supporters) {
    const d = s.lastGiftOn;
    lines.push(
      [
        s.email,
        s.name ?? '',
        dec(s.lifetimeCents),
        dec(s.yearCents),
        view.bookCurrency,
        d ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : '',
        String(s.gifts),
        s.regular ? `${s.regular.currency.toUpperCase()} ${dec(s.regular.amountCents)}` : '',
        s.regular ? STATE_TEXT[lang][s.regular.state] : '',
        s.follows.map((f) => (lang === 'de' && f.titleDe) || f.title).join(', '),
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
