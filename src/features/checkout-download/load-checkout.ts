import { CheckoutLoadError, type CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { reloadedRecently } from '@/effects/cart-handoff';
import { APP_ENTRY_META, RELEASE_FILE } from '@/lib/shared-names';

/**
 * The storefront machine's `loadCheckout` actor: resolves once `importPage` (the app's loader of the
 * checkout page's code, made with `checkoutModuleLoader` of ./checkout-module.ts) has loaded it, so
 * the router renders /checkout at once. On failure it finds out why and rejects with a
 * {@link CheckoutLoadError}:
 * - `offline` when the browser says so or the release file cannot be fetched at all;
 * - `outdated` when the release the server now deploys ({@link RELEASE_URL}) has another entry module
 *   than this page's (a new release removed the files this page was built with), unless the page was
 *   reloaded into a new release a moment ago (no reload loop);
 * - `unavailable` otherwise (the server answered 5xx, or the download broke off).
 * @throws {CheckoutLoadError} always, when the code cannot be loaded.
 */
export async function loadCheckout(importPage: () => Promise<unknown>): Promise<void> {
  try {
    await importPage();
  } catch (error) {
    throw new CheckoutLoadError(await diagnoseLoadFailure(), { cause: error });
  }
}

/**
 * Site-root URL of the release file the build writes (./release-file.build.ts). Asked for past every
 * cache (`no-store`), so only the network answers: a cached page would always look like this page's
 * own release. Read as data, never parsed as HTML, so no Trusted Types sink is involved.
 */
export const RELEASE_URL = `/${RELEASE_FILE}`;

async function diagnoseLoadFailure(): Promise<CheckoutLoadFailure> {
  if (!navigator.onLine) return 'offline';
  let release: Response;
  try {
    release = await fetch(RELEASE_URL, { cache: 'no-store' });
  } catch {
    return 'offline';
  }
  if (!release.ok) return 'unavailable';
  // Stryker disable next-line ArrowFunction: undefined, like null, is no release file
  const deployed = moduleScriptsOf(await release.json().catch(() => null));
  const running = Array.from(document.querySelectorAll<HTMLMetaElement>(`meta[name="${APP_ENTRY_META}"]`))
    .map((meta) => new URL(meta.content, document.baseURI).pathname)
    .sort();
  const isNewRelease = deployed.length > 0 && deployed.join(' ') !== running.join(' ');
  return isNewRelease && !reloadedRecently() ? 'outdated' : 'unavailable';
}

/** The sorted module script paths a release file lists; none when it is not a release file. */
function moduleScriptsOf(release: unknown): string[] {
  const scripts =
    typeof release === 'object' && release !== null && 'moduleScripts' in release
      ? release.moduleScripts
      : null;
  return Array.isArray(scripts) && scripts.every((script) => typeof script === 'string')
    ? [...(scripts as string[])].sort()
    : [];
}
