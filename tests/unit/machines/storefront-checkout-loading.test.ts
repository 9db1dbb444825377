/**
 * The storefront machine's wait for the checkout's code: 'Proceed to Checkout' downloads it
 * (`loadCheckout`), then navigates once; a new release reloads into /checkout; 5xx or a broken
 * connection is retried on its own twice, 1 s apart; offline, or still failing, the cart says why and
 * offers 'Try again'. The cart is never touched. Fake clocks throughout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckoutLoadFailure } from '@machines/checkout-load-failure';
import {
  CHECKOUT_LOAD_RETRIES,
  CHECKOUT_RETRY_DELAY_MS,
  selectCheckoutLoadFailure,
  selectIsCartOpen,
  selectIsOpeningCheckout,
  storefrontMachine,
} from '@machines/storefront-machine';
import { scriptedLoads } from '@support/checkout-loaders';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A storefront with 2 Ocean Blue balls in the cart, quantity 2, cart open; downloads fail as scripted. */
function startWithCart(failures: CheckoutLoadFailure[]) {
  const loads = scriptedLoads(failures);
  const navigateToCheckout = vi.fn();
  const reloadIntoCheckout = vi.fn();
  const actor = createActor(
    storefrontMachine.provide({
      actions: { navigateToCheckout, reloadIntoCheckout },
      actors: { loadCheckout: loads.logic },
    }),
  ).start();
  actor.send({ type: 'colour.select', colourId: 'ocean-blue' });
  actor.send({ type: 'quantity.increment' });
  actor.send({ type: 'cart.add' });
  actor.send({ type: 'cart.open' });
  return { actor, attempts: loads.attempts, navigateToCheckout, reloadIntoCheckout };
}

/**
 * A storefront with one Hot Pink ball in the cart, cart open, whose download waits until `finish()`
 * (`load` records the downloads started).
 */
function startWithHeldLoad() {
  const held = { finish: () => {} };
  const navigateToCheckout = vi.fn();
  const load = vi.fn(() => new Promise<void>((resolve) => (held.finish = resolve)));
  const actor = createActor(
    storefrontMachine.provide({
      actions: { navigateToCheckout },
      actors: { loadCheckout: fromPromise(load) },
    }),
  ).start();
  actor.send({ type: 'cart.add' });
  actor.send({ type: 'cart.open' });
  return { actor, load, navigateToCheckout, finish: () => held.finish() };
}

const cartOf = (actor: ReturnType<typeof startWithCart>['actor']) => {
  const { colourId, quantity, cartCount } = actor.getSnapshot().context;
  return { colourId, quantity, cartCount };
};

describe('Proceed to Checkout waits for the checkout code', () => {
  it('is busy until the code is loaded, then navigates once, and closes the cart once the checkout shows @R2.24', async () => {
    const { actor, navigateToCheckout } = startWithCart([]);
    actor.send({ type: 'checkout.proceed' });
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
    expect(navigateToCheckout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigateToCheckout).toHaveBeenCalledOnce();
    expect(selectIsCartOpen(actor.getSnapshot())).toBe(true);
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'checkout.opened' });
    expect(selectIsCartOpen(actor.getSnapshot())).toBe(false);
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(false);
  });

  it('ignores a second tap while it waits: one download, one navigation', async () => {
    const { actor, load, finish, navigateToCheckout } = startWithHeldLoad();
    actor.send({ type: 'checkout.proceed' });
    actor.send({ type: 'checkout.proceed' });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
    expect(navigateToCheckout).toHaveBeenCalledOnce();
  });

  it('stops waiting when the shopper closes the cart: no navigation later', async () => {
    const { actor, finish, navigateToCheckout } = startWithHeldLoad();
    actor.send({ type: 'checkout.proceed' });
    actor.send({ type: 'cart.close' });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigateToCheckout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.cartCount).toBe(1);
  });
});

describe('a transient failure (5xx, broken connection)', () => {
  it('is retried on its own 1 s later, still busy, and then opens the checkout @R2.24 @R8.5', async () => {
    const { actor, attempts, navigateToCheckout } = startWithCart(['unavailable']);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts.count).toBe(1);
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS - 1);
    expect(attempts.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts.count).toBe(2);
    expect(navigateToCheckout).toHaveBeenCalledOnce();
  });

  it(`is retried ${CHECKOUT_LOAD_RETRIES} times at most, then the cart says the checkout is unavailable @R2.24 @R8.5`, async () => {
    const { actor, attempts, navigateToCheckout } = startWithCart([
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS * (CHECKOUT_LOAD_RETRIES + 2));
    expect(attempts.count).toBe(CHECKOUT_LOAD_RETRIES + 1);
    expect(navigateToCheckout).not.toHaveBeenCalled();
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(false);
    expect(selectCheckoutLoadFailure(actor.getSnapshot())).toBe('unavailable');
    expect(cartOf(actor)).toEqual({ colourId: 'ocean-blue', quantity: 2, cartCount: 2 });
  });

  it("opens the checkout on 'Try again', with a fresh count of automatic retries @R2.24", async () => {
    const { actor, attempts, navigateToCheckout } = startWithCart([
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS * 3);
    expect(selectCheckoutLoadFailure(actor.getSnapshot())).toBe('unavailable');
    actor.send({ type: 'checkout.retry' });
    expect(selectCheckoutLoadFailure(actor.getSnapshot())).toBeNull();
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS);
    expect(attempts.count).toBe(5);
    expect(navigateToCheckout).toHaveBeenCalledOnce();
  });
});

describe('offline', () => {
  it('says so at once, without automatic retries, and keeps the cart @R8.4', async () => {
    const { actor, attempts } = startWithCart(['offline']);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS * 5);
    expect(attempts.count).toBe(1);
    expect(selectCheckoutLoadFailure(actor.getSnapshot())).toBe('offline');
    expect(selectIsCartOpen(actor.getSnapshot())).toBe(true);
    expect(cartOf(actor)).toEqual({ colourId: 'ocean-blue', quantity: 2, cartCount: 2 });
  });

  it("opens the checkout on 'Try again' once the network is back @R8.4", async () => {
    const { actor, navigateToCheckout } = startWithCart(['offline']);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'checkout.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigateToCheckout).toHaveBeenCalledOnce();
  });

  it('ignores Try again when nothing failed', () => {
    const { actor } = startWithCart([]);
    actor.send({ type: 'checkout.retry' });
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ cart: { open: 'browsing' } })).toBe(true);
  });
});

describe('a new release removed this page’s code', () => {
  it('reloads into /checkout (with the cart, the app’s action) and does not navigate in the page', async () => {
    const { actor, navigateToCheckout, reloadIntoCheckout } = startWithCart(['outdated']);
    actor.send({ type: 'checkout.proceed' });
    await vi.advanceTimersByTimeAsync(CHECKOUT_RETRY_DELAY_MS * 3);
    expect(reloadIntoCheckout).toHaveBeenCalledOnce();
    expect(reloadIntoCheckout.mock.calls[0]?.[0].context).toMatchObject({
      colourId: 'ocean-blue',
      quantity: 2,
      cartCount: 2,
    });
    expect(navigateToCheckout).not.toHaveBeenCalled();
    expect(selectIsOpeningCheckout(actor.getSnapshot())).toBe(true);
  });
});
