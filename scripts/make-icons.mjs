#!/usr/bin/env node
/**
 * Draws the web app manifest's icons (public/manifest.webmanifest) from the shop's own artwork, the
 * ball of public/favicon.svg, with sharp (libvips + librsvg): `icon-192.png` and `icon-512.png` (the
 * ball on a transparent square, edge to edge as the favicon draws it) and `icon-maskable-512.png` (the
 * ball at 60 % on the brand's soft pink, inside the maskable safe zone, a centred circle of 80 %
 * of the width, so any mask a launcher applies keeps it whole). The PNGs are committed: run this
 * after changing the artwork.
 * Usage: node scripts/make-icons.mjs
 */
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const ARTWORK = 'public/favicon.svg';
const OUT = 'public/icons';
/** The page's soft pink (src/styles/theme.ts `brandSoft`), behind the maskable icon. */
const MASKABLE_BACKGROUND = '#fdf2f8';

const svg = readFileSync(ARTWORK);
/** The artwork rendered as a `size` px square, sharp at any size (rasterised at that density). */
const ball = (size) => sharp(svg, { density: (72 * size) / 64 }).resize(size, size);
/** PNG, quantised to a palette (libimagequant): a third of the bytes, no visible change. */
const PNG = { compressionLevel: 9, palette: true };

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) await ball(size).png(PNG).toFile(`${OUT}/icon-${size}.png`);
const inner = Math.round(512 * 0.6);
await sharp({ create: { width: 512, height: 512, channels: 4, background: MASKABLE_BACKGROUND } })
  .composite([{ input: await ball(inner).png().toBuffer(), gravity: 'centre' }])
  .png(PNG)
  .toFile(`${OUT}/icon-maskable-512.png`);
console.log(`icons written to ${OUT}/`);
