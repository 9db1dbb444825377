import assert from 'node:assert/strict';
import { after, before, test as nodeTest, type TestContext } from 'node:test';
import { createServer, type ViteDevServer } from 'vite';
import en from '@/locales/en';
import { STATE_LINKS } from '@/dev/state-link/state-links.generated';
import { BrowserDriver, newPageFor, type Engine } from '@support/browsers/driver';
import { launchEngine } from '@support/browsers/engines/launch';

/**
 * State links on the dev server (src/dev/state-link/), in one engine (`ENGINE`): tested here
 * once, not per state (tests/unit/dev/state-link/open-state-link.test.tsx plays every link in jsdom,
 * tests/playwright/checkout.spec.ts shows production ignores them). The dev server is Vite's own,
 * started in this process on a free port with a cache of its own per engine (the engines run at once).
 * - A held link shows a state that waits on the world: the checkout unavailable, with 'Try again'.
 * - A link without `&hold` goes on as the shop does: 'Order Confirmed!', then the shop after 3 s.
 * - An unknown state lists every valid one.
 * Run by scripts/test/test-engines.ts in the shop suite; by hand:
 * `ENGINE=firefox node --import tsx --test tests/engines/state-links.node-test.ts`.
 */

/** The longest a test may take, ms: a guard against a browser that stops answering, never a verdict. */
const TEST_TIMEOUT_MS = 120_000;
/** The dev server's first page transforms the app's modules one by one: a guard, never a verdict. */
const FIRST_LOAD_MS = 90_000;
const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
  nodeTest(name, { timeout: TEST_TIMEOUT_MS }, fn);

let engine: Engine;
let server: ViteDevServer;
let origin: string;

before(async () => {
  server = await createServer({
    logLevel: 'error',
    cacheDir: `node_modules/.vite-state-links-${String(process.env.ENGINE)}`,
    server: { host: '127.0.0.1', port: 0, hmr: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  assert.ok(address && typeof address === 'object', 'the dev server listens');
  origin = `http://127.0.0.1:${address.port}`;
  engine = await launchEngine(process.env.ENGINE);
});
after(async () => {
  await engine?.close();
  await server?.close();
});

/** A page of the engine at `path` on the dev server, closed after the test. */
async function open(t: TestContext, path: string): Promise<BrowserDriver> {
  const browser = new BrowserDriver(engine.name, await newPageFor(engine, { close: async () => {} }));
  t.after(() => browser.close());
  await browser.goto(`${origin}${path}`);
  return browser;
}

test('a held link shows a state that waits on the world: the checkout unavailable', async (t) => {
  const browser = await open(t, '/?state=storefront.cart.open.checkoutUnavailable&hold');
  await browser.waitForElement(
    { role: 'button', name: en.cart.tryAgain, within: { role: 'dialog' } },
    { timeoutMs: FIRST_LOAD_MS },
  );
  assert.equal(new URL(await browser.url()).search, '', "the link's parameters leave the address bar");
});

test('a link without &hold goes on as the shop does: Order Confirmed!, then the shop', async (t) => {
  const browser = await open(t, '/checkout?state=checkout.confirmed');
  await browser.waitForElement(
    { role: 'heading', name: en.checkout.confirmed.title },
    { timeoutMs: FIRST_LOAD_MS },
  );
  await browser.waitForElement({ role: 'heading', level: 1, name: /Pet Ball Pro/ });
  assert.equal(new URL(await browser.url()).pathname, '/');
});

test('an unknown state lists every valid one', async (t) => {
  const browser = await open(t, '/?state=storefront.cart.ajar');
  await browser.waitForElement({ role: 'alert', name: undefined }, { timeoutMs: FIRST_LOAD_MS });
  assert.match(await browser.text({ role: 'alert' }), /No state 'storefront\.cart\.ajar' to open/);
  assert.equal(
    await browser.count({ role: 'link', within: { role: 'alert' } }),
    Object.keys(STATE_LINKS).length,
  );
});
