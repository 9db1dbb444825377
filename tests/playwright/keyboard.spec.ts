import type { Locator, Page } from '@playwright/test';
import { UNIT_PRICE_CENTS } from '@machines/catalog';
import { lineItemFor } from '@machines/checkout-input';
import { orderTotals } from '@machines/pricing';
import { en, shopText, startsWith } from '@support/shop-texts';
import { SHOPPER_DETAILS } from '@support/shopper-details';
import { focusIndicator, type FocusIndicator } from '@support/a11y/a11y';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/** The keyboard journey's order: 2 Ocean Blue balls with Express shipping, in cents. */
const EXPRESS_ORDER_TOTAL_CENTS = orderTotals([lineItemFor('ocean-blue', 2)], 'express').totalCents;

/**
 * Presses `key`, then checks that `target` has focus and shows a visible focus ring once the browser
 * has scrolled it into view (the dialog's slide-in takes a moment).
 */
async function pressTo(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expect
    .poll(() => focusIndicator(page), { message: `a visible focus ring after ${key}` })
    .toMatchObject({ focusVisible: true, ring: true, inViewport: true, unobscured: true });
}

/** More Tab stops than either page has: a walk that never ends is a keyboard trap. */
const MAX_TAB_STOPS = 100;

/**
 * Presses `key` (Tab from the top of the page; Shift+Tab back up, where elements scroll in under the
 * fixed cart button) `presses` times or until focus leaves the page for the browser's own UI, and
 * resolves with every stop and what is wrong with its focus indicator: not `:focus-visible`, no solid
 * ring of at least 2 px, off screen, covered at its centre (by the fixed cart button or a sticky
 * panel), or no pixel of the ring's box changes between the element focused and not focused.
 */
async function walkTabStops(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  presses = MAX_TAB_STOPS,
): Promise<{ stops: string[]; problems: string[] }> {
  const stops: string[] = [];
  const problems: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(key);
    const { element, box, ...checks } = await focusIndicator(page);
    if (element === 'nothing') return { stops, problems };
    stops.push(element);
    const failed = Object.entries(checks).filter(([, passed]) => !passed);
    if (failed.length > 0) problems.push(`${element}: not ${failed.map(([check]) => check).join(', ')}`);
    else if (!(await ringChangesPixels(page, box))) problems.push(`${element}: focus changes no pixel`);
  }
  if (presses < MAX_TAB_STOPS) return { stops, problems };
  throw new Error(`${key} went on past ${MAX_TAB_STOPS} stops: ${stops.slice(-5).join(' → ')}`);
}

/**
 * True when the ring's `box` (viewport CSS px) looks different with the focused element blurred. It is
 * focused again after: script focus following a key press keeps `:focus-visible`.
 */
async function ringChangesPixels(page: Page, box: FocusIndicator['box']): Promise<boolean> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, box.x + box.width) - x,
    height: Math.min(viewport.height, box.y + box.height) - y,
  };
  const focused = await page.evaluateHandle(() => document.activeElement as HTMLElement);
  const withFocus = await page.screenshot({ clip, animations: 'disabled' });
  await focused.evaluate((element) => element.blur());
  const withoutFocus = await page.screenshot({ clip, animations: 'disabled' });
  await focused.evaluate((element) => element.focus());
  return !withFocus.equals(withoutFocus);
}

/** Tabs to the field labelled `label` and types the sample shopper's value for it (../shopper-details.ts). */
async function tabAndType(page: Page, label: string): Promise<void> {
  const value = SHOPPER_DETAILS.find(([field]) => field === label)?.[1];
  if (value === undefined) throw new Error(`The sample shopper has no value for ${label}`);
  await pressTo(page, 'Tab', page.getByLabel(label, { exact: true }));
  await page.keyboard.type(value);
}

