import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isSafeHref, isSafeImageSrc, renderArticle } from '../../models/content/markup';
import { demoNews } from '../../db/seeds/demo-content';
import { articleExtraKind, showsPhotoGallery, SOLAR_PHOTOS, SOLAR_STAND_PHOTOS, SOLAR_CATEGORIES } from '../../views/components/articles/article-extras';
import { wrapIndex } from '../../views/components/articles/lightbox';

/** Every tag of the output with its attributes, to check what can run in a browser. */
function tags(html: string): { name: string; attrs: Record<string, string> }[] {
  return [...html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/gi)].map((m) => ({
    name: m[1]!.toLowerCase(),
    attrs: Object.fromEntries([...(m[2] ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!.toLowerCase(), a[2] ?? ''])),
  }));
}

/** No script element, no event handler, no style, and every URL is one we allow. */
function assertInert(html: string) {
  for (const tag of tags(html)) {
    assert.ok(!['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'input', 'link', 'meta', 'base'].includes(tag.name), `dangerous <${tag.name}> in ${html}`);
    for (const [name, value] of Object.entries(tag.attrs)) {
      assert.ok(!name.startsWith('on'), `event handler ${name} in ${html}`);
      assert.ok(name !== 'style' && name !== 'srcset', `${name} attribute in ${html}`);
      if (name === 'href') assert.ok(isSafeHref(decode(value)), `unsafe href ${value}`);
      if (name === 'src') assert.ok(isSafeImageSrc(decode(value)), `unsafe src ${value}`);
    }
  }
  assert.doesNotMatch(html, /(href|src)="\s*(javascript|vbscript|data):/i);
}

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('renderArticle: the simple markup of the seed', () => {
  test('paragraphs, ## headings (never a second h1), inline images as figures', () => {
    const { html, images } = renderArticle('First paragraph.\n\n## A heading\n\n# Not an h1\n\n![Alt text](/images/gallery/water-point.svg "A caption")\n\nLast *one*.');
    assert.match(html, /<p>First paragraph\.<\/p>/);
    assert.match(html, /<h2>A heading<\/h2>/);
    assert.match(html, /<h2>Not an h1<\/h2>/);
    assert.doesNotMatch(html, /<h1/);
    assert.match(html, /<figure class="article-figure"><img src="\/images\/gallery\/water-point\.svg" alt="Alt text" title="A caption" width="800" height="600" loading="lazy" decoding="async" \/><figcaption>A caption<\/figcaption><\/figure>/);
    assert.match(html, /<p>Last <em>one<\/em>\.<\/p>/);
    assert.deepEqual(images, [{ src: '/images/gallery/water-point.svg', alt: 'Alt text', title: 'A caption', gallery: null }]);
  });

  test('a :::gallery block becomes a grid of buttons that open the lightbox, numbered across the article', () => {
    const md = '![Inline](/a.svg)\n\n:::gallery\n![One](/one.svg "First")\n![Two](/two.svg)\n:::\n\nText\n\n:::gallery\n![Three](/three.svg "Third")\n:::';
    const { html, images } = renderArticle(md);
    assert.equal((html.match(/<div class="article-gallery">/g) ?? []).length, 2);
    assert.equal((html.match(/<button type="button" class="gallery-open"/g) ?? []).length, 3);
    assert.match(html, /<button type="button" class="gallery-open" data-image="1" aria-haspopup="dialog"><img src="\/one\.svg" alt="One" title="First"/);
    assert.match(html, /<figcaption>First<\/figcaption>/);
    assert.match(html, /data-image="3"[^>]*><img src="\/three\.svg"/);
    assert.deepEqual(
      images.map((i) => [i.src, i.gallery]),
      [['/a.svg', null], ['/one.svg', 0], ['/two.svg', 0], ['/three.svg', 1]],
    );
    assert.match(html, /<p>Text<\/p>/);
  });

  test('an unclosed gallery runs to the end of the text; an empty one renders nothing', () => {
    assert.equal(renderArticle(':::gallery\n![A](/a.svg)').images.length, 1);
    assert.equal(renderArticle(':::gallery\n:::').html, '');
  });

  test('PDF links are collected once, with their text, and stay in the body', () => {
    const { html, pdfs } = renderArticle('[Report (PDF)](/docs/report.pdf) and [again](/docs/report.pdf) and [a page](/news) and [Query](https://example.org/files/Plan.PDF?v=2#p1)');
    assert.deepEqual(pdfs, [
      { href: '/docs/report.pdf', label: 'Report (PDF)' },
      { href: 'https://example.org/files/Plan.PDF?v=2#p1', label: 'Query' },
    ]);
    assert.match(html, /<a href="\/docs\/report\.pdf">Report \(PDF\)<\/a>/);
    assert.match(html, /<a rel="noopener noreferrer" href="https:\/\/example\.org\/files\/Plan\.PDF\?v=2#p1">Query<\/a>/);
  });

  test('every seeded article renders in both languages; the annual report has its PDF', () => {
    for (const article of demoNews) {
      for (const body of [article.content, article.contentDe]) {
        const out = renderArticle(body);
        assert.ok(out.html.length > 200, article.slug);
        assertInert(out.html);
        assert.ok(out.images.every((i) => i.alt.length > 0), `${article.slug}: every image has alt text`);
      }
    }
    const report = demoNews.find((a) => a.slug === 'annual-report-2024-published')!;
    assert.deepEqual(renderArticle(report.content).pdfs, [{ href: '/docs/annual-report-2024.pdf', label: 'Download the 2024 annual report (PDF)' }]);
    assert.equal(renderArticle(report.contentDe).pdfs[0]?.label, 'Jahresbericht 2024 herunterladen (PDF)');
  });
});

describe('renderArticle: nothing from the database can run in the page', () => {
  const attacks: [string, string][] = [
    ['script element', '<script>alert(1)</script>'],
    ['script inside text', 'Hello <script src="https://evil.example/x.js"></script> world'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['svg onload', '<svg onload=alert(1)></svg>'],
    ['raw HTML block', '<div onclick="alert(1)" style="position:fixed">\n\n*hi*\n\n</div>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['inline handler in a tag', 'Text <a href="#" onmouseover="alert(1)">x</a>'],
    ['javascript: link', '[click](javascript:alert(1))'],
    ['JavaScript: mixed case', '[click](JaVaScRiPt:alert(1))'],
    ['javascript: with entities', '[click](&#106;avascript:alert(1))'],
    ['javascript: with tab', '[click](java\tscript:alert(1))'],
    ['javascript: autolink', '<javascript:alert(1)>'],
    ['javascript: reference link', '[click][x]\n\n[x]: javascript:alert(1)'],
    ['vbscript: link', '[click](vbscript:msgbox(1))'],
    ['data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['javascript: image', '![x](javascript:alert(1))'],
    ['data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['data: image png', '![x](data:image/png;base64,iVBORw0KGgo=)'],
    ['http image', '![x](http://tracker.example/pixel.png)'],
    ['protocol-relative image', '![x](//evil.example/x.png)'],
    ['protocol-relative link', '[x](//evil.example/)'],
    ['attribute break-out in alt', '![a" onerror="alert(1)](/x.png)'],
    ['attribute break-out in title', '![a](/x.png "t\\" onerror=\\"alert(1)")'],
    ['javascript: in gallery', ':::gallery\n![a](javascript:alert(1))\n![b](data:image/png;base64,AAAA)\n:::'],
    ['html in gallery', ':::gallery\n<img src=x onerror=alert(1)>\n:::'],
  ];
  for (const [name, md] of attacks) {
    test(name, () => {
      const { html, images, pdfs } = renderArticle(md);
      assertInert(html);
      // Raw HTML may survive only as escaped text.
      assert.doesNotMatch(html, /<(script|iframe|svg|div onclick|img src=x)/i, html);
      for (const img of images) assert.ok(isSafeImageSrc(img.src), img.src);
      for (const pdf of pdfs) assert.ok(isSafeHref(pdf.href), pdf.href);
    });
  }

  test('raw HTML shows as text, not markup', () => {
    assert.equal(renderArticle('<b>bold</b>').html, '<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
  });

  test('allowed links keep working: relative, https, mailto', () => {
    const { html } = renderArticle('[a](/projects) [b](https://example.org) [c](mailto:info@example.org) [d](#top)');
    assert.match(html, /href="\/projects"/);
    assert.match(html, /href="https:\/\/example\.org"/);
    assert.match(html, /href="mailto:info@example\.org"/);
    assert.match(html, /href="#top"/);
  });

  test('https images are kept, insecure or foreign schemes dropped', () => {
    assert.equal(renderArticle('![a](https://cdn.example.org/a.png)').images.length, 1);
    assert.equal(renderArticle('![a](http://cdn.example.org/a.png)').images.length, 0);
    assert.equal(renderArticle('![a](ftp://cdn.example.org/a.png)').images.length, 0);
  });

  test('URL checks', () => {
    for (const ok of ['/news', 'news/x', '#a', '?q=1', 'https://a.b', 'http://a.b', 'mailto:a@b.c']) assert.ok(isSafeHref(ok), ok);
    for (const bad of ['javascript:x', ' javascript:x', 'JAVASCRIPT:x', 'data:text/html,x', 'vbscript:x', '//evil', '/\\evil', 'file:///etc/passwd', 'java\nscript:x', '']) assert.ok(!isSafeHref(bad), bad);
    for (const ok of ['/a.png', 'a.png', 'https://a.b/c.png']) assert.ok(isSafeImageSrc(ok), ok);
    for (const bad of ['http://a.b/c.png', 'data:image/png;base64,AA', '//a.b/c.png', 'javascript:x', '/\\a.b']) assert.ok(!isSafeImageSrc(bad), bad);
  });
});

describe('article extras and the lightbox', () => {
  test('an article\'s extras and gallery follow its title', () => {
    assert.equal(articleExtraKind('Solar Infrastructure Brings Light to the Tariro Nook'), 'solar');
    assert.equal(articleExtraKind('Solar Stand Installation Completed by Our Welding Learners'), 'solarStand');
    assert.equal(articleExtraKind('Skills Training at the Nook: What Our First Cycle Taught Us'), 'skills');
    assert.equal(articleExtraKind('Beautification and Recycling: A New Face for the Tariro Nook'), 'beautification');
    assert.equal(articleExtraKind('First Harvest from the New Permaculture Gardens'), null);
    assert.equal(showsPhotoGallery('Beautification and Recycling: A New Face'), false);
    assert.equal(showsPhotoGallery('Solar Infrastructure Brings Light'), true);
  });

  test('static galleries: 18 solar photos in the filter categories, 14 solar stand photos, all captioned in both languages', () => {
    assert.equal(SOLAR_PHOTOS.length, 18);
    assert.equal(SOLAR_STAND_PHOTOS.length, 14);
    for (const c of SOLAR_CATEGORIES) assert.ok(SOLAR_PHOTOS.some((p) => p.category === c), c);
    assert.ok(SOLAR_PHOTOS.every((p) => SOLAR_CATEGORIES.includes(p.category as (typeof SOLAR_CATEGORIES)[number])));
    for (const p of [...SOLAR_PHOTOS, ...SOLAR_STAND_PHOTOS]) {
      assert.ok(p.caption.en && p.caption.de);
      assert.doesNotMatch(p.caption.de, /ß/);
    }
  });

  test('previous/next wrap around', () => {
    assert.equal(wrapIndex(3, 3), 0);
    assert.equal(wrapIndex(-1, 3), 2);
    assert.equal(wrapIndex(1, 3), 1);
    assert.equal(wrapIndex(5, 0), 0);
  });
});
