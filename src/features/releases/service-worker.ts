/**
 * The shop's service worker (built into `sw.js` by ./service-worker.build.ts, after the prerender,
 * with Workbox bundled in: no `importScripts`, no other origin). It makes the whole
 * purchase work offline after one visit (docs/offline.md):
 * - precaches every page by its route (`/` → index.html, `/checkout` → checkout.html, and the
 *   not-found page as `/404.html`, which production answers with status 404), every hashed script,
 *   the images, icons and the web app manifest; a page or asset is answered from the precache, query
 *   strings ignored (`/?lng=en`, a retry's `?attempt=N`), else from the network;
 * - answers any other navigation from the network, so an unknown path is still a 404 with the
 *   not-found page; only when the network fails does it answer with the precached not-found page
 *   (still status 404). Nothing else is routed: `/release.json` and every other request go to the
 *   network untouched, never cached;
 * - waits when it is a new release: it takes over only when the page asks (`SKIP_WAITING`, sent when
 *   the shopper presses 'Reload', ./workbox-registration.ts), never by itself. The first worker of
 *   a browser has nothing to replace: it claims the open page at once, so the visit that installed it
 *   already works offline.
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { PAGES } from '@/lib/shared-names';
import { SKIP_WAITING } from './skip-waiting';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The not-found page's precache URL: production serves it with status 404 for any unknown path. */
const NOT_FOUND_PAGE = PAGES.notFound.url;

// Workbox precaches 200 responses only; the not-found page is a 404 by design (deploy/nginx.conf).
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) =>
      response.ok || (response.status === 404 && new URL(request.url).pathname === NOT_FOUND_PAGE)
        ? response
        : null,
  },
]);
precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/./],
  directoryIndex: '',
  cleanURLs: false,
});
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    new NetworkOnly({ plugins: [{ handlerDidError: async () => matchPrecache(NOT_FOUND_PAGE) }] }),
    { denylist: [/^\/release\.json$/] },
  ),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING)
    void self.skipWaiting();
});

// Activation happens without a wait only for the first worker, or after SKIP_WAITING: either way the
// pages it claims are the shopper's to hand over.
clientsClaim();
