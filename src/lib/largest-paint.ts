import { afterNextPaint } from '@/lib/after-next-paint';

/**
 * Resolves once the page's largest paint is done: its first contentful paint has been reported (or,
 * where an engine never reports one, {@link UNREPORTED_PAINT_FRAMES} frames after `load`) and the
 * image it asks for first (`img[fetchpriority="high"]`: the landing page's hero, its largest paint)
 * has been painted or has failed — at once on a page without one. The hero is taken as painted with
 * the first contentful paint when it had loaded by then, else in the first paint after it loads: the
 * text can paint before the image arrives, and a script requested between the image's load and its
 * paint still ends before the largest paint. Never rejects.
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
    return largest && !largest.complete ? settled(largest).then(afterNextPaint) : undefined;
  });
}

/** Resolves once `image` has loaded, or has failed: either way it no longer waits on the network. */
function settled(image: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a second resolve of a settled promise does nothing
    image.addEventListener('load', () => resolve(), { once: true });
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a second resolve of a settled promise does nothing
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * How many frames the browser renders after `load` before the wait for a first contentful paint that
 * was never reported ends: Firefox ESR 153 reported no paint at all for `/checkout` reloaded from the
 * open cart (a modal `<dialog>`) into a new release, where the same reload with no dialog open
 * reported one; the app must start all the same. Counted in rendered frames, not time: an engine
 * reports a paint it made within a frame or two, so after 30 frames (half a second at 60 Hz, longer on
 * a slow phone, never in a background tab) none is coming.
 */
export const UNREPORTED_PAINT_FRAMES = 30;

/** Calls `then` once the browser has rendered `frames` more animation frames. */
function afterFrames(frames: number, then: () => void): void {
  requestAnimationFrame(() => (frames > 1 ? afterFrames(frames - 1, then) : then()));
}

/**
 * Resolves at the page's first contentful paint (Paint Timing), or {@link UNREPORTED_PAINT_FRAMES}
 * frames after `load` where none is reported; where the engine has no Paint Timing, once the HTML is
 * parsed (`readyState` 'interactive', not `DOMContentLoaded`, which waits for the deferred entry
 * script and so for its download).
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
      const giveUp = () => afterFrames(UNREPORTED_PAINT_FRAMES, resolve);
      if (document.readyState === 'complete') giveUp();
      else {
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: a document fires `load` once
        window.addEventListener('load', giveUp, { once: true });
      }
    } else if (document.readyState !== 'loading') resolve();
    else
      document.addEventListener('readystatechange', function parsed() {
        // Stryker disable next-line StringLiteral,CallExpression: a second resolve of a settled promise does nothing
        document.removeEventListener('readystatechange', parsed);
        resolve();
      });
  });
}
