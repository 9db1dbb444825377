/**
 * Path drivers for the model suites in Chromium: each model event is a shopper's step of the shop's
 * page object (tests/e2e/shop.ts) and each snapshot's view (storefront-model.ts, checkout-model.ts) is
 * checked on the page. The clock is paused once the shop is interactive, so time moves only when a delay
 * event says so, and the order number follows from the paused clock.
 */
import type { TestInfo } from '@playwright/test';
import { COLOURS } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { expect } from '../e2e/fixtures';
import type { ShopPage } from '../e2e/shop';
import { en, fillText, shopText, startsWith } from '../shop-texts';
import { FIELD_LABELS, FORM_VALUES, checkoutView, type CheckoutModelEvent } from '../model/checkout-model';
import type { PathDriver } from '../model/derive-test-model';
import type { ModelSuite } from '../model/model-suite';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  storefrontView,
  type StorefrontModelEvent,
} from '../model/storefront-model';
import type { CheckoutDownloadGate } from './checkout-download-gate';

/** Name of the attachment through which a passing path reports the coverage items it reached. */
export const COVERAGE_ATTACHMENT = 'model-coverage';

/** What a passing path attaches for the coverage reporter: the machine and the items it reached. */
export interface CoverageAttachment {
  machine: string;
  items: string[];
}

/** Attaches the coverage items a passing path of `suite` reached (see `coverage-reporter.ts`). */
export async function attachCoverage(
  testInfo: TestInfo,
  suite: ModelSuite,
  path: ModelSuite['paths'][number],
) {
  const body: CoverageAttachment = { machine: suite.name, items: [...suite.pathCoverage(path)] };
  await testInfo.attach(COVERAGE_ATTACHMENT, { body: JSON.stringify(body), contentType: 'application/json' });
}

/** The `form.fill` scenario's labels and values: every field, optional ones too. */
const FORM = Object.entries(FIELD_LABELS).map(
  ([name, label]) => [label, FORM_VALUES[name as keyof typeof FORM_VALUES]] as const,
);

/**
 * Asserts the page shows a storefront snapshot: the landing page, or /checkout with the cart once the
 * storefront has left for it (its code already in the page, or a reload into a new release).
 */
async function assertStorefront(shop: ShopPage, snapshot: StorefrontSnapshot, gate: CheckoutDownloadGate) {
  const { page } = shop;
  const view = storefrontView(snapshot);
  const { colourId, cartCount } = snapshot.context;
  const proceed = view.cart?.kind === 'line' ? view.cart.proceed : 'ready';
  if (proceed === 'reloading' || proceed === 'leaving' || (proceed === 'opening' && gate.loaded))
    return shop.expectCheckoutWith(colourId, cartCount);
  await expect(page).toHaveURL(/\/$/);
  const legend = shop.product.getByRole('group', { name: shopText.colourLegend(colourId) });
  await expect(legend.getByRole('radio', { name: view.colourName, exact: true })).toBeChecked();
  const hero = shop.product.getByRole('img', { name: view.heroAlt, exact: true });
  await expect(hero).toHaveAttribute('src', view.heroImage);
  await expect(shop.showcaseCard(colourId)).toHaveAttribute('aria-pressed', 'true');
  await expect(shop.showcaseCard(colourId)).toContainText(en.showcase.selected);
  await expect(shop.product.getByRole('status', { name: en.product.quantityLabel })).toHaveText(
    view.quantity,
  );
  if (view.decreaseDisabled) await expect(shop.decreaseButton).toHaveAttribute('aria-disabled', 'true');
  else await expect(shop.decreaseButton).not.toHaveAttribute('aria-disabled');
  await expect(shop.product.getByRole('button', { name: view.addToCart, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: view.cartButton, exact: true })).toHaveText(view.badge ?? '');
  if (view.toast) await expect(page.getByText(view.toast)).toBeVisible();
  else await expect(page.getByText(en.toast.added)).toHaveCount(0);
  if (!view.cart) return expect(page.getByRole('dialog')).toHaveCount(0);

  const { cart } = shop;
  await expect(cart).toBeVisible();
  if (view.cart.kind === 'empty') {
    await expect(cart.getByText(view.cart.text)).toBeVisible();
    return expect(cart.getByRole('button', { name: en.cart.startShopping })).toBeVisible();
  }
  await expect(cart.getByText(view.cart.colour)).toBeVisible();
  await expect(cart.getByText(view.cart.quantity)).toBeVisible();
  // The line's total and the cart's total are the same amount: one line only (spec §4).
  await expect(cart.getByText(view.cart.total, { exact: true })).toHaveCount(2);
  const status = cart.getByRole('status');
  if (proceed === 'opening') {
    const busy = cart.getByRole('button', { name: en.cart.openingCheckout });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(status).toHaveText(en.cart.openingCheckout);
    return expect(cart.getByRole('alert')).toHaveCount(0);
  }
  await expect(status).toBeEmpty();
  if (proceed === 'ready') {
    await expect(shop.proceedButton).toHaveAttribute('aria-busy', 'false');
    return expect(cart.getByRole('alert')).toHaveCount(0);
  }
  await expect(cart.getByRole('alert')).toHaveText(en.cart.checkoutFailure[proceed]);
  await expect(shop.tryAgainButton).toBeEnabled();
}

/**
 * Opens the shop for a storefront path and returns its driver. `gate` holds the checkout chunk's
 * downloads until the path ends them (see checkout-download-gate.ts).
 */
