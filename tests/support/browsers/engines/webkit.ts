import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, Key, WebElement } from 'selenium-webdriver';
import { freePort } from '../../../../scripts/hosting/nginx';
import {
  VIEWPORT,
  type Engine,
  type EnginePage,
  type KeyPress,
  type Viewport,
} from '@support/browsers/driver';

/** Debian's WebKitGTK MiniBrowser (package libwebkit2gtk-4.1-0), unless `MINIBROWSER_PATH` says otherwise. */
const DEFAULT_MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Resolves once `url` answers, polling every 50 ms. @throws after `timeoutMs`. */
async function untilAnswering(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How long closing the WebKit session may take before its driver is killed, in ms. */
const QUIT_TIMEOUT_MS = 10_000;

/**
 * Starts WebKitWebDriver (package webkit2gtk-driver) on a free port and opens a classic WebDriver
 * session with selenium-webdriver's generic builder driving MiniBrowser (`browserName: 'MiniBrowser'`,
 * `webkitgtk:browserOptions` with the binary and `--automation`). Needs an X display: run it under
 * `xvfb-run -s '-screen 0 390x844x24'`. MiniBrowser's toolbar keeps a window at least 447 px wide, so
 * it starts full screen (`--full-screen`: no toolbar) on that 390 × 844 screen and the window is sized
 * to 390 × 844 (or `viewport`, on a screen of that size); the viewport it really got is measured by
 * the suite. Page loads are not waited for
 * (`pageLoadStrategy: 'none'`): the driver waits for each document itself. The one session's window is
 * the page every test uses in turn; each test serves from its own origin (port), so none shares
 * another's cache or storage.
 * @throws when the driver or the browser cannot be started.
 */
export async function launchWebKit(viewport: Viewport = VIEWPORT): Promise<Engine> {
  const port = await freePort();
  const webDriver = spawn(process.env.WEBKIT_WEBDRIVER_PATH ?? 'WebKitWebDriver', [`--port=${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // MiniBrowser inherits it: Skia paints on the CPU. Its GPU painting threads (SkiaGPUWorker), on
    // Xvfb's software OpenGL, crashed the web process mid-test (segfaults in the kernel log).
    env: { ...process.env, WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' },
  });
  const exited = new Promise<never>((_, reject) =>
    webDriver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited with ${code}`))),
  );
  exited.catch(() => undefined);
  try {
    return await openSession(`http://127.0.0.1:${port}`, exited, webDriver, viewport);
  } catch (error) {
    // A driver whose session never opened is stopped here: nothing else holds it.
    webDriver.kill('SIGKILL');
    throw error;
  }
}

/** The classic WebDriver session of {@link launchWebKit} on the WebKitWebDriver at `server`. */
async function openSession(
  server: string,
  exited: Promise<never>,
  webDriver: ChildProcess,
  viewport: Viewport,
): Promise<Engine> {
  await Promise.race([untilAnswering(`${server}/status`, 30_000), exited]);
  const driver = await new Builder()
    .usingServer(server)
    .withCapabilities({
      browserName: 'MiniBrowser',
      pageLoadStrategy: 'none',
      'webkitgtk:browserOptions': {
        binary: process.env.MINIBROWSER_PATH ?? DEFAULT_MINIBROWSER,
        args: ['--automation', '--full-screen'],
      },
    })
    .build();
  const capabilities = await driver.getCapabilities();
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...viewport });
  const element = async (expression: string) => {
    const found: unknown = await driver.executeScript(`return ${expression};`);
    if (!(found instanceof WebElement)) throw new Error(`${expression.slice(0, 80)}… is not an element`);
    return found;
  };
  const page: EnginePage = {
    evaluate: (expression) => driver.executeScript(`return ${expression};`),
    // One W3C Perform Actions command: move to the point of the viewport, press, release.
    tap: (x, y) =>
      driver
        .actions()
        .move({ x: Math.round(x), y: Math.round(y) })
        .press()
        .release()
        .perform(),
    press: (key) => {
      const keys: Record<KeyPress, string[]> = {
        Tab: [Key.TAB],
        'Shift+Tab': [Key.SHIFT, Key.TAB],
        Escape: [Key.ESCAPE],
      };
      const [first, ...rest] = keys[key];
      // One W3C Perform Actions command: the keys down in order, then up in reverse.
      const actions = driver.actions();
      for (const down of [first!, ...rest]) actions.keyDown(down);
      for (const up of [first!, ...rest].reverse()) actions.keyUp(up);
      return actions.perform();
    },
    type: async (expression, value) => (await element(expression)).sendKeys(value),
    navigate: async (url) => {
      await driver.get(url);
    },
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    close: async () => {
      await driver.get('about:blank');
    },
  };
  return {
    name: 'webkit',
    version: `${String(capabilities.get('browserName'))}/${String(capabilities.get('browserVersion'))}`,
    newPage: async () => page,
    // WebKitWebDriver sometimes never answers the session's deletion: give it QUIT_TIMEOUT_MS, then
    // end the driver anyway, so a finished suite never waits for the runner's time limit.
    close: async () => {
      const quit = driver.quit().catch(() => undefined);
      await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref())]);
      webDriver.kill('SIGKILL');
    },
  };
}
