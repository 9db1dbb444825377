/**
 * The checkout page's loader (src/features/checkout-download/checkout-module.ts): one download shared
 * by every caller, and after a failed one a retry under a URL of its own (the built chunk named in
 * `<meta name="checkout-module">`, numbered per attempt), or the bundler's import again on the dev
 * server, which has no such tag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutModuleLoader, IncompleteModuleError } from '@/features/checkout-download/checkout-module';
import { CHECKOUT_MODULE_META } from '@/lib/shared-names';

/** The built chunk as the tag names it: a module that says where it was imported from. */
const CHUNK = new URL('../../../support/fixtures/checkout-chunk.ts', import.meta.url).pathname;

afterEach(() => {
  document.head.innerHTML = '';
});

const brokenOff = () => new TypeError('Failed to fetch dynamically imported module');

/** The loaders' completeness check: the fixture chunk exports `importedAs`, the stand-ins `page`. */
const isComplete = (module: object) => 'importedAs' in module || 'page' in module;

describe('checkoutModuleLoader', () => {
  it('downloads once for every caller', async () => {
    const importBundled = vi.fn(async () => ({ page: 'checkout' }));
    const load = checkoutModuleLoader(importBundled, isComplete);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    await load();
    expect(importBundled).toHaveBeenCalledOnce();
  });

  it('rejects as the download did, then retries the built chunk the tag names', async () => {
    document.head.innerHTML = `<meta name="${CHECKOUT_MODULE_META}" content="${CHUNK}">`;
    const failure = brokenOff();
    const importBundled = vi.fn(() => Promise.reject(failure));
    const load = checkoutModuleLoader<{ importedAs: string }>(importBundled, isComplete);
    await expect(load()).rejects.toBe(failure);
    const retried = await load();
    expect(retried.importedAs).toMatch(/\/fixtures\/checkout-chunk\.ts$/);
    expect(importBundled).toHaveBeenCalledOnce();
  });

  it('retries with the bundler’s import where no tag names the chunk (the dev server)', async () => {
    const importBundled = vi
      .fn<() => Promise<{ page: string }>>()
      .mockRejectedValueOnce(brokenOff())
      .mockResolvedValueOnce({ page: 'checkout' });
    const load = checkoutModuleLoader(importBundled, isComplete);
    await expect(load()).rejects.toThrow(TypeError);
    await expect(load()).resolves.toEqual({ page: 'checkout' });
  });

  it('rejects a module that evaluated without its exports, then retries the built chunk the tag names', async () => {
    document.head.innerHTML = `<meta name="${CHECKOUT_MODULE_META}" content="${CHUNK}">`;
    // What Firefox evaluates from a download broken off where the text still parses.
    const load = checkoutModuleLoader<object>(async () => ({}), isComplete);
    await expect(load()).rejects.toBeInstanceOf(IncompleteModuleError);
    await expect(load()).resolves.toHaveProperty('importedAs', expect.stringMatching(/checkout-chunk\.ts$/));
  });
});
