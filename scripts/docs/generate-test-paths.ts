/**
 * Writes docs/test-paths.md, the catalogue testers read and review by hand: every path of both model
 * suites as numbered shopper steps ('Select colour Ocean Blue', 'Wait 3 s: the toast hides') with what
 * is checked after each, the coverage the paths reach and the bounds they were generated within. It
 * reads the suites, views and coverage recorders the engine paths run (tests/model/), so it cannot
 * drift from them; tests/tooling/scripts/docs/generate-test-paths.test.ts fails when the committed page is stale.
 *
 * Usage: `npm run docs:test-paths` (writes the page); `npm run test:model:list` (`--list`: prints
 * every path's events, one per line, and runs nothing).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { COLOURS } from '@machines/catalog';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import en from '@/locales/en';
import {
  CHECKOUT_MODEL_INPUT,
  FIELD_LABELS,
  FORM_VALUES,
  UNEDITABLE_FIELD,
  UNKNOWN_SHIPPING_METHOD,
  checkout,
  checkoutView,
  type CheckoutModelEvent,
} from '@support/model/checkout-model';
import { formatEvent, pathEvents, pathName } from '@support/model/derive-test-model';
import { coverageReport, coverageTitle, type ModelSuite } from '@support/model/model-suite';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  MODEL_MAX_CART_COUNT,
  MODEL_MAX_QUANTITY,
  UNKNOWN_COLOUR,
  checkoutLoadFailureIn,
  storefront,
  storefrontView,
  type ProceedView,
  type StorefrontModelEvent,
} from '@support/model/storefront-model';

/** Where the page is written, from the repository root. */
export const TEST_PATHS_DOC = 'docs/test-paths.md';

const seconds = (ms: number) => `${ms / 1000} s`;
const list = (items: readonly string[]) => items.join(', ');

/** What the end of a wait looks like to a shopper. */
const DELAY_OUTCOMES: Readonly<Record<string, string>> = {
  toastDuration: 'the toast hides',
  processingDelay: 'the order is confirmed',
  redirectDelay: 'the shop opens again',
  checkoutRetryDelay: 'the checkout is downloaded again',
};

function waitStep({ delays }: ModelSuite, event: EventObject): string | null {
  const delay = delays.get(event.type);
  return delay
    ? `Wait ${seconds(delay.ms)}: ${DELAY_OUTCOMES[delay.delay] ?? `'${delay.delay}' ends`} (checked unchanged 1 ms before)`
    : null;
}

function storefrontStep(event: StorefrontModelEvent, before: StorefrontSnapshot): string {
  const view = storefrontView(before);
  const { cartCount, quantity } = before.context;
  switch (event.type) {
    case 'colour.select':
      return COLOURS.some((colour) => colour.id === event.colourId)
        ? `Select colour ${en.colour[event.colourId]}`
        : `Look for colour '${event.colourId}' among the colour choices (there is none)`;
    case 'quantity.increment':
      return `Click '${en.product.increaseQuantity}'`;
    case 'quantity.decrement':
      return quantity > 1
        ? `Click '${en.product.decreaseQuantity}'`
        : `Press Enter on '${en.product.decreaseQuantity}' (disabled at 1)`;
    case 'cart.add':
      return `Click '${view.addToCart}'`;
    case 'cart.open':
      return cartCount > 0 ? `Click '${view.cartButton}'` : `Click '${en.product.buyNowPayPal}'`;
    case 'cart.close':
      return `Click '${cartCount > 0 ? en.cart.continueShopping : en.cart.startShopping}'`;
    case 'checkout.proceed':
      return cartCount > 0
        ? `Click '${en.cart.proceed}' (the checkout's code starts downloading)`
        : `Look for '${en.cart.proceed}' in the empty cart (there is none)`;
    case 'checkout.retry':
      return `Click '${en.cart.tryAgain}'${view.cart?.kind === 'line' && view.cart.proceed === 'offline' ? ' (back online)' : ''}`;
    case CHECKOUT_LOADED:
      return "The checkout's code arrives: /checkout opens";
    case 'checkout.opened':
      return `The checkout shows: check the cart arrived at /checkout, click '${en.checkout.backToShop}'`;
    case CHECKOUT_LOAD_FAILED:
      return {
        unavailable: "The checkout's download fails: the server answers 503",
        offline: "The connection drops: the checkout's download fails offline",
        outdated: "A new release is deployed: the checkout's code is gone (404) and '/' loads other scripts",
      }[checkoutLoadFailureIn(event) ?? 'unavailable'];
    case 'release.waiting':
      return 'A new release is deployed: the tab becomes visible, and its worker installs and waits';
    case 'release.reload':
      return `Click '${en.release.reload}'`;
    case 'order.submitted':
      return `Check out the cart: '${en.cart.proceed}', fill the form, '${en.checkout.submit.replace(/ - .*/, '')}'`;
    case 'order.placed':
      return `Wait ${seconds(PROCESSING_DELAY_MS)}: the order is confirmed`;
    case 'checkout.left':
      return cartCount === 0
        ? `Wait ${seconds(REDIRECT_DELAY_MS)}: the shop opens again`
        : `Click '${en.checkout.backToShop}' while the order processes (it is cancelled)`;
    default:
      return `Send ${formatEvent(event)}`;
  }
}

