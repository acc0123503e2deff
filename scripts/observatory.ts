// Mozilla HTTP Observatory (@mdn/mdn-http-observatory) against the production configuration
// behind a local TLS proxy, as a deployment runs it: the compiled server with NODE_ENV=production,
// an HTTPS front on a self-signed certificate the scanner is told to trust (X-Forwarded-Proto:
// https, as nginx sends it), and an HTTP front that redirects to HTTPS.
//
//   npm run observatory [-- /de/projects]
//
// The scanner is installed on first use into .cache/observatory with --ignore-scripts (its install
// script downloads the HSTS preload and TLD lists, which this machine cannot; an empty preload
// list stands in). It is a measuring tool, not a dependency of the site.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';
import { ROOT, startInstance } from './instances';

const VERSION = '1.4.8';
const cache = path.join(ROOT, '.cache', 'observatory');
const pkg = path.join(cache, 'node_modules', '@mdn', 'mdn-http-observatory');
const pagePath = process.argv[2] ?? '/';

if (!fs.existsSync(path.join(pkg, 'package.json'))) {
  console.log(`installing @mdn/mdn-http-observatory@${VERSION} into .cache/observatory ...`);
  fs.mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['install', '--prefix', cache, '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `@mdn/mdn-http-observatory@${VERSION}`], { stdio: 'inherit' });
}
const preload = path.join(pkg, 'conf', 'hsts-preload.json');
if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}');

// The scan with the HTTP and HTTPS ports of our fronts: the package's own scan() (src/scanner) with
// the ports its retriever supports but its scan() does not pass on.
const runner = path.join(pkg, 'scan-with-ports.mjs');
fs.writeFileSync(
  runner,
  `import { retrieve } from './src/retriever/retriever.js';
import { ALL_TESTS, NUM_TESTS } from './src/constants.js';
import { getGradeForScore, getScoreDescription, getScoreModifier } from './src/grader/grader.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from './src/grader/charts.js';
const [hostname, httpPort, httpsPort, pagePath] = process.argv.slice(2);
const r = await retrieve(hostname, { httpPort, httpsPort, path: pagePath });
if (!r.responses.auto) { console.log(JSON.stringify({ error: 'site down' })); process.exit(1); }
const results = ALL_TESTS.map((test) => test(r));
let passed = 0, extra = 100, uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  result.scoreDescription = getScoreDescription(result.result);
  result.scoreModifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  extra += result.scoreModifier;
  if (result.scoreModifier < 0) uncurved += result.scoreModifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extra : uncurved);
console.log(JSON.stringify({
  grade: final.grade, score: final.score, passed, total: NUM_TESTS, status: r.responses.auto.status,
  tests: results.map((t) => ({ name: t.constructor.name, pass: t.pass, result: t.result, modifier: t.scoreModifier, description: t.scoreDescription })),
}));
`,
);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-observatory-'));
// A self-signed certificate for localhost, trusted by the scanner through NODE_EXTRA_CA_CERTS.
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
  '-addext', 'subjectAltName=DNS:localhost', '-addext', 'basicConstraints=critical,CA:TRUE',
  '-keyout', path.join(tmp, 'key.pem'), '-out', path.join(tmp, 'cert.pem'),
], { stdio: 'ignore' });

const httpsPort = await freePort();
const httpPort = await freePort();
const app = await startInstance({ PUBLIC_URL: `https://localhost:${httpsPort}`, DATABASE_URL: `sqlite:${path.join(tmp, 'site.sqlite3')}`, UPLOAD_DIR: path.join(tmp, 'uploads') });

// The TLS front: what nginx does in the deployment guide (X-Forwarded-Proto, -For, -Host).
const front = https.createServer({ key: fs.readFileSync(path.join(tmp, 'key.pem')), cert: fs.readFileSync(path.join(tmp, 'cert.pem')) }, (req, res) => {
  const upstream = http.request(
    { host: '127.0.0.1', port: app.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-host': req.headers.host ?? '' } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
// The HTTP front: every request goes to HTTPS on the same host (nginx: return 301 https://...).
const redirect = http.createServer((req, res) => {
  res.writeHead(301, { Location: `https://localhost:${httpsPort}${req.url ?? '/'}` }).end();
});
await new Promise<void>((r) => front.listen(httpsPort, '127.0.0.1', () => r()));
await new Promise<void>((r) => redirect.listen(httpPort, '127.0.0.1', () => r()));

try {
  // Not spawnSync: the fronts live in this process and must keep answering while the scan runs.
  const result = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [runner, 'localhost', String(httpPort), String(httpsPort), pagePath], {
      // localhost as 127.0.0.1 (the fronts listen on IPv4 loopback only).
      env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(tmp, 'cert.pem'), NODE_OPTIONS: '--dns-result-order=ipv4first' },
      timeout: 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', () => resolve({ stdout, stderr }));
  });
  const out = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
    grade?: string;
    score?: number;
    passed?: number;
    total?: number;
    error?: string;
    tests?: { name: string; pass: boolean; result: string; modifier: number }[];
  };
  if (!out.grade) throw new Error(`scan failed: ${out.error ?? result.stderr}`);
  console.log(`\nMozilla HTTP Observatory, ${pagePath} of the production configuration behind TLS:`);
  for (const t of out.tests ?? []) console.log(`  ${t.pass ? 'pass' : 'FAIL'}  ${t.name.padEnd(28)} ${t.result.padEnd(42)} ${t.modifier >= 0 ? '+' : ''}${t.modifier}`);
  console.log(`\ngrade ${out.grade}, score ${out.score}, ${out.passed}/${out.total} tests passed`);
  process.exitCode = out.grade === 'A+' && out.passed === out.total ? 0 : 1;
} finally {
  front.close();
  redirect.close();
  await app.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
