import { describe, expect, it } from 'vitest';
import { CheckoutLoadError, checkoutLoadFailureOf } from '@machines/checkout-load-failure';

describe('CheckoutLoadError', () => {
  it('is an Error named for what failed, carrying its failure and cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new CheckoutLoadError('offline', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CheckoutLoadError');
    expect(error.message).toBe('The checkout could not be loaded (offline)');
    expect(error.cause).toBe(cause);
    expect(checkoutLoadFailureOf(error)).toBe('offline');
  });

  it('reads any other error as unavailable', () => {
    expect(checkoutLoadFailureOf(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(checkoutLoadFailureOf(undefined)).toBe('unavailable');
  });
});
