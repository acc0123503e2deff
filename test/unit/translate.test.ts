import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createI18n } from '../../views/i18n';
import { createTranslator } from '../../views/translate';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

// The server renders interface text with i18next, the browser with views/translate.ts: any
// difference would show as text changing during hydration. Every key of both languages, with its
// values filled in and every plural form, must come out the same from both.

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`)));

for (const [lang, resources] of [['en', en], ['de', de]] as const) {
  test(`${lang}: the browser's translator gives i18next's text for every key`, () => {
    const i18n = createI18n(lang, { [lang]: resources });
    const t = createTranslator(lang, resources);
    const entries = flat(resources as Tree);
    let compared = 0;
    for (const [key, value] of entries) {
      const base = key.replace(/_(one|other)$/, '');
      const names = [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);
      const values = Object.fromEntries(names.map((n, i) => [n, n === 'count' ? 3 : `<${n}-${i} & "x">`]));
      const cases: Record<string, unknown>[] = [values];
      if (base !== key || names.includes('count')) cases.push(...[0, 1, 2, 1000].map((count) => ({ ...values, count })));
      for (const options of cases) {
        assert.equal(t(base, options), i18n.t(base, options), `${lang} ${base} ${JSON.stringify(options)}`);
        compared++;
      }
    }
    assert.ok(compared > entries.length, `compared ${compared} texts`);
  });
}

test('values left out, defaults and unknown keys behave as on the server', (t) => {
  t.mock.method(console, 'warn', () => {});
  const resources = { a: { b: 'Hello {{name}}, {{ other }}', c_one: 'one item', c_other: '{{count}} items', d: 'only {{count}}' } };
  const i18n = createI18n('en', { en: resources });
  const tr = createTranslator('en', resources);
  const cases: [string, Record<string, unknown>?][] = [
    ['a.b', {}],
    ['a.b', { name: 'Ann' }],
    ['a.b', { name: null, other: 0 }],
    ['a.b', { name: undefined, other: false }],
    ['a.c', { count: 1 }],
    ['a.c', { count: 7 }],
    ['a.c', { count: '7' }],
    ['a.d', { count: 1 }],
    ['a.missing', { defaultValue: 'Fallback {{x}}', x: 'y' }],
    ['a.missing'],
  ];
  for (const [key, options] of cases) assert.equal(tr(key, options), i18n.t(key, options) as string, `${key} ${JSON.stringify(options)}`);
});