const PROCEED_CHECKS: Readonly<Record<ProceedView, string>> = {
  ready: `'${en.cart.proceed}'`,
  opening: `busy '${en.cart.openingCheckout}' (announced; at /checkout at once when the code is already there)`,
  leaving: '/checkout with the same cart, the dialog gone with the landing page',
  reloading: 'the page reloaded into /checkout with the same cart',
  offline: `alert '${en.cart.checkoutFailure.offline}', '${en.cart.tryAgain}'`,
  unavailable: `alert '${en.cart.checkoutFailure.unavailable}', '${en.cart.tryAgain}'`,
};

const RELEASE_CHECKS = {
  waiting: `status '${en.release.ready}' with '${en.release.reload}'`,
  reloading: 'the page reloaded into the new release with the same cart, no prompt',
} as const;

function storefrontChecks(snapshot: StorefrontSnapshot): string[] {
  const view = storefrontView(snapshot);
  if (view.order !== 'none')
    return [
      `/checkout: ${view.order === 'processing' ? `'${en.checkout.processing}'` : `'${en.checkout.confirmed.title}'`}`,
      'no new release offered',
    ];
  return [
    `colour ${view.colourName} (hero '${view.heroAlt}')`,
    `quantity ${view.quantity}${view.decreaseDisabled ? ' (decrease disabled)' : ''}`,
    `'${view.addToCart}'`,
    `'${view.cartButton}'${view.badge ? ` badge ${view.badge}` : ', no badge'}`,
    view.toast ? `toast '${view.toast}'` : 'no toast',
    ...(view.release === 'none' ? [] : [RELEASE_CHECKS[view.release]]),
    !view.cart
      ? 'cart closed'
      : view.cart.kind === 'empty'
        ? `cart open: '${view.cart.text}'`
        : `cart open: ${view.cart.colour}, ${view.cart.quantity}, ${view.cart.total}, ${PROCEED_CHECKS[view.cart.proceed]}`,
  ];
}

function checkoutStep(event: CheckoutModelEvent, before: CheckoutSnapshot): string {
  const view = checkoutView(before);
  switch (event.type) {
    case 'shippingMethod.select':
      return SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId)
        ? `Choose '${en.checkout.shippingMethod.methods[event.shippingMethodId].name}'`
        : `Look for shipping method '${event.shippingMethodId}' among the choices (there is none)`;
    case 'field.change':
      return CHECKOUT_FIELD_NAMES.includes(event.name)
        ? `Type '${event.value}' into '${FIELD_LABELS[event.name]}'`
        : `Look for a '${event.name}' field to edit (there is none: the country is shown as text)`;
    case 'form.fill':
      return `Fill in every field: ${list(CHECKOUT_FIELD_NAMES.map((name) => `${FIELD_LABELS[name]} '${FORM_VALUES[name]}'`))}`;
    case 'order.submit':
      return `Click '${view.page === 'checkout' ? view.submit : en.checkout.submit}'`;
    case 'redirect.cancel':
      return `Click '${en.checkout.confirmed.stay}', then wait ${seconds(REDIRECT_DELAY_MS)}`;
    case 'shop.return':
      return `Click '${en.checkout.backToShop}'`;
    default:
      return `Send ${formatEvent(event)}`;
  }
}

