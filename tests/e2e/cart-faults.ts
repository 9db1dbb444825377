import type { Page } from '@playwright/test';
import { CHECKOUT_RETRY_DELAY_MS } from '@machines/storefront-machine';
import { FAULT_CART, shopText } from '../shop-texts';

/**
 * Timing helpers of the fault-injection tests (faults.spec.ts and deploy.nginx.spec.ts), and the texts
 * of the cart they all fill (2 Ocean Blue balls, {@link FAULT_CART}); their steps are the page
 * object's (tests/e2e/shop.ts).
 */

/** The cart line's and the Order Summary's colour text: 'Colour: Ocean Blue'. */
export const COLOUR_LINE = shopText.colourLine(FAULT_CART.colourId);
/** The cart line's and the Order Summary's quantity text: 'Qty: 2'. */
export const QUANTITY_LINE = shopText.quantityLine(FAULT_CART.quantity);

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
