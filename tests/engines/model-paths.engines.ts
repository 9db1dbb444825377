/**
 * The paths generated from the storefront and checkout machines (tests/model/*-model.ts) that together
 * reach every state, transition, guard outcome and sample event (`covering`; with `MODEL_PATHS=all`,
 * every generated path: the rest add snapshots, such as other quantities, not states or transitions),
 * in one engine (`ENGINE`: chromium, firefox or webkit), against the production build in `DIST_DIR` behind
 * nginx (tests/browser/server.ts), or against the deployment at `BASE_URL` through the same fault
 * layer. Each model event is a shopper's step; after each, the whole screen is read in one round trip
 * by the page object (landingScreen, orderScreen, checkoutScreen) and compared with the snapshot's
 * view (storefrontView, checkoutView). The app's timers run on a fake clock installed in the page
 * once the app is interactive, moved only by the paths' delay events. The checkout code's download is
 * held by the server until the path ends it: done, 503 (unavailable), the connection dropped
 * (offline) or a new release deployed (outdated). Prints the engine's coverage (`firefox storefront:
 * states 21/21, transitions 30/30`) and fails below 100%.
 * Run by scripts/test-engines.mjs --suite paths (`npm run test:model:browser`).
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { after, before, test, type TestContext } from 'node:test';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { COLOURS, type ColourId } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { serveWithNginx, type NginxServer } from '../../scripts/nginx';
import { kinds, startServer, type FaultServer } from '../browser/server';
import { makeReleaseCopy } from '../e2e/releases';
import {
  FIELD_LABELS,
  FORM_FILL,
  checkout,
  checkoutView,
  type CheckoutModelEvent,
} from '../model/checkout-model';
import { pathEvents, pathName, runModelPath, type PathDriver } from '../model/derive-test-model';
import { coverageReport, coverageTitle, type ModelSuite } from '../model/model-suite';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  storefront,
  storefrontView,
  type StorefrontModelEvent,
} from '../model/storefront-model';
import { en, shopText, startsWith } from '../shop-texts';
import { BrowserDriver, type Engine } from './driver';
import { launchEngine } from './engines/launch';
import { ShopModel, type CheckoutScreen, type LandingScreen } from './shop.model';
import { SERVICE_WORKER_FILE } from '@/lib/shared-names';

const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');
const BASE_URL = process.env.BASE_URL;
/** `MODEL_PATHS=all` runs every generated path; by default the covering ones (model-suite.ts). */
const runs = (suite: ModelSuite) => {
  const run = new Set(process.env.MODEL_PATHS === 'all' ? suite.paths : suite.covering);
  return [...suite.paths.entries()].filter(([, path]) => run.has(path));
};
/** The longest a path may take, ms: one whose browser stops answering fails on its own, named. */
const PATH_TIMEOUT_MS = 120_000;
/** The moment the page's fake clock starts at (ms since the epoch), as in the Playwright suites. */
const CLOCK_START = Date.parse('2026-11-28T10:01:00.000Z');
/**
 * How far the page's clock moves once a new worker is installed for workbox-window to announce it
 * waiting (it waits 200 ms), in ms.
 */
const RELEASE_ANNOUNCE_MS = 250;

let engine: Engine;
let nextRelease: ReturnType<typeof makeReleaseCopy> | undefined;
const covered = new Map<string, Set<string>>([storefront, checkout].map((suite) => [suite.name, new Set()]));
/** Per suite, what the paths that started can reach (a name pattern or BASE_URL runs fewer). */
const reachable = new Map<string, Set<string>>(
  [storefront, checkout].map((suite) => [suite.name, new Set()]),
);
/** How many paths were declared and how many started. */
const counts = { declared: 0, started: 0 };

