/**
 * Draws the product images from the shop's artwork (`artwork/pet-ball-<colour>.svg`, one per colour)
 * with sharp (libvips + librsvg): `public/images/pet-ball-<colour>-<width>.webp` at every width of
 * `PRODUCT_IMAGE_WIDTHS` (machines/catalog.ts), WebP at quality 75. Raster, not the SVG itself: each
 * SVG `<img>` is a document of its own that the browser lays out and paints on the main thread, which
 * made every colour tap and the page's load slower (docs/performance.md). The WebP files are
 * committed: run this after changing the artwork.
 * Usage: npx tsx scripts/assets/make-product-images.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { COLOURS, PRODUCT_IMAGE_WIDTHS, productImageUrl } from '../../machines/catalog';

/** The artwork's edge in its own units (its `viewBox` is 480 × 480). */
const ARTWORK_SIZE = 480;

mkdirSync('public/images', { recursive: true });
for (const { id } of COLOURS) {
  const svg = readFileSync(`artwork/pet-ball-${id}.svg`);
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const out = `public${productImageUrl(id, width)}`;
    // Rasterised at the target density, so every width is sharp, not a scaled-down bitmap.
    await sharp(svg, { density: (72 * width) / ARTWORK_SIZE })
      .resize(width, width)
      .webp({ quality: 75, effort: 6 })
      .toFile(out);
    console.log(out);
  }
}
