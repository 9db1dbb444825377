import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import en from '@/locales/en';
import { startServer, type FaultServer } from '../browser/server';
import { cartLineAsShown } from '../engines/shop.model';
import { shopText, startsWith } from '../shop-texts';
import { countPageLoads, expectCheckoutWithCart, runClockUntil } from './cart-faults';
import { openShop } from './clock';
import { expect, test } from './fixtures';
import { DIST_DIR, assetOf, makeReleaseCopy, urlEndingIn } from './releases';

/**
 * What the shopper sees when the network or a deploy fails them in ways only Playwright's request
 * routing and JavaScript switch make (a download that breaks off mid-response, JavaScript off), and
 * when a second release is broken too, against the production build in Chromium. Every other fault
 * runs once, in all three engines: tests/engines/ (a new release mid-visit, 503s, a dropped
 * connection, a failed prefetch, slow scripts, an early tap, and the generated paths' 503, offline
 * and outdated downloads). Every test keeps the same cart (2 Ocean Blue balls) and checks it survives.
 */

// These faults are routed with page.route, which the shop's service worker would bypass by answering
// from its cache once in control (its offline behaviour: tests/engines/). Without it, every request
// reaches the network, as on a first visit before the worker takes over.
test.use({ serviceWorkers: 'block' });

const CHECKOUT_CHUNK = assetOf(DIST_DIR, 'checkout-page');

/**
 * The new release is broken too (its checkout code is missing as well, as with a half-finished upload
 * or a CDN still rolling out): one reload into it cannot help, and the shopper must be told, with the
 * cart kept and no reload loop. The test house's server (nginx with deploy/nginx.conf behind the fault
 * layer, tests/browser/server.ts) deploys the release while the shopper fills the cart.
 */
const withServer = test.extend<{ server: FaultServer }>({
  server: async ({}, use) => {
    const server = await startServer({ root: DIST_DIR });
    await use(server);
    await server.close();
  },
  baseURL: async ({ server }, use) => use(server.origin),
});

withServer.describe('a deploy whose new release lacks the checkout code too', () => {
  let release: ReturnType<typeof makeReleaseCopy>;
  withServer.beforeAll(() => {
    release = makeReleaseCopy(`broken-${withServer.info().project.name}`);
    rmSync(join(release.dir, assetOf(release.dir, 'checkout-page')));
  });
  withServer.afterAll(() => release.remove());
  withServer.use({ injectedFailures: [/\/assets\/checkout-page-/] });

  withServer(
    'does not reload in a loop: the shopper is told the checkout is unavailable, cart kept',
    async ({ page, shop, server }) => {
      await openShop(page);
      await shop.fillCart();
      server.serveRelease(release.dir);
      const pageLoads = countPageLoads(page);
      await shop.openCart();
      await shop.proceed();
      await runClockUntil(page, () => page.getByRole('alert').isVisible());

      // The reload lands on /checkout, whose code is missing too: the shop opens at '/' with the kept
      // cart open, saying the checkout is unavailable (src/boot/start.tsx), and does not reload again.
      await expect(page.getByRole('alert')).toHaveText(en.cart.checkoutFailure.unavailable);
      expect(await shop.cartLine()).toEqual(cartLineAsShown());
      await page.clock.runFor(5_000);
      expect(pageLoads(), 'at most one reload').toBeLessThanOrEqual(1);
    },
  );
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

  test('the download breaks off (net::ERR_FAILED): the same message, and Try again works', async ({
    page,
    shop,
  }) => {
    await openShop(page);
    await shop.fillCart();
    let broken = true;
    await failCheckoutCode(
      page,
      (route) => route.abort('failed'),
      () => broken,
    );
    await shop.openCart();
    await shop.proceed();

    await runClockUntil(page, async () => (await shop.cartAlert()) !== null);
    expect(await shop.cartAlert()).toBe(en.cart.checkoutFailure.unavailable);
    expect(await shop.cartLine()).toEqual(cartLineAsShown());

    broken = false;
    await shop.tryAgain();
    await expectCheckoutWithCart(page, shop);
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
    await expect(page.getByRole('button', { name: startsWith(shopText.addToCartPrefix) })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.testimonials.title })).toBeVisible();
  });
});
