/**
 * The storefront's model suite (its bounds, paths and coverage exclusions) and what a shopper sees in
 * each snapshot, for the three-engine paths (tests/model/model-paths.node-test.ts) and the
 * docs/test-paths.md catalogue alike.
 */
import { COLOURS, DEFAULT_COLOUR_ID, colourById, type ColourId } from '@machines/catalog';
import { CheckoutLoadError, type CheckoutLoadFailure } from '@machines/checkout-load-failure';
import { MAX_LINE_QUANTITY } from '@machines/checkout-input';
import { lineTotalCents } from '@machines/pricing';
import {
  selectAddToCartTotalCents,
  selectCartLine,
  selectCheckoutLoadFailure,
  selectIsCartOpen,
  selectIsOpeningCheckout,
  selectIsReleaseOffered,
  selectIsToastVisible,
  storefrontMachine,
  type StorefrontEvent,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';
import { formatCents } from '@/lib/format-money';
import en from '@/locales/en';
import { guardFalseItemKey, modelSuite } from '@support/model/model-suite';
import type { DelayEvent, InvokeEvent } from '@support/model/derive-test-model';
import { transitionKey } from '@support/model/machine-anatomy';
import { fillText } from '@support/shop-texts';

export type StorefrontModelEvent = StorefrontEvent | DelayEvent | InvokeEvent;

/** Bounds: the stepper goes up to 2; add to cart while the cart would hold at most 3 units. */
export const MODEL_MAX_QUANTITY = 2;
export const MODEL_MAX_CART_COUNT = 3;

/**
 * The sample events' bounds: the traversal's (`restricted`: each event a guard refuses tried once, a
 * download that fails, a release and an order only where the paths take them, no toast beside them), or
 * a session's (tests/model/sessions.node-test.ts: no caps, no restrictions; time passes as the page's
 * timers fall due, so no delay event is sampled).
 */
export interface SampleBounds {
  maxQuantity: number;
  maxCartCount: number;
  restricted: boolean;
}
const TRAVERSAL: SampleBounds = {
  maxQuantity: MODEL_MAX_QUANTITY,
  maxCartCount: MODEL_MAX_CART_COUNT,
  restricted: true,
};
/** A session's bounds: none (the quantity and cart caps are for a traversal that must end). */
export const SESSION_BOUNDS: SampleBounds = {
  maxQuantity: Infinity,
  maxCartCount: Infinity,
  restricted: false,
};
/** A colour the catalog does not have (events are untyped at runtime, so the machine guards against it). */
export const UNKNOWN_COLOUR = 'lime-green' as ColourId;
/** The outcomes of the invoked `loadCheckout` as path events (derive-test-model.ts). */
export const CHECKOUT_LOADED = 'xstate.done.actor.loadCheckout';
export const CHECKOUT_LOAD_FAILED = 'xstate.error.actor.loadCheckout';

const loadFailed = (failure: CheckoutLoadFailure) =>
  ({ type: CHECKOUT_LOAD_FAILED, error: new CheckoutLoadError(failure) }) as const;

/** The reason of a failed `loadCheckout` event, or null for any other event. */
export const checkoutLoadFailureIn = (event: StorefrontModelEvent): CheckoutLoadFailure | null =>
  'error' in event && event.error instanceof CheckoutLoadError ? event.error.failure : null;

/** The snapshot the landing page opens with: Hot Pink, quantity 1, an empty cart. */
const isOpening = ({ context }: StorefrontSnapshot) =>
  context.colourId === DEFAULT_COLOUR_ID && context.quantity === 1 && context.cartCount === 0;

/**
 * Bound: the download fails only for the smallest cart (one Hot Pink ball) with no toast showing. Any
 * cart takes the same states; a toast's 3 s and the retries' 1 s on one fake clock would need a model
 * of both timers at once.
 */
const mayFailCheckoutLoad = (snapshot: StorefrontSnapshot, { restricted }: SampleBounds) =>
  !restricted ||
  (snapshot.context.colourId === DEFAULT_COLOUR_ID &&
    snapshot.context.quantity === 1 &&
    snapshot.context.cartCount === 1 &&
    !selectIsToastVisible(snapshot));

/**
 * Bound: a new release arrives while the closed cart holds one Hot Pink ball and no toast shows (the
 * reload must keep a cart; any cart takes the same states). While it waits, the path presses 'Reload':
 * the prompt's own states, not every shopping event again beside it. A session's arrives beside any
 * toast and cart, the cart closed or open and not yet proceeding.
 */
const mayReleaseArrive = (snapshot: StorefrontSnapshot, { restricted }: SampleBounds) =>
  snapshot.matches({ release: 'current' }) &&
  (restricted
    ? !selectIsCartOpen(snapshot) &&
      !selectIsToastVisible(snapshot) &&
      snapshot.context.colourId === DEFAULT_COLOUR_ID &&
      snapshot.context.quantity === 1 &&
      snapshot.context.cartCount === 1
    : !selectIsOpeningCheckout(snapshot) && selectCheckoutLoadFailure(snapshot) === null);

/** While the cart modal is open the page behind it is inert: only its buttons and time reach the machine. */
function openCartEvents(snapshot: StorefrontSnapshot, bounds: SampleBounds): StorefrontModelEvent[] {
  // The checkout page says it shows: nothing else happens in between.
  if (snapshot.matches({ cart: { open: 'leavingForCheckout' } })) return [{ type: 'checkout.opened' }];
  if (snapshot.matches({ cart: { open: 'openingCheckout' } })) {
    if (!mayFailCheckoutLoad(snapshot, bounds))
      return [{ type: CHECKOUT_LOADED }, { type: 'delay.toastDuration' }];
    return [
      { type: CHECKOUT_LOADED },
      loadFailed('unavailable'),
      loadFailed('offline'),
      loadFailed('outdated'),
      { type: 'cart.close' },
    ];
  }
  if (snapshot.matches({ cart: { open: 'waitingToRetry' } }))
    return bounds.restricted ? [{ type: 'delay.checkoutRetryDelay' }] : [{ type: 'cart.close' }];
  if (snapshot.matches({ cart: { open: 'checkoutUnavailable' } }))
    return [{ type: 'checkout.retry' }, { type: 'cart.close' }];
  // The page reloads into /checkout: the storefront of this page is done.
  if (snapshot.matches({ cart: { open: 'reloadingIntoCheckout' } })) return [];
  return [
    { type: 'cart.close' },
    ...(snapshot.context.cartCount > 0 || isOpening(snapshot) || !bounds.restricted
      ? [{ type: 'checkout.proceed' } as const]
      : []),
    ...(!bounds.restricted && mayReleaseArrive(snapshot, bounds)
      ? [{ type: 'release.waiting' } as const]
      : []),
    { type: 'delay.toastDuration' },
  ];
}

/**
 * Bound: an order is submitted from a closed cart with items and no toast, in a session too: the
 * checkout's processing timer runs on the same page clock, and a toast's 3 s moving it would confirm
 * the order behind the storefront model's back (it knows the confirmation only as `order.placed`).
 */
const mayOrder = (snapshot: StorefrontSnapshot) =>
  snapshot.context.cartCount > 0 && !selectIsCartOpen(snapshot) && !selectIsToastVisible(snapshot);

/**
 * While an order is underway, at /checkout: its confirmation (once), leaving the checkout (the redirect
 * after the confirmation, or 'Back to Shop' while it processes), and a new release arriving meanwhile
 * (for the smallest cart, as {@link mayReleaseArrive}).
 */
function orderEvents(snapshot: StorefrontSnapshot, { restricted }: SampleBounds): StorefrontModelEvent[] {
  const { colourId, quantity, cartCount } = snapshot.context;
  const placed = cartCount === 0;
  const smallest = !restricted || (colourId === DEFAULT_COLOUR_ID && quantity === 1 && cartCount <= 1);
  return [
    ...(placed ? [] : [{ type: 'order.placed' } as const]),
    { type: 'checkout.left' },
    ...(snapshot.matches({ release: 'current' }) && smallest ? [{ type: 'release.waiting' } as const] : []),
  ];
}

/**
 * The sample events of a snapshot, the model's bounds: each other colour; quantity up to
 * {@link MODEL_MAX_QUANTITY} and down; add to cart up to {@link MODEL_MAX_CART_COUNT}; open the cart; an
 * order submitted at /checkout (see mayOrder, then orderEvents); a new release (see mayReleaseArrive);
 * time passing; and the open cart's events. Events a guard refuses (decrease at 1, proceed with an
 * empty cart, an unknown colour) are tried once, from the opening snapshot. With `bounds`
 * {@link SESSION_BOUNDS}: no caps, each of them at any time, and a waiting release beside the rest.
 */
export function storefrontEvents(
  snapshot: StorefrontSnapshot,
  bounds: SampleBounds = TRAVERSAL,
): StorefrontModelEvent[] {
  const { colourId, quantity, cartCount } = snapshot.context;
  const opening = isOpening(snapshot) || !bounds.restricted;
  if (snapshot.matches({ order: 'underway' })) return orderEvents(snapshot, bounds);
  if (snapshot.matches({ release: 'waiting' }) && bounds.restricted)
    return [
      { type: 'release.reload' },
      ...(mayOrder(snapshot) ? [{ type: 'order.submitted' } as const] : []),
    ];
  // The page reloads into the new release: the storefront of this page is done.
  if (snapshot.matches({ release: 'reloading' })) return [];
  // 'Reload' is on the page behind the cart, inert while it is open.
  if (selectIsCartOpen(snapshot)) return openCartEvents(snapshot, bounds);
  return [
    ...(snapshot.matches({ release: 'waiting' }) ? [{ type: 'release.reload' } as const] : []),
    ...COLOURS.filter((colour) => colour.id !== colourId).map(
      (colour) => ({ type: 'colour.select', colourId: colour.id }) as const,
    ),
    ...(opening ? [{ type: 'colour.select', colourId: UNKNOWN_COLOUR } as const] : []),
    ...(quantity < bounds.maxQuantity ? [{ type: 'quantity.increment' } as const] : []),
    ...(quantity > 1 || opening ? [{ type: 'quantity.decrement' } as const] : []),
    ...(cartCount + quantity <= bounds.maxCartCount ? [{ type: 'cart.add' } as const] : []),
    { type: 'cart.open' },
    ...(mayOrder(snapshot) ? [{ type: 'order.submitted' } as const] : []),
    ...(mayReleaseArrive(snapshot, bounds) ? [{ type: 'release.waiting' } as const] : []),
    { type: 'delay.toastDuration' },
  ];
}

const largest = MAX_LINE_QUANTITY.toLocaleString('en-US');

/**
 * The storefront suite. Simple paths: at one colour, the quantity (before the first add), repeated
 * adds and the toast timing out, in every order (each add restarts the toast's 3 s). Excluded: the
 * guard outcomes that need more than MAX_LINE_QUANTITY units (the cap that keeps every cents figure
 * an exact integer); the machine's unit tests cover them.
 */
export const storefront = modelSuite(storefrontMachine, {
  events: (snapshot) => storefrontEvents(snapshot),
  simpleEvents: ({ context: { quantity, cartCount } }) => [
    ...(quantity < MODEL_MAX_QUANTITY && cartCount === 0 ? [{ type: 'quantity.increment' } as const] : []),
    ...(cartCount + quantity <= MODEL_MAX_CART_COUNT ? [{ type: 'cart.add' } as const] : []),
    { type: 'delay.toastDuration' } as const,
  ],
  exclusions: (anatomy) => ({
    [guardFalseItemKey(transitionKey(anatomy, 'storefront', 'quantity.increment'))]:
      `needs quantity ${largest}, i.e. that many clicks on 'Increase quantity'`,
    [guardFalseItemKey(transitionKey(anatomy, 'toast.hidden', 'cart.add'))]:
      `needs a cart of more than ${largest} units`,
    [guardFalseItemKey(transitionKey(anatomy, 'toast.visible', 'cart.add'))]:
      `needs a cart of more than ${largest} units`,
  }),
});

/**
 * Where 'Proceed to Checkout' stands: `ready`, `opening` (busy, also while a retry waits), `leaving` (the
 * code is there: /checkout shows with the cart), `reloading` into /checkout, or why 'Try again' shows.
 */
export type ProceedView = 'ready' | 'opening' | 'leaving' | 'reloading' | 'offline' | 'unavailable';
function proceedView(snapshot: StorefrontSnapshot): ProceedView {
  if (snapshot.matches({ cart: { open: 'reloadingIntoCheckout' } })) return 'reloading';
  if (snapshot.matches({ cart: { open: 'leavingForCheckout' } })) return 'leaving';
  if (selectIsOpeningCheckout(snapshot)) return 'opening';
  return selectCheckoutLoadFailure(snapshot) ?? 'ready';
}

/**
 * Where the new-release prompt stands: `none` (no release offered, or one held back during an order:
 * the prompt is empty), `waiting` ('A new version of the shop is ready' with 'Reload'), `reloading`
 * (the page has reloaded into the new release, with the cart).
 */
export type ReleaseView = 'none' | 'waiting' | 'reloading';
function releaseView(snapshot: StorefrontSnapshot): ReleaseView {
  if (snapshot.matches({ release: 'reloading' })) return 'reloading';
  return selectIsReleaseOffered(snapshot) ? 'waiting' : 'none';
}

/**
 * The order at /checkout: `none` (the shopper is on the landing page), `processing` ('Processing...')
 * or `confirmed` ('Order Confirmed!'; the cart is emptied then).
 */
export type OrderView = 'none' | 'processing' | 'confirmed';
function orderView(snapshot: StorefrontSnapshot): OrderView {
  if (!snapshot.matches({ order: 'underway' })) return 'none';
  return snapshot.context.cartCount > 0 ? 'processing' : 'confirmed';
}

/**
 * What a shopper sees on the landing page in a snapshot, in the app's English (spec §2, §4): the
 * colour's name (swatch, legend, showcase card), the hero image's name and path, the stepper (and
 * whether 'Decrease quantity' is marked disabled), 'Add to Cart - $43.96', the cart button's name and
 * badge (null when empty), the toast (or null), the open cart modal (or null) and the new-release
 * prompt; while an order is underway the shopper is at /checkout instead (`order`).
 */
export function storefrontView(snapshot: StorefrontSnapshot) {
  const { colourId, quantity, cartCount } = snapshot.context;
  const colour = colourById(colourId);
  const colourName = en.colour[colour.id];
  const line = selectCartLine(snapshot);
  const cart = !selectIsCartOpen(snapshot)
    ? null
    : line
      ? {
          kind: 'line' as const,
          colour: fillText(en.lineItem.colour, { colour: colourName }),
          quantity: fillText(en.lineItem.quantity, { count: line.quantity }),
          total: formatCents(lineTotalCents(line)),
          proceed: proceedView(snapshot),
        }
      : { kind: 'empty' as const, text: en.cart.empty };
  return {
    colourName,
    heroAlt: fillText(en.hero.imageAlt, { colour: colourName }),
    heroImage: colour.image,
    quantity: String(quantity),
    decreaseDisabled: quantity <= 1,
    addToCart: fillText(en.product.addToCart, { price: formatCents(selectAddToCartTotalCents(snapshot)) }),
    cartButton:
      cartCount === 0
        ? en.cartButton.label
        : fillText(cartCount === 1 ? en.cartButton.labelWithCount_one : en.cartButton.labelWithCount_other, {
            count: cartCount,
          }),
    badge: cartCount === 0 ? null : cartCount > 99 ? '99+' : String(cartCount),
    // The page reloaded into the new release starts with no toast.
    toast: selectIsToastVisible(snapshot) && releaseView(snapshot) !== 'reloading' ? en.toast.added : null,
    cart,
    release: releaseView(snapshot),
    order: orderView(snapshot),
  };
}
