// Marks today's German interface texts as checked against today's English: writes
// locales/de.sources.json (per key, the sha256 of the English text). Run it after updating the
// German of changed English texts; the Translations tab then lists them as current.
//   npm run locales:mark             every key
//   npm run locales:mark -- a.b c.d  only these keys (the others keep what they were checked against)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localeKeys } from '../models/translation/translation-status';
import { textHash } from '../models/content/translation-sources';

const dir = fileURLToPath(new URL('../locales/', import.meta.url));
const english = localeKeys(JSON.parse(readFileSync(`${dir}en.json`, 'utf8')));
const german = localeKeys(JSON.parse(readFileSync(`${dir}de.json`, 'utf8')));
const file = `${dir}de.sources.json`;
let old: Record<string, string> = {};
try {
  old = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  // No file yet: every key is marked.
}
const only = process.argv.slice(2);
const unknown = only.filter((k) => !english.has(k));
if (unknown.length) {
  console.error(`Unknown key(s) in locales/en.json: ${unknown.join(', ')}`);
  process.exit(1);
}
const out: Record<string, string> = {};
for (const [key, text] of [...english].sort(([a], [b]) => a.localeCompare(b))) {
  // A key without German is missing, not checked: it is marked once it has its German.
  if (!german.get(key)) continue;
  const mark = only.length === 0 || only.includes(key);
  const hash = mark ? textHash(text) : old[key];
  if (hash) out[key] = hash;
}
writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
console.log(`locales/de.sources.json: ${Object.keys(out).length} keys (${only.length ? `${only.length} marked` : 'all marked'})`);
