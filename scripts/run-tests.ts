// Runs every test file (unit, api, e2e) with Node's own test runner, TypeScript through tsx.
// Usage: npm test [-- <folder or file>...]   e.g. npm test -- test/unit
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const roots = args.length ? args : ['test/unit', 'test/api', 'test/e2e'];

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
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
