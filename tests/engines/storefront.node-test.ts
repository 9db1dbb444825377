import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test as nodeTest, type TestContext } from 'node:test';
import en from '@/locales/en';
import { CHECKOUT_RETRY_DELAY_MS } from '@machines/storefront-machine';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS } from '@machines/checkout-machine';
import {
  APP_READY_ATTRIBUTE,
  APP_ENTRY_META,
  APP_SCRIPTS_META,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_POLICY,
} from '@/lib/shared-names';
import { assetOf, makeReleaseCopy } from '@support/playwright/releases';
import type { BrowserDriver, Engine } from '@support/browsers/driver';
import { launchEngine } from '@support/browsers/engines/launch';
import { kinds, type FaultServer } from '@support/servers/fault-server';
import { DIST_DIR, visit as visitWith } from '@support/browsers/visit';
import { FAULT_CART, cartLineAsShown, shopQueries, type ShopModel } from '@support/shop-page';

/**
 * The storefront in one engine (`ENGINE`: chromium, firefox or webkit) against the production build in
 * `DIST_DIR` (default dist), served by nginx with deploy/nginx.conf behind a fault layer (tests/support/servers/fault-server.ts):
 * the not-found page, what the shopper sees when the network or a deploy fails them (every fault test
 * keeps a cart of 2 Ocean Blue balls and checks it survives), offline, Trusted Types and the release
 * prompt held during an order. The purchase, retries, 'Try again' and the new release's prompt are
 * steps of the paths generated from the machines (model-paths.node-test.ts), run in every engine too. Real time, no fake
 * clocks: every wait polls. Run by scripts/test/test-engines.ts (`npm run test:engines`), one process per
 * engine; by hand: `ENGINE=firefox DIST_DIR=dist-engines node --import tsx --test tests/engines/storefront.node-test.ts`.
 */

/** The longest a test may take, ms: one whose browser stops answering fails on its own, named. */
const TEST_TIMEOUT_MS = 120_000;
/** A test of the suite, with {@link TEST_TIMEOUT_MS}. */
const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
  nodeTest(name, { timeout: TEST_TIMEOUT_MS }, fn);
let engine: Engine;

before(async () => {
  engine = await launchEngine(process.env.ENGINE);
});
after(async () => {
  await engine?.close();
});

/** {@link visitWith} in this file's engine. */
const visit = (t: TestContext, options?: { serviceWorker?: boolean }, allowedReport?: RegExp) =>
  visitWith(engine, t, options, allowedReport);

/** Reports a measurement in the test's output (`# …` in TAP, shown by the runner). */
function report(t: TestContext, text: string): void {
  t.diagnostic(`${engine.name}: ${text}`);
}

/** What the server answered to `kind`, e.g. `[503, 503, 200]`, for messages. */
const statuses = (server: FaultServer, kind = kinds.checkoutChunk) =>
  JSON.stringify(server.requests(kind).map((request) => `${request.status}${request.query}`));

/**
 * The scripts the server was asked for, grouped into waves (a request more than `gapMs` after the
 * previous one starts a new wave): `@0 index, early-taps; @3012 react, …`. On a slow network each wave
 * costs a round trip.
 */
function scriptWaves(server: FaultServer, gapMs: number): string {
  const waves: { at: number; names: string[] }[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const request of server.requests(kinds.scripts)) {
    const name = request.path.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
    if (request.at - previous > gapMs) waves.push({ at: request.at, names: [] });
    waves.at(-1)?.names.push(name);
    previous = request.at;
  }
  const first = waves[0]?.at ?? 0;
  return waves.map((wave) => `@${wave.at - first} ${wave.names.join(', ')}`).join('; ');
}

/** Times in a page, in ms on its own clock (since its navigation started); `null` until seen. */
interface PageTimings {
  /** The shopper's first trusted tap. */
  tap: number | null;
  /** When a busy (`aria-busy`) button reading `busyText` first showed. */
  busy: number | null;
  /** When the app announced it is interactive (`data-app-ready`). */
  ready: number | null;
  /** When a heading reading `confirmedTitle` first showed. */
  confirmed: number | null;
  /** When the page was back at '/' after that heading. */
  home: number | null;
}

/**
 * Starts recording {@link PageTimings} in the page, read back with {@link pageTimings}: the first
 * trusted tap from now on, the first busy button reading `busyText`, the first heading reading
 * `confirmedTitle` and the return to '/' after it (each if given), and the app's readiness. Measured
 * in the page, so a slow poll from the test never shortens an interval.
 */
