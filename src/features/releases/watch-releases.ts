/**
 * The storefront's release effects as the app provides them. Their code (./workbox-registration.ts
 * with workbox-window) is a chunk of its own, downloaded when the storefront starts watching, which is
 * once the app is interactive: no page's first load carries it (spec §2 'New release'; the pages'
 * script budgets are in docs/performance.md).
 */
import { reloadKeepingCart, type KeptCart } from '@/effects/cart-handoff';

/** The service worker's registration code, downloaded once per page (later calls share it). */
const importRegistration = () => import('./workbox-registration');

/**
 * The storefront's `watchReleases` actor: downloads the registration code, then watches for a waiting
 * release (`onWaiting`, see `watchWaitingWorker` in ./workbox-registration.ts). Where the browser has no
 * service workers, or the code cannot be downloaded (the network went away on a first visit), the shop
 * stays online only, as it was. Returns the cleanup that stops watching, also before the code arrives.
 */
export function watchReleases(onWaiting: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  importRegistration().then(
    (registration) => {
      if (!stopped) stop = registration.watchWaitingWorker(onWaiting);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The shopper's 'Reload': the waiting release takes over (`activateWaitingWorker` in
 * ./workbox-registration.ts). Resolves once it controls the page, or at once when it cannot (no
 * worker waits, or its code could not be had): the reload that follows then loads what the page has.
 */
function activateWaitingRelease(): Promise<void> {
  return importRegistration().then(
    (registration) => registration.activateWaitingWorker(),
    () => undefined,
  );
}

/**
 * The storefront machine's `reloadIntoRelease` action: the waiting release takes over, then the page
 * reloads where it is with the cart (`cart`: colour, quantity, count) kept in its history entry.
 */
export function reloadIntoRelease(cart: KeptCart): void {
  void activateWaitingRelease().then(() => reloadKeepingCart(cart));
}
