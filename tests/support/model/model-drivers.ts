/**
 * The model paths' drivers, shared by the covering paths (model-paths.node-test.ts) and the sessions
 * (sessions.node-test.ts): a page with a fault layer of its own ({@link modelPages}), and per machine a
 * driver that performs each model event as a shopper's step and checks the screen against the
 * snapshot's view (storefrontView, checkoutView) through the page object. The app's timers run on a
 * fake clock installed in the page once the app is interactive, moved only by the drivers. The checkout
 * code's download is held by the server until the driver ends it: done, 503 (unavailable), the
 * connection dropped (offline) or a new release deployed (outdated). A new release is a copy of the
 * local build made by tests/support/fixtures/make-next-release.ts, or, in front of `BASE_URL`, the deployment's next
 * release as the fault layer presents it (`FaultServer.serveRelease`).
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { TestContext } from 'node:test';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { COLOURS, type ColourId } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { serveWithNginx, type NginxServer } from '../../../scripts/hosting/nginx';
import { kinds, startServer, type FaultServer } from '@support/servers/fault-server';
import { makeReleaseCopy } from '@support/playwright/releases';
import {
  FIELD_LABELS,
  FORM_FILL,
  checkoutView,
  type CheckoutModelEvent,
} from '@support/model/checkout-model';
import type { PathDriver } from '@support/model/derive-test-model';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  storefrontView,
  type StorefrontModelEvent,
} from '@support/model/storefront-model';
import { en, shopText, startsWith } from '@support/shop-texts';
import { BrowserDriver, newPageFor, type Engine } from '@support/browsers/driver';
import { ShopModel, type CheckoutScreen, type LandingScreen } from '@support/shop-page';
import { SERVICE_WORKER_FILE } from '@/lib/shared-names';

const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');
const BASE_URL = process.env.BASE_URL;
/** The moment the page's fake clock starts at (ms since the epoch), as in the Playwright suites. */
export const CLOCK_START = Date.parse('2026-11-28T10:01:00.000Z');
/**
 * How far the page's clock moves once a new worker is installed for workbox-window to announce it
 * waiting (it waits 200 ms), in ms.
 */
const RELEASE_ANNOUNCE_MS = 250;
/** How far the page's clock moves at a time while a new release installs outside an order, in ms. */
const RELEASE_POLL_MS = 50;

/**
 * How far the storefront's driver moves the page's fake clock as it performs `event` from `snapshot`
 * (ms): an order's processing, the confirmation's redirect, a release's announcement during an order.
 * A release outside an order moves it {@link RELEASE_POLL_MS} at a time until the prompt shows, which
 * no timer of the machine sees (there is none then): counted once. The driver ticks the clock by it,
 * and a run on the models alone (session-simulation.ts) moves its page's clock by it.
 */
export function storefrontClockMove(event: StorefrontModelEvent, snapshot: StorefrontSnapshot): number {
  switch (event.type) {
    case 'order.placed':
      return PROCESSING_DELAY_MS;
    case 'checkout.left':
      return snapshot.context.cartCount === 0 ? REDIRECT_DELAY_MS : 0;
    case 'release.waiting':
      return snapshot.matches({ order: 'underway' }) ? RELEASE_ANNOUNCE_MS : RELEASE_POLL_MS;
    default:
      return 0;
  }
}

/** How far the checkout's driver moves the page's fake clock as it performs `event` (ms): see {@link storefrontClockMove}. */
export const checkoutClockMove = (event: CheckoutModelEvent): number =>
  event.type === 'redirect.cancel' ? REDIRECT_DELAY_MS : 0;

/**
 * Whether the storefront's driver has ended the held checkout download as loaded once it performed
 * `event`: the download's own success, and an order, which proceeds to /checkout. For a run on the
 * models alone (session-simulation.ts), whose held download must end as a browser page's does.
 */
export const storefrontEndsDownload = (event: StorefrontModelEvent): boolean =>
  event.type === CHECKOUT_LOADED || event.type === 'order.submitted';

/**
 * Pages for one engine's run (`run` names its next release: the salt of its new names): {@link openPage}
 * and, once every page is closed, `stop` (the shared nginx, the next release's copy).
 */
export function modelPages(engine: Engine, run = 'paths') {
  const salt = `${run}-${engine.name}`;
  let nextRelease: ReturnType<typeof makeReleaseCopy> | undefined;
  /** The next release of the local build, made once (tests/support/fixtures/make-next-release.ts). */
  const nextReleaseDir = () => (nextRelease ??= makeReleaseCopy(salt)).dir;

  let shared: Promise<NginxServer> | undefined;
  /** One nginx for the paths that deploy nothing and need no worker (started once, stopped in `after`). */
  const sharedNginx = () =>
    (shared ??= serveWithNginx(DIST_DIR, {
      without: [SERVICE_WORKER_FILE, `${SERVICE_WORKER_FILE}.br`, `${SERVICE_WORKER_FILE}.gz`],
    }));

  /**
   * A page with a fault layer of its own, so its own origin: no cache, storage or faults shared between
   * paths. In front of `BASE_URL`; of a shared nginx; or, for a path with the worker or one that deploys
   * a release, of an nginx with a copy of the build of its own. Only a path with the worker gets one,
   * from a deployment too: another's install would download the checkout code the path holds, and the
   * browser makes the page's own request for it wait behind that one. Its `deployRelease()` deploys
   * the next release: the local build's copy, or in front of `BASE_URL` the one the layer presents.
   */
  async function openPage(withWorker: boolean, deploying: boolean) {
    const server = await startServer(
      BASE_URL
        ? { upstream: BASE_URL, serviceWorker: withWorker }
        : withWorker || deploying
          ? { root: DIST_DIR, serviceWorker: withWorker }
          : { upstream: (await sharedNginx()).baseURL },
    );
    const browser = new BrowserDriver(engine.name, await newPageFor(engine, server));
    const shop = new ShopModel(browser, server.origin);
    const close = async () => {
      // The page leaves with its own timers back (a new document has none to give back).
      await browser.uninstallClock().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
    };
    const deployRelease = () => server.serveRelease(BASE_URL ? { salt } : nextReleaseDir());
    return { server, browser, shop, close, withWorker, deployRelease };
  }

  const stop = async () => {
    nextRelease?.remove();
    await (await shared)?.stop();
  };
  return { openPage, stop };
}

