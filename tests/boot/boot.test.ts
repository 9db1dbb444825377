import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '@/boot/after-first-paint';
import { nextTask } from '@/lib/after-next-paint';

/** The boot helpers of the entry (src/main.tsx): when the app starts. */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('afterFirstPaint', () => {
  it('waits for load, then a frame, then a task', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let resolved = false;
    void afterFirstPaint().then(() => (resolved = true));

    await nextTask();
    expect(frames).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });

  it('needs only the frame and the task once the page has loaded', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    await afterFirstPaint();
    expect(frame).toHaveBeenCalledOnce();
  });
});
