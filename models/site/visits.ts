// Visit counts with no cookie and no stored address. The server counts the
// public HTML pages it serves: per page, language, day (Swiss), referring site, campaign (utm_*)
// and device class. A visitor is recognised within one day at most, by a hash of a salt of that
// day, the network address and the browser: the salt is random, shared by every instance (the
// visit_salts table) and deleted when its day is over, so yesterday's hashes lead to nobody; the
// address itself is never stored. A page a browser fetched ahead (prefetch, prerender) is counted
// only when it is shown (the page says so with a beacon, POST /api/visits).
//
// Counting is cheap on the way out: each instance keeps the page views of the last moments in a
// small buffer and writes them in one insert every VISIT_FLUSH_MS (a crash loses at most that
// much); a job rolls them into daily rows every minute (visit_daily: views per page, language,
// referrer, campaign, device; visit_days: views and distinct visitors per day), and deletes the
// raw rows and the salts of days that are over.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isbot } from 'isbot';
import { swissToday } from '../shared/dates';
import type { JobQueue } from '../providers/jobs';

export const VISITS_ROLLUP_TASK = 'visits-rollup';

/** A subscription asked for, with the page it came from and its outcome; nothing about the person. */
export async function recordSignup(db: Knex, signup: { source: string | null; lang: 'en' | 'de'; status: string }): Promise<void> {
  await db('newsletter_signups').insert({ source: signup.source, lang: signup.lang, status: signup.status.slice(0, 30), createdAt: new Date().toISOString() });
}
const VISITS_ROLLUP_KEY = 'visits-rollup';
export const VISITS_ROLLUP_EVERY_MS = 60_000;
/** How long a buffered page view waits for its insert. */
export const VISIT_FLUSH_MS = 2_000;
const MAX_BUFFER = 5_000;

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** One page view, as stored for the day's rollup: nothing that names a person. */
export interface PageView {
  day: string;
  path: string;
  lang: 'en' | 'de';
  referrer: string;
  campaign: string;
  device: DeviceClass;
  visitor: string;
}

/** What a request tells about a view (the caller decides whether it counts). */
export interface ViewRequest {
  path: string;
  /** The query string without '?', for utm_* (may be empty). */
  query: string;
  ip: string;
  userAgent: string;
  referer: string | null;
  /** The site's own host: a referrer from it is no referrer. */
  ownHost: string;
}

/** A crawler, a link preview, a monitor, or no browser at all: not a visitor. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

/** The device class from the browser's own words (no fingerprinting beyond that). */
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Nexus (7|9|10)|SM-T\d|Kindle|Silk|PlayBook/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The referring site's domain, without "www."; '' for none, for this site, or for a bad value. */
export function referrerDomain(referer: string | null, ownHost: string): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (host === ownHost.toLowerCase().replace(/^www\./, '').replace(/:\d+$/, '')) return '';
    return host.slice(0, 120);
  } catch {
    return '';
  }
}

/** The campaign a link named: utm_campaign, else utm_source (lower case, 80 characters); '' for none. */
export function campaignOf(query: string): string {
  if (!query) return '';
  const params = new URLSearchParams(query);
  const value = params.get('utm_campaign') || params.get('utm_source') || '';
  return value.trim().toLowerCase().replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 80);
}

/** The page a view is of: its path without the language prefix's trailing slash; the language from it. */
export function pageOf(path: string): { path: string; lang: 'en' | 'de' } {
  const clean = (path.split('?')[0] || '/').slice(0, 300);
  const lang = clean === '/de' || clean.startsWith('/de/') ? 'de' : 'en';
  return { path: clean.length > 1 ? clean.replace(/\/+$/, '') : clean, lang };
}

/** The day's salt, made by the first instance that needs it (the others read it). */
async function saltOf(db: Knex, day: string, cache: Map<string, string>): Promise<string> {
  const known = cache.get(day);
  if (known) return known;
  await db('visit_salts').insert({ day, salt: crypto.randomBytes(32).toString('hex'), createdAt: new Date().toISOString() }).onConflict('day').ignore();
  const row = (await db('visit_salts').where({ day }).first('salt')) as { salt: string };
  cache.clear();
  cache.set(day, row.salt);
  return row.salt;
}

