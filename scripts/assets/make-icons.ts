/**
 * Draws the shop's icons from its own artwork, the ball of artwork/icon.svg, with sharp (libvips +
 * librsvg): the favicon, `public/favicon.png` (48 px: a tab's 16 px at up to 3 device pixels per px),
 * and the web app manifest's (public/manifest.webmanifest) `icon-192.png` and `icon-512.png` (the
 * ball on a transparent square, edge to edge) and `icon-maskable-512.png` (the ball at 60 % on the
 * brand's soft pink, inside the maskable safe zone, a centred circle of 80 % of the width, so any
 * mask a launcher applies keeps it whole). The favicon is a PNG, not the SVG itself: Chromium draws an
 * SVG favicon by building an SVG document on the page's main thread during the load (a 15–57 ms task
 * at full speed on the build machine, four to ten times that on a phone), while it decodes this PNG
 * in 2–7 ms (docs/performance.md). The PNGs are committed: run this after changing the artwork.
 * Usage: npx tsx scripts/assets/make-icons.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { PngOptions, Sharp } from 'sharp';

const ARTWORK = 'artwork/icon.svg';
const OUT = 'public/icons';
/** The page's soft pink (src/styles/theme.ts `brandSoft`), behind the maskable icon. */
const MASKABLE_BACKGROUND = '#fdf2f8';

const svg = readFileSync(ARTWORK);
/** The artwork rendered as a `size` px square, sharp at any size (rasterised at that density). */
const ball = (size: number): Sharp => sharp(svg, { density: (72 * size) / 64 }).resize(size, size);
/** PNG, quantised to a palette (libimagequant): a third of the bytes, no visible change. */
const PNG: PngOptions = { compressionLevel: 9, palette: true };

mkdirSync(OUT, { recursive: true });
await ball(48).png(PNG).toFile('public/favicon.png');
for (const size of [192, 512]) await ball(size).png(PNG).toFile(`${OUT}/icon-${size}.png`);
const inner = Math.round(512 * 0.6);
await sharp({ create: { width: 512, height: 512, channels: 4, background: MASKABLE_BACKGROUND } })
  .composite([{ input: await ball(inner).png().toBuffer(), gravity: 'centre' }])
  .png(PNG)
  .toFile(`${OUT}/icon-maskable-512.png`);
console.log(`icons written to ${OUT}/`);
