/**
 * The storefront machine's test model: derived from the real machine, with the sample events
 * that bound it, the paths generated from it, the coverage items no shopper can reach, and what a
 * shopper should see in each snapshot. Shared by the jsdom suite and the Chromium suite, so both run
 * the same paths against the same expectations.
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
  selectIsToastVisible,
  storefrontMachine,
  type StorefrontEvent,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';
import { formatCents } from '@/lib/format-money';
import en from '@/locales/en';
import { createCoverageRecorder, guardFalseItemKey, type CoverageExclusions } from './coverage';
import {
  createDerivedTestModel,
  invokeDoneEventType,
  invokeErrorEventType,
  type DelayEvent,
  type InvokeEvent,
} from './derive-test-model';
import { generatePaths } from './generate-paths';
import { transitionKey } from './machine-anatomy';
import { fillText } from '../shop-texts';

/** Events of the storefront test model: the machine's, its delay events and the outcomes of `loadCheckout`. */
export type StorefrontModelEvent = StorefrontEvent | DelayEvent | InvokeEvent;

/** Bound: the stepper goes up to 2 (and back down to the floor at 1). */
export const MODEL_MAX_QUANTITY = 2;
/** Bound: add to cart while the cart would hold at most 3 units (1 + 1 + 1, 1 + 2, 2 + 1). */
export const MODEL_MAX_CART_COUNT = 3;
/**
 * A colour the catalog does not have. Events are untyped at runtime, so the machine guards against it;
 * the shopper's attempt is to look for it among the colour choices.
 */
export const UNKNOWN_COLOUR = 'lime-green' as ColourId;

/** True in the snapshot the landing page opens with: Hot Pink, quantity 1, an empty cart. */
const isOpening = ({ context }: StorefrontSnapshot) =>
  context.colourId === DEFAULT_COLOUR_ID && context.quantity === 1 && context.cartCount === 0;

/** The checkout's code has downloaded (`loadCheckout` is done). */
export const CHECKOUT_LOADED = { type: invokeDoneEventType('loadCheckout') } as const;

/** The checkout's code failed to download, for `failure`'s reason (`loadCheckout` rejected). */
export const checkoutLoadFailed = (failure: CheckoutLoadFailure) =>
  ({ type: invokeErrorEventType('loadCheckout'), error: new CheckoutLoadError(failure) }) as const;

/** The reason of a `loadCheckout` error event of the model, or `null` for any other event. */
export function checkoutLoadFailureIn(event: StorefrontModelEvent): CheckoutLoadFailure | null {
  return 'error' in event && event.error instanceof CheckoutLoadError ? event.error.failure : null;
}

/**
 * Bound: the checkout's download fails only for the smallest cart (one Hot Pink ball, quantity 1) and
 * with no toast showing. Any cart takes the same states; a toast's 3 s and the retries' 1 s waits on
 * one fake clock would need a model of both timers at once.
 */
const mayFailCheckoutLoad = (snapshot: StorefrontSnapshot) =>
  snapshot.context.colourId === DEFAULT_COLOUR_ID &&
  snapshot.context.quantity === 1 &&
  snapshot.context.cartCount === 1 &&
  !selectIsToastVisible(snapshot);

