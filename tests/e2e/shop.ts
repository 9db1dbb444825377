import { expect, type Page } from '@playwright/test';
import type { ColourId } from '@machines/catalog';
import type { ShippingMethodId } from '@machines/pricing';
import { APP_READY_ATTRIBUTE } from '@/early/app-ready';
import { SHOPPER_DETAILS } from '../shopper-details';
import { FAULT_CART, en, shopText, startsWith } from '../shop-texts';

/**
 * The shop's page object for the Playwright suite (tests/e2e; after Zag's
 * `e2e/models/*.model.ts`): the steps a shopper takes on each screen and the controls they see, found by
 * role and accessible name with the texts of tests/shop-texts.ts. The engine suite's page object
 * (tests/engines/shop.model.ts) takes its texts from the same module.
 */

/** The fixed moment every browser test's fake clock starts at (ms since the epoch: 1795860000000). */
export const START = new Date('2026-11-28T10:00:00.000Z');

/** Where the fake clock is paused once a page has loaded: one minute after {@link START}. */
const PAUSED_AT = START.getTime() + 60_000;

/**
 * Opens `path` with Playwright's fake clock installed at {@link START}, waits for the app to be
 * interactive, then pauses the clock at {@link PAUSED_AT} so every app timer (toast, processing,
 * redirect) only moves when the test calls `page.clock.runFor(ms)`.
 */
export async function openShop(page: Page, path = '/'): Promise<void> {
  await keepRealTimers(page);
  await page.clock.install({ time: START });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAppReady(page);
  await page.clock.pauseAt(PAUSED_AT);
}

/**
 * Waits until the app is interactive (`data-app-ready` on `<html>`, src/early/app-ready.ts): it starts
 * after the prerendered page's first paint, so a test that must see a tap's effect at once (Playwright's
 * `check()` verifies the new state immediately) waits for it; a shopper's earlier taps are replayed.
 */
export async function expectAppReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '');
}

/**
 * Waits until the app in a page loaded while the fake clock is paused (a reload) is interactive. The
 * app starts one animation frame after the page's `load` (src/boot/after-first-paint.ts), and a paused
 * clock holds animation frames: this advances it one frame (16 ms) at a time until the app is ready.
 */
export async function untilAppReady(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        // While the page reloads, its old document is gone: not ready yet.
        const ready = await page
          .evaluate((name) => document.documentElement.hasAttribute(name), APP_READY_ATTRIBUTE)
          .catch(() => false);
        if (!ready) await page.clock.runFor(16).catch(() => undefined);
        return ready;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Saves the browser's own `setTimeout`/`clearTimeout` as `window.__realTimers` in every page of the
 * context, before Playwright's fake clock replaces them: axe-core needs real timers to finish while the
 * app's fake clock stays paused (see `a11y.ts`). Call it before `page.clock.install`.
 */
export async function keepRealTimers(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    Object.assign(window, { __realTimers: { setTimeout, clearTimeout } });
  });
}

/** Fills checkout fields by visible label: by default every required one (spec §5), {@link SHOPPER_DETAILS}. */
export async function fillCheckoutForm(
  page: Page,
  details: Iterable<readonly [label: string, value: string]> = SHOPPER_DETAILS,
): Promise<void> {
  for (const [label, value] of details) await page.getByLabel(label, { exact: true }).fill(value);
}

/** The page object of `page` (see {@link ShopPage}). */
export const shop = (page: Page): ShopPage => new ShopPage(page);

/** The shop in one Playwright page: landing page, cart dialog, checkout (see the module comment). */
export class ShopPage {
  constructor(readonly page: Page) {}

  /** {@link openShop}: the fake clock paused at {@link PAUSED_AT} once the app is interactive. */
  async open(path = '/'): Promise<this> {
    await openShop(this.page, path);
    return this;
  }

  /** Runs the paused clock for `ms`, firing the app's timers that fall due. */
  async advanceClock(ms: number): Promise<void> {
    await this.page.clock.runFor(ms);
  }

  // Landing page ('/', spec §2)

