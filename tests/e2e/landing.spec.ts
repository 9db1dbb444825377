import { en } from '../shop-texts';
import { openShop } from './clock';
import { expect, test } from './fixtures';

test.describe('landing page (spec §2, §4)', () => {
  test.beforeEach(async ({ page }) => {
    await openShop(page);
  });

  test('the quantity starts at 1 and the decrease button says why it cannot go lower', async ({
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
