/**
 * The storefront machine under random load: 10,000 random sequences of every storefront
 * event (valid, out of place, with hostile payloads or unknown types) interleaved with waits on a fake
 * clock, each checked step by step against a small reference model of spec §4 'Landing page'.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { COLOURS, UNIT_PRICE_CENTS, type ColourId } from '@machines/catalog';
import { MAX_LINE_QUANTITY, checkoutInputFor, type CheckoutInput } from '@machines/checkout-input';
import { lineItemsFromCheckoutInput } from '@machines/parse-checkout-input';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_METHODS, orderTotals } from '@machines/pricing';
import {
  TOAST_DURATION_MS,
  selectAddToCartTotalCents,
  selectCartLine,
  storefrontMachine,
  type StorefrontActorRef,
} from '@machines/storefront-machine';
import { loadedAtOnce } from '@support/checkout-loaders';
import { ModelStep, eventLabel, invariant, noiseEventType } from '@support/model/model-step';

/**
 * Random sequences per run (required: at least 10,000 per machine). The mutation run asks for fewer
 * with `PROPERTY_RUNS` (vitest.stryker.config.ts): every mutant that survives runs them all.
 */
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);

/** What the shopper should see, kept by hand from spec §4 and §9. */
interface Model {
  /** Fake-clock time since the actor started, in ms. */
  now: number;
  colourId: ColourId;
  quantity: number;
  /** Sum of every quantity added since the last placed order. */
  cartCount: number;
  cartOpen: boolean;
  /** Proceeded with the checkout's code there: the cart stays open until the checkout shows. */
  leavingForCheckout: boolean;
  /** Time of the last add that was accepted, in ms, or null. */
  lastAddAt: number | null;
  /** Carts sent to /checkout: colour and count at the moment of 'Proceed to Checkout'. */
  proceeded: { colourId: ColourId; quantity: number }[];
}

interface Real {
  actor: StorefrontActorRef;
  /** Checkout inputs carried to /checkout, in order. */
  navigations: CheckoutInput[];
}

type StorefrontStep = ModelStep<Model, Real>;

const isKnownColour = (value: unknown): value is ColourId => COLOURS.some((colour) => colour.id === value);

/** The model's reaction to one event (spec §4): the shopper-visible rules, written independently. */
function expectAfter(model: Model, event: { type: string } & Record<string, unknown>): void {
  switch (event.type) {
    case 'colour.select':
      if (isKnownColour(event.colourId)) model.colourId = event.colourId;
      break;
    case 'quantity.increment':
      if (model.quantity < MAX_LINE_QUANTITY) model.quantity += 1;
      break;
    case 'quantity.decrement':
      if (model.quantity > 1) model.quantity -= 1;
      break;
    case 'cart.add':
      if (model.cartCount + model.quantity <= MAX_LINE_QUANTITY) {
        model.cartCount += model.quantity;
        model.lastAddAt = model.now;
      }
      break;
    case 'cart.open':
      model.cartOpen = true;
      break;
    case 'cart.close':
      model.cartOpen = false;
      model.leavingForCheckout = false;
      break;
    case 'checkout.proceed':
      if (model.cartOpen && model.cartCount > 0 && !model.leavingForCheckout) {
        model.leavingForCheckout = true;
        model.proceeded.push({ colourId: model.colourId, quantity: model.cartCount });
      }
      break;
    case 'checkout.opened':
      if (model.leavingForCheckout) {
        model.cartOpen = false;
        model.leavingForCheckout = false;
      }
      break;
    case 'order.placed':
      model.cartCount = 0;
      model.quantity = 1;
      break;
  }
}

/** Every invariant of the landing page, checked after each step. */
function checkInvariants(model: Model, { actor, navigations }: Real, step: string): void {
  const snapshot = actor.getSnapshot();
  const { quantity, cartCount, colourId } = snapshot.context;
  const at = () => `after "${step}" at ${model.now} ms: `;
  const same = (name: string, actual: unknown, expected: unknown) =>
    invariant(
      actual === expected,
      () => `${at()}${name} is ${fc.stringify(actual)}, expected ${fc.stringify(expected)}`,
    );

  same('status', snapshot.status, 'active');
  invariant(
    Number.isSafeInteger(quantity) && quantity >= 1,
    () => `${at()}quantity ${quantity} is not an integer ≥ 1`,
  );
  same('quantity', quantity, model.quantity);
  invariant(Number.isSafeInteger(cartCount), () => `${at()}cart count ${cartCount} is not a safe integer`);
  same('cart count (sum of quantities added)', cartCount, model.cartCount);
  same('colour', colourId, model.colourId);

  same('cart modal open', snapshot.matches({ cart: 'open' }), model.cartOpen);
  const toastShouldShow = model.lastAddAt !== null && model.now - model.lastAddAt < TOAST_DURATION_MS;
  same(
    `toast visible (last add at ${model.lastAddAt} ms)`,
    snapshot.matches({ toast: 'visible' }),
    toastShouldShow,
  );

  same('Add to Cart price in cents', selectAddToCartTotalCents(snapshot), UNIT_PRICE_CENTS * model.quantity);
  const line = selectCartLine(snapshot);
  same('cart line shown', line !== null, model.cartCount > 0);
  if (line) {
    same('cart line colour', line.colourId, model.colourId);
    same('cart line quantity', line.quantity, model.cartCount);
  }
  same('navigations to /checkout', navigations.length, model.proceeded.length);
}

