// Heavy libraries that not every instance needs are loaded on first use: memory is what a small
// server runs out of first, and a site without uploads or mail images never pays for libvips.
import type Sharp from 'sharp';

let sharp: Promise<typeof Sharp> | null = null;

/** sharp (libvips): image sizes and variants, PNG renditions of the site's SVG pictures. */
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import('sharp').then((m) => m.default);
  return sharp;
}
