/**
 * Loads the app as soon as the page's largest paint is done: imports its entry module (named by
 * `<meta name="app-entry">`) and asks for every other script of the app, listed in
 * `<meta name="app-scripts">` (build/prerender.ts), with one low-priority `<link rel="modulepreload">`
 * each, so they all download in one round trip; the entry (src/main.tsx) evaluates them later still,
 * one per task.
 *
 * When: once the page's first contentful paint is reported, and the image the page asks for first
 * (`fetchpriority="high"`: the hero of the landing page, its largest paint) has painted: with that
 * paint when it had loaded by then, else in the first paint after its load (at once on a page without
 * one; `largestPaintDone`). Not one frame later in every case: WebKit took 300 ms to give a frame
 * while the page was still busy. Not in the HTML, not even the entry at low priority: there Chromium
 * compiled the scripts as they arrived, between parsing and the first paint, which came about 200 ms
 * later at 1× CPU on a fast connection (median of 8 loads: 508 instead of 304 ms), and Lighthouse's
 * simulation counts every request that ends before the observed first paint into the largest paint's
 * (one simulated round trip more: 1.0–1.2 s instead of the first paint's 0.8 s on `/`). Not at
 * `DOMContentLoaded` or `load` either: both wait for the entry's own download, which made the app's
 * download a second round trip (decision 0003).
 *
 * The entry comes through `import()`, not a `<script>` element: the page's Content Security Policy
 * requires Trusted Types for script URLs, and `import()` is no such sink (`script-src 'self'` still
 * applies).
 *
 * Part of the inline script every page carries (./inline-script.ts), bundled into it with the
 * modules it imports from src/lib/ (largest-paint, after-next-paint, shared-names).
 */
import { largestPaintDone } from '@/lib/largest-paint';
import { APP_ENTRY_META, APP_SCRIPTS_META } from '@/lib/shared-names';

/** The content of the page's `<meta name="…">`, or `''` (the dev server's page has neither). */
const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/**
 * Appends a low-priority `<link rel="modulepreload">` for each script the page lists, then imports
 * the entry; neither in dev, where index.html's own `<script type="module">` starts the app.
 */
function loadApp(): void {
  for (const href of metaContent(APP_SCRIPTS_META).split(/\s+/).filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
  const entry = metaContent(APP_ENTRY_META);
  // A failed download leaves the prerendered page as it is and is reported, as a failed <script>'s.
  if (entry) void import(/* @vite-ignore */ entry);
}

void largestPaintDone().then(loadApp);

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
