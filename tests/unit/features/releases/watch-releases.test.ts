/**
 * The storefront's release watcher (src/features/releases/watch-releases.ts): it watches only where the
 * browser has service workers, and a stop that comes before the registration code has downloaded
 * still stops it. workbox-window is stood in for (tests/support/fake-workbox.ts). One page, which
 * registers its worker once: the tests that expect no registration come first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainTasks } from '@support/drain-tasks';
import { watchReleases } from '@/features/releases/watch-releases';
// Loaded with the file, not first in a test (the watcher's own import of it then resolves from the
// module cache, still a task later): StrykerJS counts code a module runs as it loads as static only
// when no test loaded it.
import * as registrationCode from '@/features/releases/workbox-registration';
import { FakeWorkbox } from '@support/fake-workbox';

vi.mock('workbox-window', async () => ({ Workbox: (await import('@support/fake-workbox')).FakeWorkbox }));

FakeWorkbox.registration = { active: {} as ServiceWorker };

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A browser with service workers (the watcher only asks whether it has them). */
function withServiceWorkers(): void {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
}

/** Resolves once the registration code the watcher downloads has arrived and what awaited it ran. */
async function registrationCodeArrived(): Promise<void> {
  expect(await import('@/features/releases/workbox-registration')).toBe(registrationCode);
  await drainTasks();
}

describe('watchReleases', () => {
  it('registers nothing where the browser has no service workers', async () => {
    watchReleases(() => undefined);
    await registrationCodeArrived();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('registers nothing when stopped before the registration code arrived', async () => {
    withServiceWorkers();
    const stop = watchReleases(() => undefined);
    expect(stop).not.toThrow();
    await registrationCodeArrived();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('watches for a waiting release, and stops when asked', async () => {
    withServiceWorkers();
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
});
