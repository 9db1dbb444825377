/**
 * When the page's largest paint is done (src/lib/largest-paint.ts), which the app's preload and the
 * entry's first import wait for: the first contentful paint reported and the hero image painted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREPORTED_PAINT_FRAMES, largestPaintDone } from '@/lib/largest-paint';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** Whether `promise` has settled once pending callbacks have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

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
    expect(await isSettled(done)).toBe(false);
    paint('first-contentful-paint');
    expect(await isSettled(done)).toBe(true);
  });

  it('resolves some frames after load where the browser supports paints but reports none', async () => {
    const frames = framesByHand();
    stubPaintTiming();
    const done = largestPaintDone();
    for (let frame = 1; frame < UNREPORTED_PAINT_FRAMES; frame += 1) frames.shift()!(0);
    expect(await isSettled(done)).toBe(false);
    frames.shift()!(0);
    expect(await isSettled(done)).toBe(true);
  });

  it('resolves once the HTML is parsed where the browser reports no paints', async () => {
    expect(await isSettled(largestPaintDone())).toBe(true);
  });

  it.each([
    ['loads', 'load'],
    ['fails to load', 'error'],
  ])('waits until the hero image %s, then for the next paint', async (_, event) => {
    const frames = framesByHand();
    const hero = heroImage();
    const done = largestPaintDone();
    expect(await isSettled(done)).toBe(false);
    hero.dispatchEvent(new Event(event));
    expect(await isSettled(done)).toBe(false);
    frames.shift()!(0);
    expect(await isSettled(done)).toBe(true);
  });

  it('waits for no frame when the hero image had loaded by the first paint', async () => {
    framesByHand();
    heroImage({ complete: true });
    expect(await isSettled(largestPaintDone())).toBe(true);
  });
});