/** The visitor of a day: a keyed hash of address and browser, 16 hex characters. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return crypto.createHmac('sha256', salt).update(`${ip}\n${userAgent}`).digest('hex').slice(0, 16);
}

/**
 * The counter of one instance: `count` takes a view (already judged to count), `flush` writes
 * what waits. Writing never holds up a page; a failed write is logged and dropped.
 */
export function createVisitCounter(db: Knex, log: { warn: (obj: object, msg: string) => void }) {
  const salts = new Map<string, string>();
  let buffer: (ViewRequest & { at: Date })[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: (ViewRequest & { at: Date })[]): Promise<void> {
    const rows: (PageView & { at: string })[] = [];
    for (const v of batch) {
      const day = swissToday(v.at);
      const salt = await saltOf(db, day, salts);
      const { path, lang } = pageOf(v.path);
      rows.push({
        day,
        path,
        lang,
        referrer: referrerDomain(v.referer, v.ownHost),
        campaign: campaignOf(v.query),
        device: deviceOf(v.userAgent),
        visitor: visitorHash(salt, v.ip, v.userAgent),
        at: v.at.toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 200) await db('visit_events').insert(rows.slice(i, i + 200));
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return writing;
    writing = writing.then(() => write(batch)).catch((err: unknown) => log.warn({ err: (err as Error).message, views: batch.length }, 'page views not counted'));
    return writing;
  }

  return {
    count(view: ViewRequest): void {
      if (buffer.length >= MAX_BUFFER) return;
      buffer.push({ ...view, at: new Date() });
      timer ??= setTimeout(() => void flush(), VISIT_FLUSH_MS);
      timer.unref?.();
    },
    flush,
  };
}
export type VisitCounter = ReturnType<typeof createVisitCounter>;

// ---- The rollup

/** Rolls the raw views of each day that has some into its daily rows; deletes the raw rows and salts of days that are over. */
export async function rollUpVisits(db: Knex, today: string = swissToday()): Promise<{ days: string[] }> {
  const days = ((await db('visit_events').distinct('day').orderBy('day')) as { day: string }[]).map((r) => r.day);
  for (const day of days) {
    await db.transaction(async (trx) => {
      // A write first (SQLite takes its write lock at once; see models/giving/bank-import.ts).
      await trx('visit_daily').where({ day }).delete();
      const groups = (await trx('visit_events')
        .where({ day })
        .groupBy('path', 'lang', 'referrer', 'campaign', 'device')
        .select('path', 'lang', 'referrer', 'campaign', 'device', trx.raw('count(*) as views'))) as { path: string; lang: string; referrer: string; campaign: string; device: string; views: number | string }[];
      for (let i = 0; i < groups.length; i += 200) {
        await trx('visit_daily').insert(groups.slice(i, i + 200).map((g) => ({ day, path: g.path, lang: g.lang, referrer: g.referrer, campaign: g.campaign, device: g.device, views: Number(g.views) })));
      }
      const total = (await trx('visit_events').where({ day }).select(trx.raw('count(*) as views'), trx.raw('count(distinct visitor) as visitors')).first()) as { views: number | string; visitors: number | string };
      await trx('visit_days').where({ day }).delete();
      await trx('visit_days').insert({ day, views: Number(total.views), visitors: Number(total.visitors) });
      if (day < today) {
        await trx('visit_events').where({ day }).delete();
      }
    });
  }
  // A day that is over keeps no salt: its hashes cannot be made again.
  await db('visit_salts').where('day', '<', today).delete();
  return { days };
}

export function queueVisitsRollup(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(VISITS_ROLLUP_TASK, {}, { key: VISITS_ROLLUP_KEY, runAt, maxAttempts: 3 });
}