export async function storefrontBrowserDriver(
  shop: ShopPage,
  gate: CheckoutDownloadGate,
): Promise<PathDriver<StorefrontSnapshot, StorefrontModelEvent>> {
  await shop.open();
  return {
    advanceClock: (ms) => shop.advanceClock(ms),
    assertState: (snapshot) => assertStorefront(shop, snapshot, gate),
    perform: async (event, snapshot) => {
      const { cartCount, quantity, colourId } = snapshot.context;
      switch (event.type) {
        case 'colour.select':
          if (COLOURS.some((colour) => colour.id === event.colourId))
            return shop.chooseColour(
              event.colourId,
              event.colourId === 'sunset-orange' ? 'showcase' : 'swatch',
            );
          // An unknown colour: the shopper finds only the catalog's colours to choose from.
          return expect(
            await shop.product
              .getByRole('radio')
              .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)),
          ).toEqual(COLOURS.map((colour) => colour.id));
        case 'quantity.increment':
          return shop.increaseButton.click();
        case 'quantity.decrement':
          if (quantity > 1) return shop.decreaseButton.click();
          // At 1 it is aria-disabled but focusable: a keyboard shopper can press it (Playwright won't click it).
          await shop.decreaseButton.focus();
          return shop.page.keyboard.press('Enter');
        case 'cart.add':
          return shop.addToCartButton.click();
        case 'cart.open':
          return cartCount > 0 ? shop.cartButton.click() : shop.buyNowButton.click();
        case 'cart.close':
          await gate.backOnline();
          return shop.closeCart(cartCount === 0);
        case 'checkout.proceed':
          // With an empty cart there is no button to proceed with.
          if (cartCount === 0) return expect(shop.proceedButton).toHaveCount(0);
          return shop.proceedButton.click();
        case 'checkout.retry':
          await gate.backOnline();
          return shop.tryAgainButton.click();
        case CHECKOUT_LOAD_FAILED:
          return gate.end(checkoutLoadFailureIn(event) ?? undefined);
        case CHECKOUT_LOADED:
          return gate.end();
        case 'checkout.opened':
          // The checkout page sent it as it showed: the cart arrived as it was, and 'Back to Shop' keeps it.
          await shop.expectCheckoutWith(colourId, cartCount);
          return shop.backToShop();
        case 'order.placed':
          // A whole order: proceed, fill, submit, 3 s processing, 3 s confirmation, home.
          await shop.cartButton.click();
          await shop.proceedButton.click();
          await gate.end();
          await expect(shop.page).toHaveURL(/\/checkout$/);
          await shop.fillCheckoutForm(FORM);
          await shop.submitButton.click();
          await shop.advanceClock(PROCESSING_DELAY_MS);
          await expect(shop.page.getByRole('heading', { name: en.checkout.confirmed.title })).toBeVisible();
          await shop.advanceClock(REDIRECT_DELAY_MS);
          return expect(shop.page).toHaveURL(/\/$/);
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

/**
 * Opens /checkout the way a shopper does, with one Ocean Blue ball in the cart (the checkout model's
 * input, `checkoutInputFor('ocean-blue', 1)`), and returns the checkout path driver.
 */
export async function checkoutBrowserDriver(
  shop: ShopPage,
): Promise<PathDriver<CheckoutSnapshot, CheckoutModelEvent>> {
  const { page } = await shop.open();
  await shop.chooseColour('ocean-blue');
  await shop.addToCartButton.click();
  await shop.cartButton.click();
  await shop.proceedButton.click();
  let submittedAt: number | null = null;

  return {
    advanceClock: (ms) => shop.advanceClock(ms),
    assertState: async (snapshot) => {
      const view = checkoutView(snapshot);
      if (view.page === 'home') {
        await expect(page).toHaveURL(/\/$/);
        return expect(shop.addToCartButton).toBeVisible();
      }
      await expect(page).toHaveURL(/\/checkout$/);
      if (view.page === 'confirmed') {
        await expect(page.getByRole('heading', { name: view.heading })).toBeFocused();
        const orderNumber = orderNumberFromTimestamp(submittedAt! + PROCESSING_DELAY_MS);
        return expect(page.getByText(shopText.orderNumber(orderNumber))).toBeVisible();
      }
      await expect(shop.shippingRadio(view.shippingMethod)).toBeChecked();
      for (const row of view.totals) await expect(shop.summary.getByRole('row', { name: row })).toBeVisible();
      const submit = page.getByRole('button', { name: startsWith(view.submit) });
      if (view.processing) await expect(submit).toBeDisabled();
      else await expect(submit).toBeEnabled();
      for (const { label, value } of view.fields)
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'shippingMethod.select': {
          if (SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId))
            return shop.chooseShipping(event.shippingMethodId);
          // An unknown method: the shopper finds only the three methods to choose from.
          const radios = page
            .getByRole('group', { name: en.checkout.shippingMethod.title })
            .getByRole('radio');
          await expect(radios).toHaveCount(SHIPPING_METHODS.length);
          for (const [index, method] of SHIPPING_METHODS.entries())
            await expect(radios.nth(index)).toHaveAccessibleName(
              startsWith(en.checkout.shippingMethod.methods[method.id].name),
            );
          return;
        }
        case 'field.change':
          if (event.name in FIELD_LABELS)
            return shop.fillCheckoutForm([[FIELD_LABELS[event.name], event.value]]);
          // A field the shopper cannot edit: the country shows as text, with no input to type into.
          await expect(page.getByRole('textbox', { name: /country/i })).toHaveCount(0);
          return expect(
            page.getByText(fillText(en.checkout.shippingAddress.country, { country: 'United States' })),
          ).toBeVisible();
        case 'form.fill':
          return shop.fillCheckoutForm(FORM);
        case 'order.submit':
          submittedAt = shop.clockNow();
          return shop.submitButton.click();
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}
