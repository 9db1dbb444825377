import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '@/boot/after-first-paint';
import { nextTask } from '@/lib/after-next-paint';

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
    void afterFirstPaint().then(() => (resolved = true));

    await nextTask();
    window.dispatchEvent(new Event('load'));
    await nextTask();
    expect(frames).toHaveLength(0);
    largestPaint.done();
    await nextTask();
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });

  it('waits for the largest paint when the page loaded before it', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    let resolved = false;
    void afterFirstPaint().then(() => (resolved = true));
    await nextTask();
    expect(frame).not.toHaveBeenCalled();
    largestPaint.done();
    await vi.waitFor(() => expect(resolved).toBe(true));
    expect(frame).toHaveBeenCalledOnce();
  });
});
