import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

function keys(obj: unknown, prefix = ''): string[] {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

test('en.json and de.json have exactly the same keys', () => {
  const enKeys = new Set(keys(en));
  const deKeys = new Set(keys(de));
  assert.deepEqual([...enKeys].filter((k) => !deKeys.has(k)), [], 'keys missing in de.json');
  assert.deepEqual([...deKeys].filter((k) => !enKeys.has(k)), [], 'keys missing in en.json');
});

test('no translation is empty', () => {
  for (const [name, bundle] of [['en', en], ['de', de]] as const) {
    const empty = keys(bundle).filter((k) => {
      const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], bundle);
      return typeof v !== 'string' || v.trim() === '';
    });
    assert.deepEqual(empty, [], `empty values in ${name}.json`);
  }
});

test("a project's status has one word in each language: its card, its page and the admin's list say the same", () => {
  for (const [lang, texts] of [['en', en], ['de', de]] as const) {
    assert.equal(texts.projects.status.progress, texts.projectDetail.status.progress, lang);
    assert.equal(texts.projects.status.progress.toLowerCase(), texts.admin.status.progress.toLowerCase(), lang);
    assert.equal(texts.projects.status.completed, texts.projectDetail.status.completed, lang);
    assert.equal(texts.projects.status.completed, texts.admin.status.completed, lang);
  }
  assert.equal(de.projects.status.funding, de.projectDetail.status.funding);
});
