/**
 * The dev server's Stately inspector when asked for (`?inspect`): the app's actors get an observer at
 * once, and what they report before `@statelyai/inspect` has downloaded reaches it in order, card data
 * redacted; a download that fails is reported, not thrown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';

afterEach(() => {
  vi.doUnmock('@statelyai/inspect');
  vi.resetModules();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** `@statelyai/inspect`'s download, answered by the test with the returned functions. */
function inspectorDownload() {
  const sent: InspectionEvent[] = [];
  const sanitizers: { sanitizeContext?: unknown; sanitizeEvent?: unknown }[] = [];
  let answer: { arrive: () => void; fail: (error: Error) => void } | undefined;
  vi.doMock(
    '@statelyai/inspect',
    () =>
      new Promise((resolve, reject) => {
        answer = {
          arrive: () =>
            resolve({
              createBrowserInspector: (options: (typeof sanitizers)[number]) => {
                sanitizers.push(options);
                return { inspect: { next: (event: InspectionEvent) => void sent.push(event) } };
              },
            }),
          fail: reject,
        };
      }),
  );
  return { sent, sanitizers, answer: () => answer };
}

/** The app's inspection observer on a page opened with `?inspect`. */
async function inspectorAsked(): Promise<Observer<InspectionEvent>> {
  window.history.replaceState(null, '', '/?inspect');
  const { inspect } = await import('@/lib/inspector');
  expect(inspect).toBeDefined();
  return inspect!;
}

const actor = {} as AnyActorRef;
const registration = { type: '@xstate.actor', actorRef: actor } as unknown as InspectionEvent;
const eventOf = (type: string) =>
  ({ type: '@xstate.event', actorRef: actor, event: { type } }) as unknown as InspectionEvent;

describe('the inspector asked for with ?inspect', () => {
  it('replays what the actors reported before it downloaded, in order, then passes events on', async () => {
    const download = inspectorDownload();
    const inspect = await inspectorAsked();
    const [init, added] = [eventOf('xstate.init'), eventOf('cart.add')];
    inspect.next?.(registration);
    inspect.next?.(init);
    expect(download.sent).toEqual([]);

    await vi.waitFor(() => expect(download.answer()).toBeDefined());
    download.answer()!.arrive();
    await vi.waitFor(() => expect(download.sent).toEqual([registration, init]));
    inspect.next?.(added);
    expect(download.sent).toEqual([registration, init, added]);
    const { redactCardData } = await import('@/lib/inspector');
    expect(download.sanitizers).toEqual([{ sanitizeContext: redactCardData, sanitizeEvent: redactCardData }]);
  });

  it('reports an inspector that could not be downloaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const download = inspectorDownload();
    const inspect = await inspectorAsked();
    await vi.waitFor(() => expect(download.answer()).toBeDefined());
    download.answer()!.fail(new Error('offline'));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('The Stately inspector could not be loaded.', expect.any(Error)),
    );
    expect(() => inspect.next?.(registration)).not.toThrow();
  });
});
