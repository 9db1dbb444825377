/**
 * The landing page's largest paint, its hero image, carried in the page itself (docs/performance.md
 * 'Hero image'): fetched on its own, a phone on a slow network (150 ms a round trip, 1.6 Mbit/s) paints
 * it one round trip and its transfer after the page's first paint, about 300 ms; inside the page it
 * paints with the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The width carried inline, px: the hero is `calc(100vw - 5rem)` wide on a phone, 332 CSS px on a
 * 412 px screen, so at a device pixel ratio up to about 2 (Lighthouse's phone: 1.75) the browser picks
 * this candidate; sharper screens still fetch the 960 px file, smaller ones the 240 px one.
 */
export const INLINE_HERO_WIDTH = 720;

/** The hero: the page's one `<img>` at high fetch priority (src/components/landing/hero.tsx). */
const HERO_IMG = /<img\b[^>]*\bfetchPriority="high"[^>]*>/g;
/** React's preload of a high-priority image (the hero's, by its `imageSrcSet`). */
const IMAGE_PRELOAD = /<link rel="preload" as="image" imageSrcSet="([^"]*)"[^>]*\/>/g;

/**
 * Returns the landing page's `html` with the hero `<img>`'s {@link INLINE_HERO_WIDTH} candidate as a
 * `data:` URL of the same WebP file (read from `outDir`; `src`, which only a browser without `srcset`
 * reads, keeps its URL rather than a second copy) and decoded in step with the first paint
 * (`decoding="sync"`: the image is that paint); the candidates
 * between the smallest and it are dropped (the inline one covers them at no request), and React's
 * `<link rel="preload">` of the hero's image set is removed (it would fetch the inline width again).
 * The client renders the hero with its files' URLs; hero.tsx tells React the prerendered sources
 * differ on purpose.
 * @param html a prerendered page with exactly one high-priority `<img>`
 * @param outDir the build's directory, where the image's URL path is a file
 * @throws when the page has no or several high-priority images, or no {@link INLINE_HERO_WIDTH} candidate
 */
export function inlineHeroImage(html: string, outDir: string): string {
  const heroes = html.match(HERO_IMG) ?? [];
  const [hero] = heroes;
  if (hero === undefined || heroes.length !== 1)
    throw new Error(`inlineHeroImage: expected one <img fetchPriority="high">, found ${heroes.length}`);
  const srcSet = /\bsrcSet="([^"]*)"/.exec(hero)?.[1] ?? '';
  const candidates = srcSet.split(', ').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.split(' ');
    return { url, width: Number.parseInt(descriptor, 10) };
  });
  const inline = candidates.find(({ width }) => width === INLINE_HERO_WIDTH);
  if (inline === undefined)
    throw new Error(`inlineHeroImage: the hero has no ${INLINE_HERO_WIDTH}w candidate`);
  const smallest = Math.min(...candidates.map(({ width }) => width));
  const dataUrl = `data:image/webp;base64,${readFileSync(join(outDir, inline.url)).toString('base64')}`;
  const inlineSrcSet = candidates
    .filter(({ width }) => width === smallest || width >= INLINE_HERO_WIDTH)
    .map(({ url, width }) => `${width === INLINE_HERO_WIDTH ? dataUrl : url} ${width}w`)
    .join(', ');
  // Decoded with the page's first paint, not in a frame after it: the opening image is that paint.
  const inlineHero = hero
    .replace(/\bsrcSet="[^"]*"/, () => `srcSet="${inlineSrcSet}"`)
    .replace(/\bdecoding="async"/, 'decoding="sync"');
  return html
    .replace(IMAGE_PRELOAD, (preload, preloaded: string) => (preloaded === srcSet ? '' : preload))
    .replace(hero, () => inlineHero);
}
