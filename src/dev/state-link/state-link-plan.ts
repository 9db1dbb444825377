/**
 * The shape of a state link (`/?state=<machine>.<state path>` on the dev server): the route
 * it opens and the model's shortest path to the state as steps the page can play through the real
 * machines. The links themselves are generated from the model suites into ./state-links.generated.ts
 * (`npm run docs:state-links`), so they cannot drift from the paths the tests run.
 */
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';

/** A machine of the shop, by its id. */
export type LinkedMachine = 'storefront' | 'checkout';

/** An event as a machine receives it: its `type` and plain data (strings, numbers). */
export interface LinkEvent {
  readonly type: string;
  readonly [key: string]: string | number;
}

/**
 * One step of a link's path:
 * - `send`: an event to a machine, the one a shopper's control sends (or the page's own, as
 *   `release.waiting` from the service worker);
 * - `wait`: a delay of the machines falls due: the page's clock moves on by `ms`;
 * - `download`: the checkout's code download ends, `loaded` or failed for a reason (the machine's
 *   `xstate.done.actor.loadCheckout` or `xstate.error.actor.loadCheckout`);
 * - `order`: the shopper goes to /checkout with the cart (unless there already) and submits the order
 *   there: the checkout's `events` (the form typed, then submitted), which tell the storefront an
 *   order is underway;
 * - `arrive`: the checkout page the shop navigated to shows (it tells the storefront `checkout.opened`);
 * - `leave`: the shopper leaves the checkout for the shop (it tells the storefront `checkout.left`).
 */
export type StateLinkStep =
  | { readonly kind: 'send'; readonly machine: LinkedMachine; readonly event: LinkEvent }
  | { readonly kind: 'wait'; readonly delay: string; readonly ms: number }
  | { readonly kind: 'download'; readonly outcome: 'loaded' | CheckoutLoadFailure }
  | { readonly kind: 'order'; readonly events: readonly LinkEvent[] }
  | { readonly kind: 'arrive' }
  | { readonly kind: 'leave' };

/** A state link: where it starts and how it gets to its state. */
export interface StateLink {
  /** The machine whose state it shows. */
  readonly machine: LinkedMachine;
  /** The state's path in its machine, e.g. `['cart', 'open', 'browsing']`. */
  readonly path: readonly string[];
  /** The route the path starts on: `/`, or `/checkout` with `checkoutInput` as its navigation state. */
  readonly route: '/' | '/checkout';
  /** The checkout's cart on `/checkout` (its untrusted navigation state, spec §3). */
  readonly checkoutInput?: unknown;
  /** The model's shortest path to the state, after the machine's initial state. */
  readonly steps: readonly StateLinkStep[];
}

/**
 * A replay (`/?replay=<plan>` on the dev server): a failed path's or session's steps to play one at a
 * time. Each of `steps` is one event of the path (its `labels` entry, as the failure printed it) as the
 * steps that play it; `failing` is the number of the step that failed (1-based; 0: the first screen).
 */
export interface ReplayPlan {
  readonly machine: LinkedMachine;
  readonly route: '/' | '/checkout';
  readonly checkoutInput?: unknown;
  readonly steps: readonly (readonly StateLinkStep[])[];
  readonly labels: readonly string[];
  readonly failing: number;
}

/** The name a link goes by in a URL: `storefront.cart.open.browsing`, `checkout.processing`. */
export const stateLinkName = ({ machine, path }: Pick<StateLink, 'machine' | 'path'>): string =>
  [machine, ...path].join('.');
