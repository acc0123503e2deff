// The yearly impact report: what came in during a Swiss calendar year (by the
// currency it was given in, by method, monthly and one-off, with the USD total the project totals
// use), what went out per project (the spending records), the year's figures and its articles,
// under an introduction the admins write in both languages. Public at /impact/{year} (and /de/...),
// as a PDF at /impact/{year}.pdf. Read from the books each time the content version moves (gifts,
// spending, articles and the introduction all move it), so the current year's report follows a new
// gift at once on every instance.
import type { Knex } from 'knex';
import { z } from 'zod';
import { localized, type Lang } from '../shared/rules';
import { swissToday, toIso } from '../shared/dates';
import { standing } from '../giving/donor-wall';
import { swissDate, swissYear } from '../giving/names';
import { zurichDayStart } from '../giving/certificate';
import { GIFT_METHODS, RARE_GIFT_METHODS, giftMethodOf, monthlyDonorsAt, standingGifts, usdCentsOf, type GiftMethod } from './stats';
import { listPublicNews } from '../content/news';
import { whereLive } from '../content/publishing';

/** The first year a report can be asked for, whatever the books hold. */
export const FIRST_REPORT_YEAR = 2000;
/** The longest introduction, per language. */
export const IMPACT_INTRO_MAX = 4000;

/** How a gift was paid (card, TWINT, bank transfer, other): the dashboard's rule. */
export const IMPACT_METHODS = GIFT_METHODS;
export type ImpactMethod = GiftMethod;

export interface ImpactReport {
  year: number;
  /** The year is not over: the figures so far. */
  current: boolean;
  /** The instant the figures are of: now for the current year, else the year's end. */
  asOf: string;
  /** The admins' introduction in the page's language, or in the other one (its `lang` says which); null when none is written. */
  intro: { text: string; lang: Lang } | null;
  moneyIn: {
    /** Standing gifts of the year. */
    gifts: number;
    /** What they are worth in US cents, as the project totals count them (covered fees and refunds left out). */
    usdCents: number;
    /** Gifts that have no worth in USD yet (given in CHF or EUR and not settled in USD). */
    unconverted: number;
    /** In the currency given: how many, and the amount less covered fees and refunds (minor units). */
    byCurrency: { currency: string; gifts: number; cents: number }[];
    byMethod: { method: ImpactMethod; gifts: number; usdCents: number }[];
    /** Monthly payments and one-off gifts (bank transfers among these). */
    byFrequency: { frequency: 'monthly' | 'oneOff'; gifts: number; usdCents: number }[];
    /** Per calendar month (1 to 12), in US cents. */
    byMonth: { month: number; gifts: number; usdCents: number }[];
  };
  moneyOut: {
    /** The spending records' sum, in US cents (they are kept in USD). */
    cents: number;
    /** Per project, most first; `slug` null when the project is no longer public. */
    projects: { id: number; slug: string | null; title: string; cents: number; categories: { category: string; cents: number }[] }[];
  };
  figures: {
    gifts: number;
    /** People who gave (by e-mail address; a gift without one counts alone). */
    givers: number;
    /** Monthly gifts running at the year's end (or now). */
    monthlyDonors: number;
    /** Projects that received a gift or spent money in the year. */
    projects: number;
    articles: number;
  };
  /** The year's public articles, newest first, in the page's language. */
  articles: { slug: string; title: string; abstract: string; publishedAt: string }[];
  /** Every year a report exists for, newest first. */
  years: number[];
}

/** The years a report exists for: from the first year with a gift, a spending record or an article to this one. */
export async function impactYears(db: Knex, today: string = swissToday()): Promise<number[]> {
  const thisYear = Number(today.slice(0, 4));
  const [gift, spent, article] = await Promise.all([
    standing(db('donations')).min({ at: 'appliedAt' }).first() as Promise<{ at: unknown } | undefined>,
    db('project_spending').min({ at: 'spentOn' }).first() as Promise<{ at: unknown } | undefined>,
    whereLive(db('news_articles')).min({ at: 'publishedAt' }).first() as Promise<{ at: unknown } | undefined>,
  ]);
  // An instant's Swiss year; a date column's own year (PostgreSQL's driver reads it as local midnight, SQLite as text).
  const yearOfInstant = (v: unknown) => (v === null || v === undefined || v === '' ? null : swissYear(toIso(v)));
  const yearOfDate = (v: unknown) => (v instanceof Date ? v.getFullYear() : /^\d{4}-\d{2}-\d{2}/.test(String(v ?? '')) ? Number(String(v).slice(0, 4)) : null);
  const firsts = [yearOfInstant(gift?.at), yearOfDate(spent?.at), yearOfInstant(article?.at)].filter((y): y is number => y !== null && Number.isInteger(y) && y >= FIRST_REPORT_YEAR && y <= thisYear);
  const first = firsts.length ? Math.min(...firsts) : thisYear;
  const years: number[] = [];
  for (let y = thisYear; y >= first; y--) years.push(y);
  return years;
}

