// Cached public pages: compressed once per encoding, ETags and 304s, the lane that answers them
// before the API and admin routers, and the limits that keep the cache's memory bounded.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { startServer, testApp, type RunningServer } from '../helpers';
import { createPageCache, PackedPage } from '../../controllers/middleware/caching';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with the bytes as they came over the wire (fetch would decompress them). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { accept: 'text/html', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const text = (r: Raw) =>
  (r.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.body) : r.body).toString('utf8');

describe('cached pages over HTTP', () => {
  let srv: RunningServer;
  before(async () => {
    srv = await startServer();
  });
  after(() => srv.close());

  test('a page has an ETag per encoding; If-None-Match with it gives 304 without a body', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await get(`${srv.url}/de/news`, { 'accept-encoding': encoding });
      assert.equal(first.status, 200);
      assert.equal(first.headers['content-encoding'], encoding === 'identity' ? undefined : encoding);
      assert.match(text(first), /<html lang="de">/);
      const etag = first.headers.etag!;
      assert.match(etag, encoding === 'identity' ? /^W\/"[\w-]+"$/ : new RegExp(`^W/"[\\w-]+-${encoding}"$`));
      const again = await get(`${srv.url}/de/news`, { 'accept-encoding': encoding, 'if-none-match': etag });
      assert.equal(again.status, 304, encoding);
      assert.equal(again.body.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], 'no-cache');
      assert.match(again.headers.vary ?? '', /Accept-Encoding/);
      // Another encoding's ETag is another representation.
      const other = await get(`${srv.url}/de/news`, { 'accept-encoding': encoding === 'br' ? 'gzip' : 'br', 'if-none-match': etag });
      assert.equal(other.status, 200);
    }
  });

  test('after a content change the old ETag gets the new page', async () => {
    const first = await get(`${srv.url}/team`, { 'accept-encoding': 'br' });
    assert.equal(first.status, 200);
    await srv.handle.deps.db('team_members').update({ position: 'Keeper of the ETags' }).where({ id: 1 });
    const after = await get(`${srv.url}/team`, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.etag, first.headers.etag);
    assert.match(text(after), /Keeper of the ETags/);
  });

  test('a cache miss is rendered for its own address and sent compressed, with an ETag of its own', async () => {
    const a = await get(`${srv.url}/?from=newsletter-a`, { 'accept-encoding': 'br, gzip' });
    const b = await get(`${srv.url}/?from=newsletter-b`, { 'accept-encoding': 'br, gzip' });
    for (const r of [a, b]) {
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], 'br');
      assert.equal(Number(r.headers['content-length']), r.body.length);
    }
    assert.ok(text(a).includes('"url":"/?from=newsletter-a"'));
    assert.ok(text(b).includes('"url":"/?from=newsletter-b"'));
    assert.notEqual(a.headers.etag, b.headers.etag);
  });

  test('a page from the cache carries the same security headers as a rendered one; HEAD has no body', async () => {
    const rendered = await get(`${srv.url}/about?first=1`, { 'accept-encoding': 'br' });
    const cached = await get(`${srv.url}/about?first=1`, { 'accept-encoding': 'br' });
    assert.equal(cached.headers.etag, rendered.headers.etag);
    for (const h of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-frame-options', 'content-type', 'vary', 'cache-control']) {
      assert.ok(cached.headers[h], `${h} missing`);
      assert.deepEqual(cached.headers[h], rendered.headers[h], h);
    }
    assert.match(String(cached.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const head = await get(`${srv.url}/about?first=1`, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers.etag, rendered.headers.etag);
  });

  test('the front door still sends a visitor who chose German to /de when the English home is cached', async () => {
    assert.equal((await get(`${srv.url}/`)).status, 200);
    assert.equal((await get(`${srv.url}/`)).status, 200);
    const chosen = await get(`${srv.url}/`, { cookie: 'lang=de' });
    assert.equal(chosen.status, 302);
    assert.equal(chosen.headers.location, '/de');
  });

  test('a request with a body takes the long way past the cache: its body is checked like any other', async () => {
    await get(`${srv.url}/vision`);
    assert.equal((await get(`${srv.url}/vision`)).status, 200);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${srv.url}/vision`, { method: 'GET', headers: { accept: 'text/html', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ note: 'nul \u0000 inside' }));
    });
    assert.equal(status, 400);
  });

  test('client-side navigation (JSON) and the document are kept apart', async () => {
    await get(`${srv.url}/projects`);
    const json = await get(`${srv.url}/projects`, { accept: 'application/json', 'accept-encoding': 'gzip' });
    assert.match(json.headers['content-type'] ?? '', /json/);
    assert.equal(JSON.parse(text(json)).routeId, 'projects');
    const html = await get(`${srv.url}/projects`, { 'accept-encoding': 'gzip' });
    assert.match(html.headers['content-type'] ?? '', /html/);
    assert.notEqual(html.headers.etag, json.headers.etag);
  });
});

describe('the page cache in memory', () => {
  const page = (body: string) => ({ status: 200, type: 'html' as const, body });

  test('only compressed forms stay in memory; the plain text is decompressed again when asked for', async () => {
    const h = await testApp();
    try {
      const cache = createPageCache(h.deps.db);
      const version = await cache.version();
      const body = '<p>Mwenezi</p>'.repeat(5000);
      const kept = cache.set('html /x', page(body), version);
      assert.equal(cache.bytes, Buffer.byteLength(body));
      const br = await kept.bytes('br');
      assert.equal(zlib.brotliDecompressSync(br).toString(), body);
      assert.equal(cache.bytes, br.length, 'the plain bytes are dropped once compressed');
      assert.equal((await kept.bytes('identity')).toString(), body);
      const gz = await kept.bytes('gzip');
      assert.equal(zlib.gunzipSync(gz).toString(), body);
      assert.equal(cache.bytes, br.length + gz.length);
    } finally {
      await h.close();
    }
  });

  test('the least recently used pages go first when the cache is full, by bytes and by count', async () => {
    const h = await testApp();
    try {
      const cache = createPageCache(h.deps.db, { maxBytes: 25_000, maxEntries: 3 });
      const version = await cache.version();
      const big = (n: number) => page(String(n).repeat(10_000));
      cache.set('a', big(1), version);
      cache.set('b', big(2), version);
      assert.ok(cache.get('a'), 'a is used again, so b is now the oldest');
      cache.set('c', big(3), version);
      assert.equal(cache.get('b'), undefined);
      assert.ok(cache.get('a') && cache.get('c'));
      assert.ok(cache.bytes <= 25_000);
      for (const k of ['d', 'e', 'f']) cache.set(k, page(k), version);
      assert.equal(cache.size, 3);
    } finally {
      await h.close();
    }
  });

  test('a page compressed after the content moved on does not count against the new version', async () => {
    const h = await testApp();
    try {
      const cache = createPageCache(h.deps.db);
      const before = await cache.version();
      const kept = cache.set('html /y', page('<p>old</p>'.repeat(1000)), before);
      await h.deps.db('projects').where({ id: 1 }).update({ title: 'Moved on' });
      await cache.version();
      assert.equal(cache.size, 0);
      await kept.bytes('br');
      assert.equal(cache.bytes, 0);
      assert.ok(kept instanceof PackedPage);
    } finally {
      await h.close();
    }
  });
});
