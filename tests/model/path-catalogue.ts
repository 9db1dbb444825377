/**
 * The generated model paths as a catalogue a tester can read, plan and review by hand:
 * every path of both model suites as numbered shopper steps ('Select colour Ocean Blue', 'Wait 3 s:
 * the toast hides') with what is checked after each step, the coverage the paths reach, and the
 * bounds they were generated within. It reads the same generated paths, views and coverage recorder
 * the Chromium suite runs (storefront-model.ts, checkout-model.ts), so it cannot drift from
 * them; scripts/generate-test-paths.ts writes it to docs/test-paths.md and prints the path list.
 */
import { COLOURS } from '@machines/catalog';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS } from '@machines/checkout-machine';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { EventObject, Snapshot } from 'xstate';
import en from '@/locales/en';
import {
  CHECKOUT_MODEL_INPUT,
  FIELD_LABELS,
  FORM_VALUES,
  UNEDITABLE_FIELD,
  UNKNOWN_SHIPPING_METHOD,
  checkoutCoverage,
  checkoutExclusions,
  checkoutModel,
  checkoutPaths,
  checkoutView,
  type CheckoutModelEvent,
  type CheckoutView,
} from './checkout-model';
import {
  coverageReport,
  coverageTitle,
  formatCoverageTable,
  type CoverageExclusions,
  type CoverageRecorder,
} from './coverage';
import {
  formatEvent,
  invokeDoneEventType,
  invokeErrorEventType,
  pathEvents,
  pathName,
  type DerivedTestModel,
  type ModelPath,
} from './derive-test-model';
import type { GeneratedPaths } from './generate-paths';
import {
  MODEL_MAX_CART_COUNT,
  MODEL_MAX_QUANTITY,
  UNKNOWN_COLOUR,
  checkoutLoadFailureIn,
  storefrontCoverage,
  storefrontExclusions,
  storefrontModel,
  storefrontPaths,
  storefrontView,
  type ProceedView,
  type StorefrontModelEvent,
  type StorefrontView,
} from './storefront-model';

/** One machine's part of the catalogue: its paths and how to say each step and check in words. */
export interface CatalogueMachine<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  name: string;
  /** Where each path starts, in words. */
  start: string;
  model: DerivedTestModel<TSnapshot, TEvent>;
  generated: GeneratedPaths<TSnapshot, TEvent>;
  coverage: CoverageRecorder<TSnapshot, TEvent>;
  exclusions: CoverageExclusions;
  /** The bounds the paths were generated within, one sentence each. */
  bounds: string[];
  /** What the shopper does for `event` in `before`. */
  step: (event: TEvent, before: TSnapshot) => string;
  /** What the suites check the page shows in `snapshot`, one item per check. */
  checks: (snapshot: TSnapshot) => string[];
}

const seconds = (ms: number) => `${ms / 1000} s`;
const list = (items: readonly string[]) => items.join(', ');

/** What a delay's end looks like to a shopper; other delays are named as they are in the machine. */
const DELAY_OUTCOMES: Readonly<Record<string, string>> = {
  toastDuration: 'the toast hides',
  processingDelay: 'the order is confirmed',
  redirectDelay: 'the shop opens again',
  checkoutRetryDelay: 'the checkout is downloaded again',
};

function waitStep(
  model: DerivedTestModel<Snapshot<unknown>, EventObject>,
  event: EventObject,
): string | null {
  const delay = model.delays.get(event.type);
  if (!delay) return null;
  return `Wait ${seconds(delay.ms)}: ${DELAY_OUTCOMES[delay.delay] ?? `'${delay.delay}' ends`} (checked unchanged 1 ms before)`;
}

function storefrontStep(event: StorefrontModelEvent, before: Parameters<typeof storefrontView>[0]): string {
  const wait = waitStep(storefrontModel as never, event);
  if (wait) return wait;
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
    case invokeDoneEventType('loadCheckout'):
      return "The checkout's code arrives: /checkout opens";
    case 'checkout.opened':
      return `The checkout shows: check the cart arrived at /checkout, click '${en.checkout.backToShop}'`;
    case invokeErrorEventType('loadCheckout'):
      return {
        unavailable: "The checkout's download fails: the server answers 503",
        offline: "The connection drops: the checkout's download fails offline",
        outdated: "A new release is deployed: the checkout's code is gone (404) and '/' loads other scripts",
      }[checkoutLoadFailureIn(event) ?? 'unavailable'];
    case 'order.placed':
      return `Check out the cart: fill the form, '${en.checkout.submit.replace(/ - .*/, '')}', wait ${seconds(PROCESSING_DELAY_MS)} + ${seconds(REDIRECT_DELAY_MS)} until the shop opens again`;
    default:
      return `Send ${formatEvent(event)}`;
  }
}

