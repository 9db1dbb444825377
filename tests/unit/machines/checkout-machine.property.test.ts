/**
 * The checkout machine under random load: 10,000 random sequences of every checkout event
 * (valid, out of place, hostile field names and values, unknown types), waits on a fake clock and the
 * shopper leaving the page or stopping the redirect ('Stay on this page', then 'Back to Shop'), starting
 * from random (often hostile) navigation state. After every step the actor must agree with a small
 * reference model of spec §4 'Checkout' and §9.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { COLOURS, UNIT_PRICE_CENTS } from '@machines/catalog';
import { MAX_LINE_QUANTITY, checkoutInputFor } from '@machines/checkout-input';
import {
  CARD_FIELD_NAMES,
  CHECKOUT_FIELD_NAMES,
  EMPTY_CHECKOUT_FORM,
  type CheckoutForm,
} from '@machines/checkout-form';
import {
  PROCESSING_DELAY_MS,
  REDIRECT_DELAY_MS,
  checkoutMachine,
  selectOrderTotals,
  type CheckoutActorRef,
  type CheckoutSnapshot,
} from '@machines/checkout-machine';
import {
  DEFAULT_SHIPPING_METHOD_ID,
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_METHODS,
  type ShippingMethodId,
} from '@machines/pricing';
import { ModelStep, eventLabel, invariant, noiseEventType } from '@support/model/model-step';

/**
 * Random sequences per run (required: at least 10,000 per machine). The mutation run asks for fewer
 * with `PROPERTY_RUNS` (vitest.stryker.config.ts): every mutant that survives runs them all.
 */
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);

type Phase = 'idle' | 'processing' | 'confirmed' | 'stayed' | 'redirect';

/** What the shopper should see, kept by hand from spec §4 'Checkout' and §9. */
interface Model {
  /** Fake-clock time since the page opened, in ms. */
  now: number;
  /** Wall-clock time the page opened at (ms since the epoch): the order number comes from it. */
  epochMs: number;
  /** When the order was submitted, in ms since the page opened, or null. */
  submittedAt: number | null;
  /** When the shopper left /checkout (the actor was stopped), or null. */
  leftAt: number | null;
  /** When the shopper pressed 'Stay on this page' on the confirmation, or null. */
  stayedAt: number | null;
  /** When the shopper, having stayed, followed 'Back to Shop', or null. */
  returnedAt: number | null;
  form: CheckoutForm;
  shippingMethodId: ShippingMethodId;
}

interface Real {
  actor: CheckoutActorRef;
  /** Every state value the actor went through, in order (recorded by a subscription). */
  phases: Phase[];
  /** Every distinct order number the actor held, in order. */
  orderNumbers: string[];
  ordersPlaced: number;
  redirects: number;
}

type CheckoutStep = ModelStep<Model, Real>;

/**
 * The phase the model expects at `time`: processing 3 s, confirmed 3 s, then the redirect (spec §9);
 * once the shopper stayed, no timer: the confirmation until 'Back to Shop' (WCAG 2.2.1).
 */
function phaseAt(model: Model, time: number): Phase {
  if (model.submittedAt === null) return 'idle';
  const elapsed = time - model.submittedAt;
  if (elapsed < PROCESSING_DELAY_MS) return 'processing';
  if (model.stayedAt !== null && time >= model.stayedAt)
    return model.returnedAt !== null && time >= model.returnedAt ? 'redirect' : 'stayed';
  if (elapsed < PROCESSING_DELAY_MS + REDIRECT_DELAY_MS) return 'confirmed';
  return 'redirect';
}

/** The phase now; frozen at the moment the shopper left, since a stopped actor never moves again. */
const expectedPhase = (model: Model): Phase => phaseAt(model, model.leftAt ?? model.now);

const isEditableField = (name: unknown): name is keyof CheckoutForm =>
  (CHECKOUT_FIELD_NAMES as readonly unknown[]).includes(name);