/** A page of {@link modelPages}: its fault layer, driver, page object and whether it has the worker. */
export type ModelPage = Awaited<ReturnType<ReturnType<typeof modelPages>['openPage']>>;

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
      { intervalMs: 20 },
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
    private readonly deployRelease: () => void,
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
      { timeoutMs: 60_000 },
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
    else if (failure === 'outdated') this.deployRelease();
    release();
    if (failure === 'unavailable')
      // The page finds out why (it asks for the release file), then the cart either waits to retry (one
      // more timer on the page's clock) or says so: the path's next step may move the clock, and the retry
      // timer must exist by then.
      await this.shop.browser.waitFor(
        async () =>
          (await this.shop.browser.pendingTimers()) > timers || (await this.shop.cartAlert()) !== null,
        { timeoutMs: 60_000, intervalMs: 20 },
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
    { timeoutMs: 60_000 },
    '/checkout, interactive',
  );
  await shop.seeCheckoutWith(colourId, count);
}

/** The storefront's driver on `page`: opens the shop (and the worker, for a page with it). */
export async function storefrontDriver(
  page: ModelPage,
): Promise<PathDriver<StorefrontSnapshot, StorefrontModelEvent> & { downloadHeld: () => boolean }> {
  const { shop, browser, server } = page;
  await openShop(shop, { worker: page.withWorker });
  // A path with the worker (a new release) downloads nothing the path ends: the new worker's install
  // downloads the next release's checkout chunk, which must not be held.
  const gate = new DownloadGate(server, shop, page.deployRelease, !page.withWorker);
  return {
    /** True while the server holds the checkout code's download for the driver to end. */
    downloadHeld: () => !gate.loaded,
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
          page.deployRelease();
          await shop.returnToTab();
          if (snapshot.matches({ order: 'underway' })) {
            // At /checkout the release is held back: nothing shows. The checkout's own timers run on
            // the page's clock, so it moves only once the new worker is installed (the task that says
            // so also starts workbox-window's 200 ms wait before it announces the waiting worker).
            await shop.waitForReleaseInstalled();
            return void (await browser.tickClock(storefrontClockMove(event, snapshot)));
          }
          // The page's clock runs while the new worker installs: workbox-window announces a waiting
          // worker 200 ms after it installed, on the page's timers. No timer of the machine runs then
          // (a release arrives, in the model, with no toast and the cart closed).
          return void (await browser.waitFor(
            async () => {
              await browser.tickClock(RELEASE_POLL_MS);
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
                  prompt: document.body.textContent?.includes(promptText) ?? false,
                });
              }, en.release.ready);
              const running = await shop.runningRelease();
              throw new Error(`${String(error)}; before ${before}; running ${running}; workers ${workers}`, {
                cause: error,
              });
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
          await browser.tickClock(storefrontClockMove(event, snapshot));
          return void (await shop.seeOrderConfirmed());
        case 'checkout.left':
          // Confirmed: the redirect 3 s later; still processing: 'Back to Shop' (which cancels the order).
          if (cartCount === 0) await browser.tickClock(storefrontClockMove(event, snapshot));
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
      // The heading takes focus on arrival; 'Back to Shop' as it replaces 'Stay on this page'.
      focused: view.control.role === 'button' ? 'heading' : 'control',
      control: view.control,
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

/** The checkout's driver on `page`: one Ocean Blue ball in the cart, then /checkout. */
export async function checkoutDriver(
  page: ModelPage,
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
        case 'redirect.cancel':
          // Then the redirect's 3 s pass: the confirmation must still be there.
          await shop.stayOnConfirmation();
          return void (await browser.tickClock(checkoutClockMove(event)));
        case 'shop.return':
          return shop.backToShop();
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

/**
 * Prints, when the path `t` runs does not finish (it failed or ran out of time), the step it was at,
 * the engine command still unanswered (a browser that stopped answering, or a page that never showed
 * what the path waited for) and the requests `server` had not answered (a page still loading).
 */
export function unfinished(
  t: TestContext,
  { browser, server }: { browser: BrowserDriver; server: FaultServer },
) {
  let at = 'opening the shop';
  let finished = false;
  t.after(() => {
    if (finished) return;
    const inFlight = server.requests().filter((request) => request.status === null);
    console.log(
      `${browser.engine} ${t.name}: unfinished at ${at}; ${browser.unansweredCommand() ?? 'no engine command unanswered'}; ${
        inFlight.length
          ? `requests unanswered: ${inFlight.map((request) => request.path).join(', ')}`
          : 'no request unanswered'
      }`,
    );
  });
  return { step: (step: string) => void (at = step), done: () => void (finished = true) };
}
