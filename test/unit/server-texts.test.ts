import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createI18n, serverT } from '../../views/i18n';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

// The server keeps the texts it looked up (with and without values): asked again, for every key of
// both languages, it must give exactly what i18next gives, whatever was asked before.

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`)));

for (const [lang, resources] of [['en', en], ['de', de]] as const) {
  test(`${lang}: texts kept by the server are i18next's, with and without values`, () => {
    const i18n = createI18n(lang, { [lang]: resources });
    const t = serverT(i18n);
    for (const round of [1, 2]) {
      for (const [key, value] of flat(resources as Tree)) {
        const base = key.replace(/_(one|other)$/, '');
        assert.equal(t(base), i18n.t(base), `${lang} ${base} (round ${round})`);
        const names = [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);
        for (const n of [1, 2]) {
          const values = Object.fromEntries(names.map((name) => [name, name === 'count' ? n : `${name} ${n}`]));
          assert.equal(t(base, values), i18n.t(base, values), `${lang} ${base} ${JSON.stringify(values)} (round ${round})`);
        }
      }
    }
  });
}

test('values that are not plain are never mixed up: each call is looked up', () => {
  const i18n = createI18n('en', { en: { a: 'Hello {{name}}' } });
  const t = serverT(i18n);
  const name = { toString: () => 'first' };
  assert.equal(t('a', { name }), 'Hello first');
  name.toString = () => 'second';
  assert.equal(t('a', { name }), 'Hello second');
  assert.equal(t('a', { name: 'x' }), 'Hello x');
  assert.equal(t('a', { name: 'y' }), 'Hello y');
  assert.equal(t('a', { name: 1 }), 'Hello 1');
  assert.equal(t('a', { name: '1' }), 'Hello 1');
});
