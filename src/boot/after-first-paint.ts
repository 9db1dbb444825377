import { afterNextPaint } from '@/lib/after-next-paint';
import { largestPaintDone } from '@/lib/largest-paint';

/**
 * Resolves once the page has loaded (its images and preloaded scripts included), its largest paint is
 * done (`largestPaintDone`: the first contentful paint reported and the hero image painted) and the
 * browser has painted: then the next animation frame, then a task after that frame's paint. The shop
 * starts there (src/main.tsx), so the prerendered page, hero image included, paints without waiting
 * for the app's script to run, and the entry's first import is never requested before the hero, where
 * Lighthouse's simulation would count it into the largest paint; taps in between are kept by the
 * early-tap script. In a background tab, which paints nothing, it resolves once the tab is shown.
 */
export function afterFirstPaint(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([loaded, largestPaintDone()]).then(afterNextPaint);
}
