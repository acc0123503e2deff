// One markup and every page's words: the renderer on a project description, plain-text excerpts
// (server and admin bundle), and the edited words answering their keys on both sides.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { markdownToText, renderArticle } from '../../models/content/markup';
import { stripMarkdown } from '../../models/shared/admin-rules';
import { cleanPageTexts, editedTexts, pageTextSections } from '../../models/content/page-texts';
import { withEditedTexts, type TFunction } from '../../views/translate';
import { Providers } from '../../views/providers';
import { createI18n } from '../../views/i18n';
import { useT } from '../../views/app-context';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import type { SiteInfo } from '../../views/types';

const DESCRIPTION = 'In **Village 9** the water is *far*.\n\n# What we need\n\n## Pipes\n\n### Sizes\n\n- pipes\n- a pump\n\n1. dig\n2. build';

describe('the renderer on a project description', () => {
  test('bold, italic, headings from h2 down, each list item its own', () => {
    const { html } = renderArticle(DESCRIPTION);
    assert.ok(html.includes('<p>In <strong>Village 9</strong> the water is <em>far</em>.</p>'));
    assert.ok(html.includes('<h2>What we need</h2>'), '# becomes h2: the page title is the only h1');
    assert.ok(html.includes('<h2>Pipes</h2>'));
    assert.ok(html.includes('<h3>Sizes</h3>'));
    assert.match(html, /<ul>\s*<li>pipes<\/li>\s*<li>a pump<\/li>\s*<\/ul>/);
    assert.match(html, /<ol>\s*<li>dig<\/li>\s*<li>build<\/li>\s*<\/ol>/);
    assert.doesNotMatch(html, /<h1|\*\*|##/);
  });

  test('a gallery outside news articles is a grid of figures, without buttons that would open nothing', () => {
    const md = ':::gallery\n![A pump](/images/gallery/water-point.svg "The pump")\n:::';
    assert.match(renderArticle(md).html, /<button type="button" class="gallery-open"/);
    const { html } = renderArticle(md, { lightbox: false });
    assert.doesNotMatch(html, /<button/);
    assert.match(html, /<div class="article-gallery"><figure class="gallery-item"><img src="\/images\/gallery\/water-point\.svg" alt="A pump"[^>]*\/?><figcaption>The pump<\/figcaption><\/figure><\/div>/);
  });

  test('plain-text excerpts keep the words, in order, without marks (server and admin bundle alike)', () => {
    const plain = 'In Village 9 the water is far. What we need Pipes Sizes pipes a pump dig build';
    assert.equal(markdownToText(DESCRIPTION), plain);
    assert.equal(stripMarkdown(DESCRIPTION), plain);
    for (const s of ['[our projects](/projects) and ![a photo](/a.svg) here', '> quoted **bold** `code`', ':::gallery\n![a](/a.svg)\n:::\n\nAfter', 'file_name_v2 and _emphasis_', '---\n\n## Stay connected']) {
      assert.equal(stripMarkdown(s), markdownToText(s), s);
    }
  });
});

describe('edited words', () => {
  test('withEditedTexts answers an edited key with its text (values filled in), every other key as before', () => {
    const i18n = createI18n('en', { en: { a: { b: 'Built-in {{n}}', c: 'Other' } } });
    const t = ((key: string, options?: Record<string, unknown>) => i18n.t(key, options)) as TFunction;
    const edited = withEditedTexts(t, { 'a.b': 'Edited {{n}} and {{missing}}' });
    assert.equal(edited('a.b', { n: 3 }), 'Edited 3 and {{missing}}');
    assert.equal(edited('a.c'), 'Other');
    assert.equal(withEditedTexts(t, undefined), t);
  });

  test('the providers give every component the page\'s edited words through useT (react-i18next underneath)', () => {
    function Words() {
      const t = useT();
      return (
        <p>
          {t('about.story.p1')} | {t('about.story.p2')}
        </p>
      );
    }
    const page = { routeId: 'about', url: '/about', alternates: { en: '/about', de: '/de/about' }, texts: { 'about.story.p1': 'Edited first.' } };
    const html = renderToString(
      <Providers app={{ lang: 'en', site: {} as SiteInfo, page }} i18n={createI18n('en', { en: en as Record<string, unknown> })}>
        <Words />
      </Providers>,
    );
    assert.equal(html, `<p>Edited first.<!-- --> | <!-- -->${en.about.story.p2}</p>`);
  });

  test('cleanPageTexts keeps only what differs from the built-in copy and names each problem', () => {
    const ok = cleanPageTexts('about', {
      'about.story.p1': { en: '  New first paragraph.  ', de: de.about.story.p1 },
      'about.story.p2': { en: '', de: '' },
      'about.vision.title': { en: en.about.vision.title.replace(/\n/g, '\r\n') },
    });
    assert.deepEqual(ok, { texts: { 'about.story.p1': { en: 'New first paragraph.' } }, errors: {} });
    const bad = cleanPageTexts('about', { 'about.hero.title': { en: 'x' }, 'nook.about.p1': { en: 'x' }, 'about.story.p1': { en: 'y'.repeat(4001) } });
    assert.deepEqual(Object.keys(bad.errors).sort(), ['texts.about.hero.title', 'texts.en.about.story.p1', 'texts.nook.about.p1']);
    assert.equal(bad.texts, null);
    // A text may use the values its built-in copy has, and no others.
    assert.deepEqual(cleanPageTexts('nook', { 'nook.about.p1': { en: 'Open since {{opened}}.' } }).errors, {});
    assert.ok(cleanPageTexts('nook', { 'nook.about.p1': { en: 'Open since {{year}}.' } }).errors['texts.en.nook.about.p1']);
  });

  test('editedTexts gives the page language only, and drops keys the page no longer has', () => {
    const content = { pageName: 'about', texts: { 'about.story.p1': { en: 'E', de: 'D' }, 'about.gone': { en: 'x' }, 'about.story.p2': { de: 'D2' } } };
    assert.deepEqual(editedTexts(content, 'en'), { 'about.story.p1': 'E' });
    assert.deepEqual(editedTexts(content, 'de'), { 'about.story.p1': 'D', 'about.story.p2': 'D2' });
    assert.deepEqual(editedTexts(null, 'de'), {});
  });

  test('every page with words of its own lists them in both languages, the entry\'s title and introduction left out', () => {
    for (const page of ['home', 'about', 'vision', 'mission', 'food-security', 'skills-training', 'health', 'environment', 'nook']) {
      const texts = pageTextSections(page).flatMap((s) => s.texts);
      assert.ok(texts.length > 10, page);
      assert.ok(texts.every((e) => e.en && e.de), page);
      assert.ok(!texts.some((e) => /\.hero\.(title|lead)$|^hero\.(title|text)$/.test(e.key)), page);
    }
    assert.deepEqual(pageTextSections('contact'), []);
  });
});
