import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTask } from '@/lib/after-next-paint';
import { isStillPending } from '@support/drain-tasks';

/** When work a tap starts but the shopper does not see runs: after the tap's paint, in a task of its own. */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('nextTask', () => {
  it('resolves in a later task, not in the current one', async () => {
    let resolved = false;
    const task = nextTask().then(() => (resolved = true));
    // Microtasks run before any task, so these awaits never let the message through.
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    await task;
    expect(resolved).toBe(true);
  });
});

describe('afterNextPaint', () => {
  it('waits for the next frame, then a task after it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let resolved = false;
    const painted = afterNextPaint().then(() => (resolved = true));

    expect(await isStillPending(painted)).toBe(true);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await Promise.resolve();
    expect(resolved).toBe(false);
    await painted;
    expect(resolved).toBe(true);
  });
});