test.describe('keyboard and screen-reader access (WCAG 2.2 AA)', () => {
  test('a keyboard-only shopper buys two Ocean Blue balls with Express shipping', async ({ page }) => {
    await openShop(page);
    const cartButton = page.getByRole('button', { name: startsWith(en.cartButton.label) });

    await pressTo(page, 'Tab', cartButton);
    await pressTo(page, 'Tab', page.getByRole('radio', { name: en.colour['hot-pink'] }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: en.colour['sunset-orange'] }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
    await expect(page.getByRole('radio', { name: en.colour['ocean-blue'] })).toBeChecked();
    await pressTo(page, 'Tab', page.getByRole('button', { name: en.product.decreaseQuantity }));
    await pressTo(page, 'Tab', page.getByRole('button', { name: en.product.increaseQuantity }));
    await page.keyboard.press('Space');
    await pressTo(page, 'Tab', page.getByRole('button', { name: shopText.addToCart(2 * UNIT_PRICE_CENTS) }));
    await page.keyboard.press('Enter');
    await expect(cartButton).toHaveAccessibleName(shopText.cartButton(2));

    for (const name of [en.product.increaseQuantity, en.product.decreaseQuantity]) {
      await pressTo(page, 'Shift+Tab', page.getByRole('button', { name }));
    }
    await pressTo(page, 'Shift+Tab', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
    await pressTo(page, 'Shift+Tab', cartButton);
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: en.cart.title });
    await expect(cart.getByRole('button', { name: en.cart.close })).toBeFocused();
    await pressTo(page, 'Tab', cart.getByRole('button', { name: en.cart.proceed }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: en.checkout.title, level: 1 })).toBeVisible();
    await pressTo(page, 'Tab', page.getByRole('link', { name: en.checkout.backToShop }));
    await tabAndType(page, en.checkout.contact.email);
    await pressTo(page, 'Tab', page.getByLabel(en.checkout.contact.phone));
    await tabAndType(page, en.checkout.shippingAddress.firstName);
    await tabAndType(page, en.checkout.shippingAddress.lastName);
    await tabAndType(page, en.checkout.shippingAddress.address);
    await pressTo(page, 'Tab', page.getByLabel(en.checkout.shippingAddress.apartment));
    await tabAndType(page, en.checkout.shippingAddress.city);
    await tabAndType(page, en.checkout.shippingAddress.state);
    await tabAndType(page, en.checkout.shippingAddress.zipCode);
    const method = (id: 'standard' | 'express') =>
      page.getByRole('radio', { name: startsWith(en.checkout.shippingMethod.methods[id].name) });
    await pressTo(page, 'Tab', method('standard'));
    await pressTo(page, 'ArrowDown', method('express'));
    await expect(method('express')).toBeChecked();
    await tabAndType(page, en.checkout.payment.cardNumber);
    await tabAndType(page, en.checkout.payment.expiryDate);
    await tabAndType(page, en.checkout.payment.cvv);
    await tabAndType(page, en.checkout.payment.nameOnCard);
    await pressTo(
      page,
      'Tab',
      page.getByRole('button', { name: shopText.submit(EXPRESS_ORDER_TOTAL_CENTS) }),
    );
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: en.checkout.processing })).toBeDisabled();
    await page.clock.runFor(3_000);
    await expect(page.getByRole('heading', { name: en.checkout.confirmed.title })).toBeFocused();
  });

  for (const path of ['/', '/checkout']) {
    test(`every Tab stop on ${path}, both ways, shows a ring, on screen and uncovered (WCAG 2.4.7, 2.4.11)`, async ({
      page,
    }) => {
      await openShop(page, path);
      const forward = await walkTabStops(page, 'Tab');
      const lastControl = await page.evaluate(() => {
        const controls = document.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea',
        );
        const last = Array.from(controls).findLast((control) => control.checkVisibility());
        return (last?.getAttribute('aria-label') ?? last?.textContent?.trim())?.slice(0, 40);
      });
      expect(forward.stops.at(-1), 'the walk reached the last control').toContain(lastControl);
      expect(forward.problems, `${forward.stops.length} stops`).toEqual([]);
      const backward = await walkTabStops(page, 'Shift+Tab', forward.stops.length);
      expect(backward.stops, 'Shift+Tab visits the same stops').toEqual(forward.stops.toReversed());
      expect(backward.problems).toEqual([]);
    });
  }

  test('the cart dialog takes focus, keeps Tab inside, and Escape returns focus to the cart button', async ({
    page,
    shop,
  }) => {
    await openShop(page);
    await shop.addToCart(1);
    const cartButton = page.getByRole('button', { name: shopText.cartButton(1) });
    await cartButton.focus();
    await page.keyboard.press('Enter');

    const cart = page.getByRole('dialog', { name: en.cart.title });
    const close = cart.getByRole('button', { name: en.cart.close });
    const proceed = cart.getByRole('button', { name: en.cart.proceed });
    const keepShopping = cart.getByRole('button', { name: en.cart.continueShopping });
    await expect(close).toBeFocused();
    for (const next of [proceed, keepShopping, close, proceed]) await pressTo(page, 'Tab', next);
    for (const previous of [close, keepShopping, proceed, close]) await pressTo(page, 'Shift+Tab', previous);

    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test('the cart opens again when reopened before the closed dialog has fired its close event', async ({
    page,
    shop,
  }) => {
    await openShop(page);
    await shop.addToCart(1);
    await shop.openCart(1);
    const cart = page.getByRole('dialog', { name: en.cart.title });
    await expect(cart).toBeVisible();

    // Chromium fires a dialog's `close` event at the next animation frame, not at close(): a shopper who
    // closes the cart and opens it again within one frame (Escape, then Enter on a busy machine) gets
    // the first close's event after the reopen. Both clicks run in one task, so no frame comes between.
    await page.evaluate(async (closeLabel) => {
      const dialog = document.querySelector('dialog');
      const close = dialog?.querySelector<HTMLElement>(`button[aria-label="${closeLabel}"]`);
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
    }, en.cart.close);
    await expect(cart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
  });

  test('the empty cart opened from Buy Now keeps focus inside and returns it to Buy Now', async ({
    page,
  }) => {
    await openShop(page);
    const buyNow = page.getByRole('button', { name: en.product.buyNowPayPal });
    await buyNow.focus();
    await page.keyboard.press('Enter');

    const cart = page.getByRole('dialog', { name: en.cart.title });
    const close = cart.getByRole('button', { name: en.cart.close });
    const startShopping = cart.getByRole('button', { name: en.cart.startShopping });
    await expect(close).toBeFocused();
    await pressTo(page, 'Tab', startShopping);
    await pressTo(page, 'Tab', close);
    await pressTo(page, 'Shift+Tab', startShopping);
    await page.keyboard.press('Space');
    await expect(cart).toBeHidden();
    await expect(buyNow).toBeFocused();
  });

  test('the cart dialog is a modal named by its visible title', async ({ page, shop }) => {
    await openShop(page);
    await shop.openCart(0);
    const cart = page.getByRole('dialog', { name: en.cart.title });
    const title = cart.getByRole('heading', { name: en.cart.title });
    await expect(title).toBeVisible();
    await expect(cart).toHaveAttribute('aria-labelledby', (await title.getAttribute('id')) ?? 'missing id');
    expect(await cart.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  });

  test('the colour swatches are one radio group: arrows select with wrap-around, Tab lands on the checked one', async ({
    page,
    shop,
  }) => {
    await openShop(page);
    const group = page.getByRole('group', {
      name: startsWith(en.product.colourLegend.split('{{colour}}')[0]!),
    });
    const hero = page.getByRole('img', { name: startsWith(en.hero.imageAlt.split('{{colour}}')[0]!) });
    await shop.chooseColour('ocean-blue', 'showcase');

    await page.getByRole('button', { name: startsWith(en.cartButton.label) }).focus();
    await pressTo(page, 'Tab', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
    await pressTo(page, 'ArrowRight', page.getByRole('radio', { name: en.colour['hot-pink'] }));
    await expect(group).toHaveAccessibleName(shopText.colourLegend('hot-pink'));
    await expect(hero).toHaveAttribute('src', /hot-pink/);
    await pressTo(page, 'ArrowLeft', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
    await pressTo(page, 'ArrowUp', page.getByRole('radio', { name: en.colour['sunset-orange'] }));
    await pressTo(page, 'ArrowDown', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
    await expect(page.getByRole('radio', { name: en.colour['ocean-blue'] })).toBeChecked();
    await expect(
      page.getByRole('button', { name: `${en.colour['ocean-blue']} ${en.showcase.selected}` }),
    ).toBeVisible();

    await pressTo(page, 'Tab', page.getByRole('button', { name: en.product.decreaseQuantity }));
    await pressTo(page, 'Shift+Tab', page.getByRole('radio', { name: en.colour['ocean-blue'] }));
  });

  test('the quantity is announced politely and the decrease button explains the minimum', async ({
    page,
  }) => {
    await openShop(page);
    const quantity = page.getByRole('status', { name: en.product.quantityLabel });
    await expect(quantity).toHaveAttribute('aria-live', 'polite');
    const decrease = page.getByRole('button', { name: en.product.decreaseQuantity });
    const increase = page.getByRole('button', { name: en.product.increaseQuantity });

    await decrease.focus();
    await expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await expect(decrease).toHaveAccessibleDescription(en.product.quantityMinimum);
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

    const add = page.getByRole('button', { name: startsWith(shopText.addToCartPrefix) });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(region).toHaveText(en.toast.added);
    await expect(add).toBeFocused();
    await page.clock.runFor(3_000);
    await expect(region).toBeEmpty();
    await expect(add).toBeFocused();
  });
});