/** What /checkout makes of a carried cart: the same units, and sound money for every shipping method. */
function checkCarriedCart(checkoutInput: CheckoutInput, expected: Model['proceeded'][number]): void {
  const lineItems = lineItemsFromCheckoutInput(checkoutInput);
  const carried = lineItems.map((item) => `${item.colourId}×${item.quantity}`).join(', ');
  invariant(
    carried === `${expected.colourId}×${expected.quantity}`,
    () => `/checkout received ${carried}, expected ${expected.colourId}×${expected.quantity}`,
  );
  for (const method of SHIPPING_METHODS) {
    const totals = orderTotals(lineItems, method.id);
    const figures = () => `${method.id}: ${fc.stringify(totals)}`;
    invariant(
      Object.values(totals).every((cents) => Number.isSafeInteger(cents) && cents >= 0),
      () => `money is not integer cents, ${figures()}`,
    );
    invariant(
      totals.totalCents === totals.subtotalCents + totals.shippingCents + totals.taxCents,
      () => `total ≠ subtotal + shipping + tax, ${figures()}`,
    );
    const shipping = totals.subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : method.priceCents;
    invariant(totals.shippingCents === shipping, () => `shipping should be ${shipping}, ${figures()}`);
  }
}

function eventStep(event: { type: string } & Record<string, unknown>): StorefrontStep {
  const label = eventLabel(event);
  return new ModelStep(label, (model, real) => {
    const before = model.proceeded.length;
    expectAfter(model, event);
    real.actor.send(event as never);
    checkInvariants(model, real, label);
    if (model.proceeded.length > before)
      checkCarriedCart(real.navigations[real.navigations.length - 1]!, model.proceeded[before]!);
  });
}

function waitStep(ms: number): StorefrontStep {
  const label = `wait ${ms} ms`;
  return new ModelStep(label, (model, real) => {
    model.now += ms;
    vi.advanceTimersByTime(ms);
    checkInvariants(model, real, label);
  });
}

const hostileValue = fc.constantFrom<unknown>(
  'neon-green',
  'Hot Pink',
  '',
  '__proto__',
  'constructor',
  undefined,
  null,
  42,
  Number.NaN,
  {},
);

const colourSelect = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...COLOURS.map((colour) => colour.id)) },
    { weight: 1, arbitrary: hostileValue },
  )
  .map((colourId) => eventStep({ type: 'colour.select', colourId }));

const plainEvent = fc
  .constantFrom(
    'quantity.increment',
    'quantity.increment',
    'quantity.decrement',
    'cart.add',
    'cart.add',
    'cart.open',
    'cart.close',
    'checkout.proceed',
    'checkout.opened',
    'order.placed',
  )
  .map((type) => eventStep({ type }));

/** Payloads a shopper cannot send but a buggy caller might: the machine must ignore them. */
const eventWithStrayPayload = fc
  .record({
    type: fc.constantFrom('cart.add', 'quantity.increment', 'order.placed'),
    quantity: fc.constantFrom<unknown>(1e9, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, '3'),
  })
  .map(eventStep);

const noiseEvent = noiseEventType.map((type) => eventStep({ type }));

const wait = fc
  .oneof(
    fc.constantFrom(1, TOAST_DURATION_MS - 1, TOAST_DURATION_MS, TOAST_DURATION_MS + 1),
    fc.integer({ min: 0, max: 4000 }),
  )
  .map(waitStep);

const steps = fc.commands(
  [colourSelect, plainEvent, plainEvent, plainEvent, eventWithStrayPayload, noiseEvent, wait, wait],
  { maxCommands: 24 },
);

/** Where a run starts: a fresh page, or (1 in 10) a stepper and cart already at the safe-integer limit. */
const start = fc.oneof(
  { weight: 9, arbitrary: fc.constant({ quantity: 1, cartCount: 0 }) },
  {
    weight: 1,
    arbitrary: fc.record({
      quantity: fc.integer({ min: MAX_LINE_QUANTITY - 3, max: MAX_LINE_QUANTITY }),
      cartCount: fc.integer({ min: MAX_LINE_QUANTITY - 5, max: MAX_LINE_QUANTITY }),
    }),
  },
);

function startActor({ quantity, cartCount }: { quantity: number; cartCount: number }): Real {
  const navigations: CheckoutInput[] = [];
  // The checkout's code is already there: the download and its failures have their own tests.
  const logic = storefrontMachine.provide({
    actions: {
      navigateToCheckout: ({ context }) =>
        void navigations.push(checkoutInputFor(context.colourId, context.cartCount)),
    },
    actors: { loadCheckout: loadedAtOnce },
  });
  const snapshot = logic.resolveState({
    value: { cart: 'closed', toast: 'hidden' },
    context: { colourId: 'hot-pink', quantity, cartCount, checkoutLoadRetries: 0, checkoutLoadFailure: null },
  });
  return { actor: createActor(logic, { snapshot }).start(), navigations };
}

beforeAll(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe('storefront machine under 10,000 random event sequences', () => {
  it('keeps quantity, cart count, toast, cart modal and money consistent after every step @R4.3 @R5.3', () => {
    fc.assert(
      fc.property(start, steps, (initial, commands) => {
        const real = startActor(initial);
        const model: Model = {
          now: 0,
          colourId: 'hot-pink',
          ...initial,
          cartOpen: false,
          leavingForCheckout: false,
          lastAddAt: null,
          proceeded: [],
        };
        try {
          checkInvariants(model, real, 'start');
          fc.modelRun(() => ({ model, real }), commands);
        } finally {
          real.actor.stop();
        }
        const leftTimers = vi.getTimerCount();
        vi.clearAllTimers(); // each run starts clean, even after a failure
        invariant(leftTimers === 0, () => `a stopped storefront left ${leftTimers} timer(s) behind`);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});
