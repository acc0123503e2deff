import { test } from 'node:test';
import assert from 'node:assert/strict';
import { imageSources } from '../../views/components/responsive-image';

test('uploaded photos get their WebP variants as srcset; other images stay as they are', () => {
  const up = imageSources('/uploads/3f2a9c-photo.jpg', '100vw');
  assert.equal(up.src, '/uploads/3f2a9c-photo.jpg');
  assert.match(up.srcSet!, /\/uploads\/3f2a9c-photo-w480\.webp 480w/);
  assert.equal(up.sizes, '100vw');
  assert.deepEqual(imageSources('/images/projects/nook-solar-power.svg', '100vw'), { src: '/images/projects/nook-solar-power.svg' });
});
