/**
 * The release code on a page whose service worker could not be registered (offline on a first visit,
 * a refused script), and on one that never watched for releases: the shop stays as it is, online only.
 * workbox-window is stood in for (tests/support/fake-workbox.ts); one page, so the order matters:
 * the page watches only from the second test on.
 */
import { describe, expect, it, vi } from 'vitest';
import { drainTasks, isStillPending } from '@support/drain-tasks';
import { activateWaitingWorker, watchWaitingWorker } from '@/features/releases/workbox-registration';
import { FakeWorkbox } from '@support/fake-workbox';

vi.mock('workbox-window', async () => ({ Workbox: (await import('@support/fake-workbox')).FakeWorkbox }));

FakeWorkbox.registration = undefined;

describe('a page that never watched for releases', () => {
  it('hands over to no release: Reload resolves at once', async () => {
    expect(await isStillPending(activateWaitingWorker())).toBe(false);
  });
});

describe('a page whose worker could not be registered', () => {
  it('hears of no release and hands over to none', async () => {
    const onWaiting = vi.fn();
    watchWaitingWorker(onWaiting);
    await drainTasks();
    expect(() => FakeWorkbox.made[0]!.emit('installed')).not.toThrow();
    expect(onWaiting).not.toHaveBeenCalled();
    expect(await isStillPending(activateWaitingWorker())).toBe(false);
  });
});
