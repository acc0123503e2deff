// The accessibility checks run on the HTML the article renderer makes: each rule fires on the
// Markdown (or, where Markdown cannot make the case, the HTML) that breaks it, and stays quiet on
// good text in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { altLooksLikeFileName, checkHtml, checkRendered, LONG_PARAGRAPH_WORDS, MARKDOWN_FIELDS, type A11yRule } from '../../models/media/a11y-rules';
import { renderArticle } from '../../models/content/markup';

/** checkValues without a database: the fields rendered as renderFields does when the media library knows none of the images. */
const checkValues = (values: Record<string, string>, _fields?: undefined, options: { axe?: boolean } = {}) =>
  checkRendered(
    MARKDOWN_FIELDS.flatMap((base) => ([[base, 'en'], [`${base}De`, 'de']] as const).filter(([f]) => values[f]?.trim()).map(([field, language]) => ({ field, language, html: renderArticle(values[field]).html }))),
    options,
  );
const rulesOf = (markdown: string) => checkHtml(renderArticle(markdown).html).map((f) => f.rule);
const fires = (markdown: string, rule: A11yRule) => assert.ok(rulesOf(markdown).includes(rule), `${rule} should fire on ${JSON.stringify(markdown)}: ${rulesOf(markdown).join(', ')}`);

const GOOD = [
  '## Water for Chizungu',
  '',
  'The new borehole gives [clean water to 400 families](/projects/chizungu-water).',
  '',
  '![Women filling buckets at the new hand pump](/uploads/0123456789abcdef0123456789abcdef.jpg)',
  '',
  '### What it cost',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '| Drilling | 4 200 |',
  '',
  '## Thanks',
  '',
  'Read the [full report of the drilling](/reports/2026.pdf).',
].join('\n');

test('good text in both languages: nothing to report', () => {
  assert.deepEqual(rulesOf(GOOD), []);
  const de = GOOD.replace('Water for', 'Wasser für').replace('Thanks', 'Danke');
  assert.deepEqual(checkValues({ content: GOOD, contentDe: de }), []);
});

test('image alt text: missing, or a file name or a placeholder', () => {
  fires('![](/uploads/a.jpg)', 'image-alt-missing');
  fires('![   ](/uploads/a.jpg)', 'image-alt-missing');
  for (const alt of ['IMG_2041.jpg', 'IMG_2041', 'DSC-0042', 'school.png', 'image', 'Photo', 'Foto', 'Bild', 'PXL_20260101_123456', 'WhatsApp Image 2026-01-02']) {
    assert.ok(altLooksLikeFileName(alt), alt);
    fires(`![${alt}](/uploads/a.jpg)`, 'image-alt-filename');
  }
  for (const alt of ['A girl reading under a tree', 'Kinder vor dem Schulhaus', 'The 2026 harvest in Mwenezi', 'Photo of the well at dusk']) {
    assert.equal(altLooksLikeFileName(alt), false, alt);
  }
});

test('headings: content starts at level 2, never skips a level, never empty', () => {
  fires('### Starts too low\n\ntext', 'heading-start');
  fires('## One\n\n#### Three skipped\n', 'heading-order');
  fires('## One\n\n##\n', 'heading-empty');
  // "#" is shown as a level-2 heading (the page title is the only h1): fine.
  assert.deepEqual(rulesOf('# One\n\n### Two\n\n## Three\n\n### Four'), []);
  // Going back up is fine.
  assert.deepEqual(rulesOf('## A\n\n### B\n\n#### C\n\n## D'), []);
});

test('links: a name, and one that says where it leads (English and German)', () => {
  fires('See [](https://example.org).', 'link-name');
  for (const label of ['click here', 'Click here!', 'here', 'read more', 'hier klicken', 'Hier', 'mehr', 'weiterlesen']) fires(`For the report [${label}](/report.pdf).`, 'link-generic');
  // An image names its link with its alt text.
  assert.deepEqual(rulesOf('[![Our school in Chizungu](/uploads/a.jpg)](/projects/school)'), []);
  fires('[![](/uploads/a.jpg)](/projects/school)', 'link-name');
});

test('buttons need a name; tables need header cells', () => {
  assert.deepEqual(checkHtml('<button type="button"><img src="/a.jpg" alt=""></button>').map((f) => f.rule), ['button-name', 'image-alt-missing']);
  assert.deepEqual(checkHtml('<button type="button"><img src="/a.jpg" alt="Open the picture of the garden"></button>'), []);
  assert.deepEqual(checkHtml('<table><tr><td>a</td><td>b</td></tr></table>').map((f) => f.rule), ['table-headers']);
  assert.deepEqual(checkHtml('<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'), []);
});

test('reading length: a hint for very long paragraphs and long reads', () => {
  const long = Array.from({ length: LONG_PARAGRAPH_WORDS + 5 }, (_, i) => `word${i}`).join(' ');
  const found = checkHtml(renderArticle(long).html);
  assert.equal(found[0]?.rule, 'long-paragraph');
  assert.equal(found[0]?.severity, 'hint');
  assert.deepEqual(rulesOf(Array.from({ length: 10 }, () => 'A short paragraph of a few words.').join('\n\n')), []);
  const book = Array.from({ length: 40 }, () => Array.from({ length: 60 }, () => 'word').join(' ')).join('\n\n');
  const hint = checkHtml(renderArticle(book).html).find((f) => f.rule === 'reading-time');
  assert.equal(hint?.detail, '12');
});

test('checkValues names the field and the language of each problem', () => {
  const problems = checkValues({ content: '![IMG_2041.jpg](/uploads/a.jpg)', contentDe: '[hier klicken](/x)', title: '![](/ignored.jpg)' });
  assert.deepEqual(
    problems.map((p) => [p.field, p.language, p.rule]),
    [
      ['content', 'en', 'image-alt-filename'],
      ['contentDe', 'de', 'link-generic'],
    ],
  );
});

test('every axe-core rule the editor runs has our own text in English and German', async () => {
  const { AXE_RULES, ownRuleOfAxe, UNKNOWN_AXE_RULE } = await import('../../models/shared/a11y-axe-rules');
  const fs = await import('node:fs');
  const texts = (lang: string) => JSON.parse(fs.readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')).admin.a11y.rules as Record<string, string>;
  for (const lang of ['en', 'de']) {
    for (const id of AXE_RULES) assert.ok(texts(lang)[ownRuleOfAxe(id)], `${lang}: ${id} -> ${ownRuleOfAxe(id)}`);
    assert.ok(texts(lang)[UNKNOWN_AXE_RULE]);
  }
  assert.equal(ownRuleOfAxe('a-rule-axe-added-later'), UNKNOWN_AXE_RULE);
});

test('axe mode leaves out what axe-core finds on the preview, and keeps what it cannot see', () => {
  const values = { content: '### First\n\n![](/a.jpg)\n\n![IMG_1.jpg](/b.jpg)\n\n## Two\n\n#### Four\n\n[](/x)\n\n[click here](/y)' };
  const all = checkValues(values).map((p) => p.rule);
  assert.deepEqual(all, ['heading-start', 'image-alt-missing', 'image-alt-filename', 'heading-order', 'link-name', 'link-generic']);
  // An empty alt text is decoration for axe: it stays ours.
  assert.deepEqual(checkValues(values, undefined, { axe: true }).map((p) => p.rule), ['image-alt-missing', 'image-alt-filename', 'link-generic']);
});
