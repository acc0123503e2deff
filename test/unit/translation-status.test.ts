// The rules of the translation status: which language is a field's source, what a save records,
// and each text's state (missing, out of date, current), for content and interface texts alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldLink, localeEntries } from '../../models/translation/translation-status';
import { fieldState, rowAfterSave, sourceOf, textHash, type SourceRow } from '../../models/content/translation-sources';

/** Applies a save to the rows as recordTranslationSources does. */
function save(rows: SourceRow[], before: { en: string; de: string } | null, after: { en: string; de: string }): SourceRow[] {
  const row = rowAfterSave(before, after, rows);
  return row ? [...rows.filter((r) => r.language !== row.language), row] : rows;
}
const both = (text: { en: string; de: string }, rows: SourceRow[]) => ({ en: fieldState(text, rows, 'en'), de: fieldState(text, rows, 'de') });

test('sha256 of the text, hex', () => {
  assert.equal(textHash('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('English first: English edit -> German out of date; German update -> both current; German fix -> English stays current', () => {
  let text = { en: 'Tanks', de: 'Tanks (de)' };
  let rows = save([], null, text);
  assert.deepEqual(rows, [{ language: 'de', sourceHash: textHash('Tanks') }]);
  assert.deepEqual(both(text, rows), { en: 'current', de: 'current' });

  const edited = { ...text, en: 'Rain tanks' };
  rows = save(rows, text, edited);
  text = edited;
  assert.deepEqual(both(text, rows), { en: 'current', de: 'outdated' });

  const german = { ...text, de: 'Regentanks' };
  rows = save(rows, text, german);
  text = german;
  assert.deepEqual(both(text, rows), { en: 'current', de: 'current' });

  const fix = { ...text, de: 'Regenwassertanks' };
  rows = save(rows, text, fix);
  assert.deepEqual(both(fix, rows), { en: 'current', de: 'current' });
  assert.equal(sourceOf(rows, fix), 'en');
});

test('both changed in one save: both current, whatever was out of date before', () => {
  const text = { en: 'A', de: 'A (de)' };
  let rows = save([], null, text);
  rows = save(rows, text, { en: 'B', de: 'A (de)' });
  assert.equal(fieldState({ en: 'B', de: 'A (de)' }, rows, 'de'), 'outdated');
  rows = save(rows, { en: 'B', de: 'A (de)' }, { en: 'C', de: 'C (de)' });
  assert.deepEqual(both({ en: 'C', de: 'C (de)' }, rows), { en: 'current', de: 'current' });
});

test('German first: the English is the translation', () => {
  let text = { en: '', de: 'Nur Deutsch' };
  let rows = save([], null, text);
  assert.equal(sourceOf(rows, text), 'de');
  assert.deepEqual(both(text, rows), { en: 'missing', de: 'current' });
  const english = { ...text, en: 'Only German' };
  rows = save(rows, text, english);
  text = english;
  assert.deepEqual(both(text, rows), { en: 'current', de: 'current' });
  const german = { ...text, de: 'Nicht nur Deutsch' };
  rows = save(rows, text, german);
  assert.deepEqual(both(german, rows), { en: 'outdated', de: 'current' });
});

test('untracked older content is current; its first source edit tracks the translation against the old source', () => {
  const old = { en: 'Old', de: 'Alt' };
  assert.deepEqual(both(old, []), { en: 'current', de: 'current' });
  assert.deepEqual(both({ en: 'Old', de: '' }, []), { en: 'current', de: 'missing' });
  const rows = save([], old, { en: 'New', de: 'Alt' });
  assert.deepEqual(rows, [{ language: 'de', sourceHash: textHash('Old') }]);
  assert.deepEqual(both({ en: 'New', de: 'Alt' }, rows), { en: 'current', de: 'outdated' });
  // A save that changes neither records nothing.
  assert.equal(rowAfterSave(old, old, []), null);
});

test('links open the form on the item at the field, in the admin page of the language', () => {
  assert.equal(fieldLink('news', 3, 'title', 'de', 'en'), '/admin/news?edit=3#field-titleDe');
  assert.equal(fieldLink('project', 1, 'description', 'en', 'de'), '/de/admin/projects?edit=1#field-description');
  assert.equal(fieldLink('page', 2, 'texts.about.story.p1', 'de', 'en'), '/admin/pages?edit=2#field-texts.de.about.story.p1');
});

test('interface texts: missing when absent or empty, out of date when the English changed since the German was checked', () => {
  const en = { nav: { home: 'Home', news: 'News', shop: 'Shop' }, only: { de: '' } };
  const de = { nav: { home: 'Startseite', news: 'Neuigkeiten' }, only: { de: 'Nur hier' } };
  const checked = { 'nav.home': textHash('Home'), 'nav.news': textHash('Old news') };
  const states = Object.fromEntries(localeEntries(en, de, checked).map((e) => [`${e.field}:${e.language}`, e.state]));
  assert.deepEqual(states, {
    'nav.home:en': 'current', 'nav.home:de': 'current',
    'nav.news:en': 'current', 'nav.news:de': 'outdated',
    'nav.shop:en': 'current', 'nav.shop:de': 'missing',
    'only.de:en': 'missing', 'only.de:de': 'current',
  });
});

test('the committed locales/de.sources.json covers the interface texts: nothing is out of date', () => {
  assert.equal(localeEntries().filter((e) => e.state === 'outdated').length, 0);
});