/** The sample events while the cart modal is open (the page behind it is inert). */
function openCartEvents(snapshot: StorefrontSnapshot): StorefrontModelEvent[] {
  // The checkout page says it shows: nothing else happens in between.
  if (snapshot.matches({ cart: { open: 'leavingForCheckout' } })) return [{ type: 'checkout.opened' }];
  if (snapshot.matches({ cart: { open: 'openingCheckout' } })) {
    if (!mayFailCheckoutLoad(snapshot)) return [CHECKOUT_LOADED, { type: 'delay.toastDuration' }];
    return [
      CHECKOUT_LOADED,
      checkoutLoadFailed('unavailable'),
      checkoutLoadFailed('offline'),
      checkoutLoadFailed('outdated'),
      { type: 'cart.close' },
    ];
  }
  if (snapshot.matches({ cart: { open: 'waitingToRetry' } })) return [{ type: 'delay.checkoutRetryDelay' }];
  if (snapshot.matches({ cart: { open: 'checkoutUnavailable' } }))
    return [{ type: 'checkout.retry' }, { type: 'cart.close' }];
  // The page reloads into /checkout: the storefront of this page is done.
  if (snapshot.matches({ cart: { open: 'reloadingIntoCheckout' } })) return [];
  return [
    { type: 'cart.close' },
    ...(snapshot.context.cartCount > 0 || isOpening(snapshot) ? [{ type: 'checkout.proceed' } as const] : []),
    { type: 'delay.toastDuration' },
  ];
}

/**
 * The sample events of a snapshot (the model's bounds): each other colour; quantity up to
 * {@link MODEL_MAX_QUANTITY} and down; add to cart up to {@link MODEL_MAX_CART_COUNT}; open the cart;
 * complete an order (`order.placed`) from a closed cart with items and no toast, since the 6 s it takes
 * would hide the toast; time passing. While the cart modal is open the page behind it is inert, so only
 * its buttons and time reach the machine: after 'Proceed to Checkout' the download succeeds, or (for
 * the smallest cart, see `mayFailCheckoutLoad`) fails as unavailable, offline or outdated, with the
 * retries' waits, 'Try again' and closing the cart. Events a guard rejects (decrease at 1, proceed with
 * an empty cart, an unknown colour) are tried once, from the opening snapshot.
 */
export function storefrontEvents(snapshot: StorefrontSnapshot): StorefrontModelEvent[] {
  const { colourId, quantity, cartCount } = snapshot.context;
  const opening = isOpening(snapshot);
  if (selectIsCartOpen(snapshot)) return openCartEvents(snapshot);
  return [
    ...COLOURS.filter((colour) => colour.id !== colourId).map(
      (colour) => ({ type: 'colour.select', colourId: colour.id }) as const,
    ),
    ...(opening ? [{ type: 'colour.select', colourId: UNKNOWN_COLOUR } as const] : []),
    ...(quantity < MODEL_MAX_QUANTITY ? [{ type: 'quantity.increment' } as const] : []),
    ...(quantity > 1 || opening ? [{ type: 'quantity.decrement' } as const] : []),
    ...(cartCount + quantity <= MODEL_MAX_CART_COUNT ? [{ type: 'cart.add' } as const] : []),
    { type: 'cart.open' },
    ...(cartCount > 0 && !selectIsToastVisible(snapshot) ? [{ type: 'order.placed' } as const] : []),
    { type: 'delay.toastDuration' },
  ];
}

/**
 * The simple-path sub-model: at one colour, the quantity (before the first add), repeated add to cart
 * and the toast timing out, in every order that never repeats a snapshot: the cart count accumulates
 * and each add restarts the toast's 3 s.
 */
export function accumulationEvents(snapshot: StorefrontSnapshot): StorefrontModelEvent[] {
  const { quantity, cartCount } = snapshot.context;
  return [
    ...(quantity < MODEL_MAX_QUANTITY && cartCount === 0 ? [{ type: 'quantity.increment' } as const] : []),
    ...(cartCount + quantity <= MODEL_MAX_CART_COUNT ? [{ type: 'cart.add' } as const] : []),
    { type: 'delay.toastDuration' },
  ];
}

/** The storefront's derived test model. */
export const storefrontModel = createDerivedTestModel(storefrontMachine, { events: storefrontEvents });

/** Replays storefront paths for coverage. */
export const storefrontCoverage = createCoverageRecorder(storefrontModel);

/** The generated storefront paths. */
export const storefrontPaths = generatePaths(storefrontModel, storefrontCoverage, {
  simpleEvents: accumulationEvents,
});

