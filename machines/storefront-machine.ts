/**
 * The storefront machine: the landing page's selected colour, quantity, cart count, cart modal and
 * add-to-cart toast (spec §2 'Landing page', 'Cart modal'; §4 'Landing page'; §9 toast duration).
 * Pure XState: no React, no DOM. Navigation to /checkout is the `navigateToCheckout` action, which the
 * app provides with `storefrontMachine.provide(...)`.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_COLOUR_ID, UNIT_PRICE_CENTS, isColourId, type ColourId } from './catalog';
import { MAX_LINE_QUANTITY, checkoutInputFor, lineItemFor, type CheckoutInput } from './checkout-input';
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
  | { type: 'order.placed' };

/**
 * Parameters of the `navigateToCheckout` action, which the app provides to route to /checkout with
 * this checkout input as navigation state.
 */
export interface NavigateToCheckoutParams {
  checkoutInput: CheckoutInput;
}

/**
 * The storefront machine (spec §4 'Landing page'). Parallel regions: `cart` (closed | open) and
 * `toast` (hidden | visible, hidden `toastDuration` = 3000 ms after the last add).
 */
export const storefrontMachine = setup({
  types: {} as { context: StorefrontContext; events: StorefrontEvent },
  actions: {
    selectColour: assign({
      colourId: ({ context, event }) => (event.type === 'colour.select' ? event.colourId : context.colourId),
    }),
    incrementQuantity: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrementQuantity: assign({ quantity: ({ context }) => context.quantity - 1 }),
    addToCart: assign({ cartCount: ({ context }) => context.cartCount + context.quantity }),
    emptyCart: assign({ cartCount: 0, quantity: 1 }),
    /** Provided by the app: routes to /checkout carrying `params.checkoutInput` as navigation state. */
    navigateToCheckout: (_, _params: NavigateToCheckoutParams) => {},
  },
  guards: {
    // Events are untyped at runtime: an unknown colour would reach the hero image and the cart line.
    isKnownColour: ({ event }) => event.type === 'colour.select' && isColourId(event.colourId),
    canDecrement: ({ context }) => context.quantity > 1,
    canIncrement: ({ context }) => context.quantity < MAX_LINE_QUANTITY,
    canAddToCart: ({ context }) => context.cartCount + context.quantity <= MAX_LINE_QUANTITY,
    hasItems: ({ context }) => context.cartCount > 0,
  },
  delays: {
    toastDuration: TOAST_DURATION_MS,
  },
}).createMachine({
  id: 'storefront',
  description:
    'Landing page: colour, quantity, cart count, cart modal and the add-to-cart toast (spec §4). Lives as long as the page; never persisted.',
  type: 'parallel',
  context: {
    colourId: DEFAULT_COLOUR_ID,
    quantity: 1,
    cartCount: 0,
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
          on: { 'cart.open': { target: 'open', description: "Cart button or 'Buy Now with PayPal'." } },
        },
        open: {
          id: 'cart.open',
          description: "Shows the line (current colour, cart count) or 'Your cart is empty'.",
          on: {
            'cart.close': {
              target: 'closed',
              description: "'Continue Shopping', 'Start Shopping' or Escape.",
            },
            'checkout.proceed': {
              guard: 'hasItems',
              target: 'closed',
              actions: {
                type: 'navigateToCheckout',
                params: ({ context }) => ({
                  checkoutInput: checkoutInputFor(context.colourId, context.cartCount),
                }),
              },
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
/** True while the add-to-cart toast shows. */
export const selectIsToastVisible = (snapshot: StorefrontSnapshot): boolean =>
  snapshot.matches({ toast: 'visible' });
/** True when the quantity can go down (it never goes below 1). */
export const selectCanDecrement = (snapshot: StorefrontSnapshot): boolean => snapshot.context.quantity > 1;
/**
 * The cart's one line item (current colour × cart count), or `null` when the cart is empty (spec §2, §4).
 * Builds a new object per snapshot: read it with `useSelector(selectCartLine, shallowEqual)`.
 */
export const selectCartLine = (snapshot: StorefrontSnapshot): LineItem | null =>
  snapshot.context.cartCount > 0 ? lineItemFor(snapshot.context.colourId, snapshot.context.cartCount) : null;
