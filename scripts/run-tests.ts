// The test suite (npm test runs it after the type check and the build). First the import rules
// (dependency-cruiser, .dependency-cruiser.cjs: the arrows between controllers, models, views and
// db, and no import circles): a wrong arrow or a circle fails the run before any test. Then each
// test file in a process of its own, with Node's test runner and TypeScript through tsx, in stages:
//
//   unit                 test/unit, no database
//   API (SQLite)         test/api, each app on a fresh in-memory SQLite database
//   browser (SQLite)     test/e2e, Chromium against a real server
//   API (PostgreSQL)     test/api again, each app on a fresh database of a throwaway cluster
//   browser (PostgreSQL) the browser files whose path reads or writes differently on PostgreSQL:
//                        those whose header has a line starting `// PostgreSQL:` saying why
//
// Files run two at a time (one per core; TEST_CONCURRENCY), the slowest first (their times from the
// last run on this machine, kept in node_modules/.cache), each one's output printed whole when it
// ends, so two files never interleave. A browser file that fails is run once more on its own: if it
// passes then, `FLAKY: <file> <test>` is printed and the stage passes; a test that fails twice fails
// the run (TEST_RETRY=0: no second run). After each stage, its 15 slowest files; at the end, every
// failure with its assertion, where it was thrown and, for a browser test, the page's address, text
// and screenshot (test/e2e/on-failure.ts).
//
// Usage: npm test [-- <folder or file>...] [-- --test-name-pattern=<part of a test's name>]
//   e.g. npm test -- test/unit;  npm test -- test/e2e/admin.test.ts --test-name-pattern=German
//   TEST_DATABASES=sqlite        only SQLite (default: sqlite,postgres)
//   TEST_DATABASE_URL=postgres://...  use this server instead of starting a throwaway cluster
//   A file named on the command line runs on PostgreSQL whether or not its header asks for it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from './pg-cluster';
import type { TestRecord } from './test-reporter';
import type { FailureCapture } from '../test/helpers';

const argv = process.argv.slice(2);
/** Options for the test runner in each file (`--test-name-pattern=...`: only the tests it names). */
const nodeTestOptions = argv.filter((a) => /^--test-(name|skip)-pattern=/.test(a));
const args = argv.filter((a) => !nodeTestOptions.includes(a));
const roots = args.length ? args : ['test/unit', 'test/api', 'test/e2e'];
const named = new Set(args.filter((a) => /\.test\.tsx?$/.test(a)).map((a) => path.normalize(a)));
const databases = (process.env.TEST_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || os.availableParallelism());
const retries = process.env.TEST_RETRY === '0' ? 0 : 1;
/** A file still running after this long is stopped and fails (a hang, not a slow file). */
const FILE_TIMEOUT_MS = 15 * 60_000;
const OUT = path.resolve('test-results');
const TIMES_FILE = path.resolve('node_modules/.cache/run-tests/times.json');
/** The header line that asks for a browser file's run on PostgreSQL, with the reason after it. */
const ON_POSTGRES = /^\/\/ PostgreSQL: /m;

function collect(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [path.normalize(p)];
  return fs
    .readdirSync(p, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? collect(path.join(p, e.name)) : /\.test\.tsx?$/.test(e.name) ? [path.join(p, e.name)] : []))
    .sort();
}

const files = [...new Set(roots.flatMap(collect))];
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const kindOf = (f: string) => (f.split(path.sep).includes('unit') ? 'unit' : f.split(path.sep).includes('e2e') ? 'browser' : 'api');

interface Stage {
  name: string;
  files: string[];
  postgres: boolean;
  browser: boolean;
}
const stages: Stage[] = [];
const of = (kind: string) => files.filter((f) => kindOf(f) === kind);
if (databases.includes('sqlite')) {
  stages.push({ name: 'unit', files: of('unit'), postgres: false, browser: false });
  stages.push({ name: 'API (SQLite)', files: of('api'), postgres: false, browser: false });
  stages.push({ name: 'browser (SQLite)', files: of('browser'), postgres: false, browser: true });
} else if (databases.includes('postgres')) {
  // Unit tests touch no database: a PostgreSQL-only run still runs them once.
  stages.push({ name: 'unit', files: of('unit'), postgres: false, browser: false });
}
if (databases.includes('postgres')) {
  stages.push({ name: 'API (PostgreSQL)', files: of('api'), postgres: true, browser: false });
  const pgBrowser = of('browser').filter((f) => named.has(f) || ON_POSTGRES.test(fs.readFileSync(f, 'utf8').slice(0, 4000)));
  stages.push({ name: 'browser (PostgreSQL)', files: pgBrowser, postgres: true, browser: true });
}

