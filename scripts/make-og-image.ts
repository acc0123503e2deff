// Writes public/images/og-default.png, the social preview image (networks do not show SVG):
// the first hero illustration, cropped to 1200x630. Run again after replacing the artwork.
import sharp from 'sharp';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
await sharp(path.join(root, 'public/images/hero/slide-1.svg'), { density: 144 })
  .resize(1200, 630, { fit: 'cover' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, 'public/images/og-default.png'));
console.log('wrote public/images/og-default.png');
