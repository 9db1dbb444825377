/**
 * The checkout chunk's download under a model path's control: every request for it (the preload as the
 * cart opens, 'Proceed to Checkout', a retry `…?attempt=N`) is held until the path ends it: done,
 * `unavailable` (503), `offline` (the browser goes offline) or `outdated` (404, and the release file names a
 * new release). Once the code has loaded, or the page reloads into a new release, requests go through.
 */
import type { Page, Route } from '@playwright/test';
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { RELEASE_FILE } from '@/effects/load-checkout-page';
import { expect } from '../e2e/fixtures';

const CHECKOUT_CHUNK = /\/assets\/checkout-page-[^/?]+\.js(\?[^#]*)?$/;

/** Installs the gate on `page`, before the shop loads. */
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

  // After a failed download (not offline) the page fetches the release file to find out why
  // (load-checkout-page.ts),
  // and only then does the cart settle. The path's next step may advance the paused clock, so the gate
  // waits for that fetch: a clock advanced before the retry's timer exists would never run it.
  const diagnosis = () =>
    page.waitForEvent('requestfinished', {
      predicate: (request) => new URL(request.url()).pathname === RELEASE_FILE,
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
      if (failure === 'offline') {
        offline = true;
        await page.context().setOffline(true);
        await Promise.all(requests.map((route) => route.abort('internetdisconnected')));
        return;
      }
      passThrough = failure !== 'unavailable';
      if (!failure) {
        await Promise.all(requests.map((route) => route.continue()));
        return;
      }
      // A new release: the release file names other scripts, and this page's chunk is gone.
      if (failure === 'outdated')
        await page.route(
          (url) => url.pathname === RELEASE_FILE,
          async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replaceAll('/assets/index-', '/assets/index-next-');
            await route.fulfill({ response, body });
          },
        );
      const diagnosed = diagnosis();
      const [status, body] = failure === 'unavailable' ? [503, 'Service Unavailable'] : [404, 'Not Found'];
      await Promise.all(requests.map((route) => route.fulfill({ status, body })));
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

/** The gate of one path. */
export type CheckoutDownloadGate = Awaited<ReturnType<typeof gateCheckoutDownloads>>;
