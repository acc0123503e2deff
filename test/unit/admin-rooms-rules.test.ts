// The admin's rooms in .dependency-cruiser.cjs bite: dependency-cruiser, run with the project's own
// rules on fixture files in a temporary folder, reports a screen importing another screen or the
// frame, a widget importing a screen, a helper importing a widget, and a circle in views/ closed
// by a type; the arrows the layout allows pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;

const RULES = ['admin-screen-not-to-another-screen', 'admin-screen-not-to-frame', 'admin-widgets-not-to-screens', 'admin-lib-is-plain', 'views-no-circular-types-included'];

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-rooms-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const { output } = await cruise(['views'], { baseDir: dir, ruleSet: { forbidden: config.forbidden }, validate: true, tsPreCompilationDeps: true });
    return (output as ICruiseResult).summary.violations
      .filter((v) => RULES.includes(v.rule.name))
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const file = (imports: string[] = []) => `${imports.map((p, i) => `import { v as v${i} } from '${p}';`).join('\n')}\nexport const v = 1;\n`;

test('the layout the admin has passes: the frame over the screens, screens over widgets, widgets over helpers', async () => {
  assert.deepEqual(
    await violationsOf({
      'views/admin/frame.tsx': file(['./screens', './lib/api']),
      'views/admin/screens.tsx': file(['./content/tab', './media/tab']),
      'views/admin/content/tab.tsx': file(['./part', '../widgets/picker', '../lib/api']),
      'views/admin/content/part.tsx': file(['../lib/api']),
      'views/admin/media/tab.tsx': file(['../widgets/picker']),
      'views/admin/widgets/picker.tsx': file(['./ui', '../lib/api']),
      'views/admin/widgets/ui.tsx': file(['../lib/api']),
      'views/admin/lib/api.ts': file(['./fields']),
      'views/admin/lib/fields.ts': file(),
    }),
    [],
  );
});

test('a wrong arrow is reported under its rule, a circle even when a type closes it', async () => {
  assert.deepEqual(
    await violationsOf({
      'views/admin/frame.tsx': file(),
      'views/admin/content/tab.tsx': file(['../media/tab', '../frame']),
      'views/admin/media/tab.tsx': file(),
      'views/admin/widgets/picker.tsx': file(['../media/tab']),
      'views/admin/lib/api.ts': file(['../widgets/picker']),
      'views/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'views/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    }),
    [
      'admin-lib-is-plain: views/admin/lib/api.ts -> views/admin/widgets/picker.tsx',
      'admin-screen-not-to-another-screen: views/admin/content/tab.tsx -> views/admin/media/tab.tsx',
      'admin-screen-not-to-another-screen: views/admin/widgets/picker.tsx -> views/admin/media/tab.tsx',
      'admin-screen-not-to-frame: views/admin/content/tab.tsx -> views/admin/frame.tsx',
      'admin-widgets-not-to-screens: views/admin/widgets/picker.tsx -> views/admin/media/tab.tsx',
      'views-no-circular-types-included: views/a.ts -> views/b.ts',
    ],
  );
});
