/**
 * The code-split checkout route's loader. It imports a page, so it belongs to the composition root
 * beside the routes; the storefront's `loadCheckout` effect (src/effects/load-checkout-page.ts) is
 * handed it by `App` and never imports a page itself.
 */

/** The checkout page's module (src/pages/checkout-page.tsx). */
type CheckoutPageModule = typeof import('@/pages/checkout-page');

/**
 * The `<meta name>` under which scripts/prerender.mjs writes the site-root URL of the checkout page's
 * built chunk, so a retry can ask for that file under a URL of its own.
 */
export const CHECKOUT_MODULE_META = 'checkout-module';

/** The module once an attempt has loaded it, or the attempt in flight; `undefined` after a failure. */
let checkoutPage: Promise<CheckoutPageModule> | undefined;
/** Attempts that failed so far in this page: the next one is numbered after them. */
let failedAttempts = 0;

/**
 * Downloads and evaluates the checkout page's chunk, once: every caller (the cart's prefetch, the
 * route, 'Proceed to Checkout' and its retries) shares the attempt in flight and the module it loads.
 * After a failure the next call asks the network again under a URL of its own
 * (`/assets/checkout-page-<hash>.js?attempt=N`): an engine may keep a failed `import()` of a URL failed
 * for the life of the page (Firefox ESR does), so re-importing the same URL would never retry, and a
 * failed prefetch would doom every later attempt. Without the meta tag (the dev server) it re-imports
 * the bundler's specifier. Rejects as the browser's `import()` does.
 */
export function importCheckoutPage(): Promise<CheckoutPageModule> {
  checkoutPage ??= importAttempt(failedAttempts).catch((error: unknown) => {
    checkoutPage = undefined;
    failedAttempts += 1;
    throw error;
  });
  return checkoutPage;
}

function importAttempt(attempt: number): Promise<CheckoutPageModule> {
  const url =
    attempt > 0
      ? document.querySelector<HTMLMetaElement>(`meta[name="${CHECKOUT_MODULE_META}"]`)?.content
      : undefined;
  if (!url) return import('@/pages/checkout-page');
  return import(/* @vite-ignore */ `${url}?attempt=${attempt}`) as Promise<CheckoutPageModule>;
}
