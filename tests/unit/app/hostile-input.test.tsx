/**
 * Hostile and broken input as the shopper would meet it, through the real app: untrusted
 * navigation state on /checkout and hostile `?lng=` values. The parsers themselves are covered in
 * tests/unit/machines/checkout-input.test.ts and tests/unit/i18n/i18n.test.ts; here the question is what the page
 * shows: no crash, no NaN, no `$Infinity`, figures derived from the items, English, nothing executed.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '@machines/checkout-input';
import { resolveLazyRoutes, routes } from '@/app/router';
import { renderApp, warmUpApp } from '@support/render-app';
import { navigationStateItem } from '@support/navigation-state-item';

// The checkout route is code-split: load it up front so /checkout renders synchronously.
beforeAll(() => resolveLazyRoutes(routes));
beforeAll(warmUpApp);

/** What the Order Summary must show: quantity per colour and the Total row, derived from the items. */
interface Shown {
  lines: string[];
  total: string;
}

const DEFAULT: Shown = { lines: ['Colour: Hot Pink', 'Qty: 1'], total: 'Total $23.74' };
const TWO_BLUE: Shown = { lines: ['Colour: Ocean Blue', 'Qty: 2'], total: 'Total $47.48' };

describe('/checkout with untrusted navigation state (spec §3)', () => {
  it.each<[name: string, state: unknown, shown: Shown]>([
    ['no state', undefined, DEFAULT],
    ['null', null, DEFAULT],
    ['a string', '{"items":[]}', DEFAULT],
    ['items not an array', { items: { 0: navigationStateItem() }, total: 43.96 }, DEFAULT],
    ['empty items', { items: [], total: 0 }, DEFAULT],
    ['quantity 0', { items: [navigationStateItem({ quantity: 0 })] }, DEFAULT],
    ['negative quantity', { items: [navigationStateItem({ quantity: -2 })] }, DEFAULT],
    ['fractional quantity', { items: [navigationStateItem({ quantity: 1.5 })] }, DEFAULT],
    ['NaN quantity', { items: [navigationStateItem({ quantity: Number.NaN })] }, DEFAULT],
    ['Infinity quantity', { items: [navigationStateItem({ quantity: Number.POSITIVE_INFINITY })] }, DEFAULT],
    [
      'quantity 1e9',
      { items: [navigationStateItem({ quantity: 1e9 })] },
      { lines: ['Colour: Ocean Blue', 'Qty: 1000000000'], total: 'Total $23,738,400,000.00' },
    ],
    [
      `quantity above the safe limit (${MAX_LINE_QUANTITY + 1})`,
      { items: [navigationStateItem({ quantity: MAX_LINE_QUANTITY + 1 })] },
      DEFAULT,
    ],
    ['price as a string', { items: [navigationStateItem({ price: '0.01' })], total: 0.02 }, TWO_BLUE],
    ['unknown colour', { items: [navigationStateItem({ color: 'Neon Green' })] }, DEFAULT],
    ['unknown product id', { items: [navigationStateItem({ id: 'gift-card' })] }, DEFAULT],
    [
      '10,000 items',
      { items: Array.from({ length: 10_000 }, () => navigationStateItem({ quantity: 1 })), total: 1 },
      { lines: ['Colour: Ocean Blue', 'Qty: 10000'], total: 'Total $237,384.00' },
    ],
    ['a missing total', { items: [navigationStateItem()] }, TWO_BLUE],
    ['a total that disagrees with the items', { items: [navigationStateItem()], total: 0.01 }, TWO_BLUE],
    ['a total of Infinity', { items: [navigationStateItem()], total: Number.POSITIVE_INFINITY }, TWO_BLUE],
    ['a total as a string', { items: [navigationStateItem()], total: '$0.00' }, TWO_BLUE],
    [
      '__proto__ keys',
      JSON.parse(
        '{"__proto__":{"polluted":true},"items":[{"id":"pet-ball-pro","color":"Ocean Blue","quantity":2,"__proto__":{"polluted":true}}]}',
      ),
      TWO_BLUE,
    ],
  ])('shows sound figures for %s @R3.4', (_name, state, shown) => {
    renderApp('/checkout', { state, fakeTimers: true });
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });

    for (const text of shown.lines) expect(within(summary).getByText(text)).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: shown.total })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|undefined|\$-/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('hostile ?lng= on the real page (spec §7)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a 10 KB value', 'x'.repeat(10_240)],
    ['__proto__', '__proto__'],
    ['a path', '../'],
  ])('shows the shop in English for %s, running nothing @R7.5', (_name, value) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    window.history.replaceState(null, '', `/?lng=${encodeURIComponent(value)}`);

    renderApp('/', { fakeTimers: true });

    expect(screen.getByRole('button', { name: 'Add to Cart - $21.98' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now with PayPal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.querySelector('img[src="x"], [onerror]')).toBeNull();
    expect(document.body.innerHTML).not.toContain(value.length > 100 ? value.slice(0, 100) : 'onerror');
    expect(alert).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
