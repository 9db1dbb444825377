import type { Page } from '@playwright/test';
import { SHIPPING_METHODS } from '@machines/pricing';
import { en, shopText, startsWith } from '@support/shop-texts';
import { cartLineAsShown, type ShopModel } from '@support/shop-page';
import { expectAppReady, openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/** Puts 2 Ocean Blue balls in the cart from the landing page and proceeds to checkout. */
async function proceedWithTwoOceanBlue(page: Page, shop: ShopModel): Promise<void> {
  await openShop(page);
  await shop.fillCart();
  await shop.openCart();
  await shop.proceed();
  await shop.seeCheckoutWith();
}

/** The Order Summary's product line (the panel's other list items are the perks). */
function summaryLine(page: Page) {
  return page
    .getByRole('complementary', { name: en.checkout.summary.title })
    .getByRole('listitem')
    .filter({ hasText: en.brand.name });
}

/** The Order Summary's amount for a row header ('Subtotal', 'Shipping', 'Tax (8%)', 'Total'). */
function summaryAmount(page: Page, row: string) {
  return page
    .getByRole('complementary', { name: en.checkout.summary.title })
    .getByRole('row', { name: new RegExp(`^${row.replace(/[()]/g, '\\$&')} `) })
    .getByRole('cell');
}

/**
 * The checkout page's behaviour that the generated model paths (three engines) do not walk: opening
 * /checkout directly, a reload and the browser's Back with a cart, free shipping from $35 and the
 * browser's own required checks. Each shipping method's totals, the 3 s processing, the order number
 * and the return after 3 s are checkout model paths; 'Proceed' and 'Back to Shop' with a cart are
 * storefront model paths.
 */
test.describe('checkout page (spec §2, §3, §4, §5, §9)', () => {
  test('opening /checkout directly shows one Hot Pink ball at $21.98 @R2.2 @R3.4', async ({ page }) => {
    await openShop(page, '/checkout');
    const item = summaryLine(page);
    await expect(item).toContainText(shopText.colourLine('hot-pink'));
    await expect(item).toContainText(shopText.quantityLine(1));
    await expect(item).toContainText('$21.98');
    await expect(summaryAmount(page, en.checkout.summary.total)).toHaveText('$23.74');
  });

  test("a state link is the dev server's alone: in production /checkout?state=checkout.confirmed is the checkout", async ({
    page,
  }) => {
    await openShop(page, '/checkout?state=checkout.confirmed&hold');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.checkout.title);
    await page.clock.runFor(10_000);
    // The default cart (one Hot Pink ball), not the link's, and no order was placed.
    await expect(summaryLine(page)).toContainText(shopText.colourLine('hot-pink'));
    await expect(
      page.getByRole('button', { name: en.checkout.submit.replace('{{price}}', '$23.74') }),
    ).toBeEnabled();
    await expect(page.getByText(en.checkout.confirmed.title)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('?state=checkout.confirmed&hold');
  });

  test('reloading /checkout keeps the items from the cart @R3.4', async ({ page, shop }) => {
    await proceedWithTwoOceanBlue(page, shop);
    await page.reload();
    await expectAppReady(page);
    const item = summaryLine(page);
    await expect(item).toContainText(shopText.colourLine('ocean-blue'));
    await expect(item).toContainText(shopText.quantityLine(2));
    await expect(summaryAmount(page, en.checkout.summary.subtotal)).toHaveText('$43.96');
  });

  test("the browser's Back button from /checkout returns to the shop with the cart intact", async ({
    page,
    shop,
  }) => {
    await proceedWithTwoOceanBlue(page, shop);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await shop.openCart();
    expect(await shop.cartLine()).toEqual(cartLineAsShown());
  });

  test('shipping is free on every method once the subtotal reaches $35 @R9.3 @R9.15', async ({
    page,
    shop,
  }) => {
    await proceedWithTwoOceanBlue(page, shop);
    for (const method of SHIPPING_METHODS) {
      await shop.chooseShipping(method.id);
      await expect(summaryAmount(page, en.checkout.summary.shipping)).toHaveText(en.checkout.summary.free);
      await expect(summaryAmount(page, en.checkout.summary.total)).toHaveText('$47.48');
    }
    const overnight = en.checkout.shippingMethod.methods.overnight.name;
    await expect(page.getByRole('radio', { name: new RegExp(`${overnight}.*\\$19\\.99`) })).toBeChecked();
  });

  test("the browser's own required checks stop an empty or incomplete order @R5.1 @R5.2 @R8.2", async ({
    page,
    shop,
  }) => {
    await openShop(page, '/checkout');
    const submit = page.getByRole('button', { name: startsWith(shopText.submitPrefix) });
    await submit.click();
    const email = page.getByLabel(en.checkout.contact.email);
    await expect(email).toBeFocused();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await expect(submit).toBeEnabled();

    await shop.fillCheckoutForm();
    const cvv = page.getByLabel(en.checkout.payment.cvv);
    await cvv.fill('');
    await submit.click();
    await expect(cvv).toBeFocused();
    await expect(page.getByRole('button', { name: en.checkout.processing })).toHaveCount(0);
    await expect(page.getByLabel(en.checkout.shippingAddress.apartment)).not.toHaveAttribute('required');
    await expect(page.getByLabel(en.checkout.contact.phone)).not.toHaveAttribute('required');
  });
});
