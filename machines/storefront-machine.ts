/**
 * The storefront machine: the landing page's selected colour, quantity, cart count, cart modal,
 * add-to-cart toast, the wait for the checkout's code and a new release of the shop waiting to be
 * loaded (spec §2 'Landing page', 'Cart modal', 'New release'; §4 'Landing page'; §9 toast duration;
 * the download states: docs/decisions/0002-checkout-download-states.md; the release: docs/offline.md).
 * Pure XState: no React, no DOM. What touches the network, the router or the page is named here and
 * provided by the app with `storefrontMachine.provide(...)`: the `loadCheckout` and `watchReleases`
 * actors and the `prefetchCheckout`, `navigateToCheckout`, `reloadIntoCheckout` and
 * `reloadIntoRelease` actions.
 */
import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { UNIT_PRICE_CENTS, isColourId, type ColourId } from './catalog';
import {
  checkoutLoadFailureOf,
  checkoutUnavailableReasonOf,
  type CheckoutUnavailableReason,
} from './checkout-load-failure';
import { MAX_LINE_QUANTITY, lineItemFor } from './checkout-input';
import type { LineItem } from './pricing';

/** How long the 'Added to cart successfully!' toast stays after the last add, in ms (spec §9). */
export const TOAST_DURATION_MS = 3000;

/** Context of the storefront machine. */
export interface StorefrontContext {
  /** The selected colour; the cart line always shows this one (spec §4). */
  colourId: ColourId;
  /** Quantity in the stepper: an integer ≥ 1 (spec §5); capped only at MAX_LINE_QUANTITY to keep cents exact. */
  quantity: number;
  /** Units in the cart: the sum of every quantity added (spec §4). */
  cartCount: number;
  /** Automatic retries of the checkout's download used since 'Proceed to Checkout' (0 … CHECKOUT_LOAD_RETRIES). */
  checkoutLoadRetries: number;
  /** Why the last download of the checkout's code failed, while the cart says so; else `null`. */
  checkoutLoadFailure: CheckoutUnavailableReason | null;
}