/** What is checked of 'Proceed to Checkout' in each of its views. */
const PROCEED_CHECKS: Readonly<Record<ProceedView, string>> = {
  ready: `'${en.cart.proceed}'`,
  opening: `busy '${en.cart.openingCheckout}' (announced; at /checkout at once when the code is already there)`,
  leaving: '/checkout with the same cart, the dialog gone with the landing page',
  reloading: 'the page reloaded into /checkout with the same cart',
  offline: `alert '${en.cart.checkoutFailure.offline}', '${en.cart.tryAgain}'`,
  unavailable: `alert '${en.cart.checkoutFailure.unavailable}', '${en.cart.tryAgain}'`,
};

function storefrontChecks(snapshot: Parameters<typeof storefrontView>[0]): string[] {
  const view: StorefrontView = storefrontView(snapshot);
  const cart = !view.cart
    ? 'cart closed'
    : view.cart.kind === 'empty'
      ? `cart open: '${view.cart.text}'`
      : `cart open: ${view.cart.colour}, ${view.cart.quantity}, ${view.cart.total}, ${PROCEED_CHECKS[view.cart.proceed]}`;
  return [
    `colour ${view.colourName} (hero '${view.heroAlt}')`,
    `quantity ${view.quantity}${view.decreaseDisabled ? ' (decrease disabled)' : ''}`,
    `'${view.addToCart}'`,
    `'${view.cartButton}'${view.badge ? ` badge ${view.badge}` : ', no badge'}`,
    view.toast ? `toast '${view.toast}'` : 'no toast',
    cart,
  ];
}

function checkoutStep(event: CheckoutModelEvent, before: Parameters<typeof checkoutView>[0]): string {
  const wait = waitStep(checkoutModel as never, event);
  if (wait) return wait;
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
    default:
      return `Send ${formatEvent(event)}`;
  }
}

function checkoutChecks(snapshot: Parameters<typeof checkoutView>[0]): string[] {
  const view: CheckoutView = checkoutView(snapshot);
  if (view.page === 'home') return ['the shop at / (the checkout is gone)'];
  if (view.page === 'confirmed')
    return [`'${view.heading}' with the order number PB- + the clock's last six digits`];
  const filled = view.fields.filter((field) => field.value !== '').length;
  return [
    `shipping '${view.shippingMethod}'`,
    view.totals.join(' · '),
    `button '${view.submit}'${view.processing ? ' (disabled)' : ''}`,
    filled === 0 ? 'every field empty' : `${filled} of ${view.fields.length} fields filled as typed`,
  ];
}

/** The two machines of the catalogue, storefront first. */
export const CATALOGUE_MACHINES = [
  {
    name: 'storefront',
    start: `The landing page '/' (${en.colour['hot-pink']}, quantity 1, empty cart), the clock paused.`,
    model: storefrontModel,
    generated: storefrontPaths,
    coverage: storefrontCoverage,
    exclusions: storefrontExclusions,
    bounds: [
      `Colours: the three of the catalog (${list(COLOURS.map((colour) => en.colour[colour.id]))}), and once, from the opening page, the unknown colour '${UNKNOWN_COLOUR}'.`,
      `Quantity 1 to ${MODEL_MAX_QUANTITY}; decrease at 1 tried once, from the opening page.`,
      `Add to cart while the cart would hold at most ${MODEL_MAX_CART_COUNT} units.`,
      'While the cart is open only its buttons and time reach the machine (the page behind it is inert).',
      'Proceed to checkout with items, and once with the empty cart from the opening page (there is no button).',
      "After 'Proceed to Checkout' the checkout's code arrives; for the smallest cart (one Hot Pink ball, no toast) its download may also fail: unavailable (503, retried on its own twice 1 s apart), offline, or a new release; then 'Try again' or closing the cart.",
      'A whole order (order.placed) from a closed cart with items and no toast.',
      'Shortest paths to every transition from every bounded state, kept when they add a state, an event or a coverage item; then every simple path of adding to cart (quantity 1 or 2 first) and the toast timing out.',
    ],
    step: storefrontStep,
    checks: storefrontChecks,
  } satisfies CatalogueMachine<Parameters<typeof storefrontView>[0], StorefrontModelEvent>,
  {
    name: 'checkout',
    start: `'/checkout' carrying the cart (${list(
      (
        CHECKOUT_MODEL_INPUT.checkoutInput as { items: { name: string; color: string; quantity: number }[] }
      ).items.map((item) => `${item.quantity} × ${item.name}, ${item.color}`),
    )}) as navigation state, the clock paused.`,
    model: checkoutModel,
    generated: checkoutPaths,
    coverage: checkoutCoverage,
    exclusions: checkoutExclusions,
    bounds: [
      `Shipping: every method (${list(SHIPPING_METHODS.map((method) => en.checkout.shippingMethod.methods[method.id].name))}), and once, from the opening page, the unknown method '${UNKNOWN_SHIPPING_METHOD}' and the field '${UNEDITABLE_FIELD}'.`,
      'The form: filled once, every field (form.fill); submitted only once filled (the browser stops an incomplete form, spec §5).',
      'Time: the processing and redirect delays, each waited in full.',
      'Shortest paths as for the storefront; then every simple path: one shipping method picked (or the default kept), before or after filling the form, then the order to the end.',
    ],
    step: checkoutStep,
    checks: checkoutChecks,
  } satisfies CatalogueMachine<Parameters<typeof checkoutView>[0], CheckoutModelEvent>,
] as const;

