import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, nextTask } from '@/boot/after-first-paint';
import { APP_SCRIPTS_META, preloadApp } from '@/boot/preload-app';

/** The boot helpers of the entry (src/main.tsx): when the app starts, and what it preloads. */

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('preloadApp', () => {
  it('modulepreloads every script the page lists, in order', () => {
    document.head.innerHTML = `<meta name="${APP_SCRIPTS_META}" content="/assets/react-a.js  /assets/start-b.js">`;
    preloadApp();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/react-a.js',
      '/assets/start-b.js',
    ]);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('does nothing on a page without the list (the dev server)', () => {
    preloadApp();
    expect(document.head.querySelector('link')).toBeNull();
  });
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
