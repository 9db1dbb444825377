import { describe, expect, it } from 'vitest';
import { orderNumberFromTimestamp } from '@machines/order-number';

describe('orderNumberFromTimestamp (spec §4: PB- + last six digits of the timestamp)', () => {
  it.each([
    [1_700_000_123_456, 'PB-123456'],
    [1_763_790_000_042, 'PB-000042'],
    [42, 'PB-000042'],
    [0, 'PB-000000'],
  ])('%i → %s @R9.14', (timestamp, expected) => {
    expect(orderNumberFromTimestamp(timestamp)).toBe(expected);
  });
});
