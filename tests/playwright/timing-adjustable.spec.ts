import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS } from '@machines/checkout-machine';
import { en } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/**
 * WCAG 2.2.1 Timing Adjustable on the order confirmation, with the keyboard alone: the 3 s redirect
 * (spec §4, §9) can be turned off from the confirmation's first frame by 'Stay on this page', the next
 * Tab stop after the focused heading; the order number then stays with no time limit and 'Back to
 * Shop' leads home. Without it the redirect happens at 3 s (purchase-journey.spec.ts).
 */
test('a keyboard shopper stops the redirect and keeps the order number for as long as they need', async ({
  page,
  shop,
}) => {
  await openShop(page, '/checkout');
  await shop.fillCheckoutForm();
  await shop.submitOrder();
  await page.clock.runFor(PROCESSING_DELAY_MS);
  const orderNumber = await shop.seeOrderConfirmed();
  const heading = page.getByRole('heading', { level: 1, name: en.checkout.confirmed.title });
  await expect(heading).toBeFocused();

  await page.keyboard.press('Tab');
  const stay = page.getByRole('button', { name: en.checkout.confirmed.stay });
  await expect(stay).toBeFocused();
  await page.clock.runFor(REDIRECT_DELAY_MS - 1);
  await page.keyboard.press('Enter');
  await page.clock.runFor(10 * 60 * 1000);

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: orderNumber })).toContainText(
    en.checkout.confirmed.staying,
  );
  await expect(stay).toHaveCount(0);
  const backToShop = page.getByRole('link', { name: en.checkout.backToShop });
  await expect(backToShop).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Add to Cart/ }).first()).toBeVisible();
});
