/**
 * Resolves once the page's largest paint is done: its first contentful paint has been reported and
 * the image it asks for first (`img[fetchpriority="high"]`: the landing page's hero, its largest
 * paint) has loaded or failed — at once on a page without one. Never rejects.
 *
 * Both the inline script's preload of the app (src/early/preload-app.ts) and the entry's first import
 * (src/boot/after-first-paint.ts) wait for it: a script requested before then shares the line with
 * the hero, and Lighthouse's simulation counts every request that ends before the largest paint into
 * LCP (decision 0003). The entry's import of the first library is a request of its own, at the
 * browser's default priority, so it waits too: after `load` alone it could leave before the hero
 * painted.
 */
export function largestPaintDone(): Promise<void> {
  return firstContentfulPaint().then(() => {
    const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    return largest ? settled(largest) : undefined;
  });
}

/** Resolves once `image` has loaded, or has failed: either way it no longer waits on the network. */
function settled(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Resolves at the page's first contentful paint (Paint Timing, which every engine the shop supports
 * reports); where it is not reported, once the HTML is parsed (`readyState` 'interactive', not
 * `DOMContentLoaded`, which waits for the deferred entry script and so for its download).
 */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else if (document.readyState !== 'loading') resolve();
    else
      document.addEventListener('readystatechange', function parsed() {
        document.removeEventListener('readystatechange', parsed);
        resolve();
      });
  });
}