/** A year in an address ("2026"): the number when a report exists for it, else null (a 404). */
export function reportYearOf(text: string, years: number[]): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return years.includes(year) ? year : null;
}


/** A year's report; `years` (impactYears) when the caller read them already to check the year. */
export async function impactReport(db: Knex, year: number, lang: Lang, options: { now?: Date; years?: number[] } = {}): Promise<ImpactReport> {
  const now = options.now ?? new Date();
  const today = swissToday(now);
  const start = zurichDayStart(`${year}-01-01`);
  const end = zurichDayStart(`${year + 1}-01-01`);
  const current = Number(today.slice(0, 4)) === year;

  const gifts = await standingGifts(db, start, end);
  const byCurrency = new Map<string, { gifts: number; cents: number }>();
  const byMethod = new Map<ImpactMethod, { gifts: number; usdCents: number }>(IMPACT_METHODS.map((m): [ImpactMethod, { gifts: number; usdCents: number }] => [m, { gifts: 0, usdCents: 0 }]));
  const byFrequency = { monthly: { gifts: 0, usdCents: 0 }, oneOff: { gifts: 0, usdCents: 0 } };
  const byMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, gifts: 0, usdCents: 0 }));
  const givers = new Set<string>();
  const projects = new Set<number>();
  let anonymous = 0;
  let usdCents = 0;
  let unconverted = 0;
  for (const g of gifts) {
    const usd = usdCentsOf(g);
    usdCents += usd;
    const amount = Number(g.amountCents);
    if (usd === 0 && !(g.settledCurrency === 'usd' || g.currency === 'usd')) unconverted += 1;
    const currency = String(g.currency);
    const c = byCurrency.get(currency) ?? { gifts: 0, cents: 0 };
    c.gifts += 1;
    c.cents += Math.max(0, amount - Number(g.coveredFeeCents ?? 0) - Number(g.refundedCents ?? 0));
    byCurrency.set(currency, c);
    const m = byMethod.get(giftMethodOf(g.kind, g.paymentMethod, g.offlineMethod))!;
    m.gifts += 1;
    m.usdCents += usd;
    const f = g.kind === 'monthly' ? byFrequency.monthly : byFrequency.oneOff;
    f.gifts += 1;
    f.usdCents += usd;
    const month = byMonth[Number(swissDate(toIso(g.appliedAt)).slice(5, 7)) - 1];
    if (month) {
      month.gifts += 1;
      month.usdCents += usd;
    }
    const email = typeof g.donorEmail === 'string' ? g.donorEmail.trim().toLowerCase() : '';
    if (email) givers.add(email);
    else anonymous += 1;
    if (g.projectId !== null && g.projectId !== undefined) projects.add(Number(g.projectId));
  }

  // Money out: the spending records of the year, per project and category.
  const spent = (await db('project_spending')
    .whereBetween('spentOn', [`${year}-01-01`, `${year}-12-31`])
    .groupBy('projectId', 'category')
    .select('projectId', 'category')
    .sum({ cents: 'amountCents' })) as { projectId: number; category: string; cents: unknown }[];
  const outByProject = new Map<number, Map<string, number>>();
  for (const r of spent) {
    const id = Number(r.projectId);
    projects.add(id);
    const cats = outByProject.get(id) ?? new Map<string, number>();
    cats.set(r.category, (cats.get(r.category) ?? 0) + Number(r.cents ?? 0));
    outByProject.set(id, cats);
  }
  const projectRows = outByProject.size
    ? ((await db('projects').whereIn('id', [...outByProject.keys()]).select('id', 'slug', 'title', 'titleDe')) as { id: number; slug: string; title: string; titleDe: string | null }[])
    : [];
  const liveIds = new Set(
    outByProject.size ? ((await whereLive(db('projects')).whereIn('id', [...outByProject.keys()]).select('id')) as { id: number }[]).map((r) => Number(r.id)) : [],
  );
  const projectById = new Map(projectRows.map((p) => [Number(p.id), p]));
  const out = [...outByProject.entries()]
    .map(([id, cats]) => {
      const p = projectById.get(id);
      const categories = [...cats.entries()].map(([category, cents]) => ({ category, cents })).sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
      return {
        id,
        slug: p && liveIds.has(id) ? p.slug : null,
        title: p ? localized(lang, p.title, p.titleDe) : `#${id}`,
        cents: categories.reduce((s, c) => s + c.cents, 0),
        categories,
      };
    })
    .sort((a, b) => b.cents - a.cents || a.title.localeCompare(b.title));

  const articles = (await listPublicNews(db))
    .filter((a) => swissYear(a.publishedAt) === year)
    .map((a) => ({ slug: a.slug, title: localized(lang, a.title, a.titleDe), abstract: localized(lang, a.abstract ?? '', a.abstractDe), publishedAt: a.publishedAt }));

  const [monthlyDonors] = await monthlyDonorsAt(db, [Math.min(end.getTime(), now.getTime())]);
  const [intro, years] = await Promise.all([impactIntro(db, year), options.years ?? impactYears(db, today)]);
  const mine = lang === 'de' ? intro.introDe : intro.intro;
  const other = lang === 'de' ? intro.intro : intro.introDe;

  return {
    year,
    current,
    asOf: current ? now.toISOString() : new Date(end.getTime() - 1000).toISOString(),
    intro: mine ? { text: mine, lang } : other ? { text: other, lang: lang === 'de' ? 'en' : 'de' } : null,
    moneyIn: {
      gifts: gifts.length,
      usdCents,
      unconverted,
      byCurrency: [...byCurrency.entries()].map(([currency, e]) => ({ currency, ...e })).sort((a, b) => b.gifts - a.gifts || a.currency.localeCompare(b.currency)),
      byMethod: [...byMethod.entries()].filter(([m, e]) => e.gifts > 0 || !RARE_GIFT_METHODS.includes(m)).map(([method, e]) => ({ method, ...e })),
      byFrequency: [
        { frequency: 'monthly', ...byFrequency.monthly },
        { frequency: 'oneOff', ...byFrequency.oneOff },
      ],
      byMonth,
    },
    moneyOut: { cents: out.reduce((s, p) => s + p.cents, 0), projects: out },
    figures: { gifts: gifts.length, givers: givers.size + anonymous, monthlyDonors: monthlyDonors ?? 0, projects: projects.size, articles: articles.length },
    articles,
    years,
  };
}

