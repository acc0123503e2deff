// The shared string and address helpers: escaping, e-mail normalisation, absolute addresses,
// markdown to plain text, and the one article summary rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, normalizeEmail } from '../../models/shared/text';
import { absoluteUrl, localUrl, mailImageUrl, pageUrl } from '../../models/shared/urls';
import { markdownToText } from '../../models/content/markup';
import { articleSummary, SUMMARY_CHARS } from '../../models/content/news';

test('escapeHtml makes text safe in element content and double-quoted attributes', () => {
  assert.equal(escapeHtml(`<a href="x">Tom & Jerry</a>`), '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;');
  // An already escaped entity is escaped again: the text is shown as typed.
  assert.equal(escapeHtml('&amp;'), '&amp;amp;');
  assert.equal(escapeHtml("it's"), "it's");
});

test('normalizeEmail trims and lower-cases', () => {
  assert.equal(normalizeEmail('  Anna.Muster@Example.ORG '), 'anna.muster@example.org');
});

test('absoluteUrl puts the public origin in front of a path and keeps absolute addresses', () => {
  assert.equal(absoluteUrl('https://charity.example', '/images/a.png'), 'https://charity.example/images/a.png');
  assert.equal(absoluteUrl('https://charity.example', 'https://cdn.example/a.png'), 'https://cdn.example/a.png');
  assert.equal(absoluteUrl('https://charity.example', 'HTTP://cdn.example/a.png'), 'HTTP://cdn.example/a.png');
});

test('pageUrl and localUrl give absolute addresses in the page language', () => {
  assert.equal(pageUrl('https://charity.example', 'newsDetail', 'en', { slug: 'solar' }), 'https://charity.example/news/solar');
  assert.equal(pageUrl('https://charity.example', 'newsDetail', 'de', { slug: 'solar' }), 'https://charity.example/de/news/solar');
  assert.equal(localUrl('https://charity.example', '/newsletter/confirm', 'de', { token: 'a+b/c' }), 'https://charity.example/de/newsletter/confirm?token=a%2Bb%2Fc');
  assert.equal(localUrl('https://charity.example', '/', 'en'), 'https://charity.example/');
});

test('mailImageUrl: absolute, SVG illustrations as their PNG rendition, nothing for odd values', () => {
  assert.equal(mailImageUrl('https://c.example', '/images/projects/water.svg'), 'https://c.example/newsletter/images/projects/water.png');
  assert.equal(mailImageUrl('https://c.example', '/api/media/3/file'), 'https://c.example/api/media/3/file');
  assert.equal(mailImageUrl('https://c.example', 'https://cdn.example/x.jpg'), 'https://cdn.example/x.jpg');
  assert.equal(mailImageUrl('https://c.example', 'javascript:alert(1)'), null);
  assert.equal(mailImageUrl('https://c.example', ''), null);
});

test('markdownToText keeps the words and drops the markup', () => {
  assert.equal(markdownToText('## Title\n\nSome **bold** [link](https://x.y) ![img](a.png) text'), 'Title Some bold link text');
  assert.equal(markdownToText('- one\n- two\n\n> quoted `code`'), 'one two quoted code');
  assert.equal(markdownToText(':::gallery\n![a](/images/a.png)\n![b](/images/b.png)\n:::\n\nAfter the gallery'), 'After the gallery');
  // Underscores and stars inside words are text, not emphasis (a regex would have eaten them).
  assert.equal(markdownToText('file_name_v2 costs 5 * 3'), 'file_name_v2 costs 5 * 3');
  assert.equal(markdownToText('line one\nline two'), 'line one line two');
  assert.equal(markdownToText(null), '');
});

test('articleSummary: the abstract in the language, else the excerpt, else the text cut to the card length', () => {
  const article = { abstract: 'The **solar** lights are on.', abstractDe: 'Die Solarlampen brennen.', excerpt: 'Excerpt', content: 'Body', contentDe: 'Text' };
  assert.equal(articleSummary(article, 'en'), 'The solar lights are on.');
  assert.equal(articleSummary(article, 'de'), 'Die Solarlampen brennen.');
  assert.equal(articleSummary({ ...article, abstract: null, abstractDe: null }, 'en'), 'Excerpt');
  const long = 'word '.repeat(100);
  const cut = articleSummary({ abstract: null, abstractDe: null, excerpt: null, content: `## Heading\n\n${long}`, contentDe: '' }, 'de');
  assert.equal(cut, `${`Heading ${long}`.slice(0, SUMMARY_CHARS)}...`);
  assert.equal(SUMMARY_CHARS, 150);
});