/** The model's reaction to one event while the page is open. */
function expectAfter(model: Model, event: { type: string } & Record<string, unknown>): void {
  const phase = expectedPhase(model);
  if (phase === 'confirmed' && event.type === 'redirect.cancel') model.stayedAt = model.now;
  if (phase === 'stayed' && event.type === 'shop.return') model.returnedAt = model.now;
  if (phase !== 'idle') return; // nothing is editable or submittable after submitting
  if (event.type === 'field.change' && isEditableField(event.name) && typeof event.value === 'string')
    model.form = { ...model.form, [event.name]: event.value };
  if (
    event.type === 'shippingMethod.select' &&
    SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId)
  )
    model.shippingMethodId = event.shippingMethodId as ShippingMethodId;
  if (event.type === 'order.submit') model.submittedAt = model.now;
}

/** 'PB-' + the last six digits of the confirmation time, zero-padded (spec §4, §9), computed here. */
function expectedOrderNumber(model: Model): string {
  const confirmedAtMs = model.epochMs + model.submittedAt! + PROCESSING_DELAY_MS;
  return `PB-${String(confirmedAtMs).padStart(6, '0').slice(-6)}`;
}

const ALLOWED_MOVES = new Set([
  'idle>processing',
  'processing>confirmed',
  'confirmed>redirect',
  'confirmed>stayed',
  'stayed>redirect',
]);

/** Every invariant of the checkout, checked after each step. */
function checkInvariants(model: Model, real: Real, step: string): void {
  const snapshot: CheckoutSnapshot = real.actor.getSnapshot();
  const at = () => `after "${step}" at ${model.now} ms: `;
  const same = (name: string, actual: unknown, expected: unknown) =>
    invariant(
      actual === expected,
      () => `${at()}${name} is ${fc.stringify(actual)}, expected ${fc.stringify(expected)}`,
    );
  const phase = expectedPhase(model);

  // The path: idle → processing → confirmed (→ stayed) → redirect, one state at a time, never skipping processing.
  for (let index = 1; index < real.phases.length; index += 1) {
    const move = `${real.phases[index - 1]}>${real.phases[index]}`;
    invariant(ALLOWED_MOVES.has(move), () => `${at()}moved ${move} (path ${real.phases.join(' → ')})`);
  }
  same('state', snapshot.value, phase);
  same(
    'status',
    snapshot.status,
    model.leftAt !== null ? 'stopped' : phase === 'redirect' ? 'done' : 'active',
  );

  // One order at most, numbered once, redirect once.
  const confirmed = phase === 'confirmed' || phase === 'stayed' || phase === 'redirect';
  same('orders placed', real.ordersPlaced, confirmed ? 1 : 0);
  same('redirects home', real.redirects, phase === 'redirect' ? 1 : 0);
  same('order numbers assigned', real.orderNumbers.length, confirmed ? 1 : 0);
  if (confirmed) {
    const orderNumber = snapshot.context.orderNumber ?? '';
    invariant(/^PB-\d{6}$/.test(orderNumber), () => `${at()}order number ${fc.stringify(orderNumber)}`);
    same('order number', orderNumber, expectedOrderNumber(model));
  } else same('order number', snapshot.context.orderNumber, null);

  // The form: only the spec's fields, edits only while idle, card data gone once confirmed.
  const { form } = snapshot.context;
  same('form fields', Object.keys(form).sort().join(), Object.keys(EMPTY_CHECKOUT_FORM).sort().join());
  for (const name of CHECKOUT_FIELD_NAMES) {
    const cleared = confirmed && (CARD_FIELD_NAMES as readonly string[]).includes(name);
    same(`form.${name}`, form[name], cleared ? '' : model.form[name]);
  }
  same('country', form.country, 'United States');
  same('payment method', form.paymentMethod, 'card');
  same('shipping method', snapshot.context.shippingMethodId, model.shippingMethodId);
  same('Object.prototype untouched', ({} as Record<string, unknown>).polluted, undefined);

  // Money: integer cents, total = subtotal + shipping + tax, free shipping from $35 (spec §9).
  const { lineItems } = snapshot.context;
  invariant(lineItems.length >= 1, () => `${at()}no line items`);
  for (const item of lineItems) {
    invariant(
      Number.isSafeInteger(item.quantity) && item.quantity >= 1 && item.quantity <= MAX_LINE_QUANTITY,
      () => `${at()}line quantity ${item.quantity}`,
    );
    same('unit price', item.unitPriceCents, UNIT_PRICE_CENTS);
    invariant(
      COLOURS.some((colour) => colour.id === item.colourId),
      () => `${at()}colour ${item.colourId}`,
    );
  }
  const totals = selectOrderTotals(snapshot);
  invariant(
    Object.values(totals).every((cents) => Number.isSafeInteger(cents) && cents >= 0),
    () => `${at()}money is not integer cents: ${fc.stringify(totals)}`,
  );
  same(
    'subtotal',
    totals.subtotalCents,
    lineItems.reduce((sum, item) => sum + item.quantity * UNIT_PRICE_CENTS, 0),
  );
  same('total', totals.totalCents, totals.subtotalCents + totals.shippingCents + totals.taxCents);
  const methodPrice = SHIPPING_METHODS.find((method) => method.id === model.shippingMethodId)!.priceCents;
  same(
    'shipping',
    totals.shippingCents,
    totals.subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : methodPrice,
  );
  invariant(
    Math.abs(totals.taxCents - totals.subtotalCents * 0.08) <= 0.5,
    () => `${at()}tax ${totals.taxCents} is not 8% of ${totals.subtotalCents}`,
  );
}

