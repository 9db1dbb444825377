/**
 * The storefront's paths in Chromium against the production build, as in checkout.model.spec.ts. The
 * checkout chunk's downloads are the paths' to end (checkout-download-gate.ts, which routes requests:
 * the service worker is blocked there, or it would answer them from its cache); a path that fails them
 * declares so to the fixture's problem watch, which still fails it on anything else. A path with a new
 * release runs with the service worker against a server of its own over the local build
 * (tests/browser/server.ts: nginx with deploy/nginx.conf behind a fault layer), which deploys the next
 * release mid-path: a test can deploy nothing to another server.
 */
import { COLOURS } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS } from '@machines/checkout-machine';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { startServer, type FaultServer } from '../browser/server';
import { expect, test } from '../e2e/fixtures';
import { DIST_DIR, assetOf, makeReleaseCopy } from '../e2e/releases';
import { ShopPage, untilAppReady } from '../e2e/shop';
import { en, shopText } from '../shop-texts';
import { FORM_FILL } from '../model/checkout-model';
import { pathEvents, pathName, runModelPath, type PathDriver } from '../model/derive-test-model';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  storefront,
  storefrontView,
  type StorefrontModelEvent,
} from '../model/storefront-model';
import { gateCheckoutDownloads, type CheckoutDownloadGate } from './checkout-download-gate';
import { attachCoverage } from './coverage-reporter';

/**
 * Asserts the page shows a storefront snapshot: the landing page, or /checkout with the cart once the
 * storefront has left for it (its code already in the page, or a reload into a new release).
 */
async function assertStorefront(
  shop: ShopPage,
  snapshot: StorefrontSnapshot,
  gate: CheckoutDownloadGate,
  releases?: Releases,
) {
  const { page } = shop;
  const view = storefrontView(snapshot);
  const { colourId, cartCount } = snapshot.context;
  const proceed = view.cart?.kind === 'line' ? view.cart.proceed : 'ready';
  if (proceed === 'reloading' || proceed === 'leaving' || (proceed === 'opening' && gate.loaded))
    return shop.expectCheckoutWith(colourId, cartCount);
  await expect(page).toHaveURL(/\/$/);
  const legend = shop.product.getByRole('group', { name: shopText.colourLegend(colourId) });
  await expect(legend.getByRole('radio', { name: view.colourName, exact: true })).toBeChecked();
  const hero = shop.product.getByRole('img', { name: view.heroAlt, exact: true });
  await expect(hero).toHaveAttribute('src', view.heroImage);
  await expect(shop.showcaseCard(colourId)).toHaveAttribute('aria-pressed', 'true');
  await expect(shop.showcaseCard(colourId)).toContainText(en.showcase.selected);
  await expect(shop.product.getByRole('status', { name: en.product.quantityLabel })).toHaveText(
    view.quantity,
  );
  if (view.decreaseDisabled) await expect(shop.decreaseButton).toHaveAttribute('aria-disabled', 'true');
  else await expect(shop.decreaseButton).not.toHaveAttribute('aria-disabled');
  await expect(shop.product.getByRole('button', { name: view.addToCart, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: view.cartButton, exact: true })).toHaveText(view.badge ?? '');
  if (view.release === 'waiting') {
    await expect(shop.releasePrompt).toBeVisible();
    await expect(shop.reloadButton).toBeVisible();
  } else {
    // Never a prompt before a release waits, nor after the page reloaded into it.
    await expect(shop.releasePrompt).toHaveCount(0);
    await expect(shop.reloadButton).toHaveCount(0);
  }
  if (view.release === 'reloading' && releases) {
    const running = await page.locator('script[type="module"][src*="/assets/index-"]').getAttribute('src');
    expect(running, 'the page runs the new release').toBe(assetOf(releases.next, 'index'));
  }
  if (view.toast) await expect(page.getByText(view.toast)).toBeVisible();
  else await expect(page.getByText(en.toast.added)).toHaveCount(0);
  if (!view.cart) return expect(page.getByRole('dialog')).toHaveCount(0);

  const { cart } = shop;
  await expect(cart).toBeVisible();
  if (view.cart.kind === 'empty') {
    await expect(cart.getByText(view.cart.text)).toBeVisible();
    return expect(cart.getByRole('button', { name: en.cart.startShopping })).toBeVisible();
  }
  await expect(cart.getByText(view.cart.colour)).toBeVisible();
  await expect(cart.getByText(view.cart.quantity)).toBeVisible();
  // The line's total and the cart's total are the same amount: one line only (spec §4).
  await expect(cart.getByText(view.cart.total, { exact: true })).toHaveCount(2);
  const status = cart.getByRole('status');
  if (proceed === 'opening') {
    const busy = cart.getByRole('button', { name: en.cart.openingCheckout });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(status).toHaveText(en.cart.openingCheckout);
    return expect(cart.getByRole('alert')).toHaveCount(0);
  }
  await expect(status).toBeEmpty();
  if (proceed === 'ready') {
    await expect(shop.proceedButton).toHaveAttribute('aria-busy', 'false');
    return expect(cart.getByRole('alert')).toHaveCount(0);
  }
  await expect(cart.getByRole('alert')).toHaveText(en.cart.checkoutFailure[proceed]);
  await expect(shop.tryAgainButton).toBeEnabled();
}

/** A path's own server of the local build, and the next release it deploys mid-path (`next`, a build dir). */
interface Releases {
  server: FaultServer;
  next: string;
}

/**
 * Opens the shop for a storefront path; `gate` holds the checkout chunk's downloads until the path ends
 * them; `releases`, for a path with a new release, serves it.
 */
