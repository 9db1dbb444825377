import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@/lib/format-money';

/** The definition of correct: the platform's en-US dollar formatter, given dollars. */
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money at the UI edge (spec §3 prices): integer cents in, US dollars out. */
describe('formatCents', () => {
  it.each([
    [2198, '$21.98'],
    [3999, '$39.99'],
    [0, '$0.00'],
    [5, '$0.05'],
    [3500, '$35.00'],
    [123_456, '$1,234.56'],
    [100_000_000, '$1,000,000.00'],
    [-5, '-$0.05'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes what Intl.NumberFormat writes for every amount up to a billion dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        expect(formatCents(cents)).toBe(intlUsd.format(cents / 100));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([21.98, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses %d, which is not safe integer cents',
    (amount) => {
      expect(() => formatCents(amount)).toThrow(
        new RangeError(`formatCents needs integer cents, not ${amount}`),
      );
    },
  );
});
