// The library picker of a Markdown field inserts an image with the alt text of the field's
// language: German fields take the German alt text (the English one while there is none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { imageMarkdown } from '../../views/admin/widgets/media-picker';

const item = { url: '/uploads/0123456789abcdef0123456789abcdef.jpg', altText: 'Children at the new pump', altTextDe: 'Kinder an der neuen Pumpe' };

test('each language its own alt text', () => {
  assert.equal(imageMarkdown(item, 'en'), `![Children at the new pump](${item.url})`);
  assert.equal(imageMarkdown(item, 'de'), `![Kinder an der neuen Pumpe](${item.url})`);
  assert.equal(imageMarkdown({ ...item, altTextDe: null }, 'de'), `![Children at the new pump](${item.url})`);
  assert.equal(imageMarkdown({ ...item, altTextDe: '' }, 'de'), `![Children at the new pump](${item.url})`);
});

test('brackets and line breaks cannot end the alt text early', () => {
  assert.equal(imageMarkdown({ ...item, altText: 'A [map]\nof the ward' }, 'en'), `![A \\[map\\] of the ward](${item.url})`);
});
