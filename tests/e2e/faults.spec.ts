import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import en from '@/locales/en';
import { COLOUR_LINE, OCEAN_BLUE, QUANTITY_LINE, countPageLoads, runClockUntil } from './cart-faults';
import { expect, test } from './fixtures';
import { DIST_DIR, assetOf, makeReleaseCopy, serveRelease, urlEndingIn } from './releases';
import { openShop, shop } from './shop';
import { fillText } from '../shop-texts';

/**
 * What the shopper sees when the network or a deploy fails them, against the production build in
 * Chromium, where Playwright's fake clock and request routing reach what the other engines' suite
 * cannot (tests/engines/: a new release mid-visit, 503 twice, a dropped connection, a failed prefetch,
 * slow scripts and an early tap, in all three engines). Every test keeps the same cart (2 Ocean Blue
 * balls) and checks it survives.
 */

// These faults are routed with page.route, which the shop's service worker would bypass by answering
// from its cache once in control (its offline behaviour: tests/engines/). Without it, every request
// reaches the network, as on a first visit before the worker takes over.
test.use({ serviceWorkers: 'block' });

const CHECKOUT_CHUNK = assetOf(DIST_DIR, 'checkout-page');
const APP_SCRIPT = assetOf(DIST_DIR, 'index');

/**
 * A shopper fills the cart on '/', the release in `releaseDir` is deployed meanwhile, and the shopper
 * taps 'Proceed to Checkout'. Returns the counter of page loads since the deploy.
 */
async function proceedAfterDeploy(page: Page, releaseDir: string) {
  await openShop(page);
  await shop(page).fillCart();
  await serveRelease(page, releaseDir);
  const pageLoads = countPageLoads(page);
  await shop(page).openCart();
  await shop(page).proceedButton.click();
  return pageLoads;
}

/**
 * The new release is broken too (its checkout code is missing as well, as with a half-finished upload
 * or a CDN still rolling out): one reload into it cannot help, and the shopper must be told, with the
 * cart kept and no reload loop.
 */
test.describe('a deploy whose new release lacks the checkout code too', () => {
  let release: ReturnType<typeof makeReleaseCopy>;
  test.beforeAll(() => {
    release = makeReleaseCopy(`broken-${test.info().project.name}`);
    rmSync(join(release.dir, assetOf(release.dir, 'checkout-page')));
  });
  test.afterAll(() => release.remove());
  test.use({ injectedFailures: [/\/assets\/checkout-page-/] });

  test('does not reload in a loop: the shopper is told the checkout is unavailable, cart kept', async ({
    page,
  }) => {
    const pageLoads = await proceedAfterDeploy(page, release.dir);
    await runClockUntil(page, () => page.getByRole('alert').isVisible());

    // The reload lands on /checkout, whose code is missing too: the shop opens at '/' with the kept
    // cart open, saying the checkout is unavailable (src/boot/start.tsx), and does not reload again.
    await expect(page.getByRole('alert')).toHaveText(en.cart.checkoutFailure.unavailable);
    await expect(shop(page).cart).toContainText(COLOUR_LINE);
    await expect(shop(page).cart).toContainText(QUANTITY_LINE);
    await page.clock.runFor(5_000);
    expect(pageLoads(), 'at most one reload').toBeLessThanOrEqual(1);
  });
});

test.describe('offline', () => {
  test.use({ injectedFailures: [urlEndingIn(CHECKOUT_CHUNK)] });

  test("says you're offline and keeps the cart; Try again works once reconnected", async ({
    page,
    context,
  }) => {
    await openShop(page);
    await shop(page).fillCart();
    await context.setOffline(true);
    await shop(page).openCart();
    await shop(page).proceedButton.click();

    await expect(shop(page).cart.getByRole('alert')).toHaveText(en.cart.checkoutFailure.offline);
    await expect(shop(page).cart).toContainText(COLOUR_LINE);
    await expect(shop(page).cart).toContainText(QUANTITY_LINE);
    await expect(page).toHaveURL(/\/$/);

    await context.setOffline(false);
    await shop(page).cart.getByRole('button', { name: en.cart.tryAgain }).click();
    await shop(page).expectCheckoutWithCart();
  });
});

