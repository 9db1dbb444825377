import { createMachine, fromPromise, type PromiseActorLogic } from 'xstate';
import { CheckoutLoadError, type CheckoutLoadFailure } from '@machines/checkout-load-failure';

/**
 * A `loadCheckout` actor for machine tests that finishes synchronously, so 'Proceed to
 * Checkout' navigates within the same `send`, as in a page whose checkout code is already there.
 * A machine that is done at once stands in for a promise already resolved (same done event, no
 * microtask); the machine's `loadCheckout` slot is typed as promise logic, hence the cast.
 */
export const loadedAtOnce = createMachine({
  id: 'loadedAtOnce',
  initial: 'loaded',
  states: { loaded: { type: 'final' } },
}) as unknown as PromiseActorLogic<void>;

/**
 * A `loadCheckout` actor whose attempts fail with `failures` in order (one per attempt), then succeed;
 * `attempts.count` says how many downloads were tried.
 */
export function scriptedLoads(failures: CheckoutLoadFailure[]) {
  const script = [...failures];
  const attempts = { count: 0 };
  const logic = fromPromise<void>(async () => {
    attempts.count += 1;
    const failure = script.shift();
    if (failure) throw new CheckoutLoadError(failure);
  });
  return { logic, attempts };
}
