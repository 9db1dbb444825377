import { rmSync } from 'node:fs';
import { join } from 'node:path';
import en from '@/locales/en';
import {
  COLOUR_LINE,
  QUANTITY_LINE,
  cartDialog,
  countPageLoads,
  fillCart,
  openCart,
  proceedButton,
  runClockUntil,
} from './cart-faults';
import { expect, test } from './fixtures';
import { assetOf, makeReleaseCopy, serveRelease } from './releases';
import { openShop } from './shop';

/**
 * Issue 10: "when the code a page needs no longer exists, the shop recovers … with no reload loop".
 * Here the new release is broken too (its checkout code is missing as well, as with a half-finished
 * upload or a CDN still rolling out): one reload into it cannot help, and the shopper must be told,
 * with the cart kept.
 */

test.describe('a deploy whose new release lacks the checkout code too (issue 10)', () => {
  let release: ReturnType<typeof makeReleaseCopy>;
  test.beforeAll(() => {
    // The new release lacks its checkout code as well (a broken deploy, or a CDN still rolling out).
    release = makeReleaseCopy(`broken-${test.info().project.name}`);
    rmSync(join(release.dir, assetOf(release.dir, 'checkout-page')));
  });
  test.afterAll(() => release.remove());
  test.use({ injectedFailures: [/\/assets\/checkout-page-/] });

  test('does not reload in a loop: the shopper is told the checkout is unavailable, cart kept', async ({
    page,
  }) => {
    await openShop(page);
    await fillCart(page);
    await serveRelease(page, release.dir);
    const pageLoads = countPageLoads(page);

    await openCart(page);
    await proceedButton(page).click();
    await runClockUntil(page, () => page.getByRole('alert').isVisible());

    // The reload lands on /checkout, whose code is missing too: the shop opens at '/' with the kept
    // cart open, saying the checkout is unavailable (main.tsx), and does not reload again.
    await expect(page.getByRole('alert')).toHaveText(en.cart.checkoutFailure.unavailable);
    await expect(cartDialog(page)).toContainText(COLOUR_LINE);
    await expect(cartDialog(page)).toContainText(QUANTITY_LINE);
    await page.clock.runFor(5_000);
    expect(pageLoads(), 'at most one reload').toBeLessThanOrEqual(1);
  });
});
