/**
 * Delay events advance the fake clock by exactly their delay: against the real landing page,
 * the toast path passes at 3000 ms, fails when the clock stops 1 ms short, and fails when the toast
 * would hide 1 ms early.
 */
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, type StorefrontSnapshot } from '@machines/storefront-machine';
import { renderApp } from '@tests/render-app';
import { pathName, runModelPath, type PathDriver } from './derive-test-model';
import { storefrontJsdomDriver } from './jsdom-drivers';
import { storefrontModel, type StorefrontModelEvent } from './storefront-model';

type Driver = PathDriver<StorefrontSnapshot, StorefrontModelEvent>;

const toastPath = storefrontModel.model
  .getShortestPaths({ ...storefrontModel.traversal({ vertex: 'snapshot' }), allowDuplicatePaths: true })
  .find((path) => pathName(path) === 'cart.add → delay.toastDuration')!;

/** Runs the toast path on a fresh landing page, with the driver's clock changed by `clock`. */
const runToastPath = (clock: (driver: Driver) => Driver['advanceClock']) => {
  const driver = storefrontJsdomDriver(renderApp('/', { fakeTimers: true }));
  return runModelPath(storefrontModel, toastPath, { ...driver, advanceClock: clock(driver) });
};

describe('the delay executor', { timeout: 30_000 }, () => {
  it('passes when the clock advances by exactly toastDuration (3000 ms)', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    await expect(runToastPath((driver) => driver.advanceClock)).resolves.toBeUndefined();
  });

  it('fails when the clock advances 1 ms less: the toast still shows', async () => {
    const oneMsShort = (driver: Driver) => (ms: number) => driver.advanceClock(ms === 1 ? 0 : ms);
    await expect(runToastPath(oneMsShort)).rejects.toThrow(/Added to cart successfully!/);
  });

  it('fails when the toast hides 1 ms early: it must still show at 2999 ms', async () => {
    const oneMsEarly = (driver: Driver) => (ms: number) =>
      driver.advanceClock(ms === TOAST_DURATION_MS - 1 ? ms + 1 : ms);
    await expect(runToastPath(oneMsEarly)).rejects.toThrow(/Added to cart successfully!/);
  });
});
