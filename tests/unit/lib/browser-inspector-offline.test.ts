/**
 * The dev server's Stately inspector asked for (`?inspect`) when `@statelyai/inspect` cannot be
 * downloaded: the failure is reported and the actors go on. The page is opened with `?inspect` before
 * the inspector module loads (one per page).
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';

const download = vi.hoisted(() => {
  window.history.replaceState(null, '', '/?inspect');
  let fail: () => void = () => undefined;
  const module = new Promise<unknown>((_, reject) => {
    fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  return { module, fail: () => fail() };
});
vi.mock('@statelyai/inspect', () => download.module);

import { inspect } from '@/lib/inspector';

describe('the inspector asked for with ?inspect, offline', () => {
  it('reports that it could not be downloaded, and takes events all the same', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    download.fail();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('The Stately inspector could not be loaded.', expect.any(Error)),
    );
    const registration = { type: '@xstate.actor', actorRef: {} as AnyActorRef } as unknown as InspectionEvent;
    expect(() => inspect?.next?.(registration)).not.toThrow();
    error.mockRestore();
  });
});
