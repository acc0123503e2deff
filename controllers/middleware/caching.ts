import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { contentVersionReader, readContentVersion } from '../../models/site/shared-state';

/** A page as a renderer produced it. */
/** What a kept answer is: a page, the public API's JSON, or a news feed (controllers/feeds.ts). */
export type PageType = 'html' | 'json' | 'atom' | 'jsonfeed';

export interface RenderedPage {
  status: number;
  type: PageType;
  body: string;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli quality on a cache miss, and for a page kept and asked for again. Measured on the home
 * page (87 KB, CPU time): quality 3 gives 19.3 KB in 0.8 ms, 4 gives 18.5 KB in 1.5 ms, 6 gives
 * 17.7 KB in 2.1 ms (11: 15.7 KB in 100 ms and some 20 MB of memory for the moment). A miss
 * answers at 3 (its visitor waits for it, and a page asked for once, e.g. with a query string of
 * its own, never costs more); the second request of a kept page has it compressed at 6 right
 * after its answer, once per content version.
 */
const BROTLI_MISS = 3;
const BROTLI_KEPT = 6;
/** gzip 6 gives 21.15 KB in 1.5 ms, 9 gives 21.12 KB in 1.9 ms: made once, for gzip-only clients. */
const GZIP_LEVEL = 6;

/**
 * Compression runs on the event loop, not on the thread pool: it is a millisecond or two once per
 * page and version, and on the pool every page left several MB of encoder memory in each worker
 * thread's own malloc arena (the resident size grew by tens of MB under cache misses). The window
 * is sized to the page (a page is well under 1 MB; the default 4 MB window costs memory for nothing).
 */
function brotliOf(raw: Buffer, quality: number): Buffer {
  const lgwin = Math.max(16, Math.min(22, Math.ceil(Math.log2(raw.length + 1))));
  return zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin },
  });
}

/**
 * A page kept for many visitors: its bytes per encoding, each made when first asked for and then
 * sent as they are. Only compressed forms are kept: the plain text (5 times the size) is
 * decompressed again for the rare client that wants none.
 * Its ETag names the content (a hash of the plain bytes) plus the encoding; it is weak because
 * the brotli bytes get better once the page proves popular.
 */
export class PackedPage {
  readonly status: number;
  readonly type: PageType;
  readonly etag: string;
  /** The plain bytes, until a compressed form exists. */
  private raw: Buffer | null;
  private br: Buffer | null = null;
  private brQuality = 0;
  private gz: Buffer | null = null;
  private improving = false;
  /** Told the change in bytes held, so the cache can keep its total. */
  onResize: (delta: number) => void = () => undefined;

  constructor(page: RenderedPage) {
    this.status = page.status;
    this.type = page.type;
    this.raw = Buffer.from(page.body, 'utf8');
    this.etag = crypto.createHash('sha1').update(this.raw).digest('base64url');
  }

  /** Bytes held in memory. */
  get size(): number {
    return (this.raw?.length ?? 0) + (this.br?.length ?? 0) + (this.gz?.length ?? 0);
  }

  etagFor(encoding: Encoding): string {
    return encoding === 'identity' ? `W/"${this.etag}"` : `W/"${this.etag}-${encoding}"`;
  }

  /** The bytes in `encoding`, made now if this is the first request that wants them. */
  bytes(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.plain();
    if (encoding === 'gzip') return this.gz ?? this.keep(() => (this.gz = zlib.gzipSync(this.plain(), { level: GZIP_LEVEL })));
    if (!this.br) return this.keep(() => this.compress(BROTLI_MISS));
    if (this.brQuality < BROTLI_KEPT && !this.improving) {
      // Asked for again: worth the better quality, made after this answer has gone out.
      this.improving = true;
      setImmediate(() => this.keep(() => this.compress(BROTLI_KEPT)));
    }
    return this.br;
  }

  private compress(quality: number): Buffer {
    this.br = brotliOf(this.plain(), quality);
    this.brQuality = quality;
    return this.br;
  }

  /** Makes a form, then lets the plain bytes go and tells the cache what it holds now. */
  private keep(make: () => Buffer): Buffer {
    const before = this.size;
    const made = make();
    this.raw = null;
    this.onResize(this.size - before);
    return made;
  }

  private plain(): Buffer {
    if (this.raw) return this.raw;
    return this.br ? zlib.brotliDecompressSync(this.br) : zlib.gunzipSync(this.gz!);
  }
}

/** The encoding to answer with: brotli or gzip when the client takes them, else none. */
export function encodingFor(req: Request): Encoding {
  const accepted = req.headers['accept-encoding'];
  if (!accepted) return 'identity';
  // A browser's plain list ("gzip, deflate, br, zstd") needs no full negotiation; q-values do.
  if (!accepted.includes(';')) {
    if (/\bbr\b/.test(accepted)) return 'br';
    if (/\bgzip\b/.test(accepted)) return 'gzip';
    return 'identity';
  }
  const best = req.acceptsEncodings(['br', 'gzip', 'identity']);
  return best === 'br' || best === 'gzip' ? best : 'identity';
}

export interface PageCacheOptions {
  maxEntries?: number;
  /** Bytes of compressed pages kept (what a page holds is what `PackedPage.size` says). */
  maxBytes?: number;
}