function checkoutChecks(snapshot: CheckoutSnapshot): string[] {
  const view = checkoutView(snapshot);
  if (view.page === 'home') return ['the shop at / (the checkout is gone)'];
  if (view.page === 'confirmed')
    return [
      `'${view.heading}' with the order number PB- + the clock's last six digits`,
      view.control.role === 'button'
        ? `'${view.control.name}' after the focused heading`
        : `still confirmed, '${view.control.name}' focused`,
    ];
  const filled = view.fields.filter((field) => field.value !== '').length;
  return [
    `shipping '${view.shippingMethod}'`,
    view.totals.join(' · '),
    `button '${view.submit}'${view.processing ? ' (disabled)' : ''}`,
    filled === 0 ? 'every field empty' : `${filled} of ${view.fields.length} fields filled as typed`,
  ];
}

/** A suite of the catalogue: where its paths start, its bounds, and each step and check in words. */
interface CatalogueSuite<TSnapshot = AnyMachineSnapshot, TEvent = EventObject> {
  suite: ModelSuite;
  start: string;
  bounds: string[];
  step: (event: TEvent, before: TSnapshot) => string;
  checks: (snapshot: TSnapshot) => string[];
}
const entry = <TSnapshot, TEvent>(suite: CatalogueSuite<TSnapshot, TEvent>) =>
  suite as unknown as CatalogueSuite;

const SUITES = [
  entry({
    suite: storefront,
    start: `The landing page '/' (${en.colour['hot-pink']}, quantity 1, empty cart), the clock paused.`,
    bounds: [
      `Colours: the three of the catalog (${list(COLOURS.map((colour) => en.colour[colour.id]))}), and once, from the opening page, the unknown colour '${UNKNOWN_COLOUR}'.`,
      `Quantity 1 to ${MODEL_MAX_QUANTITY}; decrease at 1 tried once, from the opening page.`,
      `Add to cart while the cart would hold at most ${MODEL_MAX_CART_COUNT} units.`,
      'While the cart is open only its buttons and time reach the machine (the page behind it is inert).',
      'Proceed to checkout with items, and once with the empty cart from the opening page (there is no button).',
      "After 'Proceed to Checkout' the checkout's code arrives; for the smallest cart (one Hot Pink ball, no toast) its download may also fail: unavailable (503, retried on its own twice 1 s apart), offline, or a new release; then 'Try again' or closing the cart.",
      "An order submitted at /checkout (order.submitted) from a closed cart with items and no toast, also while a new release is offered; then its confirmation (order.placed) and leaving the checkout (checkout.left: the redirect, or 'Back to Shop' while it processes).",
      "A new release, deployed while the closed cart holds one Hot Pink ball and no toast shows, or while the order of that cart is underway (held back: nothing shows at /checkout); then 'Reload' once it is offered.",
      'Shortest paths to every transition from every bounded state, kept when they add a state, an event or a coverage item; then every simple path of adding to cart (quantity 1 or 2 first) and the toast timing out.',
    ],
    step: storefrontStep,
    checks: storefrontChecks,
  }),
  entry({
    suite: checkout,
    start: `'/checkout' carrying the cart (${list(
      (
        CHECKOUT_MODEL_INPUT.checkoutInput as { items: { name: string; color: string; quantity: number }[] }
      ).items.map((item) => `${item.quantity} × ${item.name}, ${item.color}`),
    )}) as navigation state, the clock paused.`,
    bounds: [
      `Shipping: every method (${list(SHIPPING_METHODS.map((method) => en.checkout.shippingMethod.methods[method.id].name))}), and once, from the opening page, the unknown method '${UNKNOWN_SHIPPING_METHOD}' and the field '${UNEDITABLE_FIELD}'.`,
      'The form: filled once, every field (form.fill); submitted only once filled (the browser stops an incomplete form, spec §5).',
      'Time: the processing and redirect delays, each waited in full.',
      'Shortest paths as for the storefront; then every simple path: one shipping method picked (or the default kept), before or after filling the form, then the order to the end.',
    ],
    step: checkoutStep,
    checks: checkoutChecks,
  }),
];

