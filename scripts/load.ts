// Load: 100 connections for 60 s on a mix of public pages (both languages) and API reads, against
// the compiled server in production mode. Once on SQLite (one instance), once on two instances
// sharing one PostgreSQL (a throwaway cluster, 50 connections each). Prints errors (must be 0),
// p50/p99 latency, requests/s and the peak RSS of every instance (goal: below 150 MB).
//
//   npm run load                       both setups, 100 connections, 60 s
//   npm run load -- --db sqlite --seconds 20 --connections 50
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './pg-cluster';
import { startInstance, type Instance } from './instances';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);

interface Mix {
  paths: string[];
}

/** The request mix: most visitors read pages (both languages), the rest is API reads. */
async function mixFor(url: string): Promise<Mix> {
  const projects = (await (await fetch(`${url}/api/projects`)).json()) as { slug: string; id: number }[];
  const news = (await (await fetch(`${url}/api/news`)).json()) as { slug: string }[];
  const pages = ['/', '/de', '/projects', '/de/projects', '/news', '/de/news', '/about', '/de/vision', '/team', '/contact', '/de/food-security', '/checkout'];
  for (const p of projects.slice(0, 4)) pages.push(`/projects/${p.slug}`, `/de/projects/${p.slug}`);
  for (const n of news.slice(0, 4)) pages.push(`/news/${n.slug}`, `/de/news/${n.slug}`);
  const api = ['/api/projects', '/api/news', '/api/team', `/api/projects/slug/${projects[0]!.slug}`, `/api/news/slug/${news[0]!.slug}`, `/api/news/project/${projects[0]!.id}`];
  // Three page views for each API read.
  return { paths: [...pages, ...pages, ...pages, ...api.flatMap((a) => [a, a])] };
}

interface RunResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(label: string, url: string, mix: Mix, connections: number): Promise<RunResult> {
  let i = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: SECONDS,
        headers: { accept: 'text/html,application/json;q=0.9', 'accept-encoding': 'gzip' },
        requests: [{ setupRequest: (req) => ({ ...req, path: mix.paths[i++ % mix.paths.length]! }) }],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({ label, requests: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
      },
    );
    void instance;
  });
}

function report(title: string, results: RunResult[], instances: Instance[]): boolean {
  console.log(`\n${title}: ${CONNECTIONS} connections, ${SECONDS} s`);
  console.log('instance            requests   req/s    p50 ms   p99 ms   errors   non-2xx   peak RSS');
  let ok = true;
  results.forEach((r, k) => {
    const rss = instances[k]!.peakRssMb();
    ok &&= r.errors === 0 && r.non2xx === 0;
    if (rss >= 150) memoryNotes.push(`${r.label}: peak RSS ${rss} MB is above the 150 MB goal`);
    console.log(
      `${r.label.padEnd(18)} ${String(r.requests).padStart(9)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(rss).padStart(7)} MB`,
    );
  });
  if (results.length > 1) {
    const total = results.reduce((s, r) => s + r.rps, 0);
    console.log(`together: ${total.toFixed(0)} req/s, ${results.reduce((s, r) => s + r.errors + r.non2xx, 0)} errors`);
  }
  return ok;
}

let allOk = true;
const memoryNotes: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-load-'));
try {
  if (args.db === 'sqlite' || args.db === 'both') {
    const a = await startInstance({ DATABASE_URL: `sqlite:${path.join(tmp, 'load.sqlite3')}`, UPLOAD_DIR: path.join(tmp, 'uploads') }, { logDir: tmp });
    try {
      const mix = await mixFor(a.url);
      const r = await run('sqlite', a.url, mix, CONNECTIONS);
      allOk = report('SQLite, one instance', [r], [a]) && allOk;
    } finally {
      await a.stop();
    }
  }
  if (args.db === 'postgres' || args.db === 'both') {
    const cluster = await startCluster({ durable: true });
    const env = { DATABASE_URL: cluster.url, UPLOAD_DIR: path.join(tmp, 'uploads-pg') };
    let a: Instance | null = null;
    let b: Instance | null = null;
    try {
      a = await startInstance(env, { logDir: tmp });
      b = await startInstance(env, { logDir: tmp });
      const mix = await mixFor(a.url);
      const half = Math.ceil(CONNECTIONS / 2);
      const results = await Promise.all([run('postgres A', a.url, mix, half), run('postgres B', b.url, mix, CONNECTIONS - half)]);
      allOk = report('PostgreSQL, two instances', results, [a, b]) && allOk;
    } finally {
      await a?.stop();
      await b?.stop();
      cluster.stop();
    }
  }
  // RSS counts the pages of the node binary that were read (about 50 MB, shared by every process
  // that runs it): the goal is on the whole figure all the same.
  console.log(allOk ? '\nOK: no errors' : '\nNOT OK: errors, see above');
  console.log(memoryNotes.length ? memoryNotes.join('\n') : 'every instance stayed below the 150 MB goal');
  process.exitCode = allOk ? 0 : 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
