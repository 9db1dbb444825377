import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { UNIT_PRICE_CENTS } from '@machines/catalog';
import { MAX_LINE_QUANTITY, checkoutInputFor, type CheckoutInput } from '@machines/checkout-input';
import {
  TOAST_DURATION_MS,
  selectAddToCartTotalCents,
  selectCanDecrement,
  selectCartLine,
  selectIsOpeningCheckout,
  storefrontMachine,
} from '@machines/storefront-machine';
import { navigationStateItem } from '@support/navigation-state-item';
import { loadedAtOnce } from '@support/checkout-loaders';

/** A storefront whose checkout code is already loaded; `navigateToCheckout` records the carried cart. */
function start(navigateToCheckout = vi.fn<(checkoutInput: CheckoutInput) => void>()) {
  const actor = createActor(
    storefrontMachine.provide({
      actions: {
        navigateToCheckout: ({ context }) =>
          navigateToCheckout(checkoutInputFor(context.colourId, context.cartCount)),
      },
      actors: { loadCheckout: loadedAtOnce },
    }),
  ).start();
  return { actor, navigateToCheckout };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('storefront machine: initial state (spec §4)', () => {
  it('starts with Hot Pink, quantity 1, an empty cart, the modal closed and no toast @R3.3 @R4.1', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context).toEqual({
      colourId: 'hot-pink',
      quantity: 1,
      cartCount: 0,
      checkoutLoadRetries: 0,
      checkoutLoadFailure: null,
    });
    expect(snapshot.value).toEqual({ cart: 'closed', toast: 'hidden', release: 'current', order: 'none' });
  });
});

describe('colour', () => {
  it.each(['sunset-orange', 'ocean-blue', 'hot-pink'] as const)('selects %s', (colourId) => {
    const { actor } = start();
    actor.send({ type: 'colour.select', colourId: 'ocean-blue' });
    actor.send({ type: 'colour.select', colourId });
    expect(actor.getSnapshot().context.colourId).toBe(colourId);
  });
});

describe('quantity (spec §4, §5: minimum 1, no maximum)', () => {
  it('increments and prices Add to Cart as unit price × quantity @R2.10 @R9.1', () => {
    const { actor } = start();
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().context.quantity).toBe(3);
    expect(selectAddToCartTotalCents(actor.getSnapshot())).toBe(3 * UNIT_PRICE_CENTS);
  });

  it('never goes below 1 @R4.1 @R5.3', () => {
    const { actor } = start();
    actor.send({ type: 'quantity.decrement' });
    expect(actor.getSnapshot().context.quantity).toBe(1);
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'quantity.decrement' });
    actor.send({ type: 'quantity.decrement' });
    expect(actor.getSnapshot().context.quantity).toBe(1);
  });

  it('lets the quantity go down only above 1, as the stepper shows it @R5.3', () => {
    const { actor } = start();
    expect(selectCanDecrement(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'quantity.increment' });
    expect(selectCanDecrement(actor.getSnapshot())).toBe(true);
  });

  it('has no practical maximum: 100 increments give 100 more @R5.3', () => {
    const { actor } = start();
    for (let step = 0; step < 100; step += 1) actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().context.quantity).toBe(101);
  });

  it('stops at the largest quantity whose prices stay exact integers of cents @R5.4', () => {
    const actor = createActor(storefrontMachine, {
      snapshot: storefrontMachine.resolveState({
        value: { cart: 'closed', toast: 'hidden' },
        context: {
          colourId: 'hot-pink',
          quantity: MAX_LINE_QUANTITY,
          cartCount: 0,
          checkoutLoadRetries: 0,
          checkoutLoadFailure: null,
        },
      }),
    }).start();
    actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().context.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe('add to cart and the toast (spec §4, §9: 3 s)', () => {
  it('adds the selected quantity, so counts accumulate @R4.3', () => {
    const { actor } = start();
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'cart.add' });
    expect(actor.getSnapshot().context.cartCount).toBe(2);
    actor.send({ type: 'quantity.decrement' });
    actor.send({ type: 'cart.add' });
    expect(actor.getSnapshot().context.cartCount).toBe(3);
  });

  it('shows the toast for 3 s after adding: visible at 2999 ms, hidden at 3000 ms @R4.3 @R9.9', () => {
    const { actor } = start();
    actor.send({ type: 'cart.add' });
    expect(actor.getSnapshot().matches({ toast: 'visible' })).toBe(true);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(actor.getSnapshot().matches({ toast: 'visible' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true);
  });

  it('restarts the 3 s from the last add @R4.3 @R9.9', () => {
    const { actor } = start();
    actor.send({ type: 'cart.add' });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'cart.add' });
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().matches({ toast: 'visible' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context.cartCount).toBe(2);
  });

  it('adds up to exactly the largest cart whose prices stay exact integers of cents, and no further @R5.4', () => {
    const atCart = (cartCount: number) =>
      createActor(storefrontMachine, {
        snapshot: storefrontMachine.resolveState({
          value: { cart: 'closed', toast: 'hidden' },
          context: {
            colourId: 'hot-pink',
            quantity: 1,
            cartCount,
            checkoutLoadRetries: 0,
            checkoutLoadFailure: null,
          },
        }),
      }).start();
    const fillsUp = atCart(MAX_LINE_QUANTITY - 1);
    fillsUp.send({ type: 'cart.add' });
    expect(fillsUp.getSnapshot().context.cartCount).toBe(MAX_LINE_QUANTITY);
    expect(fillsUp.getSnapshot().matches({ toast: 'visible' })).toBe(true);

    fillsUp.send({ type: 'cart.add' });
    expect(fillsUp.getSnapshot().context.cartCount, 'one more would pass the largest').toBe(
      MAX_LINE_QUANTITY,
    );
  });

  it('uses a 3000 ms toastDuration delay', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(storefrontMachine.implementations.delays.toastDuration).toBe(3000);
  });
});

