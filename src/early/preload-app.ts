/**
 * Asks for every script of the app as soon as the page's largest paint is done. The page lists them in
 * `<meta name="app-scripts">` (build/prerender.ts); this appends one `<link rel="modulepreload">`
 * each, at low priority, so they download in one round trip, beside the entry's own request; the
 * entry (src/main.tsx) evaluates them later still, one per task.
 *
 * When: once the page's first contentful paint is reported, and the image the page asks for first
 * (`fetchpriority="high"`: the hero of the landing page, its largest paint) has loaded (at once on a
 * page without one). Not a frame later: WebKit took 300 ms to give one while the page was still busy. Not in the HTML: there Chromium compiled the scripts as they arrived,
 * between parsing and the first paint, which came about 200 ms later at 1× CPU on a fast connection
 * (median of 8 loads: 508 instead of 304 ms), and on a slow one the scripts' bytes would share the
 * line with the hero image (Lighthouse's simulation put the largest paint at 2.06 s instead of 1.0 s).
 * Not at `DOMContentLoaded` or `load` either: both wait for the entry script's own download, which
 * made the app's download a second round trip (decision 0003).
 *
 * Part of the inline script every page carries (./inline-script.ts); imports only the shared names.
 */
import { APP_SCRIPTS_META } from '@/lib/shared-names';

/** Appends a low-priority `<link rel="modulepreload">` for each script the page lists; none in dev. */
function preloadApp(): void {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${APP_SCRIPTS_META}"]`)?.content ?? '';
  for (const href of list.split(/\s+/).filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
}

/** Resolves once `image` has loaded, or has failed: either way it no longer waits on the network. */
function settled(image: HTMLImageElement): Promise<unknown> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
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

/** Waits for the first paint and the largest image as described above, then {@link preloadApp}. */
function preloadAppAfterLargestPaint(): void {
  void firstContentfulPaint()
    .then(() => {
      const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      return largest ? settled(largest) : undefined;
    })
    .then(preloadApp);
}

preloadAppAfterLargestPaint();

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
