import { expect, type Page } from '@playwright/test';
import { CHECKOUT_RETRY_DELAY_MS } from '@machines/storefront-machine';
import { cartLineAsShown, type ShopModel } from '../engines/shop.model';
import { untilAppReady } from './clock';

/**
 * Timing helpers and the last check of the fault-injection tests (faults.spec.ts and
 * deploy.nginx.spec.ts), which all fill the same cart (2 Ocean Blue balls, `FAULT_CART`); their steps
 * are the page object's (tests/engines/shop.model.ts).
 */

/**
 * Checks the shopper is on /checkout with the fault tests' cart in the Order Summary, once the app is
 * interactive (after a reload it starts under the paused clock), then that 'Back to Shop' keeps it.
 */
export async function expectCheckoutWithCart(page: Page, shop: ShopModel): Promise<void> {
  await expect(page).toHaveURL(/\/checkout$/);
  await untilAppReady(page);
  await shop.seeCheckoutWith();
  await shop.backToShop();
  await shop.openCart();
  expect(await shop.cartLine()).toEqual(cartLineAsShown());
}

/**
 * Whether `done` holds within `ms` of real time, checked every 25 ms: downloads take real time on the
 * network whatever the page's clock says.
 */
async function holdsWithin(page: Page, done: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  do {
    if (await done()) return true;
    await page.waitForTimeout(25);
  } while (Date.now() < end);
  return false;
}

/**
 * Advances the page's paused fake clock in steps of half the retry delay until `done` holds: the
 * automatic retries wait `checkoutRetryDelay` (1000 ms) on that clock, scheduled only once a download
 * has failed, which the test cannot time. Between steps the page gets up to 250 ms of real time for
 * the download in flight (on a busy machine a step could otherwise pass before it ends).
 * @throws when `done` still fails after `maxMs` of the page's clock.
 */
export async function runClockUntil(page: Page, done: () => Promise<boolean>, maxMs = 10_000): Promise<void> {
  const step = CHECKOUT_RETRY_DELAY_MS / 2;
  for (let elapsed = 0; elapsed <= maxMs; elapsed += step) {
    if (await holdsWithin(page, done, 250)) return;
    await page.clock.runFor(step);
  }
  throw new Error(`still waiting after ${maxMs} ms of the page's clock, on ${new URL(page.url()).pathname}`);
}

/** Counts the page loads (main-frame navigation requests) from now on; returns the counter. */
export function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}
