// What the admin's numbers are made of: page views and visitors per day
// (models/site/visits.ts), the most viewed pages, referring sites and campaigns, and the gifts per
// source (the page the giver came from). Days are Swiss calendar days, both ends included.
import type { Knex } from 'knex';
import { z } from 'zod';
import { swissToday, toIso } from '../shared/dates';
import { localized, type Lang } from '../shared/rules';
import { monthlyEquivalentCents } from '../shared/donation-rules';
import { DONATION_KINDS, RUNNING_SUBSCRIPTION, swissDate, type DonationKind } from '../giving/names';
import { regularHealth, type RegularHealth } from '../giving/recovery';
import { whereTimeWithin, zurichDayStart } from '../giving/certificate';
import { whereLive } from '../content/publishing';
import { standing } from '../giving/donor-wall';
import { newsletterEditions, type EditionRow } from './editions';

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

/**
 * What a gift that stands is worth in US cents, as the project totals count it: its valuation
 * (donations.usd_cents: the USD amount, Stripe's USD settlement, or its worth in the book currency
 * at the day's recorded rate), else what Stripe settled in USD (gifts from before the books), less
 * the covered fee's and the refunds' shares. A gift not valued yet (no rate known) is worth nothing
 * here until the rates job values it.
 */
/**
 * How a gift was paid: card, TWINT, bank transfer (matched from the bank's file or recorded by
 * hand), cash or a cheque (gifts outside the website), or a method Stripe named otherwise or not at
 * all (gifts recorded before donations.payment_method was kept; an offline gift of method 'other').
 */
export const GIFT_METHODS = ['card', 'twint', 'bank', 'cash', 'cheque', 'other'] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];
/** Methods listed only when a gift was paid by them (the others always, to compare). */
export const RARE_GIFT_METHODS: readonly GiftMethod[] = ['cash', 'cheque', 'other'];
export const giftMethodOf = (kind: unknown, method: unknown, offlineMethod?: unknown): GiftMethod => {
  if (kind === 'bank') return 'bank';
  if (kind === 'offline') return offlineMethod === 'bank' || offlineMethod === 'cash' || offlineMethod === 'cheque' ? offlineMethod : 'other';
  return method === 'card' || method === 'twint' ? method : 'other';
};