type AnyCatalogueMachine = CatalogueMachine<Snapshot<unknown>, EventObject>;
const machines = CATALOGUE_MACHINES as unknown as readonly AnyCatalogueMachine[];

/** The coverage the generated paths of a machine reach when every one passes, as the suites print it. */
export function catalogueCoverageTable(machine: AnyCatalogueMachine): string {
  const covered = new Set<string>();
  for (const path of machine.generated.paths)
    for (const item of machine.coverage.pathCoverage(path)) covered.add(item);
  const report = coverageReport(machine.name, machine.coverage.catalogue, covered, machine.exclusions);
  return formatCoverageTable(report, coverageTitle(machine.name, 'every path passing', machine.generated));
}

/**
 * One path as numbered steps (Markdown list): the opening page with every check, then each step with
 * the checks that changed (the others are checked again, unchanged).
 */
function pathSteps(machine: AnyCatalogueMachine, path: ModelPath<Snapshot<unknown>, EventObject>): string[] {
  let previous = machine.checks(path.steps[0]!.state);
  const lines = [`0. Open: ${machine.start} Checks: ${list(previous)}.`];
  path.steps.slice(1).forEach((step, index) => {
    const checks = machine.checks(step.state);
    const changed = checks.filter((check) => !previous.includes(check));
    const said = changed.length
      ? `${list(changed)}${changed.length < checks.length ? '; the rest as before' : ''}`
      : 'everything as before';
    lines.push(`${index + 1}. ${machine.step(step.event, path.steps[index]!.state)}. Checks: ${said}.`);
    previous = checks;
  });
  return lines;
}

/** The paths without their steps: `storefront path 3: cart.add → cart.open` per line (the `--list`). */
export function pathList(): string {
  return machines
    .flatMap((machine) => [
      `${machine.name}: ${machine.generated.paths.length} generated paths`,
      ...machine.generated.paths.map((path, index) => `  path ${index + 1}: ${pathName(path)}`),
    ])
    .join('\n');
}

/** The catalogue page (Markdown, before formatting). */
export function pathCatalogueMarkdown(): string {
  const total = machines.reduce((sum, machine) => sum + machine.generated.paths.length, 0);
  return [
    '# Test paths',
    '',
    '<!-- Generated by `npm run docs:test-paths` (scripts/generate-test-paths.ts) from the model suites. Do not edit by hand. -->',
    '',
    `Every path the model suite runs (${total} in all), as a shopper's numbered steps with what the suite`,
    'checks on the page after each step. `npm run test:model:browser` runs them in Chromium (against a',
    'deployment with `BASE_URL`, see docs/testing.md) and fails below 100% coverage.',
    "Path numbers are the test titles' (`path 3: …`). After each step every check runs again; the list",
    'names the ones whose expected value changed. Every wait runs on a fake clock; the page is also',
    'checked one millisecond before a wait ends (still as before).',
    '',
    ...machines.flatMap((machine) => [
      `## ${machine.name}: ${machine.generated.paths.length} paths`,
      '',
      '### Bounds',
      '',
      ...machine.bounds.map((bound) => `- ${bound}`),
      '',
      '### Coverage',
      '',
      '```text',
      catalogueCoverageTable(machine),
      '```',
      '',
      '### Paths',
      '',
      ...machine.generated.paths.flatMap((path, index) => [
        `#### ${machine.name} path ${index + 1}: ${pathEvents(path).length} step${pathEvents(path).length === 1 ? '' : 's'}`,
        '',
        `\`${pathName(path)}\``,
        '',
        ...pathSteps(machine, path),
        '',
      ]),
    ]),
  ].join('\n');
}
