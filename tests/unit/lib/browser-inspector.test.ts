/**
 * The dev server's Stately inspector when asked for (`?inspect`): the app's actors get an observer at
 * once, and what they report before `@statelyai/inspect` has downloaded reaches it in order, card data
 * redacted. The page is opened with `?inspect` before the inspector module loads (one per page).
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';

const download = vi.hoisted(() => {
  window.history.replaceState(null, '', '/?inspect');
  const sent: unknown[] = [];
  const sanitizers: unknown[] = [];
  let arrive: () => void = () => undefined;
  const module = new Promise<unknown>((resolve) => {
    arrive = () =>
      resolve({
        createBrowserInspector: (options: unknown) => {
          sanitizers.push(options);
          return { inspect: { next: (event: unknown) => void sent.push(event) } };
        },
      });
  });
  return { sent, sanitizers, module, arrive: () => arrive() };
});
vi.mock('@statelyai/inspect', () => download.module);

import { inspect, redactCardData } from '@/lib/inspector';

const actor = {} as AnyActorRef;
const registration = { type: '@xstate.actor', actorRef: actor } as unknown as InspectionEvent;
const eventOf = (type: string) =>
  ({ type: '@xstate.event', actorRef: actor, event: { type } }) as unknown as InspectionEvent;

describe('the inspector asked for with ?inspect', () => {
  it('replays what the actors reported before it downloaded, in order, then passes events on', async () => {
    const [init, added] = [eventOf('xstate.init'), eventOf('cart.add')];
    inspect?.next?.(registration);
    inspect?.next?.(init);
    expect(download.sent).toEqual([]);

    download.arrive();
    await vi.waitFor(() => expect(download.sent).toEqual([registration, init]));
    inspect?.next?.(added);
    expect(download.sent).toEqual([registration, init, added]);
    expect(download.sanitizers).toEqual([{ sanitizeContext: redactCardData, sanitizeEvent: redactCardData }]);
  });
});
