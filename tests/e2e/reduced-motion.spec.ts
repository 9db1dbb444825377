import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillCheckoutForm, openShop } from './shop';

/** Computed motion of the landing page's animated parts after a colour change, an add and opening the cart. */
async function landingMotion(page: Page) {
  await openShop(page);
  await page.getByRole('button', { name: 'Ocean Blue', exact: true }).click();
  await page.getByRole('button', { name: /^Add to Cart/ }).click();
  const toast = page.getByRole('status').getByText('Added to cart successfully!');
  const hero = page.getByRole('img', { name: /interactive electric ball in Ocean Blue/ });
  const motion = {
    scrollBehavior: await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    toast: await toast.evaluate((element) => getComputedStyle(element).animationDuration),
    hero: await hero.evaluate((element) => getComputedStyle(element).animationDuration),
    buttonTransition: await page
      .getByRole('button', { name: /^Add to Cart/ })
      .evaluate((element) => getComputedStyle(element).transitionDuration.split(', ')[0]),
    dialog: '',
  };
  await page.getByRole('button', { name: /^Open cart/ }).click();
  motion.dialog = await page
    .getByRole('dialog', { name: 'Your Cart' })
    .evaluate((element) => getComputedStyle(element).animationName);
  return motion;
}

test.describe('prefers-reduced-motion (WCAG 2.3.3, 2.2.2)', () => {
  test('with no preference the shop animates its toast, hero, dialog and smooth scrolling', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const motion = await landingMotion(page);
    expect(motion).toMatchObject({
      scrollBehavior: 'smooth',
      toast: '0.25s',
      hero: '0.25s',
      buttonTransition: '0.15s',
    });
    expect(motion.dialog).not.toBe('none');

    // Smooth scrolling is for pointer users: once the keyboard moves focus, scrolling jumps.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  });

  test('with reduce, animations and transitions are effectively off and scrolling jumps', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const motion = await landingMotion(page);
    expect(motion).toEqual({
      scrollBehavior: 'auto',
      toast: '1e-05s',
      hero: '1e-05s',
      buttonTransition: '1e-05s',
      dialog: 'none',
    });
  });

  test('with reduce, the processing spinner does not spin', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openShop(page, '/checkout');
    await fillCheckoutForm(page);
    await page.getByRole('button', { name: /^Complete Order/ }).click();
    const spinner = page.getByRole('button', { name: 'Processing...' }).locator('svg');
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });
});
