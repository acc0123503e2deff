import type { Knex } from 'knex';
import type { Request, RequestHandler } from 'express';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface RenderedPage {
  status: number;
  type: 'html' | 'json';
  body: string;
  /** Compressed once when cached (in the background, off the event loop). */
  packed?: { br: Buffer; gzip: Buffer; etag: string };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 6 and gzip at 9, once per page and version, on the thread pool. Measured on
 * the home page (87 KB): brotli 6 gives 17.65 KB in 2 ms, 9 gives 17.58 KB in 14 ms and some 20 MB
 * of memory for the moment (11: 15.7 KB, 100 ms); gzip 9 gives 21.1 KB. The window is sized to
 * the page (a page is well under 1 MB; the default 4 MB window costs memory for nothing).
 */
async function pack(page: RenderedPage): Promise<void> {
  const raw = Buffer.from(page.body, 'utf8');
  const lgwin = Math.max(16, Math.min(22, Math.ceil(Math.log2(raw.length + 1))));
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin },
    }),
    gzip(raw, { level: 9 }),
  ]);
  page.packed = { br, gzip: gz, etag: `"${crypto.createHash('sha1').update(raw).digest('base64url')}"` };
}

/**
 * Rendered public pages, kept in memory per content version. Database triggers raise the one
 * `content_version` counter on every write to a table a public page shows, whoever makes it (this
 * instance, another one, a webhook, a script), so every request reads the counter first (one
 * primary-key lookup) and an instance never serves a page older than the last write.
 * A page is stored under the version read before its data was loaded: a render that raced a write
 * is filed under the old version and never served after it.
 */
export function createPageCache(db: Knex, maxEntries = 500) {
  const entries = new Map<string, RenderedPage>();
  let cachedVersion: string | null = null;
  let inflight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  /** Renders under way, by version and key: concurrent misses of one page wait for one render. */
  const rendering = new Map<string, Promise<RenderedPage | null>>();

  async function readVersion(): Promise<string> {
    const row = (await db('content_version').where({ id: 1 }).first('version')) as { version: number | string } | undefined;
    const version = String(row?.version ?? 0);
    if (version !== cachedVersion) {
      entries.clear();
      cachedVersion = version;
    }
    return version;
  }

  function version(): Promise<string> {
    if (!inflight) {
      inflight = readVersion().finally(() => {
        inflight = null;
      });
      return inflight;
    }
    queued ??= inflight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return version();
      });
    return queued;
  }

  function set(key: string, page: RenderedPage, version: string): void {
    if (version !== cachedVersion) return;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, page);
    void pack(page).catch(() => undefined);
  }

  /**
   * The page for `key` at `version`: cached, or rendered by a request that asked a moment earlier
   * (after every content change a busy site's visitors would otherwise all render the same pages
   * at once), or rendered now by `produce`, and kept when it says so.
   */
  async function obtain(key: string, version: string, produce: () => Promise<{ page: RenderedPage; keep: boolean }>): Promise<RenderedPage> {
    const hit = entries.get(key);
    if (hit) return hit;
    const slot = `${version} ${key}`;
    const shared = rendering.get(slot);
    if (shared) {
      const page = await shared.catch(() => null);
      if (page) return page;
    }
    const run = produce();
    if (!shared) {
      const keepable = run.then(({ page, keep }) => (keep ? page : null));
      rendering.set(slot, keepable);
      keepable.then(
        () => rendering.delete(slot),
        () => rendering.delete(slot),
      );
    }
    const { page, keep } = await run;
    if (keep) set(key, page, version);
    return page;
  }

  return {
    obtain,
    key(req: Request, json: boolean): string {
      return `${json ? 'json' : 'html'} ${req.originalUrl}`;
    },
    /**
     * The current content version; a change empties the cache. Requests that arrive while a read
     * is under way share the next read (one started after all of them arrived, so none of them
     * can miss a write made before it came): under load one query serves many requests.
     */
    version,
    get(key: string): RenderedPage | undefined {
      return entries.get(key);
    },
    /** Stores a page rendered from data read at `version` (ignored when the content moved on). */
    set,
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The public read API (GET /api/projects, /api/news, /api/team...) through the same cache: the
 * same content version rules, one serialisation and compression per version instead of one per
 * request. Only 200 answers are kept; everything else goes out as the handler wrote it.
 */
export function cachedPublicApi(cache: PageCache, write: (res: Parameters<RequestHandler>[1], page: RenderedPage) => void): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = `api ${req.originalUrl}`;
    const version = await cache.version();
    const hit = cache.get(key);
    if (hit) return write(res, hit);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      const page: RenderedPage = { status: 200, type: 'json', body: JSON.stringify(body) };
      cache.set(key, page, version);
      write(res, page);
      return res;
    };
    next();
  };
}
