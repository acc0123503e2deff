import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { ContentImage } from '../../views/components/responsive-image';
import { srcSetFor } from '../../models/shared/media-rules';

const id = '0123456789abcdef0123456789abcdef';

test('an uploaded photo is a <picture>: AVIF variants for browsers that take them, WebP for the rest', () => {
  const html = renderToStaticMarkup(<ContentImage src={`/uploads/${id}.jpg`} sizes="100vw" alt="" width={1200} height={800} />);
  assert.equal(
    html,
    `<picture><source type="image/avif" srcSet="/uploads/${id}-w480.avif 480w, /uploads/${id}-w960.avif 960w, /uploads/${id}-w1600.avif 1600w" sizes="100vw"/>` +
      `<img src="/uploads/${id}.jpg" srcSet="/uploads/${id}-w480.webp 480w, /uploads/${id}-w960.webp 960w, /uploads/${id}-w1600.webp 1600w" sizes="100vw" alt="" width="1200" height="800"/></picture>`,
  );
});

test('GIF and WebP uploads (perhaps animated) get WebP variants only; other images stay as they are', () => {
  assert.equal(srcSetFor(`/uploads/${id}.gif`, 'avif'), undefined);
  assert.equal(srcSetFor(`/uploads/${id}.webp`, 'avif'), undefined);
  const gif = renderToStaticMarkup(<ContentImage src={`/uploads/${id}.gif`} sizes="100vw" alt="" />);
  assert.ok(gif.includes(`<img src="/uploads/${id}.gif" srcSet="/uploads/${id}-w480.webp 480w,`), gif);
  assert.ok(!gif.includes('avif') && !gif.includes('<picture'), gif);
  const svg = renderToStaticMarkup(<ContentImage src="/images/projects/nook-solar-power.svg" sizes="100vw" alt="" loading="lazy" />);
  assert.equal(svg, '<img src="/images/projects/nook-solar-power.svg" alt="" loading="lazy"/>');
});
