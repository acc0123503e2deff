import { srcSetFor } from '../../models/media-rules';

/**
 * Attributes for a content image: photos uploaded through the media library get their WebP
 * variants as srcset, so a phone downloads the 480 px file, not the original.
 */
export function imageSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = srcSetFor(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

export const CARD_SIZES_3 = '(min-width: 1000px) 380px, (min-width: 640px) 50vw, 100vw';
export const CARD_SIZES_4 = '(min-width: 1000px) 280px, (min-width: 640px) 50vw, 100vw';
export const FULL_WIDTH = '100vw';
