/**
 * The service worker's registration and the hand-over to a waiting release
 * (src/features/releases/workbox-registration.ts), with workbox-window and the browser's worker stood in
 * for (tests/features/fake-workbox.ts): when the page is told a release waits, what it asks the
 * waiting worker, and what it does when registering fails. The real worker runs in the engine suites.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainTasks, isStillPending } from '@tests/drain-tasks';
import { SERVICE_WORKER_FILE, SERVICE_WORKER_POLICY } from '@/lib/shared-names';
import { FakeWaitingWorker, FakeWorkbox, fakeWorkboxWindow } from './fake-workbox';

afterEach(() => {
  vi.doUnmock('workbox-window');
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'trustedTypes');
});

const registration = (workers: Partial<ServiceWorkerRegistration>) => workers;
const importRegistration = () => import('@/features/releases/workbox-registration');

/** The page's `navigator.serviceWorker`, whose `controllerchange` the test fires. */
function serviceWorkerContainer(): EventTarget {
  const container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

describe('watchWaitingWorker', () => {
  it('registers the shop’s worker for the whole site at once, one Workbox per page', async () => {
    fakeWorkboxWindow(registration({}));
    const { watchWaitingWorker } = await importRegistration();
    watchWaitingWorker(() => undefined)();
    watchWaitingWorker(() => undefined);
    expect(FakeWorkbox.made).toHaveLength(1);
    const [workbox] = FakeWorkbox.made;
    expect(workbox).toMatchObject({ url: `/${SERVICE_WORKER_FILE}`, options: { scope: '/' } });
    expect(workbox!.registerOptions).toEqual([{ immediate: true }]);
  });

  it('says a release waits when one already waited as the page loaded', async () => {
    fakeWorkboxWindow(registration({ waiting: {} as ServiceWorker, active: {} as ServiceWorker }));
    const { watchWaitingWorker } = await importRegistration();
    const onWaiting = vi.fn();
    watchWaitingWorker(onWaiting);
    await vi.waitFor(() => expect(onWaiting).toHaveBeenCalledOnce());
  });

  it('says nothing of a first worker, which waits for no release, nor after it stopped watching', async () => {
    fakeWorkboxWindow(registration({ waiting: {} as ServiceWorker }));
    const { watchWaitingWorker } = await importRegistration();
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    await drainTasks();
    FakeWorkbox.made[0]!.emit('installed');
    stop();
    FakeWorkbox.made[0]!.emit('waiting');
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('says nothing of a release found waiting once it stopped watching', async () => {
    fakeWorkboxWindow(registration({ waiting: {} as ServiceWorker, active: {} as ServiceWorker }));
    const { watchWaitingWorker } = await importRegistration();
    const onWaiting = vi.fn();
    watchWaitingWorker(onWaiting)();
    await drainTasks();
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('says a release waits when Workbox finds one, and stops saying so once stopped', async () => {
    fakeWorkboxWindow(registration({ active: {} as ServiceWorker }));
    const { watchWaitingWorker } = await importRegistration();
    const onWaiting = vi.fn();
    const stop = watchWaitingWorker(onWaiting);
    const [workbox] = FakeWorkbox.made;
    workbox!.emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
    stop();
    workbox!.emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
  });

  it('leaves a page whose worker could not be registered as it is, online only', async () => {
    fakeWorkboxWindow(undefined);
    const { watchWaitingWorker } = await importRegistration();
    const onWaiting = vi.fn();
    watchWaitingWorker(onWaiting);
    await drainTasks();
    expect(() => FakeWorkbox.made[0]!.emit('installed')).not.toThrow();
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('checks for a new release whenever the tab is shown again, until stopped', async () => {
    fakeWorkboxWindow(registration({}));
    const { watchWaitingWorker } = await importRegistration();
    const stop = watchWaitingWorker(() => undefined);
    const [workbox] = FakeWorkbox.made;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox!.update).not.toHaveBeenCalled();

    visibility.mockReturnValue('visible');
    workbox!.update.mockRejectedValueOnce(new TypeError('offline'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox!.update).toHaveBeenCalledOnce();

    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox!.update).toHaveBeenCalledOnce();
  });

  it('registers nothing where the page’s policy refuses the worker’s Trusted Types policy', async () => {
    fakeWorkboxWindow(registration({}));
    Object.defineProperty(window, 'trustedTypes', {
      configurable: true,
      value: {
        createPolicy: (name: string) => {
          throw new TypeError(`Policy ${name} disallowed.`);
        },
      },
    });
    const { watchWaitingWorker } = await importRegistration();
    expect(() => watchWaitingWorker(() => undefined)()).not.toThrow();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('registers the worker’s URL as the Trusted Types policy makes it, which refuses any other', async () => {
    fakeWorkboxWindow(registration({}));
    const policies = new Map<string, { createScriptURL: (url: string) => string }>();
    Object.defineProperty(window, 'trustedTypes', {
      configurable: true,
      value: {
        createPolicy: (name: string, rules: { createScriptURL: (url: string) => string }) => {
          policies.set(name, rules);
          return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
        },
      },
    });
    const { watchWaitingWorker } = await importRegistration();
    watchWaitingWorker(() => undefined);
    expect(FakeWorkbox.made[0]!.url).toEqual({ trusted: `/${SERVICE_WORKER_FILE}` });
    expect(() => policies.get(SERVICE_WORKER_POLICY)!.createScriptURL('/evil.js')).toThrow(
      new TypeError("/evil.js is not the shop's service worker"),
    );
  });
});

describe('activateWaitingWorker', () => {
  it('asks the waiting worker to take over and resolves once it controls the page', async () => {
    const waiting = new FakeWaitingWorker();
    fakeWorkboxWindow(registration({ waiting: waiting as unknown as ServiceWorker }));
    const container = serviceWorkerContainer();
    const { watchWaitingWorker, activateWaitingWorker } = await importRegistration();
    watchWaitingWorker(() => undefined);
    const activated = activateWaitingWorker();
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    waiting.changeState('activating');
    expect(await isStillPending(activated)).toBe(true);
    container.dispatchEvent(new Event('controllerchange'));
    expect(await isStillPending(activated)).toBe(false);
  });

  it('resolves when another tab’s hand-over made the waiting worker redundant', async () => {
    const waiting = new FakeWaitingWorker();
    fakeWorkboxWindow(registration({ waiting: waiting as unknown as ServiceWorker }));
    serviceWorkerContainer();
    const { watchWaitingWorker, activateWaitingWorker } = await importRegistration();
    watchWaitingWorker(() => undefined);
    const activated = activateWaitingWorker();
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalled());
    waiting.changeState('redundant');
    expect(await isStillPending(activated)).toBe(false);
  });

  it.each([
    ['no worker waits', registration({})],
    ['the worker could not be registered', undefined],
  ])('resolves at once when %s', async (_, registered) => {
    fakeWorkboxWindow(registered);
    serviceWorkerContainer();
    const { watchWaitingWorker, activateWaitingWorker } = await importRegistration();
    watchWaitingWorker(() => undefined);
    expect(await isStillPending(activateWaitingWorker())).toBe(false);
  });

  it('resolves at once on a page that never watched for releases', async () => {
    fakeWorkboxWindow(registration({}));
    const { activateWaitingWorker } = await importRegistration();
    expect(await isStillPending(activateWaitingWorker())).toBe(false);
  });
});
