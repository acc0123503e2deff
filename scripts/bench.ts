// Throughput of the server, in one run (npm run bench), on this machine's cores:
//  - cached pages (/ and /de/news) through the compiled app (dist/server.js, NODE_ENV=production,
//    request logs at info into a file, as deployed), in a child process;
//  - a bare node:http server in another child process sending exactly the same bytes with the
//    same headers (recorded from the app for a browser's `Accept-Encoding: br, gzip`);
//  - cache misses of the home page: every request has a query string never seen before, so the
//    page is rendered for it; the bench checks that every answer is a different document (its
//    own ETag: a cache that ignored the query string would make this a hit and fail the run).
// autocannon runs in this process; the app and the bare server never run at the same time (they
// take turns in slices, so a change in the machine's background load hits both alike), and every
// request goes to 127.0.0.1. Exits 1 when a goal is missed: cached/bare >= 0.5 for each page,
// misses >= 245 pages/s (five times the 49 measured before the render path was reworked, on the
// machine of that measurement; BENCH_MISS_GOAL for another machine).
//
//   npm run bench                                   10 s per target in 2 slices, 10 connections
//   BENCH_SECONDS=20 BENCH_SLICES=4 BENCH_CONNECTIONS=20 npm run bench
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ROOT, startInstance } from './instances';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 2));
const WARMUP = 2;
/** Five times the 49 home page renders per second measured before the render path was reworked. */
const MISS_GOAL = Number(process.env.BENCH_MISS_GOAL ?? 245);
const PAGES = ['/', '/de/news'];
/** What a browser sends for a page (Chromium's Accept-Encoding without zstd). */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
/** Set per connection or per response by Node itself, not part of what is compared. */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Recorded {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** One answer exactly as it went over the wire (fetch would decompress it). */
function record(url: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: BROWSER, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 10 s`)));
    req.on('error', reject);
  });
}

interface Bare {
  url: string;
  serve(p: string, page: Recorded): Promise<void>;
  stop(): void;
}

async function startBare(): Promise<Bare> {
  const child: ChildProcess = fork(path.join(ROOT, 'scripts', 'bare-server.ts'), [], {
    execPath: process.execPath,
    execArgv: ['--no-warnings'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    });
  const { port } = (await next()) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async serve(p, page) {
      const ack = next();
      child.send({ path: p, status: page.status, headers: page.headers, body: page.body.toString('base64') });
      await ack;
    },
    stop: () => child.kill(),
  };
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/** Requests, seconds and every response time of one target, over all its slices. */
class Tally {
  requests = 0;
  seconds = 0;
  times: number[] = [];
  constructor(readonly name: string) {}
  result(): Measured {
    const sorted = Float64Array.from(this.times).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { name: this.name, rps: this.requests / this.seconds, p50: at(0.5), p99: at(0.99), requests: this.requests };
  }
}

/** One slice of load on `url`, added to `tally`; anything but 2xx stops the bench. */
function slice(tally: Tally, url: string, seconds: number, requests?: autocannon.Request[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER, requests }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx || r.errors || r.timeouts) return reject(new Error(`${tally.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
      tally.requests += r.requests.total;
      tally.seconds += r.duration;
      resolve();
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => tally.times.push(responseTime));
  });
}

/**
 * The app and the bare server take turns, SLICES times each: the other helpers and programs on
 * this machine come and go, and a ratio of two runs a minute apart would measure them too.
 */
async function pair(appName: string, appUrl: string, bareName: string, bareUrl: string): Promise<[Measured, Measured]> {
  const app = new Tally(appName);
  const bare = new Tally(bareName);
  for (let i = 0; i < SLICES; i++) {
    await slice(app, appUrl, DURATION / SLICES);
    await slice(bare, bareUrl, DURATION / SLICES);
  }
  return [app.result(), bare.result()];
}

/** Cache misses of the home page, each answer checked to be a document of its own. */
async function measureMisses(url: string, seconds: number): Promise<Measured & { distinct: number; answers: number }> {
  let n = 0;
  let answers = 0;
  const seen = new Set<string>();
  const run = `${process.pid}-${Date.now()}`;
  const tally = new Tally('home page, cache miss');
  await slice(tally, url, seconds, [
    {
      setupRequest: (req) => ({ ...req, path: `/?bench=${run}-${n++}` }),
      // The ETag names the document (autocannon hands the body over as UTF-8 text, where two
      // brotli streams that differ in one byte can come out the same).
      onResponse: (_status, body, _context, headers) => {
        answers++;
        const etag = headers?.etag ?? headers?.ETag;
        seen.add(typeof etag === 'string' ? etag : crypto.createHash('sha1').update(body).digest('base64'));
      },
    },
  ]);
  return { ...tally.result(), distinct: seen.size, answers };
}

/** Load without measuring: renders, caches, compresses and compiles what is measured next. */
const warmUp = (url: string, requests?: autocannon.Request[]) => slice(new Tally('warm-up'), url, WARMUP, requests);

const ms = (x: number) => x.toFixed(1).padStart(6);
const row = (r: Measured) => `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms`;

ensureBuilt();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-bench-'));
const app = await startInstance(
  { DATABASE_URL: `sqlite:${path.join(tmp, 'bench.sqlite3')}`, UPLOAD_DIR: path.join(tmp, 'uploads'), LOG_LEVEL: 'info' },
  { logDir: tmp },
);
let bare: Bare | null = null;
try {
  bare = await startBare();
  const lines: string[] = [];
  const ratios: number[] = [];
  for (const p of PAGES) {
    // Warmed up (rendered, cached, compressed, JIT-compiled) before the bytes are recorded.
    await warmUp(app.url + p);
    const page = await record(app.url + p);
    if (page.status !== 200) throw new Error(`${p}: status ${page.status}`);
    await bare.serve(p, page);
    const copy = await record(bare.url + p);
    if (!copy.body.equals(page.body)) throw new Error(`${p}: the bare server does not send the app's bytes`);
    await warmUp(bare.url + p);
    const [cached, plain] = await pair(`${p} cached (app)`, app.url + p, `${p} same bytes (bare node:http)`, bare.url + p);
    const ratio = cached.rps / plain.rps;
    ratios.push(ratio);
    lines.push(
      `${p}: ${page.body.length} bytes ${page.headers['content-encoding'] ?? 'identity'}, ETag ${page.headers.etag ?? 'none'}`,
      row(cached),
      row(plain),
      `ratio cached/bare: ${ratio.toFixed(2)} (goal >= 0.5) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}`,
    );
  }
  await warmUp(app.url, [{ setupRequest: (req) => ({ ...req, path: `/?bench=warm-up-${Math.random()}` }) }]);
  const misses = await measureMisses(app.url, DURATION);
  if (misses.distinct !== misses.answers) throw new Error(`cache misses: ${misses.answers} answers but only ${misses.distinct} different documents: not every request rendered`);
  lines.push(row(misses), `cache misses: ${misses.rps.toFixed(0)} pages/s, every one of ${misses.answers} answers a different document (goal >= ${MISS_GOAL}) ${misses.rps >= MISS_GOAL ? 'OK' : 'BELOW GOAL'}`);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per target (cached pages: app and bare server take turns, ${SLICES} slices each), Accept-Encoding: ${BROWSER['accept-encoding']}; app RSS now ${app.rssMb()} MB`);
  console.log(lines.join('\n'));
  process.exitCode = ratios.every((r) => r >= 0.5) && misses.rps >= MISS_GOAL ? 0 : 1;
} finally {
  bare?.stop();
  await app.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
