/**
 * When the page's largest paint is done (src/lib/largest-paint.ts), which the app's preload and the
 * entry's first import wait for: the first contentful paint reported and the hero image painted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREPORTED_PAINT_FRAMES, largestPaintDone } from '@/lib/largest-paint';
import { isStillPending } from '@tests/drain-tasks';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A browser with Paint Timing whose paints the test reports with the returned function. */
function stubPaintTiming(): (name: string) => void {
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
  return (name) => {
    const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
    for (const { callback, observer } of observers)
      callback(entries as unknown as PerformanceObserverEntryList, observer);
  };
}

/** Animation frames the test runs by hand: `frames.shift()!(0)` runs the next one. */
function framesByHand(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return frames;
}

/** A hero image (`fetchpriority="high"`), still loading unless `complete`. */
function heroImage({ complete = false } = {}): HTMLImageElement {
  document.body.innerHTML = '<img src="/images/hero.webp" fetchpriority="high" alt="">';
  const hero = document.querySelector('img')!;
  Object.defineProperty(hero, 'complete', { value: complete });
  return hero;
}

describe('largestPaintDone', () => {
  it('resolves at the first contentful paint, not at the first paint', async () => {
    const paint = stubPaintTiming();
    const done = largestPaintDone();
    paint('first-paint');
    expect(await isStillPending(done)).toBe(true);
    paint('first-contentful-paint');
    await expect(done).resolves.toBeUndefined();
  });

  it('resolves some frames after load where the browser supports paints but reports none', async () => {
    const frames = framesByHand();
    stubPaintTiming();
    const done = largestPaintDone();
    for (let frame = 1; frame < UNREPORTED_PAINT_FRAMES; frame += 1) frames.shift()!(0);
    expect(await isStillPending(done)).toBe(true);
    frames.shift()!(0);
    await expect(done).resolves.toBeUndefined();
  });

  it('resolves once the HTML is parsed where the browser reports no paints', async () => {
    await expect(largestPaintDone()).resolves.toBeUndefined();
  });

  it.each([
    ['loads', 'load'],
    ['fails to load', 'error'],
  ])('waits until the hero image %s, then for the next paint', async (_, event) => {
    const frames = framesByHand();
    const hero = heroImage();
    const done = largestPaintDone();
    expect(await isStillPending(done)).toBe(true);
    hero.dispatchEvent(new Event(event));
    expect(await isStillPending(done)).toBe(true);
    frames.shift()!(0);
    await expect(done).resolves.toBeUndefined();
  });

  it('waits for no frame when the hero image had loaded by the first paint', async () => {
    framesByHand();
    heroImage({ complete: true });
    await expect(largestPaintDone()).resolves.toBeUndefined();
  });
});
