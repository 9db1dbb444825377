/**
 * The inline script's load of the app (src/early/preload-app.ts): every script the page lists is
 * asked for at low priority and the entry module imported once the page's largest paint is done
 * (src/lib/largest-paint.ts, tested on its own), not before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_META, APP_SCRIPTS_META } from '@/lib/shared-names';
import { drainTasks } from '@support/drain-tasks';

const largestPaint = vi.hoisted(() => ({ done: () => {} }));
vi.mock('@/lib/largest-paint', () => ({
  largestPaintDone: () => new Promise<void>((resolve) => (largestPaint.done = resolve)),
}));

const SCRIPTS = ['/assets/react-a.js', '/assets/vendor-b.js', '/assets/start-c.js'];
/** A module standing for the entry, which counts its evaluations in `entryEvaluations`. */
const ENTRY = '/tests/support/fixtures/app-entry.ts';
const page = globalThis as { entryEvaluations?: number; onEntryEvaluated?: () => void };

/** Resolves once the entry module has been evaluated (`import()` takes a few tasks here). */
const entryEvaluated = () => new Promise<void>((resolve) => (page.onEntryEvaluated = resolve));

/** Loads a fresh copy of the script, as a page does when its `<head>` is parsed. */
async function loadPreloadScript() {
  vi.resetModules();
  await import('@/early/preload-app');
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: link.getAttribute('href'),
    priority: link.fetchPriority,
    crossOrigin: link.crossOrigin,
  }));

beforeEach(() => {
  document.head.innerHTML = `<meta name="${APP_ENTRY_META}" content="${ENTRY}"><meta name="${APP_SCRIPTS_META}" content="${SCRIPTS.join(' ')}">`;
  delete page.entryEvaluations;
  delete page.onEntryEvaluated;
});
afterEach(() => {
  document.head.innerHTML = '';
});

describe('the app preload', () => {
  it('asks for every listed script, in order, at low priority, once the largest paint is done', async () => {
    const evaluated = entryEvaluated();
    await loadPreloadScript();
    await drainTasks();
    expect(preloads()).toEqual([]);

    largestPaint.done();
    // The links are appended in microtasks after the largest paint: done before any task runs.
    await drainTasks();
    expect(preloads()).toEqual(SCRIPTS.map((href) => ({ href, priority: 'low', crossOrigin: '' })));
    // The entry's import, started beside them, ends here: on a loaded machine it took longer than
    // the tasks above and counted itself in the next test, before that test's largest paint.
    await evaluated;
  });

  it('imports the entry module once the largest paint is done, not before', async () => {
    const evaluated = entryEvaluated();
    await loadPreloadScript();
    await drainTasks();
    expect(page.entryEvaluations).toBeUndefined();

    largestPaint.done();
    await evaluated;
    expect(page.entryEvaluations).toBe(1);
  });

  it('asks for nothing on a page without the lists (the dev server, whose HTML runs the entry)', async () => {
    document.head.innerHTML = '';
    await loadPreloadScript();
    largestPaint.done();
    await drainTasks();
    expect(preloads()).toEqual([]);
    expect(page.entryEvaluations).toBeUndefined();
  });
});
