// The domains' order in .dependency-cruiser.cjs bites: dependency-cruiser, run with the project's
// own rules on a small tree of fixture files (in a temporary folder, so the real tree never holds
// a wrong import), reports every import from a domain to one above it, a type-only one too, under
// the rule of the importing domain, and lets every import downwards through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;

/** Bottom to top, as written in .dependency-cruiser.cjs and docs/architecture.md. */
const ORDER = ['shared', 'providers', 'people', 'content', 'media', 'translation', 'giving', 'newsletter', 'site', 'privacy'];

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Cruises `files` (path -> source) laid out in a fresh folder, with the project's rules; the domains' violations. */
async function violationsOf(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const { output } = await cruise(['models'], { baseDir: dir, ruleSet: { forbidden: config.forbidden }, validate: true, tsPreCompilationDeps: true });
    const result = output as ICruiseResult;
    // models/shared's own rule (browser-safe) fires beside its domain rule; only the order is tested here.
    return result.summary.violations.filter((v) => v.rule.name.startsWith('domain-')).map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each domain's target file: a value and a type to import. */
const targets = Object.fromEntries(ORDER.map((d) => [`models/${d}/target.ts`, 'export const value = 1;\nexport interface Shape { n: number }\n']));

test('the rules name the same order as this test, one rule per domain below the top', () => {
  const names = (config.forbidden ?? []).map((r) => r.name ?? '').filter((n) => n.startsWith('domain-order-'));
  assert.deepEqual(names, ORDER.slice(0, -1).map((d) => `domain-order-${d}`));
});

test('an import from a domain to any domain above it is reported under the importing domain\'s rule', async () => {
  const files: Record<string, string> = { ...targets };
  const expected: Violation[] = [];
  ORDER.forEach((lower, i) => {
    for (const upper of ORDER.slice(i + 1)) {
      files[`models/${lower}/to-${upper}.ts`] = `import { value } from '../${upper}/target';\nexport const used = value;\n`;
      expected.push({ rule: `domain-order-${lower}`, from: `models/${lower}/to-${upper}.ts`, to: `models/${upper}/target.ts` });
    }
  });
  const byRule = (a: Violation, b: Violation) => `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`);
  assert.deepEqual((await violationsOf(files)).sort(byRule), expected.sort(byRule));
});

test('a type-only import upwards counts too', async () => {
  const violations = await violationsOf({
    ...targets,
    'models/people/needs-a-fundraiser.ts': "import type { Shape } from '../giving/target';\nexport const n = (s: Shape) => s.n;\n",
  });
  assert.deepEqual(violations, [{ rule: 'domain-order-people', from: 'models/people/needs-a-fundraiser.ts', to: 'models/giving/target.ts' }]);
});

test('imports downwards and within a domain pass', async () => {
  const files: Record<string, string> = { ...targets };
  ORDER.forEach((upper, i) => {
    for (const lower of ORDER.slice(0, i)) files[`models/${upper}/from-${lower}.ts`] = `import { value } from '../${lower}/target';\nimport type { Shape } from '../${lower}/target';\nexport const used: Shape = { n: value };\n`;
    files[`models/${upper}/own.ts`] = "import { value } from './target';\nexport const used = value;\n";
  });
  assert.deepEqual(await violationsOf(files), []);
});

test('a folder of models/ outside the order is reported', async () => {
  const violations = await violationsOf({ ...targets, 'models/billing/invoice.ts': "import { value } from '../shared/target';\nexport const used = value;\n" });
  assert.deepEqual(violations, [{ rule: 'domain-in-the-order', from: 'models/billing/invoice.ts', to: 'models/shared/target.ts' }]);
});
