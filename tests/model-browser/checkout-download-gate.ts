/**
 * The checkout chunk's download under a Chromium model path's control. Every request for
 * `/assets/checkout-page-*.js` (the preload when the cart opens, 'Proceed to Checkout', a retry) is held
 * until the path says how the download ends: done (the request goes through), `unavailable` (503),
 * `offline` (the browser goes offline and the request fails), or `outdated` (the chunk is gone, 404,
 * and '/' now serves a new release's page). Once the code has loaded, or the page reloads into a new
 * release, requests go through: the browser keeps a loaded module.
 */
import type { Page, Route } from '@playwright/test';
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { expect } from '../e2e/fixtures';

/** The checkout chunk, whatever the query (a retry asks for it as `…?attempt=N`). */
const CHECKOUT_CHUNK = /\/assets\/checkout-page-[^/?]+\.js(\?[^#]*)?$/;

/** Installs the gate on `page` (before the shop loads). */
export async function gateCheckoutDownloads(page: Page) {
  const held: Route[] = [];
  let passThrough = false;
  let offline = false;

  await page.route(CHECKOUT_CHUNK, (route) => {
    if (passThrough) return route.continue();
    held.push(route);
  });

  // A retry's request starts only after its delay on the page's clock and a new import(): on a busy
  // machine that took longer than the default 5 s once, so the wait allows 15 s.
  const waitingRequests = async () => {
    await expect
      .poll(() => held.length, { message: 'a download of the checkout chunk is waiting', timeout: 15_000 })
      .toBeGreaterThan(0);
    return held.splice(0);
  };

  // A failed download is followed by the page's fetch of '/' to find out why (load-checkout-page.ts;
  // not when the browser is offline, which it reads at once); only after it does the cart settle (a
  // retry's delay starts, or it shows the failure). The path's next step may advance the paused
  // clock, so the gate waits for that fetch to end first: the waiting states look the same to a
  // shopper ('Opening checkout…'), and a clock advanced before the retry's timer exists would never
  // run it.
  const diagnosis = () =>
    page.waitForEvent('requestfinished', {
      predicate: (request) => request.resourceType() === 'fetch' && new URL(request.url()).pathname === '/',
      timeout: 15_000,
    });

  return {
    /** True once the checkout's code is in the page: a proceed no longer waits on the network. */
    get loaded() {
      return passThrough;
    },
    /** Ends the waiting download(s): done, or failed for `failure`'s reason. */
    async end(failure?: CheckoutLoadFailure): Promise<void> {
      if (passThrough) {
        if (failure) throw new Error(`The checkout's code is already loaded: it cannot fail as ${failure}.`);
        return;
      }
      const requests = await waitingRequests();
      if (!failure) {
        passThrough = true;
        await Promise.all(requests.map((route) => route.continue()));
        return;
      }
      if (failure === 'unavailable') {
        const diagnosed = diagnosis();
        await Promise.all(
          requests.map((route) => route.fulfill({ status: 503, body: 'Service Unavailable' })),
        );
        await diagnosed;
        return;
      }
      if (failure === 'offline') {
        offline = true;
        await page.context().setOffline(true);
        await Promise.all(requests.map((route) => route.abort('internetdisconnected')));
        return;
      }
      // A new release: '/' now loads other scripts, and this page's chunk is gone.
      passThrough = true;
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          if (route.request().resourceType() !== 'fetch') return route.fallback();
          const response = await route.fetch();
          const body = (await response.text()).replaceAll('/assets/index-', '/assets/index-next-');
          await route.fulfill({ response, body });
        },
      );
      const diagnosed = diagnosis();
      await Promise.all(requests.map((route) => route.fulfill({ status: 404, body: 'Not Found' })));
      await diagnosed;
    },
    /** The shopper's network is back (after an `offline` failure); nothing to do otherwise. */
    async backOnline(): Promise<void> {
      if (!offline) return;
      offline = false;
      await page.context().setOffline(false);
    },
  };
}

/** The gate of one path, as {@link gateCheckoutDownloads} returns it. */
export type CheckoutDownloadGate = Awaited<ReturnType<typeof gateCheckoutDownloads>>;