test.describe('the server fails the checkout code', () => {
  test.use({ injectedFailures: [urlEndingIn(CHECKOUT_CHUNK)] });

  /** Answers the checkout code's requests with `fail` while `failing()` says so, then serves it. */
  async function failCheckoutCode(
    page: Page,
    fail: (route: Route) => Promise<void>,
    failing: () => boolean,
  ): Promise<void> {
    await page.route(urlEndingIn(CHECKOUT_CHUNK), (route) => (failing() ? fail(route) : route.continue()));
  }
  const answer503 = (route: Route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });

  test('503 every time: after the retries the cart says the server is not answering; Try again works once it is back', async ({
    page,
  }) => {
    await openShop(page);
    await shop(page).fillCart();
    let serverDown = true;
    await failCheckoutCode(page, answer503, () => serverDown);
    await shop(page).openCart();
    await shop(page).proceedButton.click();

    await runClockUntil(page, () => shop(page).cart.getByRole('alert').isVisible());
    await expect(shop(page).cart.getByRole('alert')).toHaveText(en.cart.checkoutFailure.unavailable);
    await expect(shop(page).cart).toContainText(COLOUR_LINE);
    await expect(shop(page).cart).toContainText(QUANTITY_LINE);

    serverDown = false;
    await shop(page).cart.getByRole('button', { name: en.cart.tryAgain }).click();
    await shop(page).expectCheckoutWithCart();
  });

  test('the download breaks off (net::ERR_FAILED): the same message, and Try again works', async ({
    page,
  }) => {
    await openShop(page);
    await shop(page).fillCart();
    let broken = true;
    await failCheckoutCode(
      page,
      (route) => route.abort('failed'),
      () => broken,
    );
    await shop(page).openCart();
    await shop(page).proceedButton.click();

    await runClockUntil(page, () => shop(page).cart.getByRole('alert').isVisible());
    await expect(shop(page).cart.getByRole('alert')).toHaveText(en.cart.checkoutFailure.unavailable);
    await expect(shop(page).cart).toContainText(COLOUR_LINE);

    broken = false;
    await shop(page).cart.getByRole('button', { name: en.cart.tryAgain }).click();
    await shop(page).expectCheckoutWithCart();
  });
});

test.describe('a slow network', () => {
  test('while the checkout code takes 4 s, Proceed is busy, announced, and a second tap adds nothing', async ({
    page,
  }) => {
    await openShop(page);
    await shop(page).fillCart();
    await page.route(urlEndingIn(CHECKOUT_CHUNK), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    await shop(page).openCart();
    const historyLength = () => page.evaluate(() => window.history.length);
    const before = await historyLength();
    await shop(page).proceedButton.click();

    const busy = shop(page).cart.getByRole('button', { name: en.cart.openingCheckout });
    await expect(busy).toBeVisible({ timeout: 1_000 });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(shop(page).cart.getByRole('status')).toHaveText(en.cart.openingCheckout);
    // Playwright refuses to click an aria-disabled button; a shopper can.
    await busy.click({ force: true });
    await expect(busy).toBeVisible();

    await expect(page).toHaveURL(/\/checkout$/, { timeout: 8_000 });
    expect(await historyLength(), 'one history entry for one checkout').toBe(before + 1);
    await shop(page).expectCheckoutWithCart();
  });
});

test.describe('a tap before the app is interactive', () => {
  test("a colour and 'Add to Cart' tapped while the app's script is on its way count once it is ready", async ({
    page,
  }) => {
    await page.route(urlEndingIn(APP_SCRIPT), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    // The shopper taps once the page has every script file but the held app script, a frame after
    // (the early-tap script is inline: it ran with the HTML).
    await page.waitForFunction(
      (heldScript) =>
        Array.from(document.scripts)
          .filter((script) => script.src && !script.src.endsWith(heldScript))
          .every((script) => performance.getEntriesByName(script.src).length > 0),
      APP_SCRIPT,
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const addToCart = page.getByRole('button', { name: /^Add to Cart/ });
    await expect(addToCart).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);

    await page.getByRole('button', { name: OCEAN_BLUE, exact: true }).click();
    await addToCart.click();

    const oneItem = fillText(en.cartButton.labelWithCount_one, { count: 1 });
    await expect(page.getByRole('button', { name: oneItem })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: `${OCEAN_BLUE} ${en.showcase.selected}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('group', { name: fillText(en.product.colourLegend, { colour: OCEAN_BLUE }) }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // Replayed once, not twice: still one item.
    await expect(page.getByRole('button', { name: oneItem })).toBeVisible();
    await page.getByRole('button', { name: oneItem }).click();
    await expect(shop(page).cart).toContainText(COLOUR_LINE);
    await expect(shop(page).cart).toContainText(fillText(en.lineItem.quantity, { count: 1 }));
  });
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('says buying needs JavaScript above the full shop page', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('note');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(`${en.noScript.title} ${en.noScript.text}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.product.title);
    await expect(page.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.testimonials.title })).toBeVisible();
  });
});
