import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, checkoutInputFor, defaultLineItems } from '@machines/checkout-input';
import { lineItemsFromCheckoutInput } from '@machines/parse-checkout-input';
import { orderTotals } from '@machines/pricing';
import { navigationStateItem } from '@support/navigation-state-item';

describe('checkoutInputFor (the navigation state the cart carries, spec §3)', () => {
  it('carries one entry with the spec field names, prices and total in dollars', () => {
    expect(checkoutInputFor('ocean-blue', 2)).toEqual({
      items: [navigationStateItem()],
      total: 43.96,
    });
  });

  it('round-trips through the parser', () => {
    expect(lineItemsFromCheckoutInput(checkoutInputFor('sunset-orange', 3))).toEqual([
      expect.objectContaining({ colourId: 'sunset-orange', quantity: 3, unitPriceCents: 2198 }),
    ]);
  });
});

describe('lineItemsFromCheckoutInput: untrusted navigation state', () => {
  const defaults = defaultLineItems();

  it('defaults to one Hot Pink ball at $21.98 when the state is absent (spec §3) @R3.4', () => {
    expect(lineItemsFromCheckoutInput(undefined)).toEqual([
      {
        productId: 'pet-ball-pro',
        name: 'Pet Ball Pro',
        colourId: 'hot-pink',
        quantity: 1,
        unitPriceCents: 2198,
        image: '/images/pet-ball-hot-pink-480.webp',
      },
    ]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'items'],
    ['a number', 42],
    ['items not an array', { items: 'nope', total: 21.98 }],
    ['empty items', { items: [], total: 0 }],
    ['quantity 0', { items: [navigationStateItem({ quantity: 0 })] }],
    ['negative quantity', { items: [navigationStateItem({ quantity: -3 })] }],
    ['fractional quantity', { items: [navigationStateItem({ quantity: 1.5 })] }],
    ['NaN quantity', { items: [navigationStateItem({ quantity: Number.NaN })] }],
    ['Infinity quantity', { items: [navigationStateItem({ quantity: Number.POSITIVE_INFINITY })] }],
    ['quantity as a string', { items: [navigationStateItem({ quantity: '2' })] }],
    ['unknown colour', { items: [navigationStateItem({ color: 'Neon Green' })] }],
    ['unknown product id', { items: [navigationStateItem({ id: 'other-product' })] }],
    ['an item that is null', { items: [null] }],
  ])('falls back to the default for %s', (_name, state) => {
    expect(lineItemsFromCheckoutInput(state)).toEqual(defaults);
  });

  it('takes prices from the catalog, never from the state, and ignores the passed total @R3.4', () => {
    const items = lineItemsFromCheckoutInput({
      items: [navigationStateItem({ price: '0.01' })],
      total: 0.01,
    });
    expect(items).toEqual([
      expect.objectContaining({ colourId: 'ocean-blue', quantity: 2, unitPriceCents: 2198 }),
    ]);
    expect(orderTotals(items, 'standard').subtotalCents).toBe(4396);
  });

  it('takes name and image from the catalog, never from the state', () => {
    const [line] = lineItemsFromCheckoutInput({
      items: [navigationStateItem({ name: '<script>', image: 'https://evil.example/x.png' })],
    });
    expect(line).toMatchObject({ name: 'Pet Ball Pro', image: '/images/pet-ball-ocean-blue-480.webp' });
  });

  it('accepts colour ids as well as names', () => {
    expect(
      lineItemsFromCheckoutInput({ items: [navigationStateItem({ color: 'sunset-orange' })] })[0]?.colourId,
    ).toBe('sunset-orange');
  });

  it('keeps the valid items and drops the broken ones', () => {
    const items = lineItemsFromCheckoutInput({
      items: [navigationStateItem({ quantity: -1 }), navigationStateItem({ color: 'Hot Pink', quantity: 1 })],
    });
    expect(items.map((line) => [line.colourId, line.quantity])).toEqual([['hot-pink', 1]]);
  });

  it('merges 10,000 items into one line per colour', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      navigationStateItem({ color: ['Hot Pink', 'Sunset Orange', 'Ocean Blue'][index % 3], quantity: 1 }),
    );
    const items = lineItemsFromCheckoutInput({ items: many });
    expect(items.map((line) => [line.colourId, line.quantity])).toEqual([
      ['hot-pink', 3334],
      ['sunset-orange', 3333],
      ['ocean-blue', 3333],
    ]);
  });

  it('caps a huge quantity so every cents figure stays a safe integer @R5.4', () => {
    const [line] = lineItemsFromCheckoutInput({
      items: [navigationStateItem({ quantity: 1e9 }), navigationStateItem({ quantity: MAX_LINE_QUANTITY })],
    });
    expect(line?.quantity).toBe(MAX_LINE_QUANTITY);
    const totals = orderTotals([line!], 'overnight');
    expect(Object.values(totals).every(Number.isSafeInteger)).toBe(true);
  });

  it('ignores __proto__ keys without polluting prototypes', () => {
    const state = JSON.parse(
      '{"items":[{"id":"pet-ball-pro","color":"Hot Pink","quantity":1,"__proto__":{"polluted":true}}],"__proto__":{"polluted":true}}',
    );
    expect(lineItemsFromCheckoutInput(state)[0]).toMatchObject({ colourId: 'hot-pink', quantity: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