async function storefrontDriver(
  shop: ShopPage,
  gate: CheckoutDownloadGate,
  releases?: Releases,
): Promise<PathDriver<StorefrontSnapshot, StorefrontModelEvent>> {
  await shop.open();
  return {
    advanceClock: (ms) => shop.advanceClock(ms),
    assertState: (snapshot) => assertStorefront(shop, snapshot, gate, releases),
    perform: async (event, snapshot) => {
      const { cartCount, quantity, colourId } = snapshot.context;
      switch (event.type) {
        case 'colour.select':
          if (COLOURS.some((colour) => colour.id === event.colourId))
            return shop.chooseColour(
              event.colourId,
              event.colourId === 'sunset-orange' ? 'showcase' : 'swatch',
            );
          // An unknown colour: the shopper finds only the catalog's colours to choose from.
          return expect(
            await shop.product
              .getByRole('radio')
              .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)),
          ).toEqual(COLOURS.map((colour) => colour.id));
        case 'quantity.increment':
          return shop.increaseButton.click();
        case 'quantity.decrement':
          if (quantity > 1) return shop.decreaseButton.click();
          // At 1 it is aria-disabled but focusable: a keyboard shopper can press it (Playwright won't click it).
          await shop.decreaseButton.focus();
          return shop.page.keyboard.press('Enter');
        case 'cart.add':
          return shop.addToCartButton.click();
        case 'cart.open':
          return cartCount > 0 ? shop.cartButton.click() : shop.buyNowButton.click();
        case 'cart.close':
          await gate.backOnline();
          return shop.closeCart(cartCount === 0);
        case 'checkout.proceed':
          // With an empty cart there is no button to proceed with.
          if (cartCount === 0) return expect(shop.proceedButton).toHaveCount(0);
          return shop.proceedButton.click();
        case 'checkout.retry':
          await gate.backOnline();
          return shop.tryAgainButton.click();
        case CHECKOUT_LOAD_FAILED:
          return gate.end(checkoutLoadFailureIn(event) ?? undefined);
        case CHECKOUT_LOADED:
          return gate.end();
        case 'checkout.opened':
          // The checkout page sent it as it showed: the cart arrived as it was, and 'Back to Shop' keeps it.
          await shop.expectCheckoutWith(colourId, cartCount);
          return shop.backToShop();
        case 'release.waiting':
          if (!releases) throw new Error('A path with a new release needs a server that can deploy one');
          // The first visit's worker takes the page over; then the next release is deployed and the tab
          // becomes visible again, which checks for an update: the new worker installs and waits.
          await shop.expectWorkerInControl();
          releases.server.serveRelease(releases.next);
          return void (await shop.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))));
        case 'release.reload': {
          const reloaded = shop.page.waitForEvent('load', { timeout: 20_000 });
          await shop.reloadButton.click();
          await reloaded;
          return untilAppReady(shop.page);
        }
        case 'order.placed':
          // A whole order: proceed, fill, submit, 3 s processing, 3 s confirmation, home.
          await shop.cartButton.click();
          await shop.proceedButton.click();
          await gate.end();
          await expect(shop.page).toHaveURL(/\/checkout$/);
          await shop.fillCheckoutForm(FORM_FILL);
          await shop.submitButton.click();
          await shop.advanceClock(PROCESSING_DELAY_MS);
          await expect(shop.page.getByRole('heading', { name: en.checkout.confirmed.title })).toBeVisible();
          await shop.advanceClock(REDIRECT_DELAY_MS);
          return expect(shop.page).toHaveURL(/\/$/);
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

/** True for a path in which a new release arrives. */
const hasNewRelease = (path: (typeof storefront.paths)[number]) =>
  pathEvents(path).some((event) => event.type === 'release.waiting');

test.describe(`storefront model: ${storefront.paths.length} generated paths`, () => {
  test.use({ serviceWorkers: 'block' });
  for (const failing of [false, true]) {
    test.describe(failing ? 'the checkout download fails' : 'the checkout downloads', () => {
      if (failing) test.use({ injectedFailures: [/\/assets\/checkout-page-/] });
      for (const [index, path] of storefront.paths.entries()) {
        if (hasNewRelease(path)) continue;
        if (pathEvents(path).some((event) => checkoutLoadFailureIn(event) !== null) !== failing) continue;
        test(`path ${index + 1}: ${pathName(path)}`, async ({ page }, testInfo) => {
          const gate = await gateCheckoutDownloads(page);
          await runModelPath(storefront, path, await storefrontDriver(new ShopPage(page), gate));
          await attachCoverage(testInfo, storefront, path);
        });
      }
    });
  }
});

/** A path's {@link Releases}: its server of the local build, and the next release. */
const releaseTest = test.extend<{ releases: Releases }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  releases: async ({}, use, testInfo) => {
    const next = makeReleaseCopy(`model-${testInfo.parallelIndex}`);
    const server = await startServer({ root: DIST_DIR });
    await use({ server, next: next.dir });
    await server.close();
    next.remove();
  },
  baseURL: async ({ releases }, use) => use(releases.server.origin),
});

releaseTest.describe('storefront model: a new release, with the service worker', () => {
  releaseTest.describe.configure({ timeout: 60_000 });
  releaseTest.use({ serviceWorkers: 'allow' });
  for (const [index, path] of storefront.paths.entries()) {
    if (!hasNewRelease(path)) continue;
    releaseTest(`path ${index + 1}: ${pathName(path)}`, async ({ page, releases }, testInfo) => {
      const gate = await gateCheckoutDownloads(page);
      await runModelPath(storefront, path, await storefrontDriver(new ShopPage(page), gate, releases));
      await attachCoverage(testInfo, storefront, path);
    });
  }
});