/**
 * Rendered public pages, kept in memory per content version. Database triggers raise the one
 * `content_version` counter on every write to a table a public page shows, whoever makes it (this
 * instance, another one, a webhook, a script), so every request reads the counter first (one
 * primary-key lookup) and an instance never serves a page older than the last write.
 * A page is stored under the version read before its data was loaded: a render that raced a write
 * is filed under the old version and never served after it.
 * The least recently used pages go first when the cache holds more than `maxEntries` pages or
 * `maxBytes` bytes (addresses with query strings of their own must not crowd out the site).
 */
export function createPageCache(db: Knex, options: PageCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const entries = new Map<string, PackedPage>();
  let bytes = 0;
  let cachedVersion: string | null = null;
  let inflight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  /** Renders under way, by version and key: concurrent misses of one page wait for one render. */
  const rendering = new Map<string, Promise<PackedPage | null>>();
  const direct = contentVersionReader(db);
  /** Data read by page loaders, per content version (the same rules as for pages). */
  let data = new Map<string, Promise<unknown>>();

  function moveTo(version: string): string {
    if (version !== cachedVersion) {
      clear();
      cachedVersion = version;
    }
    return version;
  }

  async function readVersion(): Promise<string> {
    return moveTo(await readContentVersion(db));
  }

  function version(): Promise<string> {
    const now = direct?.read();
    if (now != null) return Promise.resolve(moveTo(now));
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

  function clear(): void {
    for (const page of entries.values()) page.onResize = () => undefined;
    entries.clear();
    bytes = 0;
    data = new Map();
  }

  function evict(): void {
    for (const [key, page] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return;
      entries.delete(key);
      page.onResize = () => undefined;
      bytes -= page.size;
    }
  }

  function set(key: string, page: RenderedPage | PackedPage, version: string): PackedPage {
    const packed = page instanceof PackedPage ? page : new PackedPage(page);
    if (version !== cachedVersion) return packed;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      old.onResize = () => undefined;
      bytes -= old.size;
    }
    entries.set(key, packed);
    bytes += packed.size;
    packed.onResize = (delta) => {
      bytes += delta;
      if (bytes > maxBytes) evict();
    };
    evict();
    return packed;
  }

  function get(key: string): PackedPage | undefined {
    const hit = entries.get(key);
    if (hit) {
      // Most recently used last: eviction takes the first.
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  }

  /**
   * The page for `key` at `version`: cached, or rendered by a request that asked a moment earlier
   * (after every content change a busy site's visitors would otherwise all render the same pages
   * at once), or rendered now by `produce`, and kept when it says so.
   */
  async function obtain(key: string, version: string, produce: () => Promise<{ page: RenderedPage; keep: boolean }>): Promise<PackedPage | RenderedPage> {
    const hit = get(key);
    if (hit) return hit;
    const slot = `${version} ${key}`;
    const shared = rendering.get(slot);
    if (shared) {
      const page = await shared.catch(() => null);
      if (page) return page;
    }
    const run = produce().then(({ page, keep }) => (keep ? set(key, page, version) : page));
    if (!shared) {
      const keepable = run.then((page) => (page instanceof PackedPage ? page : null));
      rendering.set(slot, keepable);
      keepable.then(
        () => rendering.delete(slot),
        () => rendering.delete(slot),
      );
    }
    return run;
  }

  /**
   * Data for pages, read once per content version: `load` runs for the first request that needs
   * `key` after the version was read, later ones share its answer (concurrent misses too). Safe
   * for the same reason as the pages: data read after version v was read is at least as new as v.
   */
  function shared<T>(key: string, version: string, load: () => Promise<T>): Promise<T> {
    if (version !== cachedVersion) return load();
    let promise = data.get(key) as Promise<T> | undefined;
    if (!promise) {
      const mine = data;
      promise = load();
      mine.set(key, promise);
      // A failed read is not kept: the next request tries again.
      promise.catch(() => mine.get(key) === promise && mine.delete(key));
    }
    return promise;
  }

  return {
    obtain,
    shared,
    key(req: Request, json: boolean): string {
      return `${json ? 'json' : 'html'} ${req.originalUrl}`;
    },
    /**
     * The current content version; a change empties the cache. Requests that arrive while a read
     * is under way share the next read (one started after all of them arrived, so none of them
     * can miss a write made before it came): under load one query serves many requests.
     */
    version,
    get,
    /** Stores a page rendered from data read at `version` (ignored when the content moved on). */
    set,
    clear,
    get size(): number {
      return entries.size;
    },
    /** Bytes of the pages kept. */
    get bytes(): number {
      return bytes;
    },
    close(): void {
      direct?.close();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The public read API (GET /api/projects, /api/news, /api/team...) through the same cache: the
 * same content version rules, one serialisation and compression per version instead of one per
 * request. Only 200 answers are kept; everything else goes out as the handler wrote it.
 */
export function cachedPublicApi(cache: PageCache, write: (res: Response, page: PackedPage | RenderedPage) => void): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = `api ${req.originalUrl}`;
    const version = await cache.version();
    const hit = cache.get(key);
    if (hit) return write(res, hit);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return json(body);
      write(res, cache.set(key, { status: 200, type: 'json', body: JSON.stringify(body) }, version));
      return res;
    };
    next();
  };
}
