/**
 * The inline script's preload of the app (src/early/preload-app.ts): every script the page lists is
 * asked for at low priority once the page's first contentful paint is reported and its largest image
 * has loaded, not before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS_META } from '@/lib/shared-names';

const SCRIPTS = ['/assets/react-a.js', '/assets/vendor-b.js', '/assets/start-c.js'];

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

/** Lets a frame, the task after it and any pending promise run. */
async function afterFrameAndTask() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  document.head.innerHTML = `<meta name="${APP_SCRIPTS_META}" content="${SCRIPTS.join(' ')}">`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the app preload', () => {
  it('asks for every listed script, in order, at low priority, at the first contentful paint', async () => {
    const observers: { callback: PerformanceObserverCallback; observer: PerformanceObserver }[] = [];
    class FakeObserver {
      static readonly supportedEntryTypes = ['paint'];
      constructor(callback: PerformanceObserverCallback) {
        observers.push({ callback, observer: this as unknown as PerformanceObserver });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const paint = (name: string) => {
      const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      for (const { callback, observer } of observers)
        callback(entries as unknown as PerformanceObserverEntryList, observer);
    };

    await loadPreloadScript();
    paint('first-paint');
    await afterFrameAndTask();
    expect(preloads()).toEqual([]);

    paint('first-contentful-paint');
    await afterFrameAndTask();
    expect(preloads()).toEqual(SCRIPTS.map((href) => ({ href, priority: 'low', crossOrigin: '' })));
  });

  it('asks once the HTML is parsed where the browser reports no paints', async () => {
    await loadPreloadScript();
    await afterFrameAndTask();
    expect(preloads().map(({ href }) => href)).toEqual(SCRIPTS);
  });

  it("waits for the page's largest image to load before asking", async () => {
    document.body.innerHTML = '<img src="/images/hero.svg" fetchpriority="high" alt="">';
    const hero = document.querySelector('img')!;
    Object.defineProperty(hero, 'complete', { value: false });
    await loadPreloadScript();
    await afterFrameAndTask();
    expect(preloads()).toEqual([]);

    hero.dispatchEvent(new Event('load'));
    await afterFrameAndTask();
    expect(preloads().map(({ href }) => href)).toEqual(SCRIPTS);
  });

  it('asks all the same when that image fails to load', async () => {
    document.body.innerHTML = '<img src="/images/missing.svg" fetchpriority="high" alt="">';
    const hero = document.querySelector('img')!;
    Object.defineProperty(hero, 'complete', { value: false });
    await loadPreloadScript();
    hero.dispatchEvent(new Event('error'));
    await afterFrameAndTask();
    expect(preloads().map(({ href }) => href)).toEqual(SCRIPTS);
  });

  it('asks for nothing on a page without the list (the dev server)', async () => {
    document.head.innerHTML = '';
    await loadPreloadScript();
    await afterFrameAndTask();
    expect(preloads()).toEqual([]);
  });
});
