import { lineItemFor } from '@machines/checkout-input';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { orderTotals } from '@machines/pricing';
import { formatCents } from '@/lib/format-money';
import { FAULT_CART, en } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/**
 * One whole purchase at each viewport (the generated model paths walk every step in three engines at
 * a phone's): two Ocean Blue balls with Express shipping, 'Order Confirmed!' with the order number of
 * the moment it was placed, and back at the shop 3 s later with an empty cart.
 */
test('a shopper buys two Ocean Blue balls with Express shipping, end to end @R1.1 @R1.2 @R1.3 @R1.4 @R1.5 @R6.1', async ({
  page,
  shop,
}) => {
  await openShop(page);
  await shop.fillCart();
  await shop.seeToast();
  await shop.openCart();
  await shop.proceed();
  await shop.seeCheckoutWith();

  await shop.chooseShipping('express');
  await shop.fillCheckoutForm();
  const order = { ...FAULT_CART, method: 'express' } as const;
  const { totalCents } = orderTotals([lineItemFor(order.colourId, order.quantity)], order.method);
  await expect(page.getByRole('complementary', { name: en.checkout.summary.title })).toContainText(
    formatCents(totalCents),
  );

  const submittedAt = await page.evaluate(() => Date.now());
  await shop.submitOrder(order);
  await shop.seeProcessing();
  await page.clock.runFor(PROCESSING_DELAY_MS - 100);
  await shop.seeProcessing();
  await page.clock.runFor(100);
  expect(await shop.seeOrderConfirmed()).toBe(orderNumberFromTimestamp(submittedAt + PROCESSING_DELAY_MS));

  await page.clock.runFor(REDIRECT_DELAY_MS);
  await expect(page).toHaveURL(/\/$/);
  await shop.seeCartCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.product.title);
});
