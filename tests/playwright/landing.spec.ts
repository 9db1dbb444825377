import { en, shopText, startsWith } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

test.describe('landing page (spec §2, §4)', () => {
  test.beforeEach(async ({ page }) => {
    await openShop(page);
  });

  test('the quantity starts at 1 and the decrease button says why it cannot go lower @R4.1 @R5.3', async ({
    page,
    shop,
  }) => {
    const quantity = page.getByRole('status', { name: en.product.quantityLabel });
    const decrease = page.getByRole('button', { name: en.product.decreaseQuantity });
    await expect(quantity).toHaveText('1');
    await expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await expect(decrease).toHaveAccessibleDescription(en.product.quantityMinimum);

    // The button is aria-disabled, not disabled: a shopper can press it, and nothing happens.
    await shop.decreaseQuantity();
    await expect(quantity).toHaveText('1');

    await shop.increaseQuantity();
    await expect(quantity).toHaveText('2');
    await expect(decrease).not.toHaveAttribute('aria-disabled');
    await shop.decreaseQuantity();
    await expect(quantity).toHaveText('1');
    await shop.decreaseQuantity();
    await expect(quantity).toHaveText('1');
  });
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('says buying needs JavaScript above the full shop page @R8.6', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('note');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(`${en.noScript.title} ${en.noScript.text}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.product.title);
    await expect(page.getByRole('button', { name: startsWith(shopText.addToCartPrefix) })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.testimonials.title })).toBeVisible();
  });
});
