import puppeteer, { type ElementHandle } from 'puppeteer-core';
import {
  VIEWPORT,
  type Engine,
  type EngineOptions,
  type EnginePage,
  type Viewport,
} from '@support/browsers/driver';

/** Where the suite finds Firefox unless `FIREFOX_PATH` says otherwise (Debian's firefox-esr). */
const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';

/**
 * Launches Firefox through puppeteer-core over WebDriver BiDi (`browser: 'firefox'`, `protocol:
 * 'webDriverBiDi'`; never a downloaded browser): the system Firefox (`FIREFOX_PATH`, default
 * /usr/bin/firefox-esr), headless, with the preferences `prefs` (about:config names and values, e.g.
 * `{ 'browser.display.document_color_use': 2 }`) in its new profile. Each page gets its own browser
 * context (a BiDi user context, with storage and HTTP cache of its own) and `viewport` (default
 * 390 × 844); its taps are a finger's with `options.touch`, else a mouse's.
 * @throws when the browser cannot be started.
 */
export async function launchFirefox(
  prefs: Readonly<Record<string, string | number | boolean>> = {},
  viewport: Viewport = VIEWPORT,
  options: EngineOptions = {},
): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH ?? DEFAULT_FIREFOX,
    headless: true,
    extraPrefsFirefox: { ...prefs },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    newPage: async (): Promise<EnginePage> => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ ...viewport });
      const element = async (expression: string) => {
        const handle = (await page.evaluateHandle(expression)).asElement() as ElementHandle<Element> | null;
        if (!handle) throw new Error(`${expression.slice(0, 80)}… is not an element`);
        return handle;
      };
      return {
        evaluate: (expression) => page.evaluate(expression),
        tap: (x, y) => (options.touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y)),
        press: async (key) => {
          if (key !== 'Shift+Tab') return page.keyboard.press(key);
          await page.keyboard.down('Shift');
          try {
            await page.keyboard.press('Tab');
          } finally {
            await page.keyboard.up('Shift');
          }
        },
        type: async (expression, value) => {
          const handle = await element(expression);
          try {
            await handle.type(value);
          } finally {
            await handle.dispose();
          }
        },
        navigate: async (url) => {
          // Not awaited: the driver waits for the document itself ('commit' or 'load'), and a page whose
          // scripts are held would keep `goto` waiting. A later navigation cancels this one: not an error.
          page.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => undefined);
        },
        screenshot: async () => Buffer.from(await page.screenshot()),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
