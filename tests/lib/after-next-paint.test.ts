import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTask } from '@/lib/after-next-paint';

/** When work a tap starts but the shopper does not see runs: after the tap's paint, in a task of its own. */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('nextTask', () => {
  it('resolves in a later task, not in the current one', async () => {
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });
});

describe('afterNextPaint', () => {
  it('waits for the next frame, then a task after it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let resolved = false;
    void afterNextPaint().then(() => (resolved = true));

    await nextTask();
    expect(resolved).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });
});
