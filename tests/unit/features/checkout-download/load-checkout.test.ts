/**
 * Why the checkout's code did not load, as the storefront machine hears it: the diagnosis asks the
 * network for the release file and compares the release it names with the page's own entry module.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutLoadError } from '@machines/checkout-load-failure';
import { reloadIntoCheckout } from '@/effects/cart-handoff';
import { RELEASE_URL, loadCheckout } from '@/features/checkout-download/load-checkout';
import { APP_ENTRY_META } from '@/lib/shared-names';

const RUNNING = '/assets/index-AAAAAAAA.js';
const failingImport = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** The failure `loadCheckout` rejects with when the download fails and `fetch` does as given. */
async function failureWith(fetchRelease: () => Promise<Response>): Promise<unknown> {
  const fetch = vi.fn(fetchRelease);
  vi.stubGlobal('fetch', fetch);
  const error: unknown = await loadCheckout(failingImport).catch((caught: unknown) => caught);
  expect(fetch).toHaveBeenCalledWith(RELEASE_URL, { cache: 'no-store' });
  expect(error).toBeInstanceOf(CheckoutLoadError);
  return (error as CheckoutLoadError).failure;
}

const release = (moduleScripts: unknown) => async () => Response.json({ moduleScripts });

beforeEach(() => {
  document.head.innerHTML = `<meta name="${APP_ENTRY_META}" content="${RUNNING}">`;
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('loadCheckout', () => {
  it('resolves once the code has loaded, asking the network nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(loadCheckout(() => Promise.resolve())).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is outdated when the release file names other scripts than the page runs', async () => {
    expect(await failureWith(release(['/assets/index-BBBBBBBB.js']))).toBe('outdated');
  });

  it('is unavailable when the release file names the page’s own scripts (the server failed)', async () => {
    expect(await failureWith(release([RUNNING]))).toBe('unavailable');
  });

  it('is unavailable when the page was reloaded into a new release a moment ago (no reload loop)', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: vi.fn() } as Location);
    reloadIntoCheckout({ colourId: 'ocean-blue', quantity: 1, cartCount: 1 });
    expect(await failureWith(release(['/assets/index-BBBBBBBB.js']))).toBe('unavailable');
  });

  it('is unavailable when the server answers the release file with an error @R8.5', async () => {
    expect(await failureWith(async () => new Response('Service Unavailable', { status: 503 }))).toBe(
      'unavailable',
    );
  });

  it('is unavailable, not outdated, when the release file is no release file', async () => {
    expect(await failureWith(async () => new Response('<!doctype html><title>Hi</title>'))).toBe(
      'unavailable',
    );
    expect(await failureWith(release([42]))).toBe('unavailable');
    expect(await failureWith(release([]))).toBe('unavailable');
  });

  it('is unavailable when the server answers an error, whatever release its body names', async () => {
    expect(
      await failureWith(async () =>
        Response.json({ moduleScripts: ['/assets/index-BBBBBBBB.js'] }, { status: 503 }),
      ),
    ).toBe('unavailable');
  });

  it('is unavailable when the release file names the page’s own scripts, in any order', async () => {
    const scripts = ['/assets/vendor-CCCCCCCC.js', '/assets/index-AAAAAAAA.js'];
    document.head.innerHTML = scripts
      .map((script) => `<meta name="${APP_ENTRY_META}" content="${script}">`)
      .join('');
    expect(await failureWith(release(scripts))).toBe('unavailable');
  });

  it('is unavailable when the release file lists anything but script paths', async () => {
    expect(await failureWith(release(['/assets/index-BBBBBBBB.js', 42]))).toBe('unavailable');
    expect(await failureWith(async () => Response.json(42))).toBe('unavailable');
    expect(await failureWith(async () => Response.json(null))).toBe('unavailable');
  });

  it('rejects with the download’s own error as the cause', async () => {
    vi.stubGlobal('fetch', async () => new Response('Service Unavailable', { status: 503 }));
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadCheckout(() => Promise.reject(failure)).catch((caught: unknown) => caught);
    expect((error as Error).cause).toBe(failure);
  });

  it('is offline when the release file cannot be fetched at all @R8.4', async () => {
    expect(await failureWith(() => Promise.reject(new TypeError('NetworkError')))).toBe('offline');
  });

  it('is offline, asking nothing, when the browser says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const error = await loadCheckout(failingImport).catch((caught: unknown) => caught);
    expect((error as CheckoutLoadError).failure).toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
  });
});