// ---- The introduction, written by the admins in both languages.

export interface ImpactIntro {
  year: number;
  intro: string;
  introDe: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

// Line breaks as the textarea's value counts them (a form post sends CRLF), and the limit on the
// text that is kept: a limit the counter beside the field showed is the one the server applies.
// 'too_long' is the field code the admin words in its language ("at most 4000 characters").
const introText = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(IMPACT_INTRO_MAX, 'too_long'));

/** PUT /api/admin/impact/:year's body: both introductions (an empty one is none). */
export const ImpactIntroSchema = z.strictObject({ intro: introText, introDe: introText });
export type ImpactIntroInput = z.output<typeof ImpactIntroSchema>;

export async function impactIntro(db: Knex, year: number): Promise<ImpactIntro> {
  const row = (await db('impact_reports').where({ year }).first()) as { intro: string; introDe: string; updatedBy: string | null; updatedAt: unknown } | undefined;
  return { year, intro: row?.intro ?? '', introDe: row?.introDe ?? '', updatedBy: row?.updatedBy ?? null, updatedAt: row ? toIso(row.updatedAt) : null };
}

export async function saveImpactIntro(db: Knex, year: number, input: ImpactIntroInput, actor: string): Promise<ImpactIntro> {
  const row = { intro: input.intro, introDe: input.introDe, updatedBy: actor.slice(0, 200), updatedAt: new Date().toISOString() };
  await db('impact_reports').insert({ year, ...row }).onConflict('year').merge(row);
  return impactIntro(db, year);
}
