import { afterNextPaint } from '@/lib/after-next-paint';

/**
 * Resolves once the page has loaded (its images and preloaded scripts included) and the browser has
 * painted it: at `load`, then the next animation frame, then a task after that frame's paint. The shop
 * starts there (src/main.tsx), so the prerendered page, hero image included, paints without waiting
 * for the app's script to run; taps in between are kept by the early-tap script.
 * In a background tab, which paints nothing, it resolves once the tab is shown.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const paintThenResolve = () => void afterNextPaint().then(resolve);
    if (document.readyState === 'complete') paintThenResolve();
    else window.addEventListener('load', paintThenResolve, { once: true });
  });
}
