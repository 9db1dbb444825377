import { describe, expect, it } from 'vitest';
import { formatCents, usdFormat } from '@/lib/format-money';

/** Money at the UI edge (spec §3 prices): integer cents in, US dollars out. */
describe('formatCents', () => {
  it.each([
    [2198, '$21.98'],
    [0, '$0.00'],
    [5, '$0.05'],
    [3500, '$35.00'],
    [123_456, '$1,234.56'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('usdFormat', () => {
  it('creates the formatter once and hands out the same one (its first creation is costly)', () => {
    const formatter = usdFormat();
    expect(formatter).toBeInstanceOf(Intl.NumberFormat);
    expect(usdFormat()).toBe(formatter);
    expect(formatter.resolvedOptions()).toMatchObject({
      locale: 'en-US',
      style: 'currency',
      currency: 'USD',
    });
  });
});