interface FileResult {
  file: string;
  ms: number;
  status: number | null;
  output: string;
  records: TestRecord[];
  captures: FailureCapture[];
  timedOut: boolean;
}
const failedTests = (r: FileResult) => r.records.filter((t) => !t.passed && !t.suite && t.failureType !== 'subtestsFailed');
const passedFile = (r: FileResult) => r.status === 0 && !r.timedOut && failedTests(r).length === 0;

const times: Record<string, number> = (() => {
  try {
    return JSON.parse(fs.readFileSync(TIMES_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
})();

// Each file's records, in a folder of this run's own (two runs at once keep apart; screenshots of
// failures stay in test-results/<file>/ after the run).
const RUNS = path.join(OUT, 'runs', String(process.pid));
fs.rmSync(RUNS, { recursive: true, force: true });
fs.mkdirSync(RUNS, { recursive: true });
let runId = 0;
/** The files' processes running now (each its own process group, Chromium included): stopped with the runner. */
const running = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/** One test file in a process of its own; resolves when it has exited (or was stopped). */
function runFile(file: string, stage: Stage, env: Record<string, string>): Promise<FileResult> {
  const id = `${++runId}-${path.basename(file).replace(/\.test\.tsx?$/, '')}`;
  const recordsFile = path.join(RUNS, `${id}.jsonl`);
  const capturesFile = path.join(RUNS, `${id}.captures.jsonl`);
  const argv = [
    '--import',
    'tsx',
    ...(stage.browser ? ['--import', './test/e2e/on-failure.ts'] : []),
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-reporter.ts',
    `--test-reporter-destination=${recordsFile}`,
    ...nodeTestOptions,
    file,
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, NODE_ENV: 'test', ...env, TEST_CAPTURE_FILE: capturesFile, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid!);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      output += `\n# stopped: still running after ${FILE_TIMEOUT_MS / 60_000} minutes\n`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, FILE_TIMEOUT_MS);
    child.on('close', (status) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      const lines = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);
      resolve({
        file,
        ms: Date.now() - started,
        status,
        output,
        records: lines(recordsFile).map((l) => JSON.parse(l) as TestRecord),
        captures: lines(capturesFile).map((l) => JSON.parse(l) as FailureCapture),
        timedOut,
      });
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const countTests = (r: FileResult) => r.records.filter((t) => !t.suite).length;

function printFile(r: FileResult, note = ''): void {
  const n = countTests(r);
  if (passedFile(r)) {
    console.log(`✔ ${r.file}  ${seconds(r.ms)}  (${n} tests)${note}`);
    return;
  }
  const failed = failedTests(r).length;
  console.log(`✖ ${r.file}  ${seconds(r.ms)}  (${failed ? `${failed} of ${n} failed` : r.timedOut ? 'timed out' : `exit code ${r.status}`})${note}`);
  console.log(r.output.replace(/^/gm, '  │ ').trimEnd());
}

/** Runs the files, `concurrency` at a time, the slowest first; prints each file as it ends. */
async function pool(list: string[], stage: Stage, env: Record<string, string>): Promise<FileResult[]> {
  const key = (f: string) => `${stage.name}:${f}`;
  const queue = [...list].sort((a, b) => (times[key(b)] ?? fs.statSync(b).size) - (times[key(a)] ?? fs.statSync(a).size));
  const results: FileResult[] = [];
  async function worker(): Promise<void> {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const r = await runFile(file, stage, env);
      times[key(file)] = r.ms;
      results.push(r);
      printFile(r);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return results;
}

interface StageOutcome {
  stage: Stage;
  ms: number;
  results: FileResult[];
  flaky: string[];
  passed: boolean;
}

async function runStage(stage: Stage, env: Record<string, string>): Promise<StageOutcome> {
  console.log(`\n=== ${stage.name}: ${stage.files.length} test files, ${Math.min(concurrency, stage.files.length)} at a time ===\n`);
  const started = Date.now();
  const results = await pool(stage.files, stage, env);
  const flaky: string[] = [];
  // A browser file that failed runs once more, alone: a pass then names its tests FLAKY.
  for (const [i, first] of results.entries()) {
    if (passedFile(first) || !stage.browser || retries === 0) continue;
    console.log(`\n--- ${first.file} failed; running it once more on its own ---`);
    const again = await runFile(first.file, stage, env);
    printFile(again, '  (second run)');
    if (passedFile(again)) {
      const names = failedTests(first).map((t) => t.fullName);
      for (const name of names.length ? names : ['(the file, before any test)']) flaky.push(`FLAKY: ${first.file} ${name}`);
      flaky.forEach((line) => console.log(line));
      results[i] = { ...again, captures: [...first.captures, ...again.captures] };
    } else {
      results[i] = again;
    }
  }
  const ms = Date.now() - started;
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 15);
  console.log(`\n${stage.name}: ${results.filter(passedFile).length} of ${results.length} files passed, ${results.reduce((n, r) => n + countTests(r), 0)} tests, ${seconds(ms)}`);
  console.log(`slowest files of ${stage.name}:`);
  for (const r of slowest) console.log(`  ${seconds(r.ms).padStart(8)}  ${r.file}`);
  return { stage, ms, results, flaky, passed: results.every(passedFile) };
}

function importRules(): boolean {
  console.log('\n=== Import rules (dependency-cruiser) ===\n');
  const bin = path.join('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
  const sources = ['app.ts', 'config.ts', 'controllers', 'models', 'views', 'db', 'scripts', 'test'];
  const result = spawnSync(process.execPath, [bin, ...sources, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { stdio: 'inherit' });
  return result.status === 0;
}

/** The failures, last in the log: each with its assertion, where it was thrown and what the page showed. */
function printFailures(outcomes: StageOutcome[]): void {
  const failing = outcomes.flatMap((o) => o.results.filter((r) => !passedFile(r)).map((r) => ({ stage: o.stage.name, r })));
  if (!failing.length) return;
  console.log(`\n=== Failures ===`);
  let detailed = 0;
  for (const { stage, r } of failing) {
    const tests = failedTests(r);
    if (!tests.length) {
      console.log(`✖ [${stage}] ${r.file}: ${r.timedOut ? `still running after ${FILE_TIMEOUT_MS / 60_000} minutes` : `exit code ${r.status}`}, no test failed; its last lines:`);
      console.log(r.output.trimEnd().split('\n').slice(-12).map((l) => `    ${l}`).join('\n'));
      continue;
    }
    for (const t of tests) {
      if (detailed++ >= 4) {
        console.log(`✖ [${stage}] ${t.at ?? r.file}  ${t.fullName}`);
        continue;
      }
      console.log(`✖ [${stage}] ${t.at ?? r.file}  ${t.fullName}`);
      const message = (t.message ?? '(no message)').split('\n').filter((l) => l.trim());
      console.log(message.slice(0, 10).map((l) => `    ${l.slice(0, 200)}`).join('\n') + (message.length > 10 ? `\n    … (${message.length - 10} more lines in the file's output above)` : ''));
      const capture = r.captures.find((c) => c.test === t.fullName);
      const page = capture?.pages[0];
      if (page) {
        console.log(`    page: ${page.url}${page.screenshot ? `  (screenshot: ${page.screenshot})` : ''}`);
        console.log(page.text.split('\n').filter((l) => l.trim()).slice(0, 6).map((l) => `    | ${l.slice(0, 160)}`).join('\n'));
      }
    }
  }
}

const outcomes: StageOutcome[] = [];
const summary: string[] = [];
const runStarted = Date.now();
if (!importRules()) {
  console.log('\nImport rules: FAILED (see above); no tests were run');
  process.exit(1);
}
summary.push('Import rules: passed');

let cluster: Cluster | null = null;
try {
  for (const stage of stages) {
    if (!stage.files.length) continue;
    let env: Record<string, string> = {};
    if (stage.postgres) {
      let url = process.env.TEST_DATABASE_URL;
      if (!url) {
        try {
          cluster ??= await startCluster();
          url = cluster.url;
        } catch (err) {
          console.error(`PostgreSQL could not start: ${(err as Error).message}`);
          summary.push(`${stage.name}: could not start PostgreSQL (set TEST_DATABASES=sqlite to skip it)`);
          outcomes.push({ stage, ms: 0, results: [], flaky: [], passed: false });
          continue;
        }
      }
      env = { TEST_DATABASE_URL: url };
    } else {
      // SQLite stages never see a PostgreSQL server, even one named in the caller's environment.
      env = { TEST_DATABASE_URL: '' };
    }
    const outcome = await runStage(stage, env);
    outcomes.push(outcome);
    const tests = outcome.results.reduce((n, r) => n + countTests(r), 0);
    summary.push(`${stage.name}: ${outcome.passed ? 'passed' : 'FAILED'} (${outcome.results.length} files, ${tests} tests, ${seconds(outcome.ms)})`);
  }
} finally {
  cluster?.stop();
  fs.rmSync(RUNS, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
  fs.writeFileSync(TIMES_FILE, JSON.stringify(times, null, 1));
}

const flaky = outcomes.flatMap((o) => o.flaky);
const failed = outcomes.some((o) => !o.passed);
printFailures(outcomes);
console.log(`\n=== Summary (${seconds(Date.now() - runStarted)}) ===`);
for (const line of [...summary, ...flaky]) console.log(line);
process.exit(failed ? 1 : 0);
