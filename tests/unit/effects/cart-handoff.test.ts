/**
 * The cart survives a reload into a new release: what `reloadIntoCheckout` and `reloadKeepingCart`
 * keep in the history entry, what the next page restores from it, and the guard against a reload loop.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  reloadIntoCheckout,
  reloadKeepingCart,
  reloadedRecently,
  restoredStorefrontSnapshot,
} from '@/effects/cart-handoff';
import { MAX_LINE_QUANTITY } from '@machines/checkout-input';

const cart = { colourId: 'ocean-blue', quantity: 2, cartCount: 3 } as const;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', '/');
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('reloadIntoCheckout', () => {
  it('adds one /checkout entry carrying the cart as navigation state, then reloads', () => {
    const entries = window.history.length;
    reloadIntoCheckout(cart, NOW);

    expect(window.history.length).toBe(entries + 1);
    expect(new URL(document.URL).pathname).toBe('/checkout');
    expect(window.history.state).toMatchObject({
      idx: 1,
      usr: { items: [{ id: 'pet-ball-pro', color: 'Ocean Blue', quantity: 3, price: 21.98 }], total: 65.94 },
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives the next page the whole storefront back: colour, quantity and cart count, cart closed', () => {
    reloadIntoCheckout(cart, NOW);
    const snapshot = restoredStorefrontSnapshot(window.history.state);

    expect(snapshot?.context).toEqual({ ...cart, checkoutLoadRetries: 0, checkoutLoadFailure: null });
    expect(snapshot?.value).toEqual({ cart: 'closed', toast: 'hidden', release: 'current', order: 'none' });
  });

  it('numbers its entry after the one it leaves, as React Router does, with a key of its own', () => {
    window.history.replaceState({ usr: null, key: 'abc', idx: 4 }, '', '/');
    reloadIntoCheckout(cart, NOW);
    expect(window.history.state).toMatchObject({ idx: 5, key: `reload-${NOW.toString(36)}` });
  });

  it('numbers its entry 1 after an entry React Router did not number', () => {
    window.history.replaceState({ idx: '4' }, '', '/');
    reloadIntoCheckout(cart, NOW);
    expect(window.history.state).toMatchObject({ idx: 1 });
  });

  it('keeps no card data and nothing in the URL', () => {
    reloadIntoCheckout(cart, NOW);
    expect(new URL(document.URL).search).toBe('');
    expect(JSON.stringify(window.history.state)).not.toMatch(/card|cvv|expiry/i);
  });
});

describe('restoredStorefrontSnapshot', () => {
  it('starts afresh when the entry keeps no cart', () => {
    expect(restoredStorefrontSnapshot(null)).toBeUndefined();
    expect(restoredStorefrontSnapshot({ usr: { items: [], total: 0 } })).toBeUndefined();
  });

  it.each([
    ['an unknown colour', { ...cart, colourId: 'lime-green' }],
    ['a quantity of 0', { ...cart, quantity: 0 }],
    ['a fractional count', { ...cart, cartCount: 1.5 }],
    ['a count as text', { ...cart, cartCount: '3' }],
    ['a count beyond what cents can hold exactly', { ...cart, cartCount: Number.MAX_SAFE_INTEGER }],
  ])('starts afresh when the kept cart has %s', (_, kept) => {
    expect(restoredStorefrontSnapshot({ petBallCart: kept })).toBeUndefined();
  });

  it.each([
    ['a quantity of 1 and an empty cart', { ...cart, quantity: 1, cartCount: 0 }],
    [
      'the largest quantity and count',
      { ...cart, quantity: MAX_LINE_QUANTITY, cartCount: MAX_LINE_QUANTITY },
    ],
  ])('restores a kept cart with %s', (_, kept) => {
    expect(restoredStorefrontSnapshot({ petBallCart: kept })?.context).toMatchObject(kept);
  });
});

describe('reloadedRecently (no reload loop)', () => {
  it('is true for a minute after a reload into a new release, then false', () => {
    reloadIntoCheckout(cart, NOW);
    expect(reloadedRecently(NOW + 59_999)).toBe(true);
    expect(reloadedRecently(NOW + 60_000)).toBe(false);
  });

  it('is true from the very moment of the reload, and false for a reload the clock puts ahead of now', () => {
    reloadIntoCheckout(cart, NOW);
    expect(reloadedRecently(NOW)).toBe(true);
    expect(reloadedRecently(NOW - 1)).toBe(false);
  });

  it('still knows, from storage, once the tab left the entry it reloaded into', () => {
    reloadIntoCheckout(cart, NOW);
    window.history.replaceState(null, '', '/');
    expect(reloadedRecently(NOW + 1000)).toBe(true);
  });

  it('still knows, from the history entry, when storage throws', () => {
    reloadIntoCheckout(cart, NOW);
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(reloadedRecently(NOW + 1000)).toBe(true);
  });

  it('is false in a tab that never reloaded', () => {
    expect(reloadedRecently(NOW)).toBe(false);
  });
});

describe('restoredStorefrontSnapshot after a reload that could not load /checkout either', () => {
  it('opens the kept cart saying the checkout is unavailable, with Try again', () => {
    reloadIntoCheckout(cart, NOW);
    const snapshot = restoredStorefrontSnapshot(window.history.state, { checkoutUnavailable: true });

    expect(snapshot?.value).toEqual({
      cart: { open: 'checkoutUnavailable' },
      toast: 'hidden',
      release: 'current',
      order: 'none',
    });
    expect(snapshot?.context).toEqual({
      ...cart,
      checkoutLoadRetries: 0,
      checkoutLoadFailure: 'unavailable',
    });
  });
});

describe("reloadKeepingCart (the shopper's 'Reload' into a waiting release)", () => {
  it('reloads the page where it is, its entry keeping its navigation state and adding the cart', () => {
    const checkoutState = { usr: { items: [], total: 0 }, key: 'abc', idx: 2 };
    window.history.replaceState(checkoutState, '', '/checkout');
    const entries = window.history.length;

    reloadKeepingCart(cart);

    expect(window.history.length).toBe(entries);
    expect(new URL(document.URL).pathname).toBe('/checkout');
    expect(window.history.state).toEqual({ ...checkoutState, petBallCart: cart });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives the reloaded page the whole storefront back, cart closed, and is no reload into a new release', () => {
    reloadKeepingCart(cart);
    const snapshot = restoredStorefrontSnapshot(window.history.state);

    expect(snapshot?.context).toEqual({ ...cart, checkoutLoadRetries: 0, checkoutLoadFailure: null });
    expect(snapshot?.value).toEqual({ cart: 'closed', toast: 'hidden', release: 'current', order: 'none' });
    expect(reloadedRecently()).toBe(false);
  });
});