before(async () => {
  engine = await launchEngine(process.env.ENGINE);
});
after(async () => {
  await engine?.close();
  nextRelease?.remove();
  await (await shared)?.stop();
  let complete = true;
  for (const suite of [storefront, checkout]) {
    const seen = covered.get(suite.name)!;
    const report = coverageReport(
      suite,
      seen,
      suite.exclusions,
      coverageTitle(where(), suite, runs(suite).length),
    );
    const missing = [...reachable.get(suite.name)!].filter((item) => !seen.has(item));
    console.log(`${report.table}\n${coverageLine(suite, seen)}`);
    // Every path ran: 100% or fail. Fewer (BASE_URL, --test-name-pattern): what they reach, or fail.
    complete &&= counts.started === counts.declared && !BASE_URL ? report.complete : missing.length === 0;
  }
  if (counts.started < counts.declared) console.log(`${counts.started} of ${counts.declared} paths ran`);
  if (!complete) process.exitCode = 1;
});

const where = () => `${engine.name}${BASE_URL ? ` at ${BASE_URL}` : ''}`;

/** `firefox storefront: states 21/21, transitions 30/30` (exclusions left out of both counts). */
function coverageLine(suite: ModelSuite, seen: ReadonlySet<string>): string {
  const counted = suite.catalogue.filter((item) => !(item in suite.exclusions));
  const tally = (states: boolean) => {
    const items = counted.filter((item) => item.startsWith('state ') === states);
    return `${items.filter((item) => seen.has(item)).length}/${items.length}`;
  };
  return `${where()} ${suite.name}: states ${tally(true)}, transitions ${tally(false)}`;
}

/** The next release of the local build, made once (scripts/make-next-release.ts). */
const nextReleaseDir = () => (nextRelease ??= makeReleaseCopy(`paths-${engine.name}`)).dir;

let shared: Promise<NginxServer> | undefined;
/** One nginx for the paths that deploy nothing and need no worker (started once, stopped in `after`). */
const sharedNginx = () =>
  (shared ??= serveWithNginx(DIST_DIR, {
    without: [SERVICE_WORKER_FILE, `${SERVICE_WORKER_FILE}.br`, `${SERVICE_WORKER_FILE}.gz`],
  }));

/**
 * A page with a fault layer of its own, so its own origin: no cache, storage or faults shared between
 * paths. In front of `BASE_URL`; of a shared nginx; or, for a path with the worker or one that deploys
 * a release, of an nginx with a copy of the build of its own.
 */
async function openPage(withWorker: boolean, deploying: boolean) {
  const server = await startServer(
    BASE_URL
      ? { upstream: BASE_URL }
      : withWorker || deploying
        ? { root: DIST_DIR, serviceWorker: withWorker }
        : { upstream: (await sharedNginx()).baseURL },
  );
  const browser = new BrowserDriver(engine.name, await engine.newPage());
  const shop = new ShopModel(browser, server.origin);
  const close = async () => {
    // The page leaves with its own timers back (a new document has none to give back).
    await browser.uninstallClock().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await server.close();
  };
  return { server, browser, shop, close, withWorker };
}

/**
 * Opens '/' and starts the page's fake clock once the app is interactive; with `worker`, once the
 * shop's service worker controls the page too, so that its first install runs on real time.
 */
async function openShop(shop: ShopModel, { worker = false } = {}) {
  await shop.open('/');
  if (worker) await shop.waitForWorkerInControl();
  await shop.browser.installClock(CLOCK_START);
}

/**
 * Waits until `read()` equals `expected`, polling; on timeout, fails with both as a diff.
 */
async function expectScreen<T>(browser: BrowserDriver, read: () => Promise<T>, expected: T, what: string) {
  let actual: T | undefined;
  try {
    await browser.waitFor(
      async () => {
        actual = await read();
        return isDeepStrictEqual(actual, expected);
      },
      { timeoutMs: 10_000, intervalMs: 20 },
      what,
    );
  } catch (error) {
    assert.deepEqual(actual, expected, `${what} in ${browser.engine}`);
    throw error;
  }
}

// ── The checkout code's download, under the path's control ─────────────────────────────────────

/**
 * Holds every request for the checkout chunk (the preload as the cart opens, 'Proceed to Checkout', a
 * retry `…?attempt=N`) until the path ends it with {@link end}. Once the code has loaded, requests pass.
 */
class DownloadGate {
  loaded = false;
  private offline = false;
  private release = () => {};

  /** `holding: false` for a page with the worker: its install downloads the checkout chunk too. */
  constructor(
    private readonly server: FaultServer,
    private readonly shop: ShopModel,
    holding: boolean,
  ) {
    if (holding) this.hold();
    else this.loaded = true;
  }

