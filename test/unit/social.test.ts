import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cutWords,
  downloadFileName,
  enforcePlatformRules,
  fitX,
  hashtagsFor,
  PLATFORMS,
  PRESET_IMAGES,
  sharePageUrl,
  templatePost,
  X_MAX_LENGTH,
  xLength,
  type SocialItem,
} from '../../models/shared/social';

const LONG = 'The solar system of the learning centre now powers lights, computers and the workshop, so the young people can learn in the evening. '.repeat(6);
const item = (overrides: Partial<SocialItem> = {}): SocialItem => ({
  type: 'project',
  title: 'Solar power for the Tariro Nook',
  summary: LONG,
  url: 'https://charity.example/projects/a-rather-long-slug-for-the-solar-project-that-goes-on-and-on',
  ...overrides,
});

test('xLength counts every link as 23 characters (the t.co rule) and text by code point', () => {
  assert.equal(xLength('hello'), 5);
  assert.equal(xLength('see https://example.org/a/very/long/path/that/is/longer/than/23'), 4 + 23);
  assert.equal(xLength('a http://x.y b https://z.example/q'), 'a  b '.length + 46);
  assert.equal(xLength('Zürich'), 6);
});

test('fitX keeps an X post within 280 characters, always with the link, hashtags while they fit', () => {
  const url = item().url;
  const post = fitX(LONG, url, ['#Zimbabwe', '#Solar']);
  assert.ok(xLength(post) <= X_MAX_LENGTH, `length ${xLength(post)}`);
  assert.ok(post.endsWith(url));
  assert.match(post, /#Zimbabwe #Solar/);
  assert.match(post, /…/);
  // A short text is not cut.
  assert.equal(fitX('Short news.', 'https://x.example/a'), 'Short news. https://x.example/a');
});

test('cutWords cuts at a word boundary with an ellipsis', () => {
  assert.equal(cutWords('one two three four', 100), 'one two three four');
  const cut = cutWords('one two three four five six', 14);
  assert.ok([...cut].length <= 14);
  assert.equal(cut, 'one two three…');
});

test('templates respect each platform in both languages', () => {
  for (const lang of ['en', 'de'] as const) {
    const i = item({ url: `https://charity.example${lang === 'de' ? '/de' : ''}/projects/solar` });
    const x = templatePost('twitter', i, lang, 'Kuvaka Community Trust');
    assert.ok(xLength(x.text) <= X_MAX_LENGTH);
    assert.ok(x.text.includes(i.url));
    const insta = templatePost('instagram', i, lang, 'Kuvaka Community Trust');
    assert.ok((insta.text.match(/#\S+/g) ?? []).length >= 5, 'Instagram carries hashtags');
    const li = templatePost('linkedin', i, lang, 'Kuvaka Community Trust');
    assert.ok(li.text.includes(i.url));
    assert.match(li.text, lang === 'de' ? /Neuigkeiten von Kuvaka Community Trust/ : /An update from Kuvaka Community Trust/);
    const fb = templatePost('facebook', i, lang, 'Kuvaka Community Trust');
    assert.ok(fb.text.includes(i.url));
    assert.match(fb.text, lang === 'de' ? /Projekt unterstützen/ : /support the project/);
    for (const p of PLATFORMS) {
      const post = templatePost(p, i, lang, 'Org');
      assert.equal(post.url, i.url);
      assert.doesNotMatch(post.text, /ß/);
    }
  }
});

test('hashtags follow the topic, matched at word starts only', () => {
  assert.ok(hashtagsFor({ title: 'First harvest from the gardens', summary: '' }, 'en').includes('#FoodSecurity'));
  assert.ok(hashtagsFor({ title: 'Erste Ernte', summary: '' }, 'de').includes('#Ernährungssicherheit'));
  // "entfernten" contains "ernte" but is not about harvests.
  assert.ok(!hashtagsFor({ title: 'Wohnheim', summary: 'Lernende aus entfernten Dörfern' }, 'de').includes('#Ernährungssicherheit'));
  assert.ok(hashtagsFor({ title: 'x', summary: 'y' }, 'de').includes('#Simbabwe'));
});

test('AI posts are made to respect their platform', () => {
  const i = item();
  const x = enforcePlatformRules('twitter', `${'Great news! '.repeat(40)} #Zimbabwe`, i, 'en');
  assert.ok(xLength(x.text) <= X_MAX_LENGTH);
  assert.ok(x.text.includes(i.url));
  const ok = enforcePlatformRules('twitter', `Short and sweet ${i.url}`, i, 'en');
  assert.equal(ok.text, `Short and sweet ${i.url}`);
  assert.match(enforcePlatformRules('instagram', 'A caption without tags', i, 'en').text, /#Zimbabwe/);
  assert.ok(enforcePlatformRules('facebook', 'No link here', i, 'en').text.endsWith(i.url));
  assert.ok(enforcePlatformRules('linkedin', 'No link here', i, 'en').text.includes(i.url));
});

test('share pages of each platform', () => {
  const url = 'https://charity.example/news/a b';
  assert.equal(sharePageUrl('facebook', url, 'x'), `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
  assert.equal(sharePageUrl('linkedin', url, 'x'), `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
  const x = new URL(sharePageUrl('twitter', url, `Hello ${url}`));
  assert.equal(x.hostname, 'x.com');
  assert.equal(x.searchParams.get('text'), 'Hello');
  assert.equal(x.searchParams.get('url'), url);
  assert.equal(sharePageUrl('instagram', url, 'x'), 'https://www.instagram.com/');
});

test('seven preset images with alt texts in both languages, prefixed timestamped download names', () => {
  assert.equal(PRESET_IMAGES.length, 7);
  assert.equal(new Set(PRESET_IMAGES.map((i) => i.name)).size, 7);
  for (const image of PRESET_IMAGES) {
    assert.ok(image.alt.en.length > 10 && image.alt.de.length > 10);
    assert.notEqual(image.alt.en, image.alt.de);
    assert.match(image.svg, /^\/images\/social\/[a-z-]+\.svg$/);
  }
  const name = downloadFileName('Kuvaka Community Trust', PRESET_IMAGES[1]!, new Date(2026, 10, 22, 9, 5, 7));
  assert.equal(name, 'kuvaka-social-solar-light-20261122-090507.png');
  assert.match(downloadFileName('Ärzte & Co', PRESET_IMAGES[0]!, new Date()), /^arzte-social-village-sunrise-\d{8}-\d{6}\.png$/);
});
