// Throughput of the server-rendered home page against a static file of the same size served by
// the same app, in one run (npm run bench). The ratio shows what rendering costs on top of I/O.
// Budget (issue 2): ratio >= 0.5. Run with NODE_ENV=production (npm run bench does) so React
// uses its production build, as a deployed site does.
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../test/helpers';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const srv = await startServer({ NODE_ENV: 'test' });
const home = await (await fetch(srv.url + '/')).text();
const staticName = `bench-static-${process.pid}.html`;
const staticFile = path.join(import.meta.dirname, '..', 'public', 'assets', staticName);
fs.writeFileSync(staticFile, home);

async function measure(url: string, bustCache = false) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { accept: 'text/html' },
    // A query string never seen before makes the page cache miss: the cost of a full render.
    requests: bustCache ? [{ setupRequest: (req) => ({ ...req, path: `/?bench=${n++}` }) }] : undefined,
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

try {
  const page = await measure(srv.url + '/');
  const file = await measure(`${srv.url}/assets/${staticName}`);
  const uncached = await measure(srv.url + '/', true);
  const ratio = page.requests.average / file.requests.average;
  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(`home page HTML: ${home.length} bytes; ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log(row('home page (/)', page));
  console.log(row('static file, same size', file));
  console.log(row('home page, cache miss', uncached));
  console.log(`ratio page/static: ${ratio.toFixed(2)} (budget >= 0.5) ${ratio >= 0.5 ? 'OK' : 'OVER BUDGET'}`);
  process.exitCode = ratio >= 0.5 ? 0 : 1;
} finally {
  // Let the last in-flight renders finish before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(staticFile, { force: true });
  await srv.close();
}