  get product() {
    return this.page.locator('#product');
  }
  colourRadio(colourId: ColourId) {
    return this.product.getByRole('radio', { name: shopText.colour(colourId), exact: true });
  }
  showcaseCard(colourId: ColourId) {
    return this.page.locator('#colours').getByRole('button', { name: startsWith(shopText.colour(colourId)) });
  }
  /** Picks a colour with its swatch (the label around the radio) or with its showcase card. */
  chooseColour(colourId: ColourId, from: 'swatch' | 'showcase' = 'swatch'): Promise<void> {
    if (from === 'showcase') return this.showcaseCard(colourId).click();
    return this.colourRadio(colourId).locator('xpath=..').click();
  }
  get increaseButton() {
    return this.product.getByRole('button', { name: en.product.increaseQuantity });
  }
  get addToCartButton() {
    return this.product.getByRole('button', { name: startsWith(shopText.addToCartPrefix) });
  }
  get cartButton() {
    return this.page.getByRole('button', { name: startsWith(en.cartButton.label) });
  }

  /** Puts `quantity` balls of `colourId` in the cart (its showcase card, '+', 'Add to Cart') and checks the count. */
  async fillCart({
    colourId,
    quantity,
  }: { colourId: ColourId; quantity: number } = FAULT_CART): Promise<void> {
    await this.chooseColour(colourId, 'showcase');
    for (let shown = 1; shown < quantity; shown += 1) await this.increaseButton.click();
    await this.addToCartButton.click();
    await expect(this.page.getByRole('button', { name: shopText.cartButton(quantity) })).toBeVisible();
  }

  // Cart dialog (spec §2 'Cart modal')

  /** Opens the cart holding {@link FAULT_CART} with the cart button and checks its line. */
  async openCart({
    colourId,
    quantity,
  }: { colourId: ColourId; quantity: number } = FAULT_CART): Promise<void> {
    await this.page.getByRole('button', { name: shopText.cartButton(quantity) }).click();
    await expect(this.cart).toContainText(shopText.colourLine(colourId));
    await expect(this.cart).toContainText(shopText.quantityLine(quantity));
  }

  get cart() {
    return this.page.getByRole('dialog', { name: en.cart.title });
  }
  get proceedButton() {
    return this.cart.getByRole('button', { name: en.cart.proceed });
  }
  /** The new-release prompt's status ('A new version of the shop is ready'). */
  get releasePrompt() {
    return this.page.getByRole('status').filter({ hasText: en.release.ready });
  }
  get reloadButton() {
    return this.page.getByRole('button', { name: en.release.reload });
  }
  /**
   * Waits until the shop's service worker controls the page: from then on the shop works offline.
   * Polled from Node: the page's fake clock may be paused.
   */
  async expectWorkerInControl(): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);
  }

  // Checkout page ('/checkout', spec §2 'Checkout page')

  get summary() {
    return this.page.getByRole('complementary', { name: en.checkout.summary.title });
  }
  shippingRadio(name: string) {
    return this.page.getByRole('radio', { name: startsWith(name) });
  }
  chooseShipping(id: ShippingMethodId): Promise<void> {
    return this.shippingRadio(en.checkout.shippingMethod.methods[id].name).check();
  }
  fillCheckoutForm(details?: Iterable<readonly [label: string, value: string]>): Promise<void> {
    return fillCheckoutForm(this.page, details);
  }
  backToShop(): Promise<void> {
    return this.page.getByRole('link', { name: en.checkout.backToShop }).click();
  }

  /**
   * Checks the shopper is on /checkout with `count` balls of `colourId` in the Order Summary, once the
   * app is interactive (after a reload into a new release it starts under the paused clock).
   */
  async expectCheckoutWith(colourId: ColourId, count: number): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout$/);
    await untilAppReady(this.page);
    await expect(this.summary.getByText(shopText.colourLine(colourId))).toBeVisible();
    await expect(this.summary.getByText(shopText.quantityLine(count))).toBeVisible();
  }

  /** {@link expectCheckoutWith} the {@link FAULT_CART}, then 'Back to Shop' and the cart is still there. */
  async expectCheckoutWithCart(): Promise<void> {
    await this.expectCheckoutWith(FAULT_CART.colourId, FAULT_CART.quantity);
    await this.backToShop();
    await expect(this.page).toHaveURL(/\/$/);
    await this.openCart();
  }
}

/**
 * Waits until every finite CSS animation and transition on the page has finished (infinite ones, such
 * as the processing spinner, are ignored), so screenshots and colour-contrast checks see final colours.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}