describe('cart modal (spec §2 Cart modal)', () => {
  it('opens and closes @R4.2', () => {
    const { actor } = start();
    actor.send({ type: 'cart.open' });
    expect(actor.getSnapshot().matches({ cart: 'open' })).toBe(true);
    actor.send({ type: 'cart.close' });
    expect(actor.getSnapshot().matches({ cart: 'closed' })).toBe(true);
  });

  it('shows the currently selected colour on the cart line, not the colour at the time of adding @R4.4', () => {
    const { actor } = start();
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'colour.select', colourId: 'ocean-blue' });
    expect(selectCartLine(actor.getSnapshot())).toMatchObject({ colourId: 'ocean-blue', quantity: 1 });
  });

  it('has no line while the cart is empty @R2.22', () => {
    const { actor } = start();
    expect(selectCartLine(actor.getSnapshot())).toBeNull();
  });

  it('proceeds to checkout with the cart as checkout input, and closes the modal once the checkout shows @R1.3 @R3.4', () => {
    const { actor, navigateToCheckout } = start();
    actor.send({ type: 'colour.select', colourId: 'ocean-blue' });
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'cart.open' });
    actor.send({ type: 'checkout.proceed' });
    expect(navigateToCheckout).toHaveBeenCalledOnce();
    expect(navigateToCheckout).toHaveBeenCalledWith({ items: [navigationStateItem()], total: 43.96 });
    // The dialog stays open, busy, until the checkout page replaces the landing page and the dialog with it.
    expect(actor.getSnapshot().matches({ cart: { open: 'leavingForCheckout' } })).toBe(true);
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'checkout.opened' });
    expect(actor.getSnapshot().matches({ cart: 'closed' })).toBe(true);
    expect(navigateToCheckout).toHaveBeenCalledOnce();
  });

  it('ignores the checkout opening when the shopper did not proceed (a /checkout opened directly)', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.opened' });
    expect(actor.getSnapshot().matches({ cart: 'closed' })).toBe(true);
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'cart.open' });
    actor.send({ type: 'checkout.opened' });
    expect(actor.getSnapshot().matches({ cart: { open: 'browsing' } })).toBe(true);
  });

  it('does not proceed with an empty cart @R2.22', () => {
    const { actor, navigateToCheckout } = start();
    actor.send({ type: 'cart.open' });
    actor.send({ type: 'checkout.proceed' });
    expect(navigateToCheckout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ cart: 'open' })).toBe(true);
  });

  it('ignores proceed while the modal is closed', () => {
    const { actor, navigateToCheckout } = start();
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'checkout.proceed' });
    expect(navigateToCheckout).not.toHaveBeenCalled();
  });
});

describe('a placed order (checkout confirmed)', () => {
  it('empties the cart and resets the quantity, keeping the colour', () => {
    const { actor } = start();
    actor.send({ type: 'colour.select', colourId: 'sunset-orange' });
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'order.placed' });
    expect(actor.getSnapshot().context).toMatchObject({
      colourId: 'sunset-orange',
      quantity: 1,
      cartCount: 0,
    });
  });
});
