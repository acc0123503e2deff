// What the admin's numbers are made of (issue 29, point 3's API): page views and visitors per day
// (models/site/visits.ts), the most viewed pages, referring sites and campaigns, and the gifts per
// source (the page the giver came from). Days are Swiss calendar days, both ends included.
import type { Knex } from 'knex';
import { z } from 'zod';
import { swissToday } from '../shared/dates';

/** The longest range one answer covers: two years and a day. */
const MAX_DAYS = 731;
const LIST_SIZE = 20;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2026-11-01').refine((d) => {
  const t = new Date(`${d}T12:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}, 'must be a day of the calendar');

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** GET /api/admin/stats' query: from and to (YYYY-MM-DD, Swiss days); by default the last 30 days. */
export const StatsQuerySchema = z
  .object({ from: Day.optional(), to: Day.optional() })
  .transform((q, ctx) => {
    const to = q.to ?? swissToday();
    const from = q.from ?? new Date(Date.parse(`${to}T12:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
    else if (daysBetween(from, to) > MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: `the range can be at most ${MAX_DAYS} days` });
    return { from, to };
  });

export interface Stats {
  from: string;
  to: string;
  visits: { day: string; views: number; visitors: number }[];
  pages: { path: string; views: number }[];
  referrers: { domain: string; views: number }[];
  campaigns: { campaign: string; views: number }[];
  /** Gifts per page they came from: how many, and what they are worth in USD (major units, as the project totals). */
  sources: { source: string; gifts: number; amount: number }[];
  /** Newsletter subscriptions asked for per page they came from. */
  signups: { source: string; signups: number }[];
}

/** The instant a Swiss calendar day begins (midnight in Zurich: 23:00 or 22:00 UTC the day before). */
function startOf(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [2, 1, 0]) {
    const t = midnightUtc - hours * 3_600_000;
    if (swissToday(new Date(t)) === day && swissToday(new Date(t - 1)) !== day) return new Date(t).toISOString();
  }
  return new Date(midnightUtc).toISOString();
}
const afterDay = (day: string) => startOf(new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10));

export async function statsFor(db: Knex, range: { from: string; to: string }): Promise<Stats> {
  const { from, to } = range;
  const visits = ((await db('visit_days').whereBetween('day', [from, to]).orderBy('day').select('day', 'views', 'visitors')) as { day: string; views: unknown; visitors: unknown }[]).map((r) => ({
    day: r.day,
    views: Number(r.views),
    visitors: Number(r.visitors),
  }));
  const sum = (column: string) =>
    db('visit_daily')
      .whereBetween('day', [from, to])
      .whereNot(column, '')
      .groupBy(column)
      .select(column, db.raw('sum(views) as views'))
      .orderBy([{ column: 'views', order: 'desc' }, { column, order: 'asc' }])
      .limit(LIST_SIZE) as unknown as Promise<Record<string, unknown>[]>;
  const [pages, referrers, campaigns] = await Promise.all([sum('path'), sum('referrer'), sum('campaign')]);
  // Gifts that stand, applied in the range; worth in USD: what Stripe settled in USD (or the bank
  // credit at the rate it was booked at), less the covered fee's and the refunds' shares.
  const gifts = (await db('donations')
    .whereNotNull('source')
    .whereNotNull('appliedAt')
    .where('status', 'succeeded')
    .where('appliedAt', '>=', startOf(from))
    .where('appliedAt', '<', afterDay(to))
    .whereRaw('refunded_cents < amount_cents')
    .where((w) => w.whereNull('disputeStatus').orWhereNot('disputeStatus', 'lost'))
    .select('source', 'amountCents', 'coveredFeeCents', 'refundedCents', 'settledCents', 'settledCurrency', 'currency')) as Record<string, unknown>[];
  const bySource = new Map<string, { gifts: number; cents: number }>();
  for (const g of gifts) {
    const amount = Number(g.amountCents);
    const usd = g.settledCurrency === 'usd' && g.settledCents !== null ? Number(g.settledCents) : g.currency === 'usd' ? amount : 0;
    const share = amount > 0 ? (amount - Number(g.coveredFeeCents ?? 0) - Number(g.refundedCents ?? 0)) / amount : 0;
    const entry = bySource.get(String(g.source)) ?? { gifts: 0, cents: 0 };
    entry.gifts += 1;
    entry.cents += Math.round(usd * share);
    bySource.set(String(g.source), entry);
  }
  const sources = [...bySource.entries()]
    .map(([source, e]) => ({ source, gifts: e.gifts, amount: e.cents / 100 }))
    .sort((a, b) => b.amount - a.amount || b.gifts - a.gifts || a.source.localeCompare(b.source));
  const signups = ((await db('newsletter_signups')
    .whereNotNull('source')
    .whereIn('status', ['pending_confirmation', 'immediately_subscribed', 'resubscribed_pending'])
    .where('createdAt', '>=', startOf(from))
    .where('createdAt', '<', afterDay(to))
    .groupBy('source')
    .select('source', db.raw('count(*) as signups'))
    .orderBy([{ column: 'signups', order: 'desc' }, { column: 'source', order: 'asc' }])
    .limit(LIST_SIZE)) as { source: string; signups: unknown }[]).map((r) => ({ source: r.source, signups: Number(r.signups) }));
  return {
    from,
    to,
    visits,
    pages: pages.map((r) => ({ path: String(r.path), views: Number(r.views) })),
    referrers: referrers.map((r) => ({ domain: String(r.referrer), views: Number(r.views) })),
    campaigns: campaigns.map((r) => ({ campaign: String(r.campaign), views: Number(r.views) })),
    sources,
    signups,
  };
}
