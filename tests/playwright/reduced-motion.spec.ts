import type { Page } from '@playwright/test';
import type { ShopModel } from '@support/shop-page';
import { en, shopText, startsWith } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/** Computed motion of the landing page's animated parts after a colour change, an add and opening the cart. */
async function landingMotion(page: Page, shop: ShopModel) {
  await openShop(page);
  await shop.chooseColour('ocean-blue', 'showcase');
  await shop.addToCart(1);
  const toast = page.getByText(en.toast.added);
  const hero = page.getByRole('img', { name: shopText.heroAlt('ocean-blue') });
  const motion = {
    scrollBehavior: await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    toast: await toast.evaluate((element) => getComputedStyle(element).animationDuration),
    hero: await hero.evaluate((element) => getComputedStyle(element).animationDuration),
    buttonTransition: await page
      .getByRole('button', { name: startsWith(shopText.addToCartPrefix) })
      .evaluate((element) => getComputedStyle(element).transitionDuration.split(', ')[0]),
    dialog: '',
  };
  await shop.openCart(1);
  motion.dialog = await page
    .getByRole('dialog', { name: en.cart.title })
    .evaluate((element) => getComputedStyle(element).animationName);
  return motion;
}

test.describe('prefers-reduced-motion (WCAG 2.3.3, 2.2.2)', () => {
  test('with no preference the shop animates its toast, hero and dialog; scrolling jumps', async ({
    page,
    shop,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const motion = await landingMotion(page, shop);
    expect(motion).toMatchObject({
      scrollBehavior: 'auto',
      toast: '0.25s',
      hero: '0.25s',
      buttonTransition: '0.15s',
    });
    expect(motion.dialog).not.toBe('none');
  });

  test('with reduce, animations and transitions are effectively off and scrolling jumps', async ({
    page,
    shop,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const motion = await landingMotion(page, shop);
    expect(motion).toEqual({
      scrollBehavior: 'auto',
      toast: '1e-05s',
      hero: '1e-05s',
      buttonTransition: '1e-05s',
      dialog: 'none',
    });
  });

  test('with reduce, the processing spinner does not spin', async ({ page, shop }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    const spinner = page.getByRole('button', { name: en.checkout.processing }).locator('svg');
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });
});
