import { chromium, type Page } from 'playwright-core';
import {
  VIEWPORT,
  type Engine,
  type EngineOptions,
  type EnginePage,
  type Viewport,
} from '@support/browsers/driver';

/**
 * Where the suite finds Chromium's headless shell unless `CHROME_HEADLESS_SHELL_PATH` says otherwise
 * (scripts/setup/find-chromium.sh headless-shell; docs/decisions/0016-chromium-headless-shell.md).
 */
const DEFAULT_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The {@link EnginePage} of a Playwright `page`: the engine suite's Chromium pages and the Playwright
 * e2e specs' pages alike, so both drive the shop through the one page object (tests/support/shop-page.ts).
 * Taps are Playwright's mouse clicks, or its touch screen's taps with `touch` (the page's context must
 * have `hasTouch`); keys its keyboard's; typing its `fill`; closing closes the page's browser context.
 */
export function playwrightEnginePage(page: Page, { touch = false }: EngineOptions = {}): EnginePage {
  const element = async (expression: string) => {
    const handle = (await page.evaluateHandle<Element>(expression)).asElement();
    if (!handle) throw new Error(`${expression.slice(0, 80)}… is not an element`);
    return handle;
  };
  return {
    evaluate: (expression) => page.evaluate(expression),
    tap: (x, y) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y)),
    press: (key) => page.keyboard.press(key),
    type: async (expression, value) => {
      const handle = await element(expression);
      try {
        await handle.fill(value, { timeout: 5_000 });
      } finally {
        await handle.dispose();
      }
    },
    navigate: async (url) => {
      await page.goto(url, { waitUntil: 'commit' });
    },
    screenshot: () => page.screenshot(),
    close: () => page.context().close(),
  };
}

/**
 * Launches Chromium through Playwright (`playwright-core`, never its own browser download): Debian's
 * Chromium headless shell (`CHROME_HEADLESS_SHELL_PATH`, default
 * /usr/lib/chromium/chromium-headless-shell), as Playwright runs headless Chromium, with
 * `--no-sandbox --disable-gpu`.
 * Each page gets its own browser context (cookies, storage and HTTP cache of its own) at `viewport`
 * (default 390 × 844), a touch screen's with `options.touch`.
 * @throws when the browser cannot be started.
 */
export async function launchChromium(
  viewport: Viewport = VIEWPORT,
  options: EngineOptions = {},
): Promise<Engine> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_HEADLESS_SHELL_PATH ?? DEFAULT_HEADLESS_SHELL,
    args: ['--no-sandbox', '--disable-gpu'],
    headless: true,
  });
  return {
    name: 'chromium',
    version: `chromium/${browser.version()}`,
    newPage: async () => {
      const context = await browser.newContext({
        viewport: { ...viewport },
        hasTouch: options.touch === true,
      });
      return playwrightEnginePage(await context.newPage(), options);
    },
    close: () => browser.close(),
  };
}
