import assert from 'node:assert/strict';
import { after, before, test as nodeTest, type TestContext } from 'node:test';
import en from '@/locales/en';
import { APP_READY_ATTRIBUTE } from '@/lib/shared-names';
import { bundle, type BrowserDriver, type Engine } from '@support/browsers/driver';
import { launchEngine } from '@support/browsers/engines/launch';
import { serialiseQuery, type ElementQuery } from '@support/browsers/in-page';
import { kinds, type FaultServer } from '@support/servers/fault-server';
import { shopQueries } from '@support/shop-page';
import { visit } from '@support/browsers/visit';

/**
 * What a shop owner adds works beside the shop, in one engine (`ENGINE`) against the production build
 * (decision 0015: the shop bends no part of the platform for speed). Scripts a shop adds listen where
 * the platform lets them: a password manager on `focusout` at the window, session replay and fraud
 * scoring on pointer and touch events at the document, a focus trap on `focusin`, `mousedown` and
 * `touchstart` at the document, a gallery on its own elements.
 * - Listeners attached before the app starts, on the window and the document in both phases and on
 *   the element itself, see every event of a tap and of focus moving between checkout fields.
 * - `focus-trap` keeps the keyboard's focus in a consent dialog, keeps a tap outside from taking it
 *   (or reaching the shop), and lets it go on Escape.
 * - `web-vitals` (its attribution build, loaded as a page's script) reports the shopper's tap as INP
 *   with its target.
 * Taps are a finger's where the engine's automation has touch input (Chromium, Firefox), a mouse's in
 * WebKitGTK, whose WebDriver has none. Run by scripts/test/test-engines.ts in the shop suite; by hand:
 * `ENGINE=webkit DIST_DIR=dist xvfb-run node --import tsx --test tests/engines/platform.node-test.ts`.
 */

/** The longest a test may take, ms: a guard against a browser that stops answering, never a verdict. */
const TEST_TIMEOUT_MS = 120_000;
const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
  nodeTest(name, { timeout: TEST_TIMEOUT_MS }, fn);
let engine: Engine;

before(async () => {
  engine = await launchEngine(process.env.ENGINE, undefined, { touch: true });
});
after(async () => {
  await engine?.close();
});

/** Where a listener sits: the window and the document in each phase, and the element itself. */
const PLACES = ['window capture', 'document capture', 'element', 'document bubble', 'window bubble'] as const;

/** The events of a finger's tap in the engines with touch input; WebKitGTK's automation has none. */
const tapEvents = (engineName: string): string[] => [
  'pointerdown',
  ...(engineName === 'webkit' ? [] : ['touchstart']),
  'mousedown',
  'focusin',
  'pointerup',
  ...(engineName === 'webkit' ? [] : ['touchend']),
  'mouseup',
  'click',
];

/** Every type a probe listens for. */
const PROBED = [...tapEvents('chromium'), 'focusout'];

/** One event a probe saw: its type, where the listener sat, and which probed element it concerned. */
interface Seen {
  readonly type: string;
  readonly place: (typeof PLACES)[number];
  readonly probe: string;
}

/**
 * Serves the build with every script held, opens `path` and, while the prerendered page shows and the
 * app has not started, attaches listeners for {@link PROBED} on the window and the document (capture
 * and bubble) and on each element that `probes` names (label → query), as a script in the page's
 * head would. Then lets the scripts go and waits until the app is interactive. What they see is read
 * with {@link seenIn} and {@link missedBy}.
 */
async function listenBeforeStart(
  server: FaultServer,
  browser: BrowserDriver,
  path: string,
  probes: Record<string, ElementQuery>,
): Promise<void> {
  let release = () => {};
  server.hold(kinds.scripts, new Promise<void>((released) => (release = released)));
  try {
    await browser.goto(server.url(path), { until: 'commit', timeoutMs: 15_000 });
    for (const query of Object.values(probes)) await browser.waitForElement(query, { timeoutMs: 15_000 });
    const appWasReady = await browser.read(
      (helpers, { types, places, queries, appReady }) => {
        const seen: Seen[] = [];
        Object.assign(window, { __platformSeen: seen });
        const elements = Object.entries(queries).map(([label, query]) => {
          const element = helpers.find(query);
          if (!element) throw new Error(`no element for ${label}`);
          return [label, element] as const;
        });
        const probeOf = (target: EventTarget | null) =>
          elements.find(([, element]) => target instanceof Node && element.contains(target))?.[0] ?? 'other';
        const listen = (target: EventTarget, place: Seen['place'], capture: boolean) => {
          for (const type of types)
            target.addEventListener(
              type,
              (event) => seen.push({ type, place, probe: probeOf(event.target) }),
              {
                capture,
              },
            );
        };
        listen(window, places[0], true);
        listen(document, places[1], true);
        for (const [, element] of elements) listen(element, places[2], false);
        listen(document, places[3], false);
        listen(window, places[4], false);
        return document.documentElement.hasAttribute(appReady);
      },
      {
        types: PROBED,
        places: PLACES,
        appReady: APP_READY_ATTRIBUTE,
        queries: Object.fromEntries(
          Object.entries(probes).map(([label, query]) => [label, serialiseQuery(query)]),
        ),
      },
    );
    assert.equal(appWasReady, false, 'the listeners were attached before the app started');
  } finally {
    release();
  }
}

