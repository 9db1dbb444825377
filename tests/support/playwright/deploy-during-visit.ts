import type { Page } from '@playwright/test';
import { cartLineAsShown, type ShopModel } from '@support/shop-page';
import { expectAppReady } from '@support/playwright/clock';
import { expect } from '@support/playwright/fixtures';
import { DIST_DIR, assetOf } from '@support/playwright/releases';

/**
 * What a shopper sees when a release is deployed during the visit, shared by the deploy tests behind
 * nginx (hosting/nginx/deploy.spec.ts, deploy/deploy.sh) and on a CDN (hosting/edge/deploy.spec.ts, the local Pages
 * server): how the server swaps the files differs, what the open page must do does not.
 */

/** Counts the page loads (main-frame navigation requests) of `page` from now on; returns the counter. */
export function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/**
 * Checks the shopper is on /checkout with the fault tests' cart in the Order Summary, once the app is
 * interactive (after a reload it starts anew), then that 'Back to Shop' keeps it.
 */
export async function expectCheckoutWithCart(page: Page, shop: ShopModel): Promise<void> {
  await expect(page).toHaveURL(/\/checkout$/);
  await expectAppReady(page);
  await shop.seeCheckoutWith();
  await shop.backToShop();
  await shop.openCart();
  expect(await shop.cartLine()).toEqual(cartLineAsShown());
}

/**
 * With the service worker in control and the cart filled on `page`, `deploy()` makes the release
 * built in `nextDir` live: the open page keeps its own release until the shopper comes back to the
 * tab, then offers the new one, and 'Reload' loads it with the cart (@R2.30, @R4.10).
 */
export async function expectNewReleaseWaits(
  page: Page,
  shop: ShopModel,
  deploy: () => Promise<void> | void,
  nextDir: string,
): Promise<void> {
  await deploy();
  expect(await shop.isReleaseOffered()).toBe(false);
  await shop.returnToTab();
  await expect.poll(() => shop.isReleaseOffered(), { timeout: 60_000 }).toBe(true);
  expect(await shop.runningRelease(), 'the open page keeps its release').toBe(assetOf(DIST_DIR, 'index'));

  const reloaded = page.waitForEvent('load');
  await shop.reloadIntoRelease();
  await reloaded;
  await expectAppReady(page);
  expect(await shop.runningRelease(), 'the new release runs').toBe(assetOf(nextDir, 'index'));
  expect(await shop.isReleaseOffered()).toBe(false);
  await shop.openCart();
  expect(await shop.cartLine()).toEqual(cartLineAsShown());
}