async function recordPageTimings(
  browser: BrowserDriver,
  texts: { busyText?: string; confirmedTitle?: string } = {},
): Promise<void> {
  await browser.evaluate(
    ({ busyText, confirmedTitle, appReady }) => {
      const timing: PageTimings = { tap: null, busy: null, ready: null, confirmed: null, home: null };
      Object.assign(window, { __engineTiming: timing });
      addEventListener(
        'click',
        (event) => {
          if (event.isTrusted && timing.tap === null) timing.tap = event.timeStamp;
        },
        { capture: true },
      );
      const shows = (selector: string, text: string | undefined) =>
        text !== undefined &&
        Array.from(document.querySelectorAll(selector)).some((element) =>
          element.textContent?.includes(text),
        );
      // The document, not its root element: right after a navigation commits, Firefox may not have
      // parsed <html> yet.
      new MutationObserver(() => {
        const now = performance.now();
        if (timing.ready === null && document.documentElement?.hasAttribute(appReady)) timing.ready = now;
        if (timing.busy === null && shows('button[aria-busy="true"]', busyText)) timing.busy = now;
        if (timing.confirmed === null && shows('h1, h2', confirmedTitle)) timing.confirmed = now;
        if (timing.confirmed !== null && timing.home === null && location.pathname === '/') timing.home = now;
      }).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { ...texts, appReady: APP_READY_ATTRIBUTE },
  );
}

/** The {@link PageTimings} recorded since {@link recordPageTimings}, rounded to whole ms. */
function pageTimings(browser: BrowserDriver): Promise<PageTimings> {
  return browser.evaluate(() => {
    const timing = (window as unknown as { __engineTiming: PageTimings }).__engineTiming;
    const round = (value: number | null) => (value === null ? null : Math.round(value));
    return {
      tap: round(timing.tap),
      busy: round(timing.busy),
      ready: round(timing.ready),
      confirmed: round(timing.confirmed),
      home: round(timing.home),
    };
  });
}

/**
 * After 'Proceed to Checkout': waits until either the checkout opens or the cart shows an alert, and
 * says which (`'checkout'` or the alert's text).
 */
async function proceedOutcome(shop: ShopModel, timeoutMs: number): Promise<'checkout' | string> {
  return shop.browser.waitFor(
    async () => ((await shop.isAtCheckout()) ? 'checkout' : await shop.cartAlert()),
    { timeoutMs },
    'the checkout to open or the cart to say why not',
  );
}

/**
 * The fault tests' server: no service worker, so every request reaches the server, as on a first visit
 * before the worker is in control (once it is, its cache answers them: see the offline tests).
 */
const WITHOUT_WORKER = { serviceWorker: false } as const;

/**
 * For the update tests: a {@link visit} of the shop whose service worker controls the page and whose
 * cart holds {@link FAULT_CART}, and a copy of the build as the next release (`release.dir`, served only
 * once the test calls `server.serveRelease`).
 */
async function visitWithWorkerAndCart(t: TestContext, name: string) {
  const release = makeReleaseCopy(`engines-${name}-${engine.name}`);
  const visited = await visit(t);
  // After the server has closed (hooks run in order): a late request must still find the release.
  t.after(() => release.remove());
  await visited.shop.open();
  await visited.shop.waitForWorkerInControl();
  await visited.shop.fillCart();
  return { ...visited, release };
}

test('not found: an unknown path answers 404 and shows the not-found page @R2.3 @R2.29 @R8.1', async (t) => {
  const { server, browser, shop } = await visit(t);
  await browser.goto(server.url('/no-such-page'));
  assert.equal(await shop.seeNotFound(), en.notFound.text);
  assert.deepEqual(
    server.requests(kinds.path('/no-such-page')).map((request) => request.status),
    [404],
  );
});

test('fault a: a new release replaces the files mid-visit; Proceed reloads once into /checkout with the cart @R2.30', async (t) => {
  const release = makeReleaseCopy(`engines-${engine.name}`);
  t.after(() => release.remove());
  const { server, shop } = await visit(t, WITHOUT_WORKER);
  await shop.open();
  await shop.fillCart();
  server.serveRelease(release.dir);
  await shop.openCart();
  await shop.proceed();

  await shop.seeCheckoutWith();
  const checkoutLoads = () => server.requests(kinds.path('/checkout')).length;
  assert.equal(checkoutLoads(), 1, 'exactly one reload into /checkout');
  await shop.backToShop();
  await shop.openCart();
  assert.equal(await shop.cartLine(), cartLineAsShown());
  assert.equal(checkoutLoads(), 1, 'no further reload');
});

test('fault b: a new release that lacks the checkout code too; one reload into /checkout, then the shop at / with the cart open says the checkout is unavailable, and reloads no more', async (t) => {
  // As with a half-finished upload or a CDN still rolling out: the reload into the release cannot help.
  const release = makeReleaseCopy(`engines-broken-${engine.name}`);
  t.after(() => release.remove());
  rmSync(join(release.dir, assetOf(release.dir, 'checkout-page')));
  const { server, browser, shop } = await visit(t, WITHOUT_WORKER);
  await shop.open();
  await shop.fillCart();
  server.serveRelease(release.dir);
  await shop.openCart();
  await shop.proceed();

  const alert = await browser.waitFor(
    async () => new URL(await browser.url()).pathname === '/' && (await shop.cartAlert()),
    { timeoutMs: 4 * CHECKOUT_RETRY_DELAY_MS + 10_000 },
    "the shop at '/' saying why the checkout did not open",
  );
  assert.equal(alert, en.cart.checkoutFailure.unavailable);
  assert.equal(await shop.cartLine(), cartLineAsShown());
  const checkoutLoads = () => server.requests(kinds.path('/checkout')).length;
  assert.equal(checkoutLoads(), 1, 'one reload into /checkout');
  await new Promise((elapsed) => setTimeout(elapsed, CHECKOUT_RETRY_DELAY_MS));
  assert.equal(checkoutLoads(), 1, 'no further reload');
  assert.equal(await shop.cartAlert(), en.cart.checkoutFailure.unavailable);
});

test("fault c: the checkout code's download breaks off halfway, every time; the cart says the checkout is unavailable and keeps the cart, and Try again opens the checkout once the server answers @R2.24 @R8.5", async (t) => {
  const { server, shop } = await visit(t, WITHOUT_WORKER);
  await shop.open();
  await shop.fillCart();
  server.failNext(kinds.checkoutChunk, Number.POSITIVE_INFINITY, 'broken off');
  await shop.openCart();
  await shop.proceed();

  const outcome = await proceedOutcome(shop, 4 * CHECKOUT_RETRY_DELAY_MS + 10_000);
  assert.equal(outcome, en.cart.checkoutFailure.unavailable, `answers: ${statuses(server)}`);
  assert.ok(
    server.requests(kinds.checkoutChunk).every((request) => request.status === 'broken off'),
    `every download broke off: ${statuses(server)}`,
  );
  assert.equal(await shop.cartLine(), cartLineAsShown());

  server.reset();
  await shop.tryAgain();
  await shop.seeCheckoutWith();
  await shop.backToShop();
  await shop.openCart();
  assert.equal(await shop.cartLine(), cartLineAsShown());
});

test('fault d: a failed prefetch does not poison Proceed; the checkout opens with no alert', async (t) => {
  const { server, browser, shop } = await visit(t, WITHOUT_WORKER);
  await shop.open();
  await shop.fillCart();
  server.failNext(kinds.checkoutChunk, 1);
  await shop.recordAlerts();
  await shop.openCart();
  await browser.waitFor(
    async () => server.requests(kinds.checkoutChunk).some((request) => request.status === 503),
    { timeoutMs: 5_000 },
    'the prefetch of the checkout code to fail',
  );
  await shop.proceed();

  const outcome = await proceedOutcome(shop, 4 * CHECKOUT_RETRY_DELAY_MS + 6_000);
  report(t, `outcome: ${outcome}; checkout chunk answers ${statuses(server)}`);
  assert.equal(
    outcome,
    'checkout',
    `the checkout opens (answers to the checkout chunk: ${statuses(server)})`,
  );
  assert.deepEqual(await shop.alertsSeen(), [], 'no alert was shown');
  await shop.seeCheckoutWith();
});

test('fault e: every script slow once the page is interactive; Proceed is busy while the checkout code is on its way, and the checkout opens when it arrives', async (t) => {
  const { server, browser, shop } = await visit(t, WITHOUT_WORKER);
  await shop.open();
  await shop.fillCart();
  // Held until the test has seen what the shopper sees meanwhile: however slow the machine, the busy
  // state must show before the code arrives.
  let release = () => {};
  server.hold(kinds.scripts, new Promise<void>((released) => (release = released)));
  t.after(release);
  await shop.openCart();
  await recordPageTimings(browser, { busyText: en.cart.openingCheckout });
  await shop.proceed();

  const busy = await browser.waitFor(() => shop.busyProceed(), { intervalMs: 20 }, "'Opening checkout...'");
  assert.equal(busy.ariaBusy, 'true', 'Proceed is aria-busy');
  // The button turns busy in the tap's own frame; the download's request may reach the server a moment
  // later (seen in Firefox). Once there it is held until `release`, so the code cannot have arrived.
  await browser.waitFor(
    async () => server.requests(kinds.checkoutChunk).some((request) => request.status === null),
    { intervalMs: 20 },
    'the checkout code held at the server',
  );
  assert.notEqual(await shop.busyProceed(), null, 'still busy while the checkout code is held');
  assert.equal(await shop.isAtCheckout(), false, 'still on the cart while the code is held');
  const { tap, busy: busyAt } = await pageTimings(browser);
  release();
  await shop.seeCheckoutWith(FAULT_CART.colourId, FAULT_CART.quantity, { timeoutMs: 15_000 });
  report(
    t,
    `busy ${tap === null || busyAt === null ? '?' : Math.round(busyAt - tap)} ms after the press (page clock)`,
  );
});

test('fault f: a slow network from the start (every script held until the page has asked for all it needs); the page asks for them all in one round trip, and a tap on the prerendered Add to Cart counts once the app is interactive', async (t) => {
  const { server, browser, shop } = await visit(t, WITHOUT_WORKER);
  // The scripts the landing page needs before it is interactive: its entry and the app's scripts it
  // preloads (the <meta name="app-entry"> and <meta name="app-scripts"> the prerender writes).
  const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
  const needed = [
    new RegExp(`<meta name="${APP_ENTRY_META}" content="([^"]+)"`).exec(html)?.[1],
    ...(new RegExp(`<meta name="${APP_SCRIPTS_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ') ?? []),
  ];
  assert.ok(
    needed.length > 1 && needed.every(Boolean),
    `index.html names the scripts it needs: ${needed.join(', ')}`,
  );
  // Held until every one was asked for: one round trip is asking for all of them while none is
  // answered, however fast or slow the page is.
  let release = () => {};
  server.hold(kinds.scripts, new Promise<void>((released) => (release = released)));
  t.after(release);
  const started = Date.now();
  await browser.goto(server.url('/'), { until: 'commit', timeoutMs: 15_000 });
  await recordPageTimings(browser);
  const addToCart = shopQueries.addToCart(1);
  await browser.waitForElement(addToCart, { timeoutMs: 15_000, intervalMs: 10 });
  await shop.addToCart(1);
  const asked = (path: string | undefined) =>
    server.requests(kinds.scripts).some((request) => request.path === path);
  await browser.waitFor(
    async () => needed.every(asked),
    { timeoutMs: 15_000 },
    `every script the app needs asked for while none is answered: one round trip (${needed.join(', ')})`,
  );
  const heldFor = Date.now() - started;
  assert.equal(await shop.isInteractive(), false, 'the tap came before the app was interactive');
  release();
  await shop.waitUntilInteractive();

  const { tap, ready } = await pageTimings(browser);
  report(
    t,
    `window: tap ${tap} ms → app ready ${ready} ms (every script held ${heldFor} ms after the request)`,
  );
  report(t, `script requests in waves (arrival, ms): ${scriptWaves(server, 250)}`);
  await shop.seeCartCount(1).catch(async (error: unknown) => {
    throw new Error(`Once interactive, the cart button reads "${await shop.cartButtonName()}", not 1 item`, {
      cause: error,
    });
  });
  await shop.openCart(1);
  assert.equal(await shop.cartLine(), cartLineAsShown('hot-pink', 1));
});

test('offline: after one visit, with the server stopped, the whole purchase works; /checkout opened directly shows the checkout @R2.30', async (t) => {
  const { server, browser, shop } = await visit(t);
  await shop.open();
  await shop.waitForWorkerInControl();
  await server.stop();
  const seen = server.requests().length;

  await shop.open();
  await shop.fillCart();
  await shop.openCart();
  assert.equal(await shop.cartLine(), cartLineAsShown());
  await shop.proceed();
  await shop.seeCheckoutWith();
  await shop.fillCheckoutForm();
  // The order's 3 s and 3 s on a fake clock: each screen is seen however slow the machine is.
  await browser.installClock(Date.now());
  await shop.submitOrder({ ...FAULT_CART, method: 'standard' });
  await shop.seeProcessing();
  await browser.tickClock(PROCESSING_DELAY_MS);
  const orderNumber = await shop.seeOrderConfirmed();
  assert.match(orderNumber, /^PB-\d{6}$/);
  await browser.tickClock(REDIRECT_DELAY_MS);
  await browser.waitFor(
    async () => new URL(await browser.url()).pathname === '/' && (await shop.isInteractive()),
    {},
    "the shop at '/' after the confirmation",
  );
  await browser.uninstallClock();
  await shop.seeCartCount(0).catch(async (error: unknown) => {
    throw new Error(`After the order the cart button reads "${await shop.cartButtonName()}"`, {
      cause: error,
    });
  });

  await shop.open('/checkout');
  await shop.seeCheckoutWith('hot-pink', 1);
  await browser.goto(server.url('/no-such-page'));
  assert.equal(
    await shop.seeNotFound(),
    en.notFound.text,
    'offline, an unknown path shows the cached not-found page',
  );
  assert.equal(server.requests().length, seen, 'nothing reached the stopped server');
  report(t, `order ${orderNumber} placed with the server stopped`);
});

test("update held: a release deployed during 'Processing...' is never offered there or on 'Order Confirmed!'; offered back at the shop @R2.30 @R4.10", async (t) => {
  const { server, browser, shop, release } = await visitWithWorkerAndCart(t, 'held');
  await shop.openCart();
  await shop.proceed();
  await shop.seeCheckoutWith();
  await shop.fillCheckoutForm();

  // The page notes whether the prompt ever shows beside 'Processing...' or 'Order Confirmed!'.
  await browser.evaluate(
    ({ ready, processing, confirmed }) => {
      const record = { shownWhileBusy: false };
      Object.assign(window, { __releasePrompt: record });
      new MutationObserver(() => {
        const text = document.body.textContent ?? '';
        if (text.includes(ready) && (text.includes(processing) || text.includes(confirmed)))
          record.shownWhileBusy = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { ready: en.release.ready, processing: en.checkout.processing, confirmed: en.checkout.confirmed.title },
  );
  // The order's 3 s and 3 s run on a fake clock from here, so the release arrives during 'Processing...'
  // however long its worker takes to install.
  await browser.installClock(Date.now());
  await shop.submitOrder({ ...FAULT_CART, method: 'standard' });
  await shop.seeProcessing();
  server.serveRelease(release.dir);
  await shop.returnToTab();
  await shop.waitForReleaseInstalled({ timeoutMs: 30_000 });
  // workbox-window announces the waiting worker 200 ms after it installed, on the page's clock.
  await browser.tickClock(250);
  await shop.seeProcessing();
  assert.equal(await shop.isReleaseOffered(), false, "no prompt beside 'Processing...'");
  await browser.tickClock(PROCESSING_DELAY_MS);
  await shop.seeOrderConfirmed();
  assert.equal(await shop.isReleaseOffered(), false, "no prompt on 'Order Confirmed!'");
  await browser.tickClock(REDIRECT_DELAY_MS);
  await browser.waitFor(() => shop.isReleaseOffered(), {}, 'the release offered back at the shop');
  assert.equal(new URL(await browser.url()).pathname, '/', 'offered back at the shop');
  await browser.uninstallClock();
  const { shownWhileBusy } = await browser.evaluate(
    () => (window as unknown as { __releasePrompt: { shownWhileBusy: boolean } }).__releasePrompt,
  );
  assert.equal(shownWhileBusy, false, "the prompt never showed beside 'Processing...' or 'Order Confirmed!'");
});

test('trusted types enforced: the worker registers through its one named policy, a plain URL is refused, and the shop opens offline', async (t) => {
  // The production policy enforces Trusted Types and names the worker's policy: the one violation is
  // the plain string this test passes on purpose (Chromium reports it; Firefox and WebKit do not).
  const { server, browser, shop } = await visit(t, {}, /require-trusted-types-for/);
  const policy = (await fetch(server.url('/'))).headers.get('content-security-policy') ?? '';
  assert.match(policy, /require-trusted-types-for 'script'/);
  assert.match(policy, new RegExp(`trusted-types [^;]*\\b${SERVICE_WORKER_POLICY}\\b`));
  await shop.open();
  await shop.waitForWorkerInControl();
  const plain = await browser.evaluate(
    (url) =>
      'trustedTypes' in window
        ? navigator.serviceWorker.register(url).then(
            () => 'accepted',
            (error: unknown) => (error instanceof Error ? error.name : String(error)),
          )
        : 'no Trusted Types in this engine',
    `/${SERVICE_WORKER_FILE}`,
  );
  report(t, `register('/${SERVICE_WORKER_FILE}') as a plain string: ${plain}`);
  if (plain !== 'no Trusted Types in this engine')
    assert.equal(plain, 'TypeError', 'a plain string is refused');
  await server.stop();
  await shop.open();
  await shop.fillCart();
});
