import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '@/boot/after-first-paint';
import { drainTasks, isStillPending } from '@support/drain-tasks';

const largestPaint = vi.hoisted(() => ({ done: () => {} }));
vi.mock('@/lib/largest-paint', () => ({
  largestPaintDone: () => new Promise<void>((resolve) => (largestPaint.done = resolve)),
}));

/** The boot helpers of the entry (src/main.tsx): when the app starts. */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('afterFirstPaint', () => {
  it('waits for load and the largest paint, then a frame, then a task', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let resolved = false;
    const started = afterFirstPaint().then(() => (resolved = true));

    await drainTasks();
    window.dispatchEvent(new Event('load'));
    await drainTasks();
    expect(frames).toHaveLength(0);
    largestPaint.done();
    // The frame is asked for in microtasks after the largest paint: done before any task runs.
    await drainTasks();
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await Promise.resolve();
    expect(resolved).toBe(false);
    await started;
    expect(resolved).toBe(true);
  });

  it('waits for the largest paint when the page loaded before it', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    const started = afterFirstPaint();
    expect(await isStillPending(started)).toBe(true);
    expect(frame).not.toHaveBeenCalled();
    largestPaint.done();
    await started;
    expect(frame).toHaveBeenCalledOnce();
  });
});
