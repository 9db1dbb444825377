/**
 * The storefront's release effects as the app provides them. Their code (src/effects/service-worker.ts
 * with workbox-window) is a chunk of its own, downloaded when the storefront starts watching, which is
 * once the app is interactive: no page's first load carries it (spec §2 'New release'; the pages'
 * script budgets are in docs/performance.md).
 */

/** The service worker's registration code, downloaded once per page (later calls share it). */
const importServiceWorker = () => import('./service-worker');

/**
 * The storefront's `watchReleases` actor: downloads the registration code, then watches for a waiting
 * release (`onWaiting`, see `watchReleases` in src/effects/service-worker.ts). Where the browser has no
 * service workers, or the code cannot be downloaded (the network went away on a first visit), the shop
 * stays online only, as it was. Returns the cleanup that stops watching, also before the code arrives.
 */
export function watchReleases(onWaiting: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  importServiceWorker().then(
    (serviceWorker) => {
      if (!stopped) stop = serviceWorker.watchReleases(onWaiting);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The shopper's 'Reload': the waiting release takes over (`activateWaitingRelease` in
 * src/effects/service-worker.ts). Resolves once it controls the page, or at once when it cannot (no
 * worker waits, or its code could not be had): the reload that follows then loads what the page has.
 */
export function activateWaitingRelease(): Promise<void> {
  return importServiceWorker().then(
    (serviceWorker) => serviceWorker.activateWaitingRelease(),
    () => undefined,
  );
}
