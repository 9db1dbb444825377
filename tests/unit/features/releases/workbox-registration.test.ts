/**
 * The service worker's registration and the hand-over to a waiting release
 * (src/features/releases/workbox-registration.ts), with workbox-window and the browser's workers stood
 * in for (tests/support/fake-workbox.ts): when the page is told a release waits and what it asks the
 * waiting worker. One page: it registers once, and the tests change what its registration holds. The
 * real worker runs in the engine suites.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainTasks, isStillPending } from '@support/drain-tasks';
import { activateWaitingWorker, watchWaitingWorker } from '@/features/releases/workbox-registration';
import { SERVICE_WORKER_FILE } from '@/lib/shared-names';
import { FakeWaitingWorker, FakeWorkbox } from '@support/fake-workbox';

vi.mock('workbox-window', async () => ({ Workbox: (await import('@support/fake-workbox')).FakeWorkbox }));

/** The page's registration: its `waiting` and `active` workers are each test's own. */
const registration: Partial<{ waiting: unknown; active: unknown }> = {};
FakeWorkbox.registration = registration as Partial<ServiceWorkerRegistration>;

/** The page's `navigator.serviceWorker`, whose `controllerchange` a test fires. */
const container = new EventTarget();

afterEach(() => {
  vi.restoreAllMocks();
  delete registration.waiting;
  delete registration.active;
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'trustedTypes');
});

/** The page's one Workbox, once a test has watched. */
const pageWorkbox = () => FakeWorkbox.made[0]!;

describe('watchWaitingWorker', () => {
  it('registers nothing where the page’s policy refuses the worker’s Trusted Types policy', () => {
    Object.defineProperty(window, 'trustedTypes', {
      configurable: true,
      value: {
        createPolicy: (name: string) => {
          throw new TypeError(`Policy ${name} disallowed.`);
        },
      },
    });
    expect(() => watchWaitingWorker(() => undefined)()).not.toThrow();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('registers the shop’s worker for the whole site at once, one Workbox per page', () => {
    watchWaitingWorker(() => undefined)();
    watchWaitingWorker(() => undefined)();
    expect(FakeWorkbox.made).toHaveLength(1);
    expect(pageWorkbox()).toMatchObject({ url: `/${SERVICE_WORKER_FILE}`, options: { scope: '/' } });
    expect(pageWorkbox().registerOptions).toEqual([{ immediate: true }]);
  });

  it('says a release waits when one already waited as the page loaded', async () => {
    Object.assign(registration, { waiting: {}, active: {} });
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    await vi.waitFor(() => expect(onWaiting).toHaveBeenCalledOnce());
    stop();
  });

  it('says nothing of a first worker, which waits for no release', async () => {
    Object.assign(registration, { waiting: {} });
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    await drainTasks();
    pageWorkbox().emit('installed');
    expect(onWaiting).not.toHaveBeenCalled();
    stop();
  });

  it('says a release waits when one installs while the page is open and Workbox reports only its install', async () => {
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    await drainTasks();
    expect(onWaiting).not.toHaveBeenCalled();
    Object.assign(registration, { waiting: {}, active: {} });
    pageWorkbox().emit('installed');
    expect(onWaiting).toHaveBeenCalledOnce();
    stop();
  });

  it('says nothing of a release found waiting once it stopped watching', async () => {
    Object.assign(registration, { waiting: {}, active: {} });
    const onWaiting = vi.fn();
    watchWaitingWorker(onWaiting)();
    await drainTasks();
    pageWorkbox().emit('installed');
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('says a release waits when Workbox finds one, and stops saying so once stopped', () => {
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    pageWorkbox().emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
    stop();
    pageWorkbox().emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
  });

  it('checks for a new release whenever the tab is shown again, until stopped', () => {
    const stop = watchWaitingWorker(() => undefined);
    const { update } = pageWorkbox();
    update.mockClear();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).not.toHaveBeenCalled();

    visibility.mockReturnValue('visible');
    update.mockRejectedValueOnce(new TypeError('offline'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledOnce();

    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledOnce();
  });
});

describe('activateWaitingWorker', () => {
  /** A worker that waits in the page's registration, with `navigator.serviceWorker` in place. */
  function workerWaits(): FakeWaitingWorker {
    const waiting = new FakeWaitingWorker();
    registration.waiting = waiting;
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    return waiting;
  }

  it('asks the waiting worker to take over and resolves once it controls the page', async () => {
    const waiting = workerWaits();
    const activated = activateWaitingWorker();
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    waiting.changeState('activating');
    expect(await isStillPending(activated)).toBe(true);
    container.dispatchEvent(new Event('controllerchange'));
    expect(await isStillPending(activated)).toBe(false);
  });

  it('resolves when another tab’s hand-over made the waiting worker redundant', async () => {
    const waiting = workerWaits();
    const activated = activateWaitingWorker();
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalled());
    waiting.changeState('redundant');
    expect(await isStillPending(activated)).toBe(false);
  });

  it('resolves at once when no worker waits', async () => {
    expect(await isStillPending(activateWaitingWorker())).toBe(false);
  });
});
