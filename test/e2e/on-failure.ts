// Loaded before every browser test file (scripts/run-tests.ts: node --import): when a test fails,
// what its pages showed (address, text, a screenshot under test-results/) is printed with the
// failure and written where the runner collects it (TEST_CAPTURE_FILE), so a red CI names the
// page as well as the assertion.
import fs from 'node:fs';
import { afterEach } from 'node:test';
import { captureFailure } from '../helpers';

afterEach(async (context) => {
  // Node 24's test context says whether the test passed (its types do not list it yet).
  const t = context as typeof context & { passed?: boolean; fullName: string; filePath?: string };
  if (t.passed !== false) return;
  const capture = await captureFailure(t.fullName, t.filePath ?? process.argv[1] ?? '');
  for (const p of capture.pages) console.log(`# page at the failure: ${p.url}${p.screenshot ? ` (screenshot ${p.screenshot})` : ''}\n# ${p.text.replace(/\n/g, '\n# ')}`);
  if (process.env.TEST_CAPTURE_FILE) fs.appendFileSync(process.env.TEST_CAPTURE_FILE, `${JSON.stringify(capture)}\n`);
});