/** While the shopper is on /checkout: not left, not yet redirected home (a finished actor takes no events). */
const onPage = (model: Readonly<Model>) => model.leftAt === null && expectedPhase(model) !== 'redirect';

function eventStep(event: { type: string } & Record<string, unknown>): CheckoutStep {
  const label = eventLabel(event);
  return new ModelStep(
    label,
    (model, real) => {
      expectAfter(model, event);
      real.actor.send(event as never);
      checkInvariants(model, real, label);
    },
    onPage,
  );
}

function waitStep(ms: number): CheckoutStep {
  const label = `wait ${ms} ms`;
  return new ModelStep(label, (model, real) => {
    model.now += ms;
    vi.advanceTimersByTime(ms);
    checkInvariants(model, real, label);
  });
}

/** The shopper leaves /checkout (Back, 'Back to Shop', a link): the page unmounts and stops the actor. */
const leavePage: CheckoutStep = new ModelStep(
  'leave /checkout',
  (model, real) => {
    model.leftAt = model.now;
    real.actor.stop();
    checkInvariants(model, real, 'leave /checkout');
  },
  onPage,
);

const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(...CHECKOUT_FIELD_NAMES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      'country',
      'paymentMethod',
      '__proto__',
      'constructor',
      'polluted',
      undefined,
    ),
  },
);
const fieldValue = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>('4242424242424242', undefined, null, 42, { polluted: true }),
  },
);
const fieldChange = fc
  .record({ name: fieldName, value: fieldValue })
  .map(({ name, value }) => eventStep({ type: 'field.change', name, value }));

const shippingSelect = fc
  .constantFrom<unknown>(...SHIPPING_METHODS.map((method) => method.id), 'teleport', '__proto__', undefined)
  .map((shippingMethodId) => eventStep({ type: 'shippingMethod.select', shippingMethodId }));

const submit = fc.constant(eventStep({ type: 'order.submit' }));
const stay = fc.constant(eventStep({ type: 'redirect.cancel' }));
const shopReturn = fc.constant(eventStep({ type: 'shop.return' }));

const noiseEvent = noiseEventType.map((type) => eventStep({ type }));

