/**
 * Links the web app manifest (spec: installable, R2.30) once the page's largest paint is done, like
 * the app's scripts (./preload-app.ts): a built page has no `<link rel="manifest">` of its own
 * (build/prerender.ts takes it out). Chromium fetches a linked manifest, then its 192 px icon, at
 * once, at high priority, and Lighthouse's simulation counts every request that ends before the
 * observed largest paint into LCP: that chain made one run in five of `/` behind a plain static host
 * 1.29 s instead of 0.9–1.1 s. Browsers read a manifest linked later all the same: installing is
 * offered once the page is loaded.
 *
 * Part of the inline script every page carries (./inline-script.ts).
 */
import { largestPaintDone } from '@/lib/largest-paint';
import { MANIFEST_FILE } from '@/lib/shared-names';

/** Appends `<link rel="manifest">` for the site's manifest, unless the page has one (the dev server's). */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/${MANIFEST_FILE}`;
  document.head.append(link);
}

void largestPaintDone().then(linkManifest);

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
