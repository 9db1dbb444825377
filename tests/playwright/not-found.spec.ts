import { en } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

test.describe('not-found page (spec §2, §8)', () => {
  for (const path of ['/does-not-exist', '/checkout/extra', '/products/pet-ball?colour=blue']) {
    test(`${path} shows '${en.notFound.title}' with a way back @R2.3 @R2.29 @R8.1`, async ({
      page,
      shop,
    }) => {
      await openShop(page, path);
      expect(await shop.seeNotFound()).toBe(en.notFound.text);
      await shop.backToShop('not found');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.product.title);
    });
  }
});
