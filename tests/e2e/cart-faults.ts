import { expect, type Page } from '@playwright/test';
import en from '@/locales/en';
import { CHECKOUT_RETRY_DELAY_MS } from '@machines/storefront-machine';
import { untilAppReady } from './shop';

/**
 * What the fault-injection tests (faults.spec.ts and deploy.nginx.spec.ts) do and check as a shopper:
 * they all fill the same cart (2 Ocean Blue balls) and check that it survives. Every text comes from
 * src/locales/en.ts.
 */

/** An en.ts text with its `{{name}}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** The colour every fault test puts in the cart. */
export const OCEAN_BLUE = en.colour['ocean-blue'];
/** The cart line's and the Order Summary's colour text: 'Colour: Ocean Blue'. */
export const COLOUR_LINE = fill(en.lineItem.colour, { colour: OCEAN_BLUE });
/** The cart line's and the Order Summary's quantity text: 'Qty: 2'. */
export const QUANTITY_LINE = fill(en.lineItem.quantity, { count: 2 });
/** The cart button's name with the cart's 2 items: 'Open cart, 2 items'. */
export const CART_BUTTON = fill(en.cartButton.labelWithCount_other, { count: 2 });

/** Puts two Ocean Blue balls in the cart from the landing page and checks the cart button's count. */
export async function fillCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: OCEAN_BLUE, exact: true }).click();
  await page.getByRole('button', { name: en.product.increaseQuantity }).click();
  await page.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(page.getByRole('button', { name: CART_BUTTON })).toBeVisible();
}

/** The cart dialog ('Your Cart'). */
export function cartDialog(page: Page) {
  return page.getByRole('dialog', { name: en.cart.title });
}

/** Opens the cart with the cart button and checks its line: Ocean Blue, Qty: 2. */
export async function openCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: CART_BUTTON }).click();
  await expect(cartDialog(page)).toContainText(COLOUR_LINE);
  await expect(cartDialog(page)).toContainText(QUANTITY_LINE);
}

/** The cart's 'Proceed to Checkout' button (before any failure). */
export function proceedButton(page: Page) {
  return cartDialog(page).getByRole('button', { name: en.cart.proceed });
}

/**
 * Checks the shopper is on /checkout with the cart's line (Ocean Blue, Qty: 2) in the Order Summary
 * (once the app is interactive: after a reload into a new release it starts under the paused clock),
 * then follows 'Back to Shop' and checks the cart is still there.
 */
export async function expectCheckoutWithCart(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout$/);
  await untilAppReady(page);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText(COLOUR_LINE);
  await expect(summary).toContainText(QUANTITY_LINE);
  await page.getByRole('link', { name: en.checkout.backToShop }).click();
  await expect(page).toHaveURL(/\/$/);
  await openCart(page);
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