export function usdCentsOf(g: Record<string, unknown>): number {
  const amount = Number(g.amountCents);
  const valued = g.usdCents !== null && g.usdCents !== undefined ? Number(g.usdCents) : null;
  const usd = valued !== null ? valued : g.settledCurrency === 'usd' && g.settledCents !== null && g.settledCents !== undefined ? Number(g.settledCents) : g.currency === 'usd' ? amount : 0;
  const share = amount > 0 ? (amount - Number(g.coveredFeeCents ?? 0) - Number(g.refundedCents ?? 0)) / amount : 0;
  return Math.round(usd * share);
}

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
  const gifts = (await standing(db('donations'))
    .whereNotNull('source')
    .where('appliedAt', '>=', startOf(from))
    .where('appliedAt', '<', afterDay(to))
    .select('source', 'amountCents', 'coveredFeeCents', 'refundedCents', 'settledCents', 'settledCurrency', 'currency', 'usdCents')) as Record<string, unknown>[];
  const bySource = new Map<string, { gifts: number; cents: number }>();
  for (const g of gifts) {
    const entry = bySource.get(String(g.source)) ?? { gifts: 0, cents: 0 };
    entry.gifts += 1;
    entry.cents += usdCentsOf(g);
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

// ---- The admin's dashboard (views/admin/dashboard-tab.tsx): the same sources, per Swiss week.

/** How many articles each top list names. */
const TOP_ARTICLES = 10;
/** The statuses of newsletter_signups that are a new subscription asked for (not a repeat of one already on the list). */
export const NEW_SIGNUP_STATUSES = ['pending_confirmation', 'immediately_subscribed', 'resubscribed_pending'] as const;

/** One Swiss week (Monday to Sunday) of the range: `from` and `to` are its days inside the range. */
export interface DashboardWeek {
  /** The week's Monday (it may lie before the range's first day). */
  start: string;
  from: string;
  to: string;
  /** Page views, and visitors counted per day (one person on three days is three). */
  views: number;
  visitors: number;
  /** Gifts that stand, applied this week, and their worth in US cents. */
  gifts: number;
  giftsUsdCents: number;
  /** Newsletter subscriptions asked for. */
  signups: number;
  /** Monthly gifts running at the end of the week (for the range's last week: at its end, or now). */
  monthlyDonors: number;
}

export interface DashboardArticle {
  slug: string;
  /** The article's title in the admin's language; null when no article has this address (any more). */
  title: string | null;
}

export interface Dashboard {
  from: string;
  to: string;
  weeks: DashboardWeek[];
  totals: { views: number; visitors: number; gifts: number; giftsUsdCents: number; signups: number };
  /** Articles by page views, English and German pages together. */
  articlesByViews: (DashboardArticle & { views: number })[];
  /** Articles by the gifts given after reading them (donations.source), worth in US cents. */
  articlesByGifts: (DashboardArticle & { gifts: number; usdCents: number })[];
  /** Gifts per currency they were given in: how many, and the amount in that currency less refunds. */
  byCurrency: { currency: string; gifts: number; cents: number }[];
  /**
   * The regular income a month per currency: every running, unpaused regular gift as its monthly
   * equivalent (amount / INTERVAL_MONTHS: a yearly 120 counts 10), rounded per currency.
   */
  regularPerMonth: { currency: string; amountCents: number }[];
  /** Gifts per kind (one-off, monthly payment, bank transfer): how many, and their worth in US cents. */
  byKind: { kind: DonationKind; gifts: number; usdCents: number }[];
  /** Gifts per method (card, TWINT, bank transfer; 'other' only when there are such): how many, and their worth in US cents. */
  byMethod: { method: GiftMethod; gifts: number; usdCents: number }[];
  /** The live projects in their order: raised and goal in US cents. */
  projects: { id: number; title: string; raisedCents: number; goalCents: number }[];
  /** Now, whatever the range: the regular income at risk and what failed payments later paid brought this year. */
  regularHealth?: RegularHealth;
  /** Whatever the range: the newest newsletters and project-news mails, with the visits and gifts each brought (models/site/editions.ts). */
  editions: EditionRow[];
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of a day's week (Swiss weeks start on Monday). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** The range's weeks, Monday to Sunday, each cut to the range. */
export function weeksOf(range: { from: string; to: string }): { start: string; from: string; to: string }[] {
  const weeks: { start: string; from: string; to: string }[] = [];
  for (let start = mondayOf(range.from); start <= range.to; start = addDays(start, 7)) {
    const end = addDays(start, 6);
    weeks.push({ start, from: start < range.from ? range.from : start, to: end > range.to ? range.to : end });
  }
  return weeks;
}

/** The quick ranges of the range picker, and the dashboard's default (the last 12 weeks). */
export function dashboardPresets(today: string = swissToday()): Record<'last4' | 'last12' | 'year', { from: string; to: string }> {
  const monday = mondayOf(today);
  return {
    last4: { from: addDays(monday, -21), to: today },
    last12: { from: addDays(monday, -77), to: today },
    year: { from: `${today.slice(0, 4)}-01-01`, to: today },
  };
}

/**
 * The dashboard's range from a page's or the API's query: from and to as StatsQuerySchema reads
 * them (an empty field is no field); none given: the last 12 weeks. A range that is not one (a day
 * that does not exist, from after to, more than two years) gives the default and `invalid`.
 */
export function dashboardRange(query: { from?: unknown; to?: unknown }, today: string = swissToday()): { from: string; to: string; invalid: boolean } {
  const from = query.from === '' ? undefined : query.from;
  const to = query.to === '' ? undefined : query.to;
  const fallback = dashboardPresets(today).last12;
  if (from === undefined && to === undefined) return { ...fallback, invalid: false };
  const parsed = StatsQuerySchema.safeParse({ from, to });
  return parsed.success ? { ...parsed.data, invalid: false } : { ...fallback, invalid: true };
}

/** /news/<slug> or /de/news/<slug> (with a query or not): the article's slug, else null. */
export function articleSlugOf(path: string): string | null {
  const m = /^\/(?:de\/)?news\/([^/?#]+)\/?(?:[?#].*)?$/.exec(path);
  return m ? m[1]! : null;
}

/** Gifts that stand (as statsFor counts them), applied within [start, end): what the dashboard and the impact report count. */
export function standingGifts(db: Knex, start: Date, end: Date): Promise<Record<string, unknown>[]> {
  return whereTimeWithin(db, standing(db('donations')), 'applied_at', start, end).select(
    'kind',
    'paymentMethod',
    'offlineMethod',
    'source',
    'appliedAt',
    'donorEmail',
    'projectId',
    'amountCents',
    'coveredFeeCents',
    'refundedCents',
    'settledCents',
    'settledCurrency',
    'currency',
    'usdCents',
  ) as unknown as Promise<Record<string, unknown>[]>;
}

/** An instant from either database (ISO text, SQLite's 'YYYY-MM-DD HH:MM:SS', milliseconds, a Date) in ms; NaN when none. */
const msOf = (v: unknown) => (v === null || v === undefined || v === '' ? Number.NaN : Date.parse(toIso(v)));

/**
 * Monthly donors at each instant (ms): a monthly gift that runs now counts from when it was made; a
 * cancelled one counts until it was cancelled, if it was ever paid (one cancelled before its first
 * payment, as the checkout's superseded ones, never ran).
 */
export async function monthlyDonorsAt(db: Knex, instants: number[]): Promise<number[]> {
  const subscriptions = (await db('donation_subscriptions')
    .whereIn('status', [...RUNNING_SUBSCRIPTION, 'canceled'])
    .select('subscriptionId', 'status', 'createdAt', 'canceledAt')) as { subscriptionId: string; status: string; createdAt: unknown; canceledAt: unknown }[];
  const paid = new Set(
    ((await db('donations').where({ kind: 'monthly', status: 'succeeded' }).whereNotNull('subscriptionId').distinct('subscriptionId')) as { subscriptionId: string }[]).map((r) => r.subscriptionId),
  );
  const runs = subscriptions.map((s) => {
    const running = (RUNNING_SUBSCRIPTION as readonly string[]).includes(s.status);
    return { from: msOf(s.createdAt), until: running ? Number.POSITIVE_INFINITY : paid.has(s.subscriptionId) ? msOf(s.canceledAt) : Number.NaN };
  });
  return instants.map((at) => runs.filter((r) => r.from < at && r.until >= at).length);
}

/** The regular income a month per currency (Dashboard.regularPerMonth). */
export async function regularIncomePerMonth(db: Knex): Promise<{ currency: string; amountCents: number }[]> {
  const rows = (await db('donation_subscriptions').whereIn('status', [...RUNNING_SUBSCRIPTION]).select('amountCents', 'currency', 'interval', 'paused')) as { amountCents: unknown; currency: string; interval: unknown; paused: unknown }[];
  const sums = new Map<string, number>();
  for (const r of rows) {
    if (r.paused === true || r.paused === 1 || r.paused === '1') continue;
    const currency = String(r.currency).toLowerCase();
    sums.set(currency, (sums.get(currency) ?? 0) + monthlyEquivalentCents(Number(r.amountCents), r.interval));
  }
  return [...sums.entries()].map(([currency, cents]) => ({ currency, amountCents: Math.round(cents) })).sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Everything the dashboard shows for a range of Swiss days, with titles in the admin's language. */
export async function dashboardFor(db: Knex, range: { from: string; to: string }, lang: Lang): Promise<Dashboard> {
  const start = zurichDayStart(range.from);
  const end = zurichDayStart(addDays(range.to, 1));
  const weeks: DashboardWeek[] = weeksOf(range).map((w) => ({ ...w, views: 0, visitors: 0, gifts: 0, giftsUsdCents: 0, signups: 0, monthlyDonors: 0 }));
  const weekOf = new Map<string, DashboardWeek>(weeks.map((w): [string, DashboardWeek] => [w.start, w]));
  /** The week a Swiss day falls in (only days of the range have one). */
  const bucket = (day: string) => (day >= range.from && day <= range.to ? weekOf.get(mondayOf(day)) : undefined);

  // Visits: the daily rows.
  const days = (await db('visit_days').whereBetween('day', [range.from, range.to]).select('day', 'views', 'visitors')) as { day: string; views: unknown; visitors: unknown }[];
  for (const d of days) {
    const w = bucket(String(d.day));
    if (!w) continue;
    w.views += Number(d.views);
    w.visitors += Number(d.visitors);
  }

  // Gifts, per week, per currency, per kind and per article they came from.
  const gifts = await standingGifts(db, start, end);
  const byCurrency = new Map<string, { gifts: number; cents: number }>();
  const byKind = new Map<DonationKind, { gifts: number; usdCents: number }>(DONATION_KINDS.map((k): [DonationKind, { gifts: number; usdCents: number }] => [k, { gifts: 0, usdCents: 0 }]));
  const byMethod = new Map<GiftMethod, { gifts: number; usdCents: number }>(GIFT_METHODS.map((m): [GiftMethod, { gifts: number; usdCents: number }] => [m, { gifts: 0, usdCents: 0 }]));
  const bySlug = new Map<string, { gifts: number; usdCents: number }>();
  for (const g of gifts) {
    const usd = usdCentsOf(g);
    const m = byMethod.get(giftMethodOf(g.kind, g.paymentMethod, g.offlineMethod))!;
    m.gifts += 1;
    m.usdCents += usd;
    const w = bucket(swissDate(toIso(g.appliedAt)));
    if (w) {
      w.gifts += 1;
      w.giftsUsdCents += usd;
    }
    const currency = String(g.currency);
    const c = byCurrency.get(currency) ?? { gifts: 0, cents: 0 };
    c.gifts += 1;
    c.cents += Number(g.amountCents) - Number(g.refundedCents ?? 0);
    byCurrency.set(currency, c);
    const k = byKind.get(g.kind as DonationKind);
    if (k) {
      k.gifts += 1;
      k.usdCents += usd;
    }
    const slug = typeof g.source === 'string' ? articleSlugOf(g.source) : null;
    if (slug) {
      const a = bySlug.get(slug) ?? { gifts: 0, usdCents: 0 };
      a.gifts += 1;
      a.usdCents += usd;
      bySlug.set(slug, a);
    }
  }

  // New newsletter subscriptions asked for.
  const signups = (await whereTimeWithin(db, db('newsletter_signups').whereIn('status', [...NEW_SIGNUP_STATUSES]), 'created_at', start, end).select('createdAt')) as { createdAt: unknown }[];
  for (const s of signups) {
    const w = bucket(swissDate(toIso(s.createdAt)));
    if (w) w.signups += 1;
  }

  const running = await monthlyDonorsAt(db, weeks.map((w) => Math.min(zurichDayStart(addDays(w.to, 1)).getTime(), Date.now())));
  weeks.forEach((w, i) => (w.monthlyDonors = running[i]!));
  const regularPerMonth = await regularIncomePerMonth(db);

  // Articles by views (both languages' pages of one article together).
  const articleViews = (await db('visit_daily')
    .whereBetween('day', [range.from, range.to])
    .where((w) => w.where('path', 'like', '/news/%').orWhere('path', 'like', '/de/news/%'))
    .groupBy('path')
    .select('path', db.raw('sum(views) as views'))) as { path: string; views: unknown }[];
  const viewsBySlug = new Map<string, number>();
  for (const r of articleViews) {
    const slug = articleSlugOf(String(r.path));
    if (slug) viewsBySlug.set(slug, (viewsBySlug.get(slug) ?? 0) + Number(r.views));
  }
  const slugs = [...new Set([...viewsBySlug.keys(), ...bySlug.keys()])];
  const titles = new Map<string, string>();
  for (let i = 0; i < slugs.length; i += 500) {
    const rows = (await db('news_articles').whereIn('slug', slugs.slice(i, i + 500)).select('slug', 'title', 'titleDe')) as { slug: string; title: string; titleDe: string | null }[];
    for (const r of rows) titles.set(r.slug, localized(lang, r.title, r.titleDe));
  }
  const titleOf = (slug: string) => titles.get(slug) ?? null;
  const byName = (a: DashboardArticle, b: DashboardArticle) => (a.title ?? a.slug).localeCompare(b.title ?? b.slug);

  const totals = weeks.reduce(
    (t, w) => ({ views: t.views + w.views, visitors: t.visitors + w.visitors, gifts: t.gifts + w.gifts, giftsUsdCents: t.giftsUsdCents + w.giftsUsdCents, signups: t.signups + w.signups }),
    { views: 0, visitors: 0, gifts: 0, giftsUsdCents: 0, signups: 0 },
  );

  const projects = ((await whereLive(db('projects')).select('id', 'title', 'titleDe', 'raisedCents', 'goalCents').orderBy([{ column: 'displayOrder' }, { column: 'id' }])) as { id: number; title: string; titleDe: string; raisedCents: unknown; goalCents: unknown }[]).map((p) => ({
    id: Number(p.id),
    title: localized(lang, p.title, p.titleDe),
    raisedCents: Math.max(0, Number(p.raisedCents)),
    goalCents: Math.max(0, Number(p.goalCents)),
  }));

  return {
    from: range.from,
    to: range.to,
    weeks,
    totals,
    regularPerMonth,
    articlesByViews: [...viewsBySlug.entries()]
      .map(([slug, views]) => ({ slug, title: titleOf(slug), views }))
      .sort((a, b) => b.views - a.views || byName(a, b))
      .slice(0, TOP_ARTICLES),
    articlesByGifts: [...bySlug.entries()]
      .map(([slug, e]) => ({ slug, title: titleOf(slug), gifts: e.gifts, usdCents: e.usdCents }))
      .sort((a, b) => b.usdCents - a.usdCents || b.gifts - a.gifts || byName(a, b))
      .slice(0, TOP_ARTICLES),
    byCurrency: [...byCurrency.entries()].map(([currency, e]) => ({ currency, ...e })).sort((a, b) => b.gifts - a.gifts || a.currency.localeCompare(b.currency)),
    byKind: [...byKind.entries()].map(([kind, e]) => ({ kind, ...e })),
    byMethod: [...byMethod.entries()].filter(([m, e]) => e.gifts > 0 || !RARE_GIFT_METHODS.includes(m)).map(([method, e]) => ({ method, ...e })),
    projects,
    regularHealth: await regularHealth(db),
    editions: await newsletterEditions(db, lang),
  };
}

/** What the dashboard tab shows: the numbers of the range asked for (or of the default, saying so) and the quick ranges. */
export interface DashboardView {
  data: Dashboard;
  /** The range asked for was no range: the default is shown instead. */
  invalidRange: boolean;
  presets: ReturnType<typeof dashboardPresets>;
}

/** The dashboard of a page's or the API's query (dashboardRange), with its quick ranges. */
export async function dashboardView(db: Knex, query: { from?: unknown; to?: unknown }, lang: Lang): Promise<DashboardView> {
  const today = swissToday();
  const { invalid, ...range } = dashboardRange(query, today);
  return { data: await dashboardFor(db, range, lang), invalidRange: invalid, presets: dashboardPresets(today) };
}
