import type { ImgHTMLAttributes } from 'react';
import { srcSetFor } from '../../models/shared/media-rules';

export const CARD_SIZES_3 = '(min-width: 1000px) 380px, (min-width: 640px) 50vw, 100vw';
export const CARD_SIZES_4 = '(min-width: 1000px) 280px, (min-width: 640px) 50vw, 100vw';
export const FULL_WIDTH = '100vw';

/**
 * A content image. Photos uploaded through the media library come with their variants: AVIF for
 * the browsers that take it, WebP for the rest, each at 480, 960 and 1600 pixels, so a phone
 * downloads the smallest file that fills its screen, never the original. Any other address (the
 * site's own SVG pictures) is a plain <img>. The <picture> takes no box of its own (site.css).
 */
export function ContentImage({ src, sizes, ...img }: { src: string; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>) {
  const webp = srcSetFor(src);
  if (!webp) return <img src={src} {...img} />;
  const avif = srcSetFor(src, 'avif');
  const image = <img src={src} srcSet={webp} sizes={sizes} {...img} />;
  if (!avif) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {image}
    </picture>
  );
}
