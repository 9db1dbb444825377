/**
 * The temporal properties (machines/temporal-properties.ts) checked after every step of the covering
 * paths and the sessions, on two sides: the model (the machine's snapshot the step reached, at the
 * model's clock) and the page (what the shopper sees, read through the page object at the page's fake
 * clock). {@link checkingProperties} wraps a path driver: each `assertState` compares the screen as
 * before, then observes both sides, appends them to the session's traces and judges the last step. A
 * broken property throws {@link PropertyViolationError}, which names the property, its requirement, the
 * side and the step; the runner's failure handling (fast-check's shrinking, the replay command) takes
 * it from there. {@link propertyChecks} tallies what ran, for the engine's coverage table
 * ({@link propertiesCheckedRow}).
 */
import type { EventObject } from 'xstate';
import { CARD_FIELD_NAMES } from '@machines/checkout-form';
import type { CheckoutSnapshot } from '@machines/checkout-machine';
import {
  selectCartCount,
  selectIsReleaseOffered,
  selectIsToastVisible,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';
import {
  TEMPORAL_PROPERTIES,
  firstViolation,
  type Observation,
  type TemporalProperty,
} from '@machines/temporal-properties';
import { FIELD_LABELS } from '@support/model/checkout-model';
import type { CoverageRow } from '@support/model/coverage-table';
import type { PathDriver } from '@support/model/derive-test-model';
import { storefrontView } from '@support/model/storefront-model';
import type { ModelPage } from '@support/model/model-drivers';
import type { TemporalScreen } from '@support/shop-page';

/** Which machine a driver drives. */
export type MachineName = 'storefront' | 'checkout';

/** The labels of the card fields, as the checkout form shows them. */
const CARD_LABELS = CARD_FIELD_NAMES.map((name) => FIELD_LABELS[name]);

/** What a step did that the observations cannot see: its time, whether it added, which order it is in. */
interface StepFacts {
  at: number;
  added: boolean;
  order: number;
}

/** The count in an accessible name such as 'Open cart, 3 items'; 0 for 'Open cart'. */
export const announcedCount = (name: string): number => Number(/\d+/.exec(name)?.[0] ?? 0);

/** The model side of a step: the snapshot the machine reached. */
export function observeModel(machine: MachineName, snapshot: unknown, facts: StepFacts): Observation {
  if (machine === 'storefront') {
    const storefront = snapshot as StorefrontSnapshot;
    return {
      ...facts,
      promptVisible: selectIsReleaseOffered(storefront),
      orderUnderway: storefront.matches({ order: 'underway' }),
      // The storefront knows an order only as underway; the checkout's machine knows its confirmation.
      orderConfirmed: false,
      toastVisible: selectIsToastVisible(storefront),
      announcedCartCount: announcedCount(storefrontView(storefront).cartButton),
      machineCartCount: selectCartCount(storefront),
      cardFilled: null,
      orderNumber: null,
    };
  }
  const checkout = snapshot as CheckoutSnapshot;
  const confirmed = checkout.matches('confirmed') || checkout.matches('stayed');
  return {
    ...facts,
    promptVisible: null,
    orderUnderway: checkout.matches('processing') || confirmed,
    orderConfirmed: confirmed,
    toastVisible: null,
    announcedCartCount: null,
    machineCartCount: null,
    cardFilled: CARD_FIELD_NAMES.some((name) => checkout.context.form[name] !== ''),
    orderNumber: checkout.context.orderNumber,
  };
}

/** The page side of a step: the screen as read, and the storefront machine's cart count to hold it to. */
export function observePage(
  screen: TemporalScreen,
  machineCartCount: number | null,
  facts: StepFacts,
): Observation {
  return {
    ...facts,
    promptVisible: screen.promptVisible,
    orderUnderway: screen.order !== null,
    orderConfirmed: screen.order === 'confirmed',
    toastVisible: screen.toastVisible,
    announcedCartCount: screen.cartButtonName === null ? null : announcedCount(screen.cartButtonName),
    machineCartCount,
    cardFilled: screen.cardValues === null ? null : screen.cardValues.some((value) => value !== ''),
    // 'Order number: PB-123456': the number is its last word.
    orderNumber: /\S+$/.exec(screen.orderNumber ?? '')?.[0] ?? null,
  };
}

/** A property broken at a step: names the property, its requirement, the side and the step. */
export class PropertyViolationError extends Error {
  constructor(
    readonly property: TemporalProperty,
    side: 'model' | 'page',
    step: string,
    observation: Observation,
    cause?: unknown,
  ) {
    super(
      `temporal property ${property.id} (${property.requirement}: ${property.statement}) broken on the ${side} side at ${step}; observed ${JSON.stringify(observation)}`,
      { cause },
    );
    this.name = 'PropertyViolationError';
  }
}

/** How many steps were judged, and against which properties, per side (both sides judge each step). */
const tally = { steps: 0 };

/** The checks this process judged: properties × steps × sides (both sides judge each step). */
export const propertyChecks = () => TEMPORAL_PROPERTIES.length * tally.steps * 2;

/**
 * The coverage table's row of the temporal properties checked, `counts` per column (each
 * {@link propertyChecks} of the runs the column counts).
 */
export const propertiesCheckedRow = (counts: readonly number[]): CoverageRow => ({
  label: 'properties checked',
  counts,
});

/** Options of {@link checkingProperties}. */
export interface CheckOptions {
  /** The model's clock now, ms (the sessions' SimulatedClock); by default the page's fake clock. */
  modelNow?: () => number;
  /** The step being checked, for the message (`step 4: cart.add`); by default what `onStep` last said. */
  step?: () => string;
}

/**
 * `driver`, each of its `assertState` calls followed by the check of every temporal property on the
 * model and the page side. The screen's own check runs first; when it fails and a property is broken
 * too, the property's error is thrown (with the screen's as its cause), else the screen's.
 */
export function checkingProperties<TSnapshot, TEvent extends EventObject, TExtra>(
  driver: PathDriver<TSnapshot, TEvent> & TExtra,
  machine: MachineName,
  page: ModelPage,
  options: CheckOptions = {},
): PathDriver<TSnapshot, TEvent> & TExtra {
  const model: Observation[] = [];
  const shown: Observation[] = [];
  let lastAt = 0;
  let order = 0;
  let label = 'the first screen';
  /** The runner names its steps (`onStep`): its names are kept, not the events'. */
  let named = false;
  let pendingAdd = false;
  const pageNow = () =>
    page.browser
      .tickClock(0)
      .then((at) => (lastAt = at))
      // A new document (a reload) has no fake clock: its time stays where the clock last was.
      .catch(() => lastAt);

  return {
    ...driver,
    onStep: (step: string) => {
      label = step;
      named = true;
      driver.onStep?.(step);
    },
    perform: async (event: TEvent, snapshot: TSnapshot) => {
      if (!options.step && !named) label = event.type;
      if (event.type === 'cart.add') pendingAdd = true;
      if (event.type === 'order.submit' || event.type === 'order.submitted') order += 1;
      await driver.perform(event, snapshot);
    },
    assertState: async (snapshot: TSnapshot) => {
      let screenError: unknown;
      await driver.assertState(snapshot).catch((error: unknown) => (screenError = error));
      const step = options.step?.() ?? label;
      const at = await pageNow();
      const added = pendingAdd;
      pendingAdd = false;
      const modelAt = options.modelNow?.() ?? at;
      model.push(observeModel(machine, snapshot, { at: modelAt, added, order }));
      const cartCount =
        machine === 'storefront' ? selectCartCount(snapshot as unknown as StorefrontSnapshot) : null;
      shown.push(
        observePage(await page.shop.temporalScreen(CARD_LABELS), cartCount, {
          at,
          added,
          order,
        }),
      );
      tally.steps += 1;
      for (const [side, trace] of [
        ['model', model],
        ['page', shown],
      ] as const) {
        const violation = firstViolation(trace);
        if (violation)
          throw new PropertyViolationError(violation.property, side, step, trace.at(-1)!, screenError);
      }
      if (screenError !== undefined) throw screenError;
    },
  };
}
