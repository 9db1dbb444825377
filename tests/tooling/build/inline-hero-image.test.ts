import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INLINE_HERO_WIDTH, inlineHeroImage } from '../../../build/inline-hero-image';

/** A build directory with one image file per width, each file's bytes its width in text. */
const outDir = mkdtempSync(join(tmpdir(), 'inline-hero-'));
mkdirSync(join(outDir, 'images'));
for (const width of [240, 480, INLINE_HERO_WIDTH, 960])
  writeFileSync(join(outDir, `images/ball-${width}.webp`), `${width}`);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const srcSet = [240, 480, INLINE_HERO_WIDTH, 960]
  .map((width) => `/images/ball-${width}.webp ${width}w`)
  .join(', ');
const hero = `<img src="/images/ball-480.webp" srcSet="${srcSet}" sizes="100vw" fetchPriority="high" decoding="async"/>`;
const preload = `<link rel="preload" as="image" imageSrcSet="${srcSet}" imageSizes="100vw" fetchPriority="high"/>`;
const other = `<link rel="preload" as="image" imageSrcSet="/images/other.webp 240w" fetchPriority="high"/>`;
const dataUrl = (text: string) => `data:image/webp;base64,${Buffer.from(text).toString('base64')}`;

describe('inlineHeroImage', () => {
  it('puts the inline width into the srcset as a data: URL decoded with the first paint, drops the widths it covers and its preload', () => {
    const page = inlineHeroImage(
      `<head>${preload}${other}</head><body>${hero}<img src="/x.webp"></body>`,
      outDir,
    );
    expect(page).toBe(
      `<head>${other}</head><body><img src="/images/ball-480.webp" srcSet="/images/ball-240.webp 240w, ` +
        `${dataUrl(`${INLINE_HERO_WIDTH}`)} ${INLINE_HERO_WIDTH}w, /images/ball-960.webp 960w" sizes="100vw" ` +
        `fetchPriority="high" decoding="sync"/><img src="/x.webp"></body>`,
    );
  });

  it('fails the build without exactly one high-priority image, or without the inline width', () => {
    expect(() => inlineHeroImage('<img src="/x.webp">', outDir)).toThrow(/found 0/);
    expect(() => inlineHeroImage(hero + hero, outDir)).toThrow(/found 2/);
    expect(() =>
      inlineHeroImage('<img srcSet="/images/ball-240.webp 240w" fetchPriority="high">', outDir),
    ).toThrow(`no ${INLINE_HERO_WIDTH}w candidate`);
  });
});
