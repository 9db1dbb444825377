/**
 * Asks for every script of the app as soon as the page's largest paint is done. The page lists them in
 * `<meta name="app-scripts">` (build/prerender.ts); this appends one `<link rel="modulepreload">`
 * each, at low priority, so they download in one round trip, beside the entry's own request; the
 * entry (src/main.tsx) evaluates them later still, one per task.
 *
 * When: once the page's first contentful paint is reported, and the image the page asks for first
 * (`fetchpriority="high"`: the hero of the landing page, its largest paint) has painted: with that
 * paint when it had loaded by then, else in the first paint after its load (at once on a page without
 * one; `largestPaintDone`). Not one frame later in every case: WebKit took 300 ms to give a frame
 * while the page was still busy. Not in the HTML: there Chromium compiled the scripts as they arrived,
 * between parsing and the first paint, which came about 200 ms later at 1× CPU on a fast connection
 * (median of 8 loads: 508 instead of 304 ms), and on a slow one the scripts' bytes would share the
 * line with the hero image (Lighthouse's simulation put the largest paint at 2.06 s instead of 1.0 s).
 * Not at `DOMContentLoaded` or `load` either: both wait for the entry script's own download, which
 * made the app's download a second round trip (decision 0003).
 *
 * Part of the inline script every page carries (./inline-script.ts), bundled into it with the
 * modules it imports from src/lib/ (largest-paint, after-next-paint, shared-names).
 */
import { largestPaintDone } from '@/lib/largest-paint';
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

void largestPaintDone().then(preloadApp);

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
