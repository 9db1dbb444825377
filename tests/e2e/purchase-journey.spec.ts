import { expect, test } from './fixtures';
import { expectAppReady } from './shop';

const START = new Date('2026-11-22T10:00:00.000Z');

test('a shopper buys two Ocean Blue balls with Express shipping, end to end', async ({ page }) => {
  await page.clock.install({ time: START });
  await page.goto('/');
  await expectAppReady(page);

  await page.getByRole('radio', { name: 'Ocean Blue' }).check({ force: true });
  await expect(page.getByRole('img', { name: /Ocean Blue/ }).first()).toHaveAttribute('src', /ocean-blue/);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart - $43.96' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart successfully!' })).toBeVisible();

  await page.getByRole('button', { name: /Open cart, 2 items/ }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText('Ocean Blue');
  await expect(cart).toContainText('$43.96');
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('radio', { name: /Express Shipping/ }).check({ force: true });
  await page.getByLabel('Email address').fill('sam@example.com');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Sam Rivera');
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('$47.48');

  const submitAt = START.getTime() + 60_000;
  await page.clock.pauseAt(submitAt);
  await page.getByRole('button', { name: /Complete Order/ }).click();
  const processing = page.getByRole('button', { name: /Processing\.\.\./ });
  await expect(processing).toBeDisabled();
  await page.clock.runFor(2_900);
  await expect(processing).toBeVisible();
  await page.clock.runFor(100);

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const confirmedAt = submitAt + 3_000;
  await expect(page.getByText(`PB-${String(confirmedAt).slice(-6)}`)).toBeVisible();

  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open cart' })).toBeVisible();
});
