/**
 * The inline script links the web app manifest once the page's largest paint is done
 * (src/early/link-manifest.ts), not before, and never twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainTasks } from '@support/drain-tasks';

const largestPaint = vi.hoisted(() => ({ done: () => {} }));
vi.mock('@/lib/largest-paint', () => ({
  largestPaintDone: () => new Promise<void>((resolve) => (largestPaint.done = resolve)),
}));

/** Loads a fresh copy of the script, as a page does when its `<head>` is parsed. */
async function loadScript() {
  vi.resetModules();
  await import('@/early/link-manifest');
}

const manifestLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the manifest link', () => {
  it('is added once the largest paint is done, not before', async () => {
    await loadScript();
    await drainTasks();
    expect(manifestLinks()).toEqual([]);

    largestPaint.done();
    await drainTasks();
    expect(manifestLinks()).toEqual(['/manifest.webmanifest']);
  });

  it('is not added twice to a page that has one (the dev server’s index.html)', async () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    await loadScript();
    largestPaint.done();
    await drainTasks();
    expect(manifestLinks()).toEqual(['/manifest.webmanifest']);
  });
});
