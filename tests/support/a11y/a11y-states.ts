import type { Page } from '@playwright/test';
import type { ShopModel } from '@support/shop-page';
import { openShop } from '@support/playwright/clock';

/** Opens a page and brings it into one shopper-visible state, on the paused fake clock of clock.ts. */
export type ReachState = (page: Page, shop: ShopModel) => Promise<void>;

/**
 * Every shopper-visible state the accessibility engines check (axe.spec.ts), by name, and how to
 * reach each one: both pages, the cart, each step of the order and the not-found page.
 */
export const STATES: Readonly<Record<string, ReachState>> = {
  landing: async (page) => {
    await openShop(page);
  },
  'toast showing': async (page, shop) => {
    await openShop(page);
    await shop.addToCart(1);
    await shop.seeToast();
  },
  'cart modal, empty': async (page, shop) => {
    await openShop(page);
    await shop.openCart(0);
  },
  'cart modal, one line': async (page, shop) => {
    await openShop(page);
    await shop.addToCart(1);
    await page.clock.runFor(3_000);
    await shop.openCart(1);
  },
  'checkout, idle': async (page) => {
    await openShop(page, '/checkout');
  },
  'checkout, processing': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await shop.seeProcessing();
  },
  'order confirmed': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
  },
  'order confirmed, shopper stayed': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
    await shop.stayOnConfirmation();
    await page.clock.runFor(3_000);
  },
  'not found': async (page) => {
    await openShop(page, '/no-such-page');
  },
};