const wait = fc
  .oneof(
    fc.constantFrom(1, PROCESSING_DELAY_MS - 1, PROCESSING_DELAY_MS, PROCESSING_DELAY_MS + REDIRECT_DELAY_MS),
    fc.integer({ min: 0, max: 4000 }),
  )
  .map(waitStep);

const steps = fc.commands(
  [
    fieldChange,
    fieldChange,
    shippingSelect,
    submit,
    stay,
    shopReturn,
    noiseEvent,
    wait,
    wait,
    fc.constant(leavePage),
  ],
  { maxCommands: 24 },
);

/** Navigation state: the cart as the landing page sends it, or anything at all (spec §3: untrusted). */
const checkoutInput = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        colourId: fc.constantFrom(...COLOURS.map((colour) => colour.id)),
        quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: MAX_LINE_QUANTITY })),
      })
      .map(({ colourId, quantity }) => checkoutInputFor(colourId, quantity)),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.record({
      items: fc.array(
        fc.record({
          id: fc.constantFrom<unknown>('pet-ball-pro', 'other', undefined),
          color: fc.constantFrom<unknown>('Hot Pink', 'Ocean Blue', 'sunset-orange', 'Neon', null),
          quantity: fc.oneof(
            fc.integer(),
            fc.double(),
            fc.constantFrom<unknown>(1e9, '2', null, Number.NaN, Number.POSITIVE_INFINITY),
          ),
          price: fc.constantFrom<unknown>(21.98, '0.01', -5, Number.NaN),
        }),
        { maxLength: 4 },
      ),
      total: fc.constantFrom<unknown>(0.01, -1, Number.NaN, '999', undefined),
    }),
  },
);

/** Wall-clock start: from the epoch (order numbers need zero padding) to the year 2100. */
const epochMs = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }),
  fc.integer({ min: 1_700_000_000_000, max: 4_102_444_800_000 }),
);

function startActor(input: unknown, model: Model): Real {
  const real: Omit<Real, 'actor'> = { phases: [], orderNumbers: [], ordersPlaced: 0, redirects: 0 };
  const logic = checkoutMachine.provide({
    actions: {
      notifyOrderPlaced: () => void (real.ordersPlaced += 1),
      navigateHome: () => void (real.redirects += 1),
    },
  });
  vi.setSystemTime(model.epochMs);
  const actor = createActor(logic, { input: { checkoutInput: input } });
  actor.subscribe((snapshot) => {
    const phase = snapshot.value as Phase;
    if (real.phases[real.phases.length - 1] !== phase) real.phases.push(phase);
    const { orderNumber } = snapshot.context;
    if (orderNumber !== null && real.orderNumbers[real.orderNumbers.length - 1] !== orderNumber)
      real.orderNumbers.push(orderNumber);
  });
  real.phases.push(actor.getSnapshot().value as Phase);
  return Object.assign(real, { actor: actor.start() });
}

beforeAll(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe('checkout machine under 10,000 random event sequences', () => {
  it('never skips processing, confirms at most once, numbers the order PB-dddddd and keeps money exact @R4.6 @R4.7 @R9.3 @R9.8 @R9.14', () => {
    fc.assert(
      fc.property(checkoutInput, epochMs, steps, (input, epoch, commands) => {
        const model: Model = {
          now: 0,
          epochMs: epoch,
          submittedAt: null,
          leftAt: null,
          stayedAt: null,
          returnedAt: null,
          form: { ...EMPTY_CHECKOUT_FORM },
          shippingMethodId: DEFAULT_SHIPPING_METHOD_ID,
        };
        const real = startActor(input, model);
        try {
          checkInvariants(model, real, 'open /checkout');
          fc.modelRun(() => ({ model, real }), commands);
        } finally {
          real.actor.stop();
        }
        const leftTimers = vi.getTimerCount();
        vi.clearAllTimers(); // each run starts clean, even after a failure
        invariant(leftTimers === 0, () => `a stopped checkout left ${leftTimers} timer(s) behind`);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});
