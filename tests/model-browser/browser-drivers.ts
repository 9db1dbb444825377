/**
 * Path drivers for the model suites in real Chromium: the same generated paths and the same
 * expected views as the jsdom suite, acted out with Playwright against the production build. Playwright's
 * clock is installed and paused before the shop starts, so time moves only when a delay event says so
 * (`page.clock.runFor`), and the order number follows from the paused clock.
 */
import type { Page, TestInfo } from '@playwright/test';
import { COLOURS } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import en from '@/locales/en';
import { APP_READY_ATTRIBUTE } from '@/early/app-ready';
import { expect } from '../e2e/fixtures';
import { untilAppReady } from '../e2e/shop';
import { FIELD_LABELS, FORM_VALUES, checkoutView, type CheckoutModelEvent } from '../model/checkout-model';
import type { PathDriver } from '../model/derive-test-model';
import { invokeDoneEventType, invokeErrorEventType } from '../model/derive-test-model';
import { fillText } from '../model/shopper-text';
import {
  checkoutLoadFailureIn,
  storefrontView,
  type ProceedView,
  type StorefrontModelEvent,
} from '../model/storefront-model';
import type { CheckoutDownloadGate } from './checkout-download-gate';

/** The paused clock's time when a path starts: 2026-11-22T10:00:00Z. */
const START_MS = Date.UTC(2026, 10, 22, 10, 0, 0);

/** Name of the attachment through which a passing path reports the coverage items it reached. */
export const COVERAGE_ATTACHMENT = 'model-coverage';

/** What a passing path attaches for the coverage reporter: the machine and the items it reached. */
export interface CoverageAttachment {
  machine: string;
  items: string[];
}