/** Every event the listeners of {@link listenBeforeStart} have seen, in order. */
const seenIn = (browser: BrowserDriver): Promise<Seen[]> =>
  browser.evaluate(() => (window as unknown as { __platformSeen: Seen[] }).__platformSeen);

/**
 * The events of `types` that `probe` should have been seen with at every place, but was not, as
 * `<type> at <place>`.
 */
async function missedBy(browser: BrowserDriver, probe: string, types: readonly string[]): Promise<string[]> {
  const seen = await seenIn(browser);
  return types.flatMap((type) =>
    PLACES.filter(
      (place) => !seen.some((s) => s.type === type && s.place === place && s.probe === probe),
    ).map((place) => `${type} at ${place}`),
  );
}

/** Reports a finding in the test's output (`# …` in TAP, shown by the runner). */
function report(t: TestContext, text: string): void {
  t.diagnostic(`${engine.name}: ${text}`);
}

test("listeners attached before the app starts see a tap's pointer, touch, mouse and focus events on the window, the document and the element", async (t) => {
  const { server, browser, shop } = await visit(engine, t);
  await listenBeforeStart(server, browser, '/', { plus: shopQueries.increaseQuantity });
  await shop.waitUntilInteractive();

  await shop.increaseQuantity();
  await browser.waitForElement(shopQueries.addToCart(2));
  assert.deepEqual(await missedBy(browser, 'plus', tapEvents(engine.name)), []);
});

test('listeners attached before the app starts see the focus move from Email to the next field, and the tap on Email', async (t) => {
  const { server, browser, shop } = await visit(engine, t);
  const email = { label: en.checkout.contact.email };
  const form = { css: 'form' } satisfies ElementQuery;
  await listenBeforeStart(server, browser, '/checkout', { email, form });
  await shop.waitUntilInteractive();

  await browser.click(email);
  await browser.press('Tab');
  const next = await browser.evaluate(() => {
    const field = document.activeElement;
    return field instanceof HTMLInputElement && field.form !== null ? field.name : null;
  });
  assert.ok(
    next !== null && next !== 'email',
    `Tab moved from Email to another field of the form, not ${next}`,
  );
  assert.deepEqual(await missedBy(browser, 'email', [...tapEvents(engine.name), 'focusout']), []);
  // The next field is inside the form: its focusin is the form's to see, and everything's above it.
  const seen = await seenIn(browser);
  const nextFocus = seen.filter((s) => s.type === 'focusin' && s.probe === 'form').map((s) => s.place);
  assert.deepEqual(nextFocus, [...PLACES], `focusin of ${next} everywhere, in dispatch order`);
});

/** The libraries as a shop owner's bundler would build them for a page: IIFEs defining one global. */
let focusTrapScript: string | undefined;
let webVitalsScript: string | undefined;

test('focus-trap keeps the focus in a consent dialog on Tab and Shift+Tab and against a tap outside, and lets it go on Escape', async (t) => {
  const { browser, shop } = await visit(engine, t);
  await shop.open();
  await shop.increaseQuantity();
  await browser.waitForElement(shopQueries.addToCart(2));
  focusTrapScript ??= bundle("export { createFocusTrap } from 'focus-trap';", '__focusTrap');
  await browser.load(focusTrapScript, '__focusTrap');
  await browser.evaluate(() => {
    // As a consent banner's script would: a dialog at the bottom of the screen, trapped.
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Cookies');
    dialog.style.cssText = 'position:fixed;left:0;right:0;bottom:0;z-index:1000;padding:16px;background:#fff';
    for (const name of ['Accept', 'Decline']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = name;
      dialog.append(button);
    }
    document.body.append(dialog);
    const { createFocusTrap } = (window as unknown as { __focusTrap: typeof import('focus-trap') })
      .__focusTrap;
    const trap = createFocusTrap(dialog, { escapeDeactivates: true, returnFocusOnDeactivate: true });
    Object.assign(window, { __trap: trap });
    trap.activate();
  });
  /** The focused element's accessible name. */
  const focused = () =>
    browser.read((helpers) => (document.activeElement ? helpers.nameOf(document.activeElement) : null), null);
  const isActive = () =>
    browser.evaluate(() => (window as unknown as { __trap: { active: boolean } }).__trap.active);

  /**
   * Waits until the focus is on the element named `name`: focus-trap moves it into the dialog on
   * activation, and back on deactivation, in a task of its own (`setTimeout` 0), not in the call.
   */
  const focusReaches = (name: string, what: string) =>
    browser.waitFor(async () => (await focused()) === name, { timeoutMs: 10_000 }, what);

  await focusReaches('Accept', 'the trap to move focus into the dialog');
  await browser.press('Tab');
  assert.equal(await focused(), 'Decline');
  await browser.press('Tab');
  assert.equal(await focused(), 'Accept', 'Tab wrapped around inside the dialog');
  await browser.press('Shift+Tab');
  assert.equal(await focused(), 'Decline', 'Shift+Tab wrapped back');

  await shop.increaseQuantity();
  assert.equal(await focused(), 'Decline', 'a tap outside left the focus in the dialog');
  assert.equal(await isActive(), true);

  await browser.press('Escape');
  assert.equal(await isActive(), false, 'Escape released the trap');
  await focusReaches(en.product.increaseQuantity, 'focus to go back where it was');
  assert.equal(await browser.count(shopQueries.addToCart(3)), 0, 'the tap outside never reached the shop');
  assert.equal(await browser.count(shopQueries.addToCart(2)), 1);
});

