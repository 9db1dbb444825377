/**
 * The checkout's generated paths in Chromium against the production build: each model event is a
 * shopper's step on the shop's page object (tests/e2e/shop.ts), each snapshot's view is checked on the
 * page, and the clock moves only when a delay event says so. Coverage: coverage-reporter.ts.
 */
import { PROCESSING_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import { expect, test } from '../e2e/fixtures';
import { ShopPage } from '../e2e/shop';
import { en, fillText, shopText, startsWith } from '../shop-texts';
import {
  FIELD_LABELS,
  FORM_FILL,
  checkout,
  checkoutView,
  type CheckoutModelEvent,
} from '../model/checkout-model';
import { pathName, runModelPath, type PathDriver } from '../model/derive-test-model';
import { attachCoverage } from './coverage-reporter';

/**
 * Opens /checkout as a shopper does, with the checkout model's cart (one Ocean Blue ball), and returns
 * the checkout path driver. The order number follows from the paused clock.
 */
async function checkoutDriver(shop: ShopPage): Promise<PathDriver<CheckoutSnapshot, CheckoutModelEvent>> {
  const { page } = await shop.open();
  await shop.chooseColour('ocean-blue');
  await shop.addToCartButton.click();
  await shop.cartButton.click();
  await shop.proceedButton.click();
  let submittedAt: number | null = null;

  return {
    advanceClock: (ms) => shop.advanceClock(ms),
    assertState: async (snapshot) => {
      const view = checkoutView(snapshot);
      if (view.page === 'home') {
        await expect(page).toHaveURL(/\/$/);
        return expect(shop.addToCartButton).toBeVisible();
      }
      await expect(page).toHaveURL(/\/checkout$/);
      if (view.page === 'confirmed') {
        await expect(page.getByRole('heading', { name: view.heading })).toBeFocused();
        const orderNumber = orderNumberFromTimestamp(submittedAt! + PROCESSING_DELAY_MS);
        return expect(page.getByText(shopText.orderNumber(orderNumber))).toBeVisible();
      }
      await expect(shop.shippingRadio(view.shippingMethod)).toBeChecked();
      for (const row of view.totals) await expect(shop.summary.getByRole('row', { name: row })).toBeVisible();
      const submit = page.getByRole('button', { name: startsWith(view.submit) });
      if (view.processing) await expect(submit).toBeDisabled();
      else await expect(submit).toBeEnabled();
      for (const { label, value } of view.fields)
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'shippingMethod.select': {
          if (SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId))
            return shop.chooseShipping(event.shippingMethodId);
          // An unknown method: the shopper finds only the three methods to choose from.
          const radios = page
            .getByRole('group', { name: en.checkout.shippingMethod.title })
            .getByRole('radio');
          await expect(radios).toHaveCount(SHIPPING_METHODS.length);
          for (const [index, method] of SHIPPING_METHODS.entries())
            await expect(radios.nth(index)).toHaveAccessibleName(
              startsWith(en.checkout.shippingMethod.methods[method.id].name),
            );
          return;
        }
        case 'field.change':
          if (event.name in FIELD_LABELS)
            return shop.fillCheckoutForm([[FIELD_LABELS[event.name], event.value]]);
          // A field the shopper cannot edit: the country shows as text, with no input to type into.
          await expect(page.getByRole('textbox', { name: /country/i })).toHaveCount(0);
          return expect(
            page.getByText(fillText(en.checkout.shippingAddress.country, { country: 'United States' })),
          ).toBeVisible();
        case 'form.fill':
          return shop.fillCheckoutForm(FORM_FILL);
        case 'order.submit':
          submittedAt = shop.clockNow();
          return shop.submitButton.click();
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

test.describe(`checkout model: ${checkout.paths.length} generated paths`, () => {
  for (const [index, path] of checkout.paths.entries()) {
    test(`path ${index + 1}: ${pathName(path)}`, async ({ page }, testInfo) => {
      await runModelPath(checkout, path, await checkoutDriver(new ShopPage(page)));
      await attachCoverage(testInfo, checkout, path);
    });
  }
});
