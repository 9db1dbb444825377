import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/**
 * tsx compiles the bench with esbuild's `keepNames`, which wraps every named function inside a
 * function in a `__name(…)` call; a function the bench evaluates in the page carries those calls
 * along, so each page gets a `__name` that gives the function back.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name = (fn) => fn;';

/**
 * A new browser context of `browser` with `options`, whose every page can run the functions the bench
 * evaluates in it (see {@link KEEP_NAMES_SHIM}).
 */
export async function newBenchContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  return context;
}
