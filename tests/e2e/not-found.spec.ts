import { expect, test } from './fixtures';
import { openShop } from './shop';

test.describe('not-found page (spec §2, §8)', () => {
  for (const path of ['/does-not-exist', '/checkout/extra', '/products/pet-ball?colour=blue']) {
    test(`${path} shows 'This page has not been generated' with a way back`, async ({ page }) => {
      await openShop(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page has not been generated');
      await expect(page.getByText('Tell me what you would like on this page')).toBeVisible();
      await page.getByRole('link', { name: 'Back to Shop' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
    });
  }
});
