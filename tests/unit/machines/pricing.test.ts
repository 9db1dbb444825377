import { describe, expect, it } from 'vitest';
import { lineItemFor } from '@machines/checkout-input';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  orderTotals,
  shippingCents,
  taxCents,
  type LineItem,
  type ShippingMethodId,
} from '@machines/pricing';

const balls = (quantity: number): LineItem[] => [lineItemFor('hot-pink', quantity)];

describe('orderTotals (spec §9, all figures in cents)', () => {
  it.each<
    [string, LineItem[], ShippingMethodId, { subtotal: number; shipping: number; tax: number; total: number }]
  >([
    ['1 item, standard', balls(1), 'standard', { subtotal: 2198, shipping: 0, tax: 176, total: 2374 }],
    ['1 item, express', balls(1), 'express', { subtotal: 2198, shipping: 999, tax: 176, total: 3373 }],
    ['1 item, overnight', balls(1), 'overnight', { subtotal: 2198, shipping: 1999, tax: 176, total: 4373 }],
    [
      '2 items, express: free shipping',
      balls(2),
      'express',
      { subtotal: 4396, shipping: 0, tax: 352, total: 4748 },
    ],
    [
      '2 items, overnight: free shipping',
      balls(2),
      'overnight',
      { subtotal: 4396, shipping: 0, tax: 352, total: 4748 },
    ],
    [
      '3 items across two colours',
      [lineItemFor('hot-pink', 1), lineItemFor('ocean-blue', 2)],
      'standard',
      { subtotal: 6594, shipping: 0, tax: 528, total: 7122 },
    ],
  ])('%s @R9.1 @R9.4 @R9.5 @R9.6 @R9.7 @R9.8', (_name, items, method, expected) => {
    expect(orderTotals(items, method)).toEqual({
      subtotalCents: expected.subtotal,
      shippingCents: expected.shipping,
      taxCents: expected.tax,
      totalCents: expected.total,
    });
  });
});

describe('shippingCents', () => {
  it.each<[number, ShippingMethodId, number]>([
    [3499, 'standard', 0],
    [3499, 'express', 999],
    [3499, 'overnight', 1999],
    [3500, 'express', 0],
    [3500, 'overnight', 0],
    [3501, 'overnight', 0],
  ])('subtotal %i with %s costs %i @R9.3 @R9.4 @R9.5 @R9.6', (subtotal, method, expected) => {
    expect(shippingCents(subtotal, method)).toBe(expected);
  });

  it('waives shipping exactly at the $35.00 threshold @R9.3', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(3500);
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS, 'overnight')).toBe(0);
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS - 1, 'overnight')).toBe(1999);
  });

  it('charges nothing for a method it does not know, instead of throwing', () => {
    // Never reached through the checkout machine, which ignores an unknown method (isKnownShippingMethod).
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS - 1, 'teleport' as ShippingMethodId)).toBe(0);
  });
});

describe('taxCents: 8% rounded half up to the cent', () => {
  it.each([
    [2198, 176], // 175.84
    [4396, 352], // 351.68
    [1, 0], // 0.08
    [6, 0], // 0.48
    [7, 1], // 0.56
    [25, 2], // 2.00
    [1875, 150], // 150.00
    [1881, 150], // 150.48
    [1882, 151], // 150.56
    [0, 0],
  ])('tax on %i is %i @R9.7 @R9.15', (subtotal, expected) => {
    expect(taxCents(subtotal)).toBe(expected);
  });

  it('gives an integer number of cents for any integer subtotal', () => {
    // 8% of an integer cent amount is a multiple of 0.08, so an exact half cent never occurs; the
    // boundary cases are .48 (down) and .56 (up), covered above.
    for (let subtotal = 0; subtotal < 5000; subtotal += 1)
      expect(Number.isInteger(taxCents(subtotal))).toBe(true);
  });
});
