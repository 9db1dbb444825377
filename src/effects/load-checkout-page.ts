import { CheckoutLoadError, type CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { reloadedRecently } from './cart-handoff';

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

/**
 * The storefront machine's `loadCheckout` actor: resolves once the checkout page's code is loaded, so
 * the router renders /checkout at once. On failure it finds out why and rejects with a
 * {@link CheckoutLoadError}:
 * - `offline` when the browser says so or the shop's own page cannot be fetched at all;
 * - `outdated` when the page the server now deploys loads other scripts than this one does (a new
 *   release removed the files this page was built with), unless the page was reloaded into a new
 *   release a moment ago (no reload loop);
 * - `unavailable` otherwise (the server answered 5xx, or the download broke off).
 * @throws {CheckoutLoadError} always, when the code cannot be loaded.
 */
export async function loadCheckoutPage(): Promise<void> {
  try {
    await importCheckoutPage();
  } catch (error) {
    throw new CheckoutLoadError(await diagnoseLoadFailure(), { cause: error });
  }
}

async function diagnoseLoadFailure(): Promise<CheckoutLoadFailure> {
  if (!navigator.onLine) return 'offline';
  let landingPage: Response;
  try {
    landingPage = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
  } catch {
    return 'offline';
  }
  if (!landingPage.ok) return 'unavailable';
  const deployed = moduleScriptsOf(new DOMParser().parseFromString(await landingPage.text(), 'text/html'));
  const running = moduleScriptsOf(document);
  const isNewRelease = deployed.length > 0 && deployed.join(' ') !== running.join(' ');
  return isNewRelease && !reloadedRecently() ? 'outdated' : 'unavailable';
}

/** The site-root paths of a document's module scripts, sorted: what identifies a release. */
function moduleScriptsOf(page: Document): string[] {
  return Array.from(page.querySelectorAll<HTMLScriptElement>('script[type="module"][src]'))
    .map((script) => new URL(script.getAttribute('src') ?? '', window.location.origin).pathname)
    .sort();
}
