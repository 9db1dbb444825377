import type { Locator, Page } from '@playwright/test';
import { focusIndicator } from './a11y';
import { expect, test } from './fixtures';
import { openShop } from './shop';

/**
 * Presses `key`, then checks that `target` has focus and shows a visible focus ring once the browser
 * has scrolled it into view (smooth scrolling and the dialog's slide-in take a moment).
 */
async function pressTo(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expect
    .poll(() => focusIndicator(page), { message: `a visible focus ring after ${key}` })
    .toMatchObject({ focusVisible: true, ring: true, inViewport: true, unobscured: true });
}

/** Tabs to the field labelled `label` and types `value` into it. */
async function tabAndType(page: Page, label: string, value: string): Promise<void> {
  await pressTo(page, 'Tab', page.getByLabel(label, { exact: true }));
  await page.keyboard.type(value);
}

test.describe('keyboard and screen-reader access (WCAG 2.2 AA)', () => {
  test('a keyboard-only shopper buys two Ocean Blue balls with Express shipping', async ({ page }) => {
    await openShop(page);
    const cartButton = page.getByRole('button', { name: /^Open cart/ });

    await pressTo(page, 'Tab', cartButton);
    await pressTo(page, 'Tab', page.getByRole('radio', { name: 'Hot Pink' }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: 'Sunset Orange' }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: 'Ocean Blue' }));
    await expect(page.getByRole('radio', { name: 'Ocean Blue' })).toBeChecked();
    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Decrease quantity' }));
    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Increase quantity' }));
    await page.keyboard.press('Space');
    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Add to Cart - $43.96' }));
    await page.keyboard.press('Enter');
    await expect(cartButton).toHaveAccessibleName('Open cart, 2 items');

    for (const name of ['Increase quantity', 'Decrease quantity']) {
      await pressTo(page, 'Shift+Tab', page.getByRole('button', { name }));
    }
    await pressTo(page, 'Shift+Tab', page.getByRole('radio', { name: 'Ocean Blue' }));
    await pressTo(page, 'Shift+Tab', cartButton);
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart.getByRole('button', { name: 'Close cart' })).toBeFocused();
    await pressTo(page, 'Tab', cart.getByRole('button', { name: 'Proceed to Checkout' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await pressTo(page, 'Tab', page.getByRole('link', { name: 'Back to Shop' }));
    await tabAndType(page, 'Email address', 'sam@example.com');
    await pressTo(page, 'Tab', page.getByLabel('Phone (optional)'));
    await tabAndType(page, 'First name', 'Sam');
    await tabAndType(page, 'Last name', 'Rivera');
    await tabAndType(page, 'Address', '1 Main St');
    await pressTo(page, 'Tab', page.getByLabel('Apartment, suite, etc. (optional)'));
    await tabAndType(page, 'City', 'Springfield');
    await tabAndType(page, 'State', 'IL');
    await tabAndType(page, 'ZIP code', '62701');
    await pressTo(page, 'Tab', page.getByRole('radio', { name: /^Standard Shipping/ }));
    await pressTo(page, 'ArrowDown', page.getByRole('radio', { name: /^Express Shipping/ }));
    await expect(page.getByRole('radio', { name: /^Express Shipping/ })).toBeChecked();
    await tabAndType(page, 'Card number', '4242424242424242');
    await tabAndType(page, 'Expiry date', '12/30');
    await tabAndType(page, 'CVV', '123');
    await tabAndType(page, 'Name on card', 'Sam Rivera');
    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Complete Order - $47.48' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await page.clock.runFor(3_000);
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeFocused();
  });

  test('the cart dialog takes focus, keeps Tab inside, and Escape returns focus to the cart button', async ({
    page,
  }) => {
    await openShop(page);
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    const cartButton = page.getByRole('button', { name: 'Open cart, 1 item' });
    await cartButton.focus();
    await page.keyboard.press('Enter');

    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    const close = cart.getByRole('button', { name: 'Close cart' });
    const proceed = cart.getByRole('button', { name: 'Proceed to Checkout' });
    const keepShopping = cart.getByRole('button', { name: 'Continue Shopping' });
    await expect(close).toBeFocused();
    for (const next of [proceed, keepShopping, close, proceed]) await pressTo(page, 'Tab', next);
    for (const previous of [close, keepShopping, proceed, close]) await pressTo(page, 'Shift+Tab', previous);

    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test('the cart opens again when reopened before the closed dialog has fired its close event', async ({
    page,
  }) => {
    await openShop(page);
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toBeVisible();

    // Chromium fires a dialog's `close` event at the next animation frame, not at close(): a shopper who
    // closes the cart and opens it again within one frame (Escape, then Enter on a busy machine) gets
    // the first close's event after the reopen. Both clicks run in one task, so no frame comes between.
    await page.evaluate(async () => {
      const dialog = document.querySelector('dialog');
      const close = dialog?.querySelector<HTMLElement>('button[aria-label="Close cart"]');
      const cartButton = document.querySelector<HTMLElement>('button[aria-haspopup="dialog"]');
      if (!dialog || !close || !cartButton) throw new Error('no cart dialog, close or cart button');
      const closeEvent = new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
      close.click();
      await Promise.resolve(); // React renders the closed cart: dialog.close()
      if (dialog.open) throw new Error('the dialog did not close');
      cartButton.click();
      await Promise.resolve(); // React renders the open cart: showModal()
      if (!dialog.open) throw new Error('the dialog did not open again');
      await closeEvent; // the first close's event, one frame later
    });
    await expect(cart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
  });

  test('the empty cart opened from Buy Now keeps focus inside and returns it to Buy Now', async ({
    page,
  }) => {
    await openShop(page);
    const buyNow = page.getByRole('button', { name: 'Buy Now with PayPal' });
    await buyNow.focus();
    await page.keyboard.press('Enter');

    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    const close = cart.getByRole('button', { name: 'Close cart' });
    const startShopping = cart.getByRole('button', { name: 'Start Shopping' });
    await expect(close).toBeFocused();
    await pressTo(page, 'Tab', startShopping);
    await pressTo(page, 'Tab', close);
    await pressTo(page, 'Shift+Tab', startShopping);
    await page.keyboard.press('Space');
    await expect(cart).toBeHidden();
    await expect(buyNow).toBeFocused();
  });

  test('the cart dialog is a modal named by its visible title', async ({ page }) => {
    await openShop(page);
    await page.getByRole('button', { name: 'Open cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    const title = cart.getByRole('heading', { name: 'Your Cart' });
    await expect(title).toBeVisible();
    await expect(cart).toHaveAttribute('aria-labelledby', (await title.getAttribute('id')) ?? 'missing id');
    expect(await cart.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  });

  test('the colour swatches are one radio group: arrows select with wrap-around, Tab lands on the checked one', async ({
    page,
  }) => {
    await openShop(page);
    const group = page.getByRole('group', { name: /^Colour:/ });
    const hero = page.getByRole('img', { name: /interactive electric ball in/ });
    await page.getByRole('button', { name: 'Ocean Blue', exact: true }).click();

    await page.getByRole('button', { name: /^Open cart/ }).focus();
    await pressTo(page, 'Tab', page.getByRole('radio', { name: 'Ocean Blue' }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: 'Hot Pink' }));
    await expect(group).toHaveAccessibleName('Colour: Hot Pink');
    await expect(hero).toHaveAttribute('src', /hot-pink/);
    await pressTo(page, 'ArrowLeft', page.getByRole('radio', { name: 'Ocean Blue' }));
    await pressTo(page, 'ArrowUp', page.getByRole('radio', { name: 'Sunset Orange' }));
    await pressTo(page, 'ArrowDown', page.getByRole('radio', { name: 'Ocean Blue' }));
    await expect(page.getByRole('radio', { name: 'Ocean Blue' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Ocean Blue Selected' })).toBeVisible();

    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Decrease quantity' }));
    await pressTo(page, 'Shift+Tab', page.getByRole('radio', { name: 'Ocean Blue' }));
  });

  test('the quantity is announced politely and the decrease button explains the minimum', async ({
    page,
  }) => {
    await openShop(page);
    const quantity = page.getByRole('status', { name: 'Quantity' });
    await expect(quantity).toHaveAttribute('aria-live', 'polite');
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    const increase = page.getByRole('button', { name: 'Increase quantity' });

    await decrease.focus();
    await expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await expect(decrease).toHaveAccessibleDescription('Quantity cannot go below 1');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveText('1');
    await expect(decrease).toBeFocused();

    await pressTo(page, 'Tab', increase);
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveText('2');
    await expect(decrease).not.toHaveAttribute('aria-disabled');
    await expect(decrease).toHaveAccessibleDescription('');
    await pressTo(page, 'Shift+Tab', decrease);
    await page.keyboard.press('Space');
    await expect(quantity).toHaveText('1');
    await expect(decrease).toBeFocused();
  });

  test('the toast speaks through a status region that exists before it and never takes focus', async ({
    page,
  }) => {
    await openShop(page);
    const regions = page.getByRole('status').and(page.locator('[aria-live="polite"][aria-atomic="true"]'));
    // The toast's, then the new-release prompt's (empty while no release waits).
    await expect(regions).toHaveCount(2);
    await expect(regions.nth(1)).toBeEmpty();
    const region = regions.first();
    await expect(region).toBeEmpty();

    const add = page.getByRole('button', { name: /^Add to Cart/ });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(region).toHaveText('Added to cart successfully!');
    await expect(add).toBeFocused();
    await page.clock.runFor(3_000);
    await expect(region).toBeEmpty();
    await expect(add).toBeFocused();
  });
});