  private hold() {
    this.server.hold(kinds.checkoutChunk, new Promise<void>((released) => (this.release = released)));
  }

  /** Ends the waiting download: done, or failed for `failure`'s reason. */
  async end(failure?: CheckoutLoadFailure): Promise<void> {
    if (this.loaded) {
      if (failure) throw new Error(`The checkout's code is already loaded: it cannot fail as ${failure}.`);
      return;
    }
    await this.shop.browser.waitFor(
      async () => this.server.requests(kinds.checkoutChunk).some((request) => request.status === null),
      { timeoutMs: 15_000 },
      'a download of the checkout chunk to wait',
    );
    const held = this.server
      .requests(kinds.checkoutChunk)
      .filter((request) => request.status === null).length;
    const release = this.release;
    const timers = await this.shop.browser.pendingTimers();
    this.server.reset();
    if (failure === undefined || failure === 'outdated') this.loaded = failure === undefined;
    else this.hold();
    if (failure === 'offline') {
      this.offline = true;
      this.server.dropConnections();
    } else if (failure === 'unavailable') this.server.failNext(kinds.checkoutChunk, held);
    else if (failure === 'outdated') this.server.serveRelease(nextReleaseDir());
    release();
    if (failure === 'unavailable')
      // The page finds out why (it asks for the release file), then the cart either waits to retry (one
      // more timer on the page's clock) or says so: the path's next step may move the clock, and the retry
      // timer must exist by then.
      await this.shop.browser.waitFor(
        async () =>
          (await this.shop.browser.pendingTimers()) > timers || (await this.shop.cartAlert()) !== null,
        { timeoutMs: 15_000, intervalMs: 20 },
        'the cart to wait to retry or say why not',
      );
  }

  /** The shopper's network is back after an `offline` failure. */
  backOnline(): void {
    if (!this.offline) return;
    this.offline = false;
    this.server.restoreConnections();
  }
}

// ── Storefront ───────────────────────────────────────────────────────────────────────────────────

/** What {@link ShopModel.landingScreen} should read in `snapshot`. */
function expectedLanding(snapshot: StorefrontSnapshot): LandingScreen {
  const view = storefrontView(snapshot);
  const line = view.cart?.kind === 'line' ? view.cart : null;
  const proceed = line?.proceed;
  return {
    path: '/',
    colour: view.colourName,
    hero: { name: view.heroAlt, src: view.heroImage },
    showcase: [{ colour: view.colourName, selected: true }],
    quantity: view.quantity,
    decreaseDisabled: view.decreaseDisabled,
    addToCart: [view.addToCart],
    cartButton: { name: view.cartButton, badge: view.badge },
    release: view.release === 'waiting' ? 'waiting' : 'none',
    toast: view.toast !== null,
    cart: !view.cart
      ? null
      : view.cart.kind === 'empty'
        ? { kind: 'empty', startShopping: true }
        : {
            kind: 'line',
            // One line (spec §4): the product's name, colour, quantity and line total; then the cart's total.
            lines: [`${en.brand.name} ${view.cart.colour} ${view.cart.quantity} ${view.cart.total}`],
            total: `${en.cart.total} ${view.cart.total}`,
            proceed:
              proceed === 'opening'
                ? { name: en.cart.openingCheckout, busy: 'true', disabled: 'true' }
                : {
                    name: proceed === 'ready' ? en.cart.proceed : en.cart.tryAgain,
                    busy: 'false',
                    disabled: 'false',
                  },
            status: proceed === 'opening' ? en.cart.openingCheckout : '',
            alert:
              proceed === 'offline' || proceed === 'unavailable' ? en.cart.checkoutFailure[proceed] : null,
          },
  };
}

/**
 * Checks the screen shows `snapshot`: the landing page; /checkout with the cart once the storefront
 * has left for it; or, while an order is underway, 'Processing...' or 'Order Confirmed!' at /checkout
 * with no new release offered.
 */
