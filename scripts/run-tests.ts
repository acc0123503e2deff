// Checks the import rules (dependency-cruiser, .dependency-cruiser.cjs: the arrows between
// controllers, models, views and db, and no import circles), then runs every test file with Node's
// own test runner, TypeScript through tsx: unit, API and end-to-end suites on SQLite, then the API
// and end-to-end suites again on PostgreSQL. A wrong arrow or a circle fails the run before any test.
//
// Usage: npm test [-- <folder or file>...]          e.g. npm test -- test/unit
//   TEST_DATABASES=sqlite        only SQLite (default: sqlite,postgres)
//   TEST_DATABASE_URL=postgres://...  use this server instead of starting a throwaway cluster
// PostgreSQL: a throwaway cluster on a free loopback port (scripts/pg-cluster.ts), removed at the
// end. Without PostgreSQL's server programs on the machine the PostgreSQL run fails, unless
// TEST_DATABASES=sqlite says to skip it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startCluster, type Cluster } from './pg-cluster';

const args = process.argv.slice(2);
const roots = args.length ? args : ['test/unit', 'test/api', 'test/e2e'];
const databases = (process.env.TEST_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());

function collect(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [p];
  return fs
    .readdirSync(p, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? collect(path.join(p, e.name)) : e.name.endsWith('.test.ts') || e.name.endsWith('.test.tsx') ? [path.join(p, e.name)] : []))
    .sort();
}

const files = roots.flatMap(collect);
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

/** The import rules over the app's code, the scripts and the tests; false when one is broken. */
function importRules(): boolean {
  console.log('\n=== Import rules (dependency-cruiser) ===\n');
  const bin = path.join('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
  const sources = ['app.ts', 'config.ts', 'controllers', 'models', 'views', 'db', 'scripts', 'test'];
  const result = spawnSync(process.execPath, [bin, ...sources, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { stdio: 'inherit' });
  return result.status === 0;
}

function run(label: string, list: string[], env: Record<string, string>): number {
  console.log(`\n=== ${label}: ${list.length} test files ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...list], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test', ...env },
  });
  return result.status ?? 1;
}

const outcomes: string[] = [];
let failed = false;

if (!importRules()) {
  console.log('\nImport rules: FAILED (see above); no tests were run');
  process.exit(1);
}
outcomes.push('Import rules: passed');

if (databases.includes('sqlite')) {
  const { TEST_DATABASE_URL: _ignored, ...rest } = process.env;
  void _ignored;
  const status = run('SQLite', files, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, string>);
  outcomes.push(`SQLite: ${status === 0 ? 'passed' : 'FAILED'}`);
  failed ||= status !== 0;
}

// Unit tests do not touch a database server: the PostgreSQL run takes the API and e2e suites.
const pgFiles = files.filter((f) => !f.split(path.sep).includes('unit'));
if (databases.includes('postgres') && pgFiles.length) {
  let cluster: Cluster | null = null;
  let url = process.env.TEST_DATABASE_URL;
  try {
    if (!url) {
      cluster = await startCluster();
      url = cluster.url;
    }
    const status = run(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, pgFiles, { TEST_DATABASE_URL: url });
    outcomes.push(`PostgreSQL: ${status === 0 ? 'passed' : 'FAILED'}`);
    failed ||= status !== 0;
  } catch (err) {
    console.error(`PostgreSQL run could not start: ${(err as Error).message}`);
    outcomes.push('PostgreSQL: could not start (set TEST_DATABASES=sqlite to skip it)');
    failed = true;
  } finally {
    cluster?.stop();
  }
}

console.log(`\n${outcomes.join('\n')}`);
process.exit(failed ? 1 : 0);