const largest = MAX_LINE_QUANTITY.toLocaleString('en-US');

/**
 * Guard outcomes no shopper can reach: they take a quantity or cart of more than
 * MAX_LINE_QUANTITY units (the cap that keeps every cents figure an exact integer). The machine's
 * unit tests cover them (tests/machines/storefront-machine.test.ts).
 */
export const storefrontExclusions: CoverageExclusions = {
  [guardFalseItemKey(transitionKey(storefrontCoverage.anatomy, 'storefront', 'quantity.increment'))]:
    `needs quantity ${largest}, i.e. that many clicks on 'Increase quantity'`,
  [guardFalseItemKey(transitionKey(storefrontCoverage.anatomy, 'toast.hidden', 'cart.add'))]:
    `needs a cart of more than ${largest} units`,
  [guardFalseItemKey(transitionKey(storefrontCoverage.anatomy, 'toast.visible', 'cart.add'))]:
    `needs a cart of more than ${largest} units`,
};

/**
 * Where 'Proceed to Checkout' stands: `ready`; `opening` (busy 'Opening checkout…', also
 * while an automatic retry waits); `leaving` (the code is there: /checkout shows with the cart, and the
 * dialog has left with the landing page); `reloading` (busy, the page reloads into /checkout
 * with the cart); or the reason the cart gives for 'Try again', `offline` or `unavailable`.
 */
export type ProceedView = 'ready' | 'opening' | 'leaving' | 'reloading' | 'offline' | 'unavailable';

/** The cart modal's body as a shopper reads it. */
export type CartModalView =
  | { kind: 'empty'; text: string }
  | { kind: 'line'; colour: string; quantity: string; total: string; proceed: ProceedView };

function proceedView(snapshot: StorefrontSnapshot): ProceedView {
  if (snapshot.matches({ cart: { open: 'reloadingIntoCheckout' } })) return 'reloading';
  if (snapshot.matches({ cart: { open: 'leavingForCheckout' } })) return 'leaving';
  if (selectIsOpeningCheckout(snapshot)) return 'opening';
  return selectCheckoutLoadFailure(snapshot) ?? 'ready';
}

/** What a shopper sees on the landing page in a storefront snapshot (spec §2, §4). */
export interface StorefrontView {
  /** The selected colour's name: checked swatch, 'Colour: …' legend, showcase 'Selected' card. */
  colourName: string;
  /** The hero image's accessible name and path. */
  heroAlt: string;
  heroImage: string;
  /** The stepper's value, and whether 'Decrease quantity' is marked disabled (at the floor, 1). */
  quantity: string;
  decreaseDisabled: boolean;
  /** 'Add to Cart - $43.96'. */
  addToCart: string;
  /** The cart button's accessible name ('Open cart, 2 items') and its badge (null when empty). */
  cartButton: string;
  badge: string | null;
  /** The toast's text while it shows, else null. */
  toast: string | null;
  /** The open cart modal, or null when closed. */
  cart: CartModalView | null;
}

/** Derives what a shopper sees from a storefront snapshot, with the app's English texts. */
export function storefrontView(snapshot: StorefrontSnapshot): StorefrontView {
  const { colourId, quantity, cartCount } = snapshot.context;
  const colour = colourById(colourId);
  const colourName = en.colour[colour.id];
  const line = selectCartLine(snapshot);
  const cart: CartModalView | null = !selectIsCartOpen(snapshot)
    ? null
    : line
      ? {
          kind: 'line',
          colour: fillText(en.lineItem.colour, { colour: colourName }),
          quantity: fillText(en.lineItem.quantity, { count: line.quantity }),
          total: formatCents(lineTotalCents(line)),
          proceed: proceedView(snapshot),
        }
      : { kind: 'empty', text: en.cart.empty };
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
    toast: selectIsToastVisible(snapshot) ? en.toast.added : null,
    cart,
  };
}