/** Attaches the coverage items a passing path reached (see `coverage-reporter.ts`). */
export async function attachCoverage(
  testInfo: TestInfo,
  machine: string,
  items: Iterable<string>,
): Promise<void> {
  const body: CoverageAttachment = { machine, items: [...items] };
  await testInfo.attach(COVERAGE_ATTACHMENT, { body: JSON.stringify(body), contentType: 'application/json' });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escape(text)}`);

/** A page whose clock is installed, the shop loaded at `/` and the clock paused at {@link START_MS}. */
async function openShop(page: Page) {
  await page.clock.install({ time: START_MS - 60_000 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en.product.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE);
  await page.clock.pauseAt(START_MS);
  let now = START_MS;
  return {
    now: () => now,
    advanceClock: async (ms: number) => {
      await page.clock.runFor(ms);
      now += ms;
    },
  };
}

const product = (page: Page) => page.locator('#product');
const cartDialog = (page: Page) => page.getByRole('dialog', { name: en.cart.title });
const cartButton = (page: Page) => page.getByRole('button', { name: /^Open cart/ });

/** Types every checkout field once (the `form.fill` scenario), by visible label. */
async function fillCheckoutForm(page: Page) {
  for (const [name, label] of Object.entries(FIELD_LABELS) as [keyof typeof FIELD_LABELS, string][]) {
    await page.getByLabel(label, { exact: true }).fill(FORM_VALUES[name]);
  }
}

/** Asserts /checkout shows the cart of `snapshot` in its Order Summary: colour and quantity. */
async function assertCheckoutCarries(page: Page, snapshot: StorefrontSnapshot) {
  await expect(page).toHaveURL(/\/checkout$/);
  await untilAppReady(page);
  const summary = page.getByRole('complementary', { name: en.checkout.summary.title });
  const { colourName } = storefrontView(snapshot);
  await expect(summary.getByText(fillText(en.lineItem.colour, { colour: colourName }))).toBeVisible();
  await expect(
    summary.getByText(fillText(en.lineItem.quantity, { count: snapshot.context.cartCount })),
  ).toBeVisible();
}

/** Asserts where 'Proceed to Checkout' stands in the open cart. */
async function assertProceed(page: Page, proceed: ProceedView) {
  const dialog = cartDialog(page);
  const status = dialog.getByRole('status');
  if (proceed === 'opening') {
    const busy = dialog.getByRole('button', { name: en.cart.openingCheckout });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(status).toHaveText(en.cart.openingCheckout);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    return;
  }
  await expect(status).toBeEmpty();
  if (proceed === 'ready') {
    await expect(dialog.getByRole('button', { name: en.cart.proceed })).toHaveAttribute('aria-busy', 'false');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    return;
  }
  if (proceed === 'reloading' || proceed === 'leaving')
    throw new Error('A page that went on to /checkout shows no cart.');
  await expect(dialog.getByRole('alert')).toHaveText(en.cart.checkoutFailure[proceed]);
  await expect(dialog.getByRole('button', { name: en.cart.tryAgain })).toBeEnabled();
}

/**
 * Asserts the page shows what a shopper should see in a storefront snapshot: the landing page, or,
 * while the checkout opens with its code already in the page (no wait to see), once the code is there
 * (the storefront waits for the checkout it navigated to), or once the page reloaded into a
 * new release, /checkout with the cart.
 */
async function assertStorefront(page: Page, snapshot: StorefrontSnapshot, gate: CheckoutDownloadGate) {
  const view = storefrontView(snapshot);
  const proceed = view.cart?.kind === 'line' ? view.cart.proceed : 'ready';
  if (proceed === 'reloading' || proceed === 'leaving' || (proceed === 'opening' && gate.loaded))
    return assertCheckoutCarries(page, snapshot);
  await expect(page).toHaveURL(/\/$/);
  const colourGroup = product(page).getByRole('group', {
    name: fillText(en.product.colourLegend, { colour: view.colourName }),
  });
  await expect(colourGroup.getByRole('radio', { name: view.colourName, exact: true })).toBeChecked();
  await expect(product(page).getByRole('img', { name: view.heroAlt, exact: true })).toHaveAttribute(
    'src',
    view.heroImage,
  );
  await expect(
    page.locator('#colours').getByRole('button', { name: startsWith(view.colourName), pressed: true }),
  ).toContainText(en.showcase.selected);
  await expect(product(page).getByRole('status', { name: en.product.quantityLabel })).toHaveText(
    view.quantity,
  );
  const decrease = product(page).getByRole('button', { name: en.product.decreaseQuantity });
  if (view.decreaseDisabled) await expect(decrease).toHaveAttribute('aria-disabled', 'true');
  else await expect(decrease).not.toHaveAttribute('aria-disabled');
  await expect(product(page).getByRole('button', { name: view.addToCart, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: view.cartButton, exact: true })).toHaveText(view.badge ?? '');
  if (view.toast) await expect(page.getByText(view.toast)).toBeVisible();
  else await expect(page.getByText(en.toast.added)).toHaveCount(0);

  if (!view.cart) {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  const dialog = cartDialog(page);
  await expect(dialog).toBeVisible();
  if (view.cart.kind === 'empty') {
    await expect(dialog.getByText(view.cart.text)).toBeVisible();
    await expect(dialog.getByRole('button', { name: en.cart.startShopping })).toBeVisible();
  } else {
    await expect(dialog.getByText(view.cart.colour)).toBeVisible();
    await expect(dialog.getByText(view.cart.quantity)).toBeVisible();
    // The line's total and the cart's total are the same amount: one line only (spec §4).
    await expect(dialog.getByText(view.cart.total, { exact: true })).toHaveCount(2);
    await assertProceed(page, view.cart.proceed);
  }
}

/**
 * Opens the shop for a storefront path and returns its driver. `gate` holds the checkout chunk's
 * downloads until the path ends them (see checkout-download-gate.ts).
 */
export async function storefrontBrowserDriver(
  page: Page,
  gate: CheckoutDownloadGate,
): Promise<PathDriver<StorefrontSnapshot, StorefrontModelEvent>> {
  const clock = await openShop(page);

  /** `order.placed` to a shopper: a whole checkout, 3 s processing and 3 s confirmation, then home. */
  const completeCheckout = async () => {
    await cartButton(page).click();
    await cartDialog(page).getByRole('button', { name: en.cart.proceed }).click();
    await gate.end();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillCheckoutForm(page);
    await page.getByRole('button', { name: /^Complete Order/ }).click();
    await clock.advanceClock(PROCESSING_DELAY_MS);
    await expect(page.getByRole('heading', { name: en.checkout.confirmed.title })).toBeVisible();
    await clock.advanceClock(REDIRECT_DELAY_MS);
    await expect(page).toHaveURL(/\/$/);
  };

  return {
    advanceClock: clock.advanceClock,
    assertState: (snapshot) => assertStorefront(page, snapshot, gate),
    perform: async (event, snapshot) => {
      const { cartCount } = snapshot.context;
      switch (event.type) {
        case 'colour.select': {
          const radios = product(page).getByRole('radio');
          if (!COLOURS.some((colour) => colour.id === event.colourId)) {
            // An unknown colour: the shopper finds only the catalog's colours to choose from.
            expect(
              await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
            ).toEqual(COLOURS.map((colour) => colour.id));
            return;
          }
          const name = en.colour[event.colourId];
          // Sunset Orange from its showcase card, the others from their swatch (the label around the radio).
          if (event.colourId === 'sunset-orange')
            return page
              .locator('#colours')
              .getByRole('button', { name: startsWith(name) })
              .click();
          return product(page).getByRole('radio', { name, exact: true }).locator('xpath=..').click();
        }
        case 'quantity.increment':
          return product(page).getByRole('button', { name: en.product.increaseQuantity }).click();
        case 'quantity.decrement': {
          const decrease = product(page).getByRole('button', { name: en.product.decreaseQuantity });
          if (snapshot.context.quantity > 1) return decrease.click();
          // At 1 the button is aria-disabled but still focusable: a keyboard shopper can press it (and
          // Playwright will not click what it reads as disabled).
          await decrease.focus();
          return page.keyboard.press('Enter');
        }
        case 'cart.add':
          return product(page)
            .getByRole('button', { name: /^Add to Cart/ })
            .click();
        case 'cart.open':
          return cartCount > 0
            ? cartButton(page).click()
            : product(page).getByRole('button', { name: en.product.buyNowPayPal }).click();
        case 'cart.close':
          await gate.backOnline();
          return cartDialog(page)
            .getByRole('button', { name: cartCount > 0 ? en.cart.continueShopping : en.cart.startShopping })
            .click();
        case 'checkout.proceed': {
          const proceed = cartDialog(page).getByRole('button', { name: en.cart.proceed });
          if (cartCount === 0) {
            // The shopper cannot proceed with an empty cart: there is no button to do it with.
            await expect(proceed).toHaveCount(0);
            return;
          }
          return proceed.click();
        }
        case 'checkout.retry':
          await gate.backOnline();
          return cartDialog(page).getByRole('button', { name: en.cart.tryAgain }).click();
        case invokeErrorEventType('loadCheckout'):
          return gate.end(checkoutLoadFailureIn(event) ?? undefined);
        case invokeDoneEventType('loadCheckout'):
          return gate.end();
        case 'checkout.opened':
          // The checkout page sent it as it showed. The cart arrived at /checkout as it
          // was; 'Back to Shop' returns to the same cart.
          await assertCheckoutCarries(page, snapshot);
          return page.getByRole('link', { name: en.checkout.backToShop }).click();
        case 'order.placed':
          return completeCheckout();
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
  page: Page,
): Promise<PathDriver<CheckoutSnapshot, CheckoutModelEvent>> {
  const clock = await openShop(page);
  await product(page)
    .getByRole('radio', { name: en.colour['ocean-blue'], exact: true })
    .locator('xpath=..')
    .click();
  await product(page)
    .getByRole('button', { name: /^Add to Cart/ })
    .click();
  await cartButton(page).click();
  await cartDialog(page).getByRole('button', { name: en.cart.proceed }).click();
  let submittedAt: number | null = null;

  return {
    advanceClock: clock.advanceClock,
    assertState: async (snapshot) => {
      const view = checkoutView(snapshot);
      if (view.page === 'home') {
        await expect(page).toHaveURL(/\/$/);
        await expect(product(page).getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
        return;
      }
      await expect(page).toHaveURL(/\/checkout$/);
      if (view.page === 'confirmed') {
        await expect(page.getByRole('heading', { name: view.heading })).toBeFocused();
        const orderNumber = orderNumberFromTimestamp(submittedAt! + PROCESSING_DELAY_MS);
        await expect(
          page.getByText(fillText(en.checkout.confirmed.orderNumber, { orderNumber })),
        ).toBeVisible();
        return;
      }
      await expect(page.getByRole('radio', { name: startsWith(view.shippingMethod) })).toBeChecked();
      const summary = page.getByRole('complementary', { name: en.checkout.summary.title });
      for (const row of view.totals) await expect(summary.getByRole('row', { name: row })).toBeVisible();
      const submit = page.getByRole('button', { name: startsWith(view.submit) });
      if (view.processing) await expect(submit).toBeDisabled();
      else await expect(submit).toBeEnabled();
      for (const { label, value } of view.fields)
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'shippingMethod.select': {
          const names = SHIPPING_METHODS.map((method) => en.checkout.shippingMethod.methods[method.id].name);
          if (SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId)) {
            const name = en.checkout.shippingMethod.methods[event.shippingMethodId].name;
            return page.getByRole('radio', { name: startsWith(name) }).check();
          }
          // An unknown method: the shopper finds only the three methods to choose from.
          const radios = page
            .getByRole('group', { name: en.checkout.shippingMethod.title })
            .getByRole('radio');
          await expect(radios).toHaveCount(names.length);
          for (const [index, name] of names.entries())
            await expect(radios.nth(index)).toHaveAccessibleName(startsWith(name));
          return;
        }
        case 'field.change':
          if (event.name in FIELD_LABELS)
            return page.getByLabel(FIELD_LABELS[event.name], { exact: true }).fill(event.value);
          // A field the shopper cannot edit: the country shows as text, with no input to type into.
          await expect(page.getByRole('textbox', { name: /country/i })).toHaveCount(0);
          await expect(
            page.getByText(fillText(en.checkout.shippingAddress.country, { country: 'United States' })),
          ).toBeVisible();
          return;
        case 'form.fill':
          return fillCheckoutForm(page);
        case 'order.submit':
          submittedAt = clock.now();
          return page.getByRole('button', { name: /^Complete Order/ }).click();
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}
