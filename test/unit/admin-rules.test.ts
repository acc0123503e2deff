import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFileSize, parseTags, srcSetFor, thumbnailFor, visibleTags, isUploadedImage } from '../../models/shared/media-rules';
import { outreachBlock } from '../../models/shared/admin-rules';
import { FIELD_MESSAGES } from '../../models/shared/errors';
import { FIELD_CODES } from '../../models/shared/error-codes';
import { matchAdminKey, isAdminEmail, keyFingerprint } from '../../models/people/user';
import { loadConfig } from '../../config';

test('file sizes read in Bytes, KB, MB and GB with two decimals', () => {
  assert.equal(formatFileSize(0), '0 Bytes');
  assert.equal(formatFileSize(-5), '0 Bytes');
  assert.equal(formatFileSize(512), '512 Bytes');
  assert.equal(formatFileSize(1023), '1023 Bytes');
  assert.equal(formatFileSize(1024), '1.00 KB');
  assert.equal(formatFileSize(1536), '1.50 KB');
  assert.equal(formatFileSize(1024 * 1024), '1.00 MB');
  assert.equal(formatFileSize(2.345 * 1024 * 1024), '2.35 MB');
  assert.equal(formatFileSize(5 * 1024 ** 3), '5.00 GB');
  assert.equal(formatFileSize(3 * 1024 ** 4), '3072.00 GB');
  // Swiss German writes decimals with a point too.
  assert.equal(formatFileSize(1536, 'de'), '1.50 KB');
});

test('the grid shows up to three tags, then +N', () => {
  assert.deepEqual(visibleTags(['a', 'b']), { shown: ['a', 'b'], more: 0 });
  assert.deepEqual(visibleTags(['a', 'b', 'c']), { shown: ['a', 'b', 'c'], more: 0 });
  assert.deepEqual(visibleTags(['a', 'b', 'c', 'd', 'e']), { shown: ['a', 'b', 'c'], more: 2 });
});

test('tags typed with commas become a clean list', () => {
  assert.deepEqual(parseTags(' solar, nook ,, solar,  Hostel '), ['solar', 'nook', 'Hostel']);
  assert.deepEqual(parseTags(['a', ' b ']), ['a', 'b']);
  assert.deepEqual(parseTags(undefined), []);
  assert.equal(parseTags(Array.from({ length: 30 }, (_, i) => `t${i}`).join(',')).length, 20);
});

test('uploaded images get a srcset of their WebP variants; other addresses none', () => {
  const url = '/uploads/0123456789abcdef0123456789abcdef.png';
  assert.ok(isUploadedImage(url));
  assert.equal(
    srcSetFor(url),
    '/uploads/0123456789abcdef0123456789abcdef-w480.webp 480w, /uploads/0123456789abcdef0123456789abcdef-w960.webp 960w, /uploads/0123456789abcdef0123456789abcdef-w1600.webp 1600w',
  );
  assert.equal(thumbnailFor(url), '/uploads/0123456789abcdef0123456789abcdef-w480.webp');
  assert.equal(srcSetFor('/images/projects/x.svg'), undefined);
  assert.equal(srcSetFor('/uploads/abc.pdf'), undefined);
  assert.equal(thumbnailFor('/images/x.svg'), '/images/x.svg');
});

test('every field code has its English message', () => {
  assert.deepEqual(Object.keys(FIELD_MESSAGES).sort(), [...FIELD_CODES].sort());
  assert.equal(FIELD_MESSAGES.required, 'This field is required');
  assert.equal(FIELD_MESSAGES.amount, 'Enter an amount such as 1250.50 or 1,250.50');
});

test('the outreach block of new articles names the socials and contact details in each language', () => {
  const site = loadConfig({ NODE_ENV: 'test', ORG_EMAIL: 'hello@charity.example', ORG_PHONE: '+41 41 000 00 00' }).site;
  const en = outreachBlock(site, 'en');
  const de = outreachBlock(site, 'de');
  for (const block of [en, de]) {
    assert.ok(block.includes(site.socials.facebook) && block.includes(site.socials.instagram) && block.includes(site.socials.linkedin));
    assert.ok(block.includes('hello@charity.example'));
    assert.ok(block.includes('+41 41 000 00 00'));
  }
  assert.match(en, /Stay connected/);
  assert.match(de, /Bleiben Sie/);
  assert.ok(!de.includes('ß'));
});

test('admin keys are matched exactly; e-mail addresses ignore case', () => {
  assert.equal(matchAdminKey(['alpha-key', 'beta-key'], 'beta-key'), keyFingerprint('beta-key'));
  assert.equal(matchAdminKey(['alpha-key'], 'alpha-key '), null);
  assert.equal(matchAdminKey(['alpha-key'], 'alpha'), null);
  assert.equal(matchAdminKey(['alpha-key'], ''), null);
  assert.equal(matchAdminKey(['alpha-key'], undefined), null);
  assert.equal(matchAdminKey([], 'anything'), null);
  assert.ok(!keyFingerprint('alpha-key').includes('alpha'));
  assert.ok(isAdminEmail(['Admin@Example.org'], ' admin@example.ORG '));
  assert.ok(!isAdminEmail(['admin@example.org'], 'other@example.org'));
});
