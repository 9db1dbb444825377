/**
 * Delay events advance the fake clock by exactly their delay: on a page whose toast hides
 * `toastDuration` after 'Add to Cart', the toast path passes at 3000 ms, fails when the clock stops
 * 1 ms short, and fails when the toast would hide 1 ms early. The page is a stand-in (a clock and a
 * toast): what is tested is the executor, not the app, whose timer the Chromium model suite checks.
 */
import { describe, expect, it } from 'vitest';
import {
  TOAST_DURATION_MS,
  selectIsToastVisible,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';
import { pathName, runModelPath, type PathDriver } from './derive-test-model';
import { storefrontModel, type StorefrontModelEvent } from './storefront-model';

const toastPath = storefrontModel.model
  .getShortestPaths({ ...storefrontModel.traversal({ vertex: 'snapshot' }), allowDuplicatePaths: true })
  .find((path) => pathName(path) === 'cart.add → delay.toastDuration')!;

/** A page with a toast that hides `hidesAfter` ms after 'Add to Cart'; `clockStep` changes each advance. */
function fakePage(
  hidesAfter: number,
  clockStep = (ms: number) => ms,
): PathDriver<StorefrontSnapshot, StorefrontModelEvent> {
  let now = 0;
  let hidesAt = -1;
  return {
    advanceClock: async (ms) => {
      now += clockStep(ms);
    },
    perform: async (event) => {
      if (event.type === 'cart.add') hidesAt = now + hidesAfter;
    },
    assertState: async (snapshot) => {
      const shows = now < hidesAt;
      if (shows !== selectIsToastVisible(snapshot))
        throw new Error(`at ${now} ms the toast ${shows ? 'shows' : 'is hidden'}`);
    },
  };
}

describe('the delay executor', () => {
  it('passes when the clock advances by exactly toastDuration (3000 ms)', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    await expect(
      runModelPath(storefrontModel, toastPath, fakePage(TOAST_DURATION_MS)),
    ).resolves.toBeUndefined();
  });

  it('fails when the clock advances 1 ms less: the toast still shows', async () => {
    const oneMsShort = fakePage(TOAST_DURATION_MS, (ms) => (ms === 1 ? 0 : ms));
    await expect(runModelPath(storefrontModel, toastPath, oneMsShort)).rejects.toThrow(
      /2999 ms the toast shows/,
    );
  });

  it('fails when the toast hides 1 ms early: it must still show at 2999 ms', async () => {
    const early = fakePage(TOAST_DURATION_MS - 1);
    await expect(runModelPath(storefrontModel, toastPath, early)).rejects.toThrow(
      /2999 ms the toast is hidden/,
    );
  });
});
