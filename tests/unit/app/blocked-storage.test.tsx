/**
 * Blocked storage: with cookies blocked (and in some private modes) browsers throw a
 * SecurityError as soon as a page reads `window.localStorage` or `window.sessionStorage`, and
 * `document.cookie` reads as empty and ignores writes. The shop keeps nothing of its own in storage;
 * only the language detector touches it, and the whole purchase must still work. Storage is broken
 * before the first render because the detector remembers, per page load, whether storage works (a real
 * page load starts fresh the same way).
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLazyRoutes, routes } from '@/app/router';
import { renderApp } from '@support/render-app';
import { autofillCheckoutForm } from '@support/fill-checkout-form';
import { proceedToCheckout } from '@support/proceed-to-checkout';

// The checkout route is code-split: load it up front so /checkout renders synchronously.
beforeAll(() => resolveLazyRoutes(routes));

const denied = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

let restore: (() => void)[] = [];

beforeEach(() => {
  const spies = [
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied),
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(denied),
    vi.spyOn(Document.prototype, 'cookie', 'get').mockReturnValue(''),
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(() => {}),
  ];
  restore = spies.map((spy) => () => spy.mockRestore());
});

// Runs before the shared setup's cleanup, which clears localStorage.
afterEach(() => {
  restore.forEach((undo) => undo());
});

// No warm-up render (tests/support/render-app.tsx): the first render must be the language detector's first
// look at storage, with storage already blocked.
describe('with storage and cookies blocked', () => {
  it('still sells a ball: add to cart, cart, checkout, confirmation, in English @R3.3', async () => {
    expect(() => window.localStorage).toThrow('insecure');
    const { user, router } = renderApp('/', { fakeTimers: true });
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Add to Cart - $21.98' }));
    expect(screen.getByText('Added to cart successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open cart, 1 item' }));
    const summary = await proceedToCheckout(user);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(within(summary).getByRole('row', { name: 'Total $23.74' })).toBeInTheDocument();

    autofillCheckoutForm();
    await user.click(screen.getByRole('button', { name: /^complete order/i }));
    act(() => vi.advanceTimersByTime(3000));

    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
  });

  it('shows the not-found page', () => {
    renderApp('/nope', { fakeTimers: true });
    expect(screen.getByRole('heading', { name: 'This page has not been generated' })).toBeInTheDocument();
  });
});