/** The coverage a suite's paths reach when every one passes, as each engine's run prints it. */
function coverageTable({ suite }: CatalogueSuite): string {
  const covered = new Set(suite.paths.flatMap((path) => [...suite.pathCoverage(path)]));
  return coverageReport(suite, covered, suite.exclusions, coverageTitle('every path passing', suite)).table;
}

/** One path as numbered steps: the opening page with every check, then each step with the checks that changed. */
function pathSteps(entry: CatalogueSuite, path: CatalogueSuite['suite']['paths'][number]): string[] {
  let previous = entry.checks(path.steps[0]!.state);
  const lines = [`0. Open: ${entry.start} Checks: ${list(previous)}.`];
  path.steps.slice(1).forEach(({ event, state }, index) => {
    const checks = entry.checks(state);
    const changed = checks.filter((check) => !previous.includes(check));
    const said = changed.length
      ? `${list(changed)}${changed.length < checks.length ? '; the rest as before' : ''}`
      : 'everything as before';
    const step = waitStep(entry.suite, event) ?? entry.step(event, path.steps[index]!.state);
    lines.push(`${index + 1}. ${step}. Checks: ${said}.`);
    previous = checks;
  });
  return lines;
}

/**
 * The paths without their steps, one per line: `  path 3: cart.add → cart.open` (the `--list`), a
 * covering path (what the browsers run by default) marked `path 3*:`.
 */
export function pathList(): string {
  return SUITES.flatMap(({ suite }) => [
    `${suite.name}: ${suite.paths.length} generated paths`,
    ...suite.paths.map(
      (path, index) => `  path ${index + 1}${suite.covering.includes(path) ? '*' : ''}: ${pathName(path)}`,
    ),
  ]).join('\n');
}

/** The whole page, formatted with the project's Prettier settings (so `npm run format` leaves it be). */
export async function renderTestPathsDoc(): Promise<string> {
  const total = SUITES.reduce((sum, { suite }) => sum + suite.paths.length, 0);
  const covering = SUITES.reduce((sum, { suite }) => sum + suite.covering.length, 0);
  const page = [
    '# Test paths',
    '',
    '<!-- Generated by `npm run docs:test-paths` (scripts/docs/generate-test-paths.ts) from the model suites. Do not edit by hand. -->',
    '',
    `Every path the model suite runs (${total} in all), as a shopper's numbered steps with what the suite`,
    'checks on the page after each step. `npm run test:model:browser` runs in Chromium, Firefox and WebKit',
    `the ${covering} marked "in every engine run", which together reach every state, transition, guard outcome`,
    'and sample event; with `--all-paths`, every one (against a deployment with `BASE_URL`, see',
    'docs/testing.md). Either way it fails below 100% coverage.',
    "Path numbers are the test titles' (`path 3: …`). After each step every check runs again; the list",
    'names the ones whose expected value changed. Every wait runs on a fake clock; the page is also',
    'checked one millisecond before a wait ends (still as before).',
    '',
    ...SUITES.flatMap((entry) => [
      `## ${entry.suite.name}: ${entry.suite.paths.length} paths`,
      '',
      '### Bounds',
      '',
      ...entry.bounds.map((bound) => `- ${bound}`),
      '',
      '### Coverage',
      '',
      '```text',
      coverageTable(entry),
      '```',
      '',
      '### Paths',
      '',
      ...entry.suite.paths.flatMap((path, index) => {
        const steps = pathEvents(path).length;
        return [
          `#### ${entry.suite.name} path ${index + 1}: ${steps} step${steps === 1 ? '' : 's'}${
            entry.suite.covering.includes(path) ? ', in every engine run' : ''
          }`,
          '',
          `\`${pathName(path)}\``,
          '',
          ...pathSteps(entry, path),
          '',
        ];
      }),
    ]),
  ].join('\n');
  const options = await prettier.resolveConfig(
    fileURLToPath(new URL(`../../${TEST_PATHS_DOC}`, import.meta.url)),
  );
  return prettier.format(page, { ...options, parser: 'markdown' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--list')) {
    console.log(pathList());
  } else {
    writeFileSync(new URL(`../../${TEST_PATHS_DOC}`, import.meta.url), await renderTestPathsDoc());
    console.log(`Wrote ${TEST_PATHS_DOC}.`);
  }
}
