import { expect, test } from './fixtures';
import { openShop } from './shop';

test.describe('landing page (spec §2, §4)', () => {
  test.beforeEach(async ({ page }) => {
    await openShop(page);
  });

  test('the quantity starts at 1 and the decrease button says why it cannot go lower', async ({ page }) => {
    const quantity = page.getByRole('status', { name: 'Quantity' });
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    await expect(quantity).toHaveText('1');
    await expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await expect(decrease).toHaveAccessibleDescription('Quantity cannot go below 1');

    // Playwright refuses to click an aria-disabled button; a shopper can, and nothing happens.
    await decrease.click({ force: true });
    await expect(quantity).toHaveText('1');

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveText('2');
    await expect(decrease).not.toHaveAttribute('aria-disabled');
    await decrease.click();
    await expect(quantity).toHaveText('1');
    await decrease.click({ force: true });
    await expect(quantity).toHaveText('1');
  });
});