test("web-vitals' onINP, loaded before the app starts, reports the shopper's tap with its target", async (t) => {
  const { server, browser, shop } = await visit(engine, t);
  webVitalsScript ??= bundle("export { onINP } from 'web-vitals/attribution';", 'webVitals');
  let release = () => {};
  server.hold(kinds.scripts, new Promise<void>((released) => (release = released)));
  try {
    await browser.goto(server.url('/'), { until: 'commit', timeoutMs: 15_000 });
    await browser.load(webVitalsScript, 'webVitals');
    await browser.evaluate(() => {
      const reports: { value: number; target: string | undefined; type: string | undefined }[] = [];
      Object.assign(window, { __inp: reports });
      const { onINP } = (window as unknown as { webVitals: typeof import('web-vitals/attribution') })
        .webVitals;
      onINP(
        (metric) =>
          reports.push({
            value: metric.value,
            target: metric.attribution.interactionTarget,
            type: metric.attribution.interactionType,
          }),
        { reportAllChanges: true },
      );
    });
  } finally {
    release();
  }
  await shop.waitUntilInteractive();
  await shop.increaseQuantity();
  await browser.waitForElement(shopQueries.addToCart(2));

  const hasEventTiming = await browser.evaluate(
    () => 'PerformanceEventTiming' in window && 'interactionId' in PerformanceEventTiming.prototype,
  );
  if (!hasEventTiming) {
    // WebKitGTK 2.50 has no Event Timing (as Safari before 26.2): web-vitals measures nothing there.
    assert.equal(engine.name, 'webkit', `${engine.name} has Event Timing's interactionId`);
    report(t, 'no Event Timing interactionId: web-vitals loaded and reports no INP, as designed');
    return;
  }
  const first = await browser.waitFor(
    () =>
      browser.evaluate(
        () => (window as unknown as { __inp: { target?: string; type?: string; value: number }[] }).__inp[0],
      ),
    { timeoutMs: 15_000 },
    "web-vitals' first INP report",
  );
  report(t, `INP ${first.value} ms, ${first.type} on ${first.target}`);
  assert.equal(first.type, 'pointer');
  assert.ok(Number.isFinite(first.value) && first.value >= 0, `INP is a duration: ${first.value}`);
  const onTarget = await browser.read(
    (helpers, { query, target }) => {
      const button = helpers.find(query);
      return (
        button !== null && [...document.querySelectorAll(target)].some((element) => button.contains(element))
      );
    },
    { query: serialiseQuery(shopQueries.increaseQuantity), target: first.target ?? ':not(*)' },
  );
  assert.ok(onTarget, `the reported target ${first.target} is the quantity's '+' button`);
});

test("a field's label and the product's texts can be selected; buttons, colour swatches and shipping method cards start no selection", async (t) => {
  const { browser, shop } = await visit(engine, t);
  /** How each query's element (a radio: its card, the label around it) takes a selection. */
  const userSelect = (queries: Record<string, ElementQuery>) =>
    browser.read(
      (helpers, serialised) =>
        Object.fromEntries(
          Object.entries(serialised).map(([name, query]) => {
            const found = helpers.find(query);
            const element = found instanceof HTMLInputElement ? found.closest('label') : found;
            if (!element) return [name, 'missing'];
            const style = getComputedStyle(element);
            // WebKit names it with its prefix only.
            const value =
              style.getPropertyValue('user-select') || style.getPropertyValue('-webkit-user-select');
            return [name, value === 'none' ? 'none' : 'selectable'];
          }),
        ),
      Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, serialiseQuery(query)])),
    );

  await shop.open();
  assert.deepEqual(
    await userSelect({
      tagline: { text: en.product.tagline },
      swatch: shopQueries.colour('ocean-blue'),
      addToCart: shopQueries.addToCart(1),
    }),
    { tagline: 'selectable', swatch: 'none', addToCart: 'none' },
  );
  await shop.open('/checkout');
  assert.deepEqual(
    await userSelect({
      emailLabel: { css: 'label', text: en.checkout.contact.email },
      shippingMethod: shopQueries.shippingMethod('express'),
      submit: shopQueries.submit,
    }),
    { emailLabel: 'selectable', shippingMethod: 'none', submit: 'none' },
  );
});
