// Rate limits shared by every instance: express-rate-limit with a store in the app's own database
// (the `rate_limits` table), so N instances allow the same number of guesses as one.
// The one PostgreSQL store on npm (@acpr/rate-limit-postgresql) locks a table on every hit, opens a
// pool of its own in a fixed schema and needs a database extension; this store is one upsert per
// hit, on SQLite and PostgreSQL alike, inside the app's pool and schema.
import type { Knex } from 'knex';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type IncrementResponse, type Options, type RateLimitRequestHandler, type Store } from 'express-rate-limit';

/** Rows of windows that ended this long ago are deleted by the next sweep. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

function rowsOf(result: unknown): Record<string, unknown>[] {
  // SQLite returns the rows (camelCased by db/connection.ts); PostgreSQL a result with `rows`.
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

const infoOf = (row: Record<string, unknown> | undefined): ClientRateLimitInfo | undefined =>
  row ? { totalHits: Number(row.hits), resetTime: new Date(Number(row.resetAtMs ?? row.reset_at_ms)) } : undefined;

export class KnexStore implements Store {
  /** Counts live in the database, not in this process. */
  localKeys = false;
  prefix: string;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(
    private db: Knex,
    prefix: string,
  ) {
    this.prefix = `${prefix}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private k(key: string): string {
    return (this.prefix + key).slice(0, 300);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = (await this.db('rate_limits').where({ key: this.k(key) }).first()) as Record<string, unknown> | undefined;
    if (!row || Number(row.resetAtMs) <= Date.now()) return undefined;
    return infoOf(row);
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    // One statement: a new window starts at 1, a running one counts up; both databases do it atomically.
    const result = await this.db.raw(
      `insert into rate_limits (key, hits, reset_at_ms) values (?, 1, ?)
       on conflict (key) do update set
         hits = case when rate_limits.reset_at_ms <= ? then 1 else rate_limits.hits + 1 end,
         reset_at_ms = case when rate_limits.reset_at_ms <= ? then excluded.reset_at_ms else rate_limits.reset_at_ms end
       returning hits, reset_at_ms`,
      [this.k(key), now + this.windowMs, now, now],
    );
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      void this.db('rate_limits').where('resetAtMs', '<', now - SWEEP_EVERY_MS).delete().catch(() => undefined);
    }
    return infoOf(rowsOf(result)[0]) ?? { totalHits: 1, resetTime: new Date(now + this.windowMs) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limits').where({ key: this.k(key) }).where('hits', '>', 0).decrement('hits', 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limits').where({ key: this.k(key) }).delete();
  }
}

/** The client a limit applies to: its address (IPv6 by /56 network, as express-rate-limit advises). */
export const clientKey = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** express-rate-limit with the shared store; `name` keeps each limiter's counts apart. */
export function sharedRateLimit(db: Knex, name: string, options: Partial<Options>): RateLimitRequestHandler {
  return rateLimit({
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    ...options,
    store: new KnexStore(db, name),
    // When the database cannot be reached the request goes on: a limiter must not take the site down.
    passOnStoreError: true,
  });
}
