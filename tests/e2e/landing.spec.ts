import { expect, test } from './fixtures';
import { openShop } from './shop';

test.describe('landing page (spec §2, §4)', () => {
  test.beforeEach(async ({ page }) => {
    await openShop(page);
  });

  test('choosing a colour swaps the hero image and marks that showcase card Selected', async ({ page }) => {
    const hero = page.getByRole('img', { name: /interactive electric ball in/ });
    await expect(hero).toHaveAttribute('src', /hot-pink/);
    await expect(page.getByRole('button', { name: 'Hot Pink Selected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.locator('label', { has: page.getByRole('radio', { name: 'Ocean Blue' }) }).click();
    await expect(hero).toHaveAttribute('src', /ocean-blue/);
    await expect(hero).toHaveAccessibleName(/in Ocean Blue/);
    await expect(page.getByRole('group', { name: 'Colour: Ocean Blue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ocean Blue Selected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Hot Pink', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await page.getByRole('button', { name: 'Sunset Orange', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sunset Orange Selected' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sunset Orange' })).toBeChecked();
    await expect(hero).toHaveAttribute('src', /sunset-orange/);
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

  test('Add to Cart shows the unit price times the quantity', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Add to Cart - $21.98' })).toBeVisible();
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    await increase.click();
    await expect(page.getByRole('button', { name: 'Add to Cart - $43.96' })).toBeVisible();
    await increase.click();
    await expect(page.getByRole('button', { name: 'Add to Cart - $65.94' })).toBeVisible();
  });

  test('the cart badge is hidden at 0 and counts accumulate across adds', async ({ page }) => {
    const cartButton = page.getByRole('button', { name: /^Open cart/ });
    await expect(cartButton).toHaveAccessibleName('Open cart');
    await expect(cartButton).toHaveText('');

    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await expect(cartButton).toHaveAccessibleName('Open cart, 1 item');
    await expect(cartButton).toHaveText('1');

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart - $65.94' }).click();
    await expect(cartButton).toHaveAccessibleName('Open cart, 4 items');
    await expect(cartButton).toHaveText('4');
  });

  test('the toast is still showing at 2.9 s and gone at 3 s', async ({ page }) => {
    const status = page.getByRole('status').filter({ hasText: 'Added to cart successfully!' });
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await expect(status).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(status).toBeVisible();
    await page.clock.runFor(100);
    await expect(status).toHaveCount(0);
  });

  test('another add restarts the 3 s toast', async ({ page }) => {
    const status = page.getByRole('status').filter({ hasText: 'Added to cart successfully!' });
    const add = page.getByRole('button', { name: /^Add to Cart/ });
    await add.click();
    await page.clock.runFor(2_000);
    await add.click();
    await page.clock.runFor(2_900);
    await expect(status).toBeVisible();
    await page.clock.runFor(100);
    await expect(status).toHaveCount(0);
  });

  test('Buy Now with PayPal only opens the cart', async ({ page }) => {
    await page.getByRole('button', { name: 'Buy Now with PayPal' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('Your cart is empty');
    await expect(page).toHaveURL(/\/$/);
  });

  test("an empty cart says so and 'Start Shopping' closes it", async ({ page }) => {
    await page.getByRole('button', { name: 'Open cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
    await cart.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(cart).toBeHidden();
  });

  test('the cart line shows the colour selected now, not the one added', async ({ page }) => {
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart - $43.96' }).click();
    await page.getByRole('button', { name: 'Sunset Orange', exact: true }).click();

    await page.getByRole('button', { name: 'Open cart, 2 items' }).click();
    const line = page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem');
    await expect(line).toContainText('Pet Ball Pro');
    await expect(line).toContainText('Colour: Sunset Orange');
    await expect(line).toContainText('Qty: 2');
    await expect(line).toContainText('$43.96');
    await expect(line.locator('img')).toHaveAttribute('src', /sunset-orange/);
  });

  test("'Continue Shopping' closes a cart with items and keeps them", async ({ page }) => {
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toContainText('Total$21.98');
    await cart.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(cart).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
  });
});