/** Events the storefront machine accepts, named as facts in the shopper's words. */
export type StorefrontEvent =
  | { type: 'colour.select'; colourId: ColourId }
  | { type: 'quantity.increment' }
  | { type: 'quantity.decrement' }
  | { type: 'cart.add' }
  | { type: 'cart.open' }
  | { type: 'cart.close' }
  | { type: 'checkout.proceed' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.opened' }
  | { type: 'order.submitted' }
  | { type: 'order.placed' }
  | { type: 'checkout.left' }
  | { type: 'release.waiting' }
  | { type: 'release.reload' };

/**
 * Automatic retries of a checkout download that failed for a transient reason (the server answered
 * 5xx, the request broke off) before the shopper is asked to 'Try again'.
 */
export const CHECKOUT_LOAD_RETRIES = 2;

/** Wait before an automatic retry of the checkout's download, in ms. */
export const CHECKOUT_RETRY_DELAY_MS = 1000;

/** The `error` of an actor's error event (`xstate.error.actor.*`), `undefined` for any other event. */
function errorOf(event: { type: string }): unknown {
  return 'error' in event ? event.error : undefined;
}

/**
 * The storefront machine (spec §4 'Landing page'). Parallel regions: `cart` (closed | open) and
 * `toast` (hidden | visible, hidden `toastDuration` = 3000 ms after the last add). Inside `cart.open`,
 * 'Proceed to Checkout' waits on the `loadCheckout` actor: done → navigate, and close once the checkout
 * shows (`checkout.opened`: the dialog leaves with the landing page instead of the page being restyled
 * back from inert inside the tap's frame);
 * a new release → reload into /checkout with the cart; 5xx or a broken connection → up to
 * CHECKOUT_LOAD_RETRIES (2) retries `checkoutRetryDelay` (1000 ms) apart; otherwise (or offline) the
 * cart says why, keeps the cart, and offers 'Try again' (`checkout.retry`). Region `order` (none |
 * underway) follows the order at /checkout: underway from its submit (`order.submitted`) until the
 * checkout page is gone (`checkout.left`: back at the shop, after the confirmation or not). Region
 * `release` (current | waiting | reloading) runs the `watchReleases` actor: a new release that waits is
 * offered to the shopper (`waiting.offered`), held back while an order is underway (`waiting.held`:
 * never beside 'Processing...' or 'Order Confirmed!'), and loaded only when they press 'Reload'.
 */
export const storefrontMachine = setup({
  types: {} as { context: StorefrontContext; events: StorefrontEvent; tags: 'openingCheckout' },
  actions: {
    selectColour: assign({
      colourId: ({ event }) => {
        assertEvent(event, 'colour.select');
        return event.colourId;
      },
    }),
    incrementQuantity: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrementQuantity: assign({ quantity: ({ context }) => context.quantity - 1 }),
    addToCart: assign({ cartCount: ({ context }) => context.cartCount + context.quantity }),
    emptyCart: assign({ cartCount: 0, quantity: 1 }),
    countCheckoutLoadRetry: assign({ checkoutLoadRetries: ({ context }) => context.checkoutLoadRetries + 1 }),
    forgetCheckoutLoadFailure: assign({ checkoutLoadRetries: 0, checkoutLoadFailure: null }),
    recordCheckoutLoadFailure: assign({
      checkoutLoadFailure: ({ event }) => checkoutUnavailableReasonOf(errorOf(event)),
    }),
    /**
     * Provided by the app: starts downloading the checkout page's code as the cart opens (the one way
     * to 'Proceed to Checkout'), so the click rarely waits for the network. A failed prefetch is not
     * an error yet: `loadCheckout` loads it again and says why if it still fails.
     */
    prefetchCheckout: () => {},
    /**
     * Provided by the app: routes to /checkout carrying the cart (`checkoutInputFor(colourId,
     * cartCount)` of the context) as navigation state.
     */
    navigateToCheckout: () => {},
    /**
     * Provided by the app: a new release replaced the code this page runs on. Keeps the cart (colour,
     * quantity, count) in the page's history entry and loads /checkout afresh from the server.
     */
    reloadIntoCheckout: () => {},
    /**
     * Provided by the app: the shopper chose to load the new release that waits. Hands the page over
     * to the waiting release's service worker, then reloads the page where it is, keeping the cart
     * (colour, quantity, count) in the page's history entry.
     */
    reloadIntoRelease: () => {},
  },
  actors: {
    /**
     * Provided by the app: downloads the checkout page's code. Resolves once it can render; rejects with
     * an error that `checkoutLoadFailureOf` reads ('offline', 'unavailable' or 'outdated'). This default
     * has nothing to download.
     */
    loadCheckout: fromPromise<void>(async () => {}),
    /**
     * Provided by the app: registers the shop's service worker (offline after one visit) and sends
     * `release.waiting` when a new release's worker is installed and waits for the shopper (at once
     * if one already waits, and after each check for an update, made whenever the tab becomes
     * visible). Runs as long as the storefront. This default watches nothing: no worker.
     */
    watchReleases: fromCallback<StorefrontEvent>(() => {}),
  },
  guards: {
    // Events are untyped at runtime: an unknown colour would reach the hero image and the cart line.
    isKnownColour: ({ event }) => {
      assertEvent(event, 'colour.select');
      return isColourId(event.colourId);
    },
    canDecrement: ({ context }) => context.quantity > 1,
    canIncrement: ({ context }) => context.quantity < MAX_LINE_QUANTITY,
    canAddToCart: ({ context }) => context.cartCount + context.quantity <= MAX_LINE_QUANTITY,
    hasItems: ({ context }) => context.cartCount > 0,
    isOutdatedRelease: ({ event }) => checkoutLoadFailureOf(errorOf(event)) === 'outdated',
    canRetryCheckoutLoad: ({ context, event }) =>
      checkoutLoadFailureOf(errorOf(event)) === 'unavailable' &&
      context.checkoutLoadRetries < CHECKOUT_LOAD_RETRIES,
    isOrderUnderway: stateIn('#order.underway'),
  },
  delays: {
    toastDuration: TOAST_DURATION_MS,
    checkoutRetryDelay: CHECKOUT_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'storefront',
  description:
    'Landing page: colour, quantity, cart count, cart modal and the add-to-cart toast (spec §4). Lives as long as the page; never persisted.',
  type: 'parallel',
  context: {
    colourId: 'hot-pink',
    quantity: 1,
    cartCount: 0,
    checkoutLoadRetries: 0,
    checkoutLoadFailure: null,
  },
  on: {
    'colour.select': {
      description: 'Swatch or showcase card chosen.',
      guard: 'isKnownColour',
      actions: 'selectColour',
    },
    'quantity.increment': { guard: 'canIncrement', actions: 'incrementQuantity' },
    'quantity.decrement': { guard: 'canDecrement', actions: 'decrementQuantity' },
    'order.placed': { description: 'A checkout was confirmed: the cart is emptied.', actions: 'emptyCart' },
  },
  states: {
    cart: {
      id: 'cart',
      description: 'The cart modal.',
      initial: 'closed',
      states: {
        closed: {
          id: 'cart.closed',
          description: 'The landing page with the cart button; the cart modal is not shown.',
          on: { 'cart.open': { target: 'open', description: "Cart button or 'Buy Now with PayPal'." } },
        },
        open: {
          id: 'cart.open',
          description:
            "Shows the line (current colour, cart count) or 'Your cart is empty'; the checkout's code starts downloading.",
          entry: 'prefetchCheckout',
          initial: 'browsing',
          on: {
            'cart.close': {
              target: 'closed',
              actions: 'forgetCheckoutLoadFailure',
              description:
                "'Continue Shopping', 'Start Shopping' or Escape; stops waiting for the checkout and forgets a failure.",
            },
          },
          states: {
            browsing: {
              id: 'cart.open.browsing',
              description:
                "The cart's line, its total, 'Proceed to Checkout' and 'Continue Shopping'; or, when empty, 'Your cart is empty' with 'Start Shopping'.",
              on: {
                'checkout.proceed': { guard: 'hasItems', target: 'openingCheckout' },
              },
            },
            openingCheckout: {
              id: 'cart.open.openingCheckout',
              tags: ['openingCheckout'],
              description:
                "'Opening checkout...' on a busy, disabled 'Proceed to Checkout' while the checkout's code downloads.",
              invoke: {
                id: 'loadCheckout',
                src: 'loadCheckout',
                onDone: {
                  target: 'leavingForCheckout',
                  actions: ['forgetCheckoutLoadFailure', 'navigateToCheckout'],
                },
                onError: [
                  {
                    guard: 'isOutdatedRelease',
                    target: 'reloadingIntoCheckout',
                    description: "A new release removed this page's code: load /checkout afresh.",
                  },
                  {
                    guard: 'canRetryCheckoutLoad',
                    target: 'waitingToRetry',
                    actions: 'countCheckoutLoadRetry',
                    description: 'A transient failure (5xx, broken connection): retry on its own.',
                  },
                  { target: 'checkoutUnavailable', actions: 'recordCheckoutLoadFailure' },
                ],
              },
            },
            leavingForCheckout: {
              id: 'cart.open.leavingForCheckout',
              tags: ['openingCheckout'],
              description:
                "Still 'Opening checkout...' until the checkout shows: the dialog leaves with the landing page, so the page behind it is never made interactive again first.",
              on: {
                'checkout.opened': {
                  target: '#cart.closed',
                  description: 'The checkout page shows (it says so when it mounts).',
                },
              },
            },
            waitingToRetry: {
              id: 'cart.open.waitingToRetry',
              tags: ['openingCheckout'],
              description:
                "Still 'Opening checkout...': retries checkoutRetryDelay (1 s) after a transient failure.",
              after: { checkoutRetryDelay: { target: 'openingCheckout' } },
            },
            checkoutUnavailable: {
              id: 'cart.open.checkoutUnavailable',
              description:
                "Says why the checkout did not open (offline or unavailable), with 'Try again'. The cart is kept.",
              on: {
                'checkout.retry': { target: 'openingCheckout', actions: 'forgetCheckoutLoadFailure' },
              },
            },
            reloadingIntoCheckout: {
              id: 'cart.open.reloadingIntoCheckout',
              tags: ['openingCheckout'],
              description:
                "Still 'Opening checkout...' while the page reloads into /checkout with the cart kept.",
              entry: 'reloadIntoCheckout',
            },
          },
        },
      },
    },
    release: {
      id: 'release',
      description:
        "A new release of the shop, which the service worker installs in the background: the page never changes release behind the shopper's back.",
      initial: 'current',
      invoke: { id: 'watchReleases', src: 'watchReleases' },
      states: {
        current: {
          id: 'release.current',
          description:
            "No new release waits: there is no worker (yet, or in this browser), or it runs this page's release.",
          on: {
            'release.waiting': [
              {
                guard: 'isOrderUnderway',
                target: 'waiting.held',
                description: 'The worker of a new release waits while an order is underway: held back.',
              },
              {
                target: 'waiting.offered',
                description: "The worker of a new release is installed and waits for this page's say.",
              },
            ],
          },
        },
        waiting: {
          id: 'release.waiting',
          description: "The new release's worker waits for the shopper's 'Reload'.",
          initial: 'offered',
          states: {
            offered: {
              id: 'release.waiting.offered',
              description: "A polite status: 'A new version of the shop is ready' with 'Reload'.",
              on: {
                'release.reload': { target: '#release.reloading', description: "'Reload' pressed." },
                'order.submitted': {
                  target: 'held',
                  description: 'Never offered while the order processes or on its confirmation.',
                },
              },
            },
            held: {
              id: 'release.waiting.held',
              description: 'Not offered while an order is underway: no prompt at /checkout.',
              on: {
                'checkout.left': {
                  target: 'offered',
                  description: 'Back at the shop: offered again.',
                },
              },
            },
          },
        },
        reloading: {
          id: 'release.reloading',
          description: 'The new release takes over; the page reloads where it is, with the cart kept.',
          entry: 'reloadIntoRelease',
        },
      },
    },
    order: {
      id: 'order',
      description: 'The order at /checkout, as far as the storefront must know it: whether one is underway.',
      initial: 'none',
      states: {
        none: {
          id: 'order.none',
          description: 'No order underway: the shopper is on the landing page.',
          on: { 'order.submitted': { target: 'underway', description: "'Complete Order' pressed." } },
        },
        underway: {
          id: 'order.underway',
          description: 'The order processes, then shows its confirmation: until the checkout page is gone.',
          on: {
            'checkout.left': {
              target: 'none',
              description: 'Back at the shop: redirected, Back to Shop, or Back (which cancels the order).',
            },
          },
        },
      },
    },
    toast: {
      id: 'toast',
      description: "The 'Added to cart successfully!' toast.",
      initial: 'hidden',
      states: {
        hidden: {
          id: 'toast.hidden',
          description: 'No toast shows.',
          on: { 'cart.add': { guard: 'canAddToCart', target: 'visible', actions: 'addToCart' } },
        },
        visible: {
          id: 'toast.visible',
          description: 'Hidden toastDuration (3 s) after the last add; another add restarts the timer.',
          after: { toastDuration: { target: 'hidden' } },
          on: {
            'cart.add': { guard: 'canAddToCart', target: 'visible', reenter: true, actions: 'addToCart' },
          },
        },
      },
    },
  },
});

/** A running storefront actor. */
export type StorefrontActorRef = ActorRefFrom<typeof storefrontMachine>;
/** A storefront snapshot. */
export type StorefrontSnapshot = SnapshotFrom<typeof storefrontMachine>;

/** The selected colour id. */
export const selectColourId = (snapshot: StorefrontSnapshot): ColourId => snapshot.context.colourId;
/** The stepper quantity (integer ≥ 1). */
export const selectQuantity = (snapshot: StorefrontSnapshot): number => snapshot.context.quantity;
/** Units in the cart (integer ≥ 0). */
export const selectCartCount = (snapshot: StorefrontSnapshot): number => snapshot.context.cartCount;
/** Price in cents shown on 'Add to Cart': unit price × quantity (spec §2). */
export const selectAddToCartTotalCents = (snapshot: StorefrontSnapshot): number =>
  UNIT_PRICE_CENTS * snapshot.context.quantity;
/** True while the cart modal is open. */
export const selectIsCartOpen = (snapshot: StorefrontSnapshot): boolean => snapshot.matches({ cart: 'open' });
/**
 * True from 'Proceed to Checkout' until the checkout opens or fails: the download, an automatic retry's
 * wait, the route change to /checkout, or the reload into a new release.
 */
export const selectIsOpeningCheckout = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.hasTag('openingCheckout');
/** Why the checkout did not open, while the cart says so ('Try again'); else `null`. */
export const selectCheckoutLoadFailure = (snapshot: StorefrontSnapshot): CheckoutUnavailableReason | null =>
  // Stryker disable next-line ObjectLiteral: the failure is in context only in checkoutUnavailable (set on entry, cleared on retry and close)
  snapshot.matches({ cart: { open: 'checkoutUnavailable' } }) ? snapshot.context.checkoutLoadFailure : null;
/**
 * True while a new release is offered ('A new version of the shop is ready' with 'Reload'), or the
 * page is reloading into it; false while none waits or it is held back during an order.
 */
export const selectIsReleaseOffered = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.matches({ release: { waiting: 'offered' } }) || snapshot.matches({ release: 'reloading' });
/** True once the shopper pressed 'Reload': the page is reloading into the new release. */
export const selectIsReloadingIntoRelease = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.matches({ release: 'reloading' });
/** True while the add-to-cart toast shows. */
export const selectIsToastVisible = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.matches({ toast: 'visible' });
/** True when the quantity can go down (it never goes below 1): the machine's `canDecrement` guard. */
export const selectCanDecrement = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.can({ type: 'quantity.decrement' });
/**
 * The cart's one line item (current colour × cart count), or `null` when the cart is empty (spec §2, §4).
 * Builds a new object per snapshot: read it with `useSelector(selectCartLine, shallowEqual)`.
 */
export const selectCartLine = (snapshot: StorefrontSnapshot): LineItem | null =>
  snapshot.context.cartCount > 0 ? lineItemFor(snapshot.context.colourId, snapshot.context.cartCount) : null;
