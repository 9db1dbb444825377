import { CheckoutLoadError, type CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { reloadedRecently } from './cart-handoff';

/**
 * The storefront machine's `loadCheckout` actor: resolves once `importPage` (the app's loader of the
 * checkout page's code, `importCheckoutPage` in src/app/import-checkout-page.ts) has loaded it, so the
 * router renders /checkout at once. On failure it finds out why and rejects with a
 * {@link CheckoutLoadError}:
 * - `offline` when the browser says so or the shop's own page cannot be fetched at all;
 * - `outdated` when the page the server now deploys loads other scripts than this one does (a new
 *   release removed the files this page was built with), unless the page was reloaded into a new
 *   release a moment ago (no reload loop);
 * - `unavailable` otherwise (the server answered 5xx, or the download broke off).
 * @throws {CheckoutLoadError} always, when the code cannot be loaded.
 */
export async function loadCheckoutPage(importPage: () => Promise<unknown>): Promise<void> {
  try {
    await importPage();
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
