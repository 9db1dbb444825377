/**
 * A model path's events as the steps a page plays through the real machines on the dev server
 * (src/dev/state-link/state-link-plan.ts): for the state links of every state
 * (scripts/docs/generate-state-links.ts) and the live link of a failed path or session, which replays
 * it one step at a time (`/?replay=<plan>`).
 */
import type { EventObject } from 'xstate';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import { PROCESSING_DELAY_MS } from '@machines/checkout-machine';
import type { LinkEvent, LinkedMachine, ReplayPlan, StateLinkStep } from '@/dev/state-link/state-link-plan';
import { CHECKOUT_MODEL_INPUT, FORM_VALUES } from '@support/model/checkout-model';
import type { DerivedDelays } from '@support/model/derive-test-model';
import { formatEvent } from '@support/model/derive-test-model';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  type StorefrontModelEvent,
} from '@support/model/storefront-model';

/** Where `npm run dev` serves the shop (Vite's default port). */
export const DEV_SERVER = 'http://localhost:5173';

/** The checkout form as the model's shopper types it (`form.fill`), in the page's order. */
export const FORM_FILL: readonly LinkEvent[] = CHECKOUT_FIELD_NAMES.map((name) => ({
  type: 'field.change',
  name,
  value: FORM_VALUES[name],
}));

/** How a link writes the form filled in: its events, or (the generated module) a reference to them. */
export interface FormFill {
  events: readonly LinkEvent[];
  steps: readonly StateLinkStep[];
}
const FORM: FormFill = {
  events: FORM_FILL,
  steps: FORM_FILL.map((event) => ({ kind: 'send', machine: 'checkout', event })),
};

/** An event's plain data: a link's JSON cannot carry anything else. */
function plainEvent(event: EventObject): LinkEvent {
  for (const [key, value] of Object.entries(event))
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`Event ${event.type} has a ${key} a link cannot carry: ${String(value)}.`);
  return event as LinkEvent;
}

/**
 * One event of a `machine`'s path as steps: a delay as the clock moving on, the checkout download's
 * outcome, `form.fill` as each field typed; of the storefront's, `order.submitted` as the order
 * submitted at /checkout, `order.placed` as its processing delay passing, `checkout.opened` and
 * `checkout.left` as the checkout page showing and being left.
 * @throws on an event a link cannot carry (data other than strings and numbers).
 */
export function linkSteps(
  machine: LinkedMachine,
  event: EventObject,
  delays: DerivedDelays,
  form: FormFill = FORM,
): StateLinkStep[] {
  const delay = delays.get(event.type);
  if (delay) return [{ kind: 'wait', delay: delay.delay, ms: delay.ms }];
  if (event.type === CHECKOUT_LOADED) return [{ kind: 'download', outcome: 'loaded' }];
  if (event.type === CHECKOUT_LOAD_FAILED) {
    const failure = checkoutLoadFailureIn(event as StorefrontModelEvent);
    if (!failure) throw new Error(`A failed download without its reason: ${JSON.stringify(event)}.`);
    return [{ kind: 'download', outcome: failure }];
  }
  if (event.type === 'form.fill') return [...form.steps];
  if (machine === 'storefront')
    switch (event.type) {
      case 'order.submitted':
        return [{ kind: 'order', events: [...form.events, { type: 'order.submit' }] }];
      case 'order.placed':
        return [{ kind: 'wait', delay: 'processingDelay', ms: PROCESSING_DELAY_MS }];
      case 'checkout.opened':
        return [{ kind: 'arrive' }];
      case 'checkout.left':
        return [{ kind: 'leave' }];
    }
  return [{ kind: 'send', machine, event: plainEvent(event) }];
}

/** Where a machine's paths start: the storefront at `/`, the checkout at `/checkout` with the model's cart. */
export const startOf = (machine: LinkedMachine) =>
  machine === 'checkout'
    ? ({ route: '/checkout', checkoutInput: CHECKOUT_MODEL_INPUT.checkoutInput } as const)
    : ({ route: '/' } as const);

/** A replay plan's URL parameter: its JSON in base64url (a URL carries it as it is). */
export const encodeReplay = (plan: ReplayPlan): string =>
  Buffer.from(JSON.stringify(plan)).toString('base64url');

/**
 * The live link of a failed path or session of `machine`: its `events` replayed one step at a time
 * on the dev server, opening at step `failing` (1-based; 0: the first screen).
 */
export function replayLink(
  machine: LinkedMachine,
  events: readonly EventObject[],
  delays: DerivedDelays,
  failing: number,
): string {
  const plan: ReplayPlan = {
    machine,
    ...startOf(machine),
    steps: events.map((event) => linkSteps(machine, event, delays)),
    labels: events.map(formatEvent),
    failing,
  };
  return `${DEV_SERVER}${plan.route}?replay=${encodeReplay(plan)}`;
}
