/**
 * The storefront's release watcher (src/features/releases/watch-releases.ts): it watches only where the
 * browser has service workers, and a stop that comes before the registration code has downloaded
 * still stops it. workbox-window is stood in for (tests/features/fake-workbox.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainTasks } from '@tests/drain-tasks';
import { FakeWorkbox, fakeWorkboxWindow } from './fake-workbox';

afterEach(() => {
  vi.doUnmock('workbox-window');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const importWatcher = () => import('@/features/releases/watch-releases');

/** Resolves once the registration code the watcher downloads has arrived and what awaited it ran. */
async function registrationCodeArrived(): Promise<void> {
  await import('@/features/releases/workbox-registration');
  await drainTasks();
}

/** A browser with service workers (the watcher only asks whether it has them). */
function withServiceWorkers(): void {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
}

describe('watchReleases', () => {
  it('watches for a waiting release, and stops when asked', async () => {
    fakeWorkboxWindow({ active: {} as ServiceWorker });
    withServiceWorkers();
    const { watchReleases } = await importWatcher();
    const onWaiting = vi.fn();
    const stop = watchReleases(onWaiting);
    await vi.waitFor(() => expect(FakeWorkbox.made).toHaveLength(1));
    const [workbox] = FakeWorkbox.made;
    workbox!.emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
    stop();
    workbox!.emit('waiting');
    expect(onWaiting).toHaveBeenCalledOnce();
  });

  it('registers nothing where the browser has no service workers', async () => {
    fakeWorkboxWindow({});
    const { watchReleases } = await importWatcher();
    watchReleases(() => undefined);
    await registrationCodeArrived();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('registers nothing when stopped before the registration code arrived', async () => {
    fakeWorkboxWindow({});
    withServiceWorkers();
    const { watchReleases } = await importWatcher();
    const stop = watchReleases(() => undefined);
    expect(stop).not.toThrow();
    await registrationCodeArrived();
    expect(FakeWorkbox.made).toEqual([]);
  });
});