async function assertStorefront(shop: ShopModel, snapshot: StorefrontSnapshot, gate: DownloadGate) {
  const view = storefrontView(snapshot);
  if (view.order !== 'none')
    return expectScreen(
      shop.browser,
      () => shop.orderScreen(),
      { path: '/checkout', order: view.order, releaseOffered: false },
      'the order underway at /checkout',
    );
  const { colourId, cartCount } = snapshot.context;
  const proceed = view.cart?.kind === 'line' ? view.cart.proceed : 'ready';
  if (proceed === 'reloading' || proceed === 'leaving' || (proceed === 'opening' && gate.loaded))
    return seeCheckoutWith(shop, colourId, cartCount);
  await expectScreen(
    shop.browser,
    () => shop.landingScreen(),
    expectedLanding(snapshot),
    'the landing page to show the snapshot',
  );
}

/** /checkout shows `count` balls of `colourId` in its Order Summary, the app interactive. */
async function seeCheckoutWith(shop: ShopModel, colourId: ColourId, count: number) {
  await shop.browser.waitFor(
    async () => (await shop.isAtCheckout()) && shop.isInteractive(),
    { timeoutMs: 15_000 },
    '/checkout, interactive',
  );
  await shop.seeCheckoutWith(colourId, count);
}

async function storefrontDriver(
  page: Awaited<ReturnType<typeof openPage>>,
): Promise<PathDriver<StorefrontSnapshot, StorefrontModelEvent>> {
  const { shop, browser, server } = page;
  await openShop(shop, { worker: page.withWorker });
  // A path with the worker (a new release) downloads nothing the path ends: the new worker's install
  // downloads the next release's checkout chunk, which must not be held.
  const gate = new DownloadGate(server, shop, !page.withWorker);
  return {
    advanceClock: async (ms) => void (await browser.tickClock(ms)),
    assertState: (snapshot) => assertStorefront(shop, snapshot, gate),
    perform: async (event, snapshot) => {
      const { cartCount, quantity } = snapshot.context;
      switch (event.type) {
        case 'colour.select':
          if (!COLOURS.some((colour) => colour.id === event.colourId)) {
            // An unknown colour: the shopper finds only the catalog's colours to choose from.
            return assert.deepEqual(
              await shop.colourChoices(),
              COLOURS.map((colour) => colour.id),
            );
          }
          return shop.chooseColour(
            event.colourId,
            event.colourId === 'sunset-orange' ? 'showcase' : 'swatch',
          );
        case 'quantity.increment':
          return shop.increaseQuantity();
        case 'quantity.decrement':
          // At 1 it is aria-disabled but still pressable: the machine's guard refuses it.
          return shop.decreaseQuantity();
        case 'cart.add':
          return shop.addToCart(quantity);
        case 'cart.open':
          return cartCount > 0 ? shop.openCart(cartCount) : shop.buyNow();
        case 'cart.close':
          gate.backOnline();
          return shop.closeCart(cartCount);
        case 'checkout.proceed':
          // With an empty cart there is no button to proceed with.
          if (cartCount === 0) return assert.equal(await shop.proceedButtons(), 0);
          return shop.proceed();
        case 'checkout.retry':
          gate.backOnline();
          return shop.tryAgain();
        case CHECKOUT_LOAD_FAILED:
          return gate.end(checkoutLoadFailureIn(event) ?? undefined);
        case CHECKOUT_LOADED:
          return gate.end();
        case 'checkout.opened':
          // The checkout page sent it as it showed: the cart arrived as it was, and 'Back to Shop' keeps it.
          await seeCheckoutWith(shop, snapshot.context.colourId, cartCount);
          return shop.backToShop();
        case 'release.waiting':
          // The first visit's worker controls the page (openShop); the next release is deployed and the
          // tab becomes visible again, which checks for an update: the new worker installs and waits.
          server.serveRelease(nextReleaseDir());
          await shop.returnToTab();
          if (snapshot.matches({ order: 'underway' })) {
            // At /checkout the release is held back: nothing shows. The checkout's own timers run on
            // the page's clock, so it moves only once the new worker is installed (the task that says
            // so also starts workbox-window's 200 ms wait before it announces the waiting worker).
            await shop.waitForReleaseInstalled();
            return void (await browser.tickClock(RELEASE_ANNOUNCE_MS));
          }
          // The page's clock runs while the new worker installs: workbox-window announces a waiting
          // worker 200 ms after it installed, on the page's timers. No timer of the machine runs then
          // (a release arrives, in the model, with no toast and the cart closed).
          return void (await browser.waitFor(
            async () => {
              await browser.tickClock(50);
              return shop.isReleaseOffered();
            },
            { timeoutMs: 60_000, intervalMs: 20 },
            'the new release to wait',
          ));
        case 'release.reload': {
          const before = await shop.runningRelease();
          await shop.reloadIntoRelease();
          await browser
            .waitFor(
              async () => ![null, before].includes(await shop.runningRelease()),
              { timeoutMs: 60_000 },
              'the page to reload into the new release',
            )
            .catch(async (error: unknown) => {
              // What the workers were doing: a reload into the old release, or no hand-over at all.
              const workers = await browser.evaluate(async (promptText) => {
                const registration = await navigator.serviceWorker.getRegistration('/');
                return JSON.stringify({
                  controller: navigator.serviceWorker.controller?.state ?? null,
                  installing: registration?.installing?.state ?? null,
                  waiting: registration?.waiting?.state ?? null,
                  active: registration?.active?.state ?? null,
                  navigations: performance
                    .getEntriesByType('navigation')
                    .map((entry) => (entry as PerformanceNavigationTiming).type),
                  script: document.querySelector('script[type="module"][src]')?.getAttribute('src'),
                  prompt: document.body.textContent?.includes(promptText) ?? false,
                });
              }, en.release.ready);
              throw new Error(`${String(error)}; before ${before}; workers ${workers}`, { cause: error });
            });
          return shop.waitUntilInteractive();
        }
        case 'order.submitted':
          // Proceed, fill, submit: 'Processing...'.
          await shop.openCart(cartCount);
          await shop.proceed();
          await gate.end();
          await seeCheckoutWith(shop, snapshot.context.colourId, cartCount);
          await shop.fillCheckoutForm(FORM_FILL);
          await shop.submitOrder();
          return shop.seeProcessing();
        case 'order.placed':
          await browser.tickClock(PROCESSING_DELAY_MS);
          return void (await shop.seeOrderConfirmed());
        case 'checkout.left':
          // Confirmed: the redirect 3 s later; still processing: 'Back to Shop' (which cancels the order).
          if (cartCount === 0) await browser.tickClock(REDIRECT_DELAY_MS);
          else await shop.backToShop();
          return void (await browser.waitFor(
            async () => new URL(await browser.url()).pathname === '/' && shop.isInteractive(),
            {},
            "the shop at '/'",
          ));
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────

/** The labels of the fields the checkout machine holds, in its order. */
const FIELD_LABEL_LIST = CHECKOUT_FIELD_NAMES.map((name) => FIELD_LABELS[name]);

/** What {@link ShopModel.checkoutScreen} should read in `snapshot`; `submittedAt` is the clock's time at submit. */
function expectedCheckout(snapshot: CheckoutSnapshot, submittedAt: number | null): CheckoutScreen {
  const view = checkoutView(snapshot);
  if (view.page === 'home') return { page: 'home', addToCart: true };
  if (view.page === 'confirmed')
    return {
      page: 'confirmed',
      focused: true,
      orderNumber: shopText.orderNumber(orderNumberFromTimestamp(submittedAt! + PROCESSING_DELAY_MS)),
    };
  return {
    page: 'checkout',
    shippingMethod: view.shippingMethod,
    totals: view.totals,
    submit: { name: view.processing ? en.checkout.processing : view.submit, disabled: view.processing },
    fields: view.fields,
  };
}

async function checkoutDriver(
  page: Awaited<ReturnType<typeof openPage>>,
): Promise<PathDriver<CheckoutSnapshot, CheckoutModelEvent>> {
  const { shop, browser } = page;
  await openShop(shop);
  await shop.chooseColour('ocean-blue');
  await shop.addToCart(1);
  await shop.openCart(1);
  await shop.proceed();
  await seeCheckoutWith(shop, 'ocean-blue', 1);
  let submittedAt: number | null = null;
  return {
    advanceClock: async (ms) => void (await browser.tickClock(ms)),
    assertState: (snapshot) =>
      expectScreen(
        browser,
        () => shop.checkoutScreen(FIELD_LABEL_LIST),
        expectedCheckout(snapshot, submittedAt),
        'the checkout to show the snapshot',
      ),
    perform: async (event) => {
      switch (event.type) {
        case 'shippingMethod.select': {
          if (SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId))
            return shop.chooseShipping(event.shippingMethodId);
          // An unknown method: the shopper finds only the three methods to choose from.
          const names = await shop.shippingMethodChoices();
          assert.equal(names.length, SHIPPING_METHODS.length, 'the checkout offers the three methods');
          SHIPPING_METHODS.forEach((method, index) =>
            assert.match(names[index]!, startsWith(en.checkout.shippingMethod.methods[method.id].name)),
          );
          return;
        }
        case 'field.change':
          if (event.name in FIELD_LABELS)
            return shop.fillCheckoutForm([[FIELD_LABELS[event.name], event.value]]);
          // A field the shopper cannot edit: the country shows as text, with no input to type into.
          return assert.equal(await shop.countryShown(), 'as text');
        case 'form.fill':
          return shop.fillCheckoutForm(FORM_FILL);
        case 'order.submit':
          submittedAt = await browser.tickClock(0);
          return shop.submitOrder();
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

// ── The paths ────────────────────────────────────────────────────────────────────────────────────

/**
 * Prints, when the path `t` runs does not finish (it failed or ran out of time), the step it was at,
 * the engine command still unanswered (a browser that stopped answering, or a page that never showed
 * what the path waited for) and the requests `server` had not answered (a page still loading).
 */
function unfinished(t: TestContext, { browser, server }: { browser: BrowserDriver; server: FaultServer }) {
  let at = 'opening the shop';
  let finished = false;
  t.after(() => {
    if (finished) return;
    const inFlight = server.requests().filter((request) => request.status === null);
    console.log(
      `${engine.name} ${t.name}: unfinished at ${at}; ${browser.unansweredCommand() ?? 'no engine command unanswered'}; ${
        inFlight.length
          ? `requests unanswered: ${inFlight.map((request) => request.path).join(', ')}`
          : 'no request unanswered'
      }`,
    );
  });
  return { step: (step: string) => void (at = step), done: () => void (finished = true) };
}

/** Paths that deploy a release (a new release mid-visit, or the checkout's code gone with the old one). */
const deploys = (path: (typeof storefront.paths)[number]) =>
  pathEvents(path).some(
    (event) => event.type === 'release.waiting' || checkoutLoadFailureIn(event) === 'outdated',
  );

for (const [index, path] of runs(storefront)) {
  // A test can deploy nothing to another server: those paths need the local build.
  if (BASE_URL && deploys(path)) continue;
  counts.declared += 1;
  test(`storefront path ${index + 1}: ${pathName(path)}`, { timeout: PATH_TIMEOUT_MS }, async (t) => {
    counts.started += 1;
    for (const item of storefront.pathCoverage(path)) reachable.get(storefront.name)!.add(item);
    const withWorker = pathEvents(path).some((event) => event.type === 'release.waiting');
    const page = await openPage(withWorker, deploys(path));
    const progress = unfinished(t, page);
    t.after(page.close);
    await runModelPath(storefront, path, { ...(await storefrontDriver(page)), onStep: progress.step });
    progress.done();
    for (const item of storefront.pathCoverage(path)) covered.get(storefront.name)!.add(item);
  });
}

for (const [index, path] of runs(checkout)) {
  counts.declared += 1;
  test(`checkout path ${index + 1}: ${pathName(path)}`, { timeout: PATH_TIMEOUT_MS }, async (t) => {
    counts.started += 1;
    for (const item of checkout.pathCoverage(path)) reachable.get(checkout.name)!.add(item);
    const page = await openPage(false, false);
    const progress = unfinished(t, page);
    t.after(page.close);
    await runModelPath(checkout, path, { ...(await checkoutDriver(page)), onStep: progress.step });
    progress.done();
    for (const item of checkout.pathCoverage(path)) covered.get(checkout.name)!.add(item);
  });
}
