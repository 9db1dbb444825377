/**
 * Why the checkout page's code could not be downloaded: the app's `loadCheckout` actor rejects with a
 * {@link CheckoutLoadError}, and the storefront machine's guards read its failure. What each failure
 * leads to, and why: docs/decisions/0002-checkout-download-states.md.
 */

/**
 * - `offline`: the device has no connection; retrying before it is back cannot help.
 * - `unavailable`: the server answered with an error (5xx) or the connection broke off; a retry may help.
 * - `outdated`: a new release replaced the code this page was built with (its files are gone).
 */
export type CheckoutLoadFailure = 'offline' | 'unavailable' | 'outdated';

/**
 * What the shopper is told when the checkout does not open: `offline` or `unavailable` (an outdated
 * page reloads into the new release instead of asking).
 */
export type CheckoutUnavailableReason = Exclude<CheckoutLoadFailure, 'outdated'>;

/** The rejection of the app's `loadCheckout` actor: an `Error` carrying its {@link CheckoutLoadFailure}. */
export class CheckoutLoadError extends Error {
  override readonly name = 'CheckoutLoadError';

  constructor(
    readonly failure: CheckoutLoadFailure,
    options?: { cause?: unknown },
  ) {
    super(`The checkout could not be loaded (${failure})`, options);
  }
}

/** The failure an error stands for: its own for a {@link CheckoutLoadError}, else `unavailable`. */
export function checkoutLoadFailureOf(error: unknown): CheckoutLoadFailure {
  return error instanceof CheckoutLoadError ? error.failure : 'unavailable';
}

/** What to tell the shopper about an error: `offline` for an offline failure, else `unavailable`. */
export function checkoutUnavailableReasonOf(error: unknown): CheckoutUnavailableReason {
  return checkoutLoadFailureOf(error) === 'offline' ? 'offline' : 'unavailable';
}
