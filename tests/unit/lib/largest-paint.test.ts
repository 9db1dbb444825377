/**
 * When the page's largest paint is done (src/lib/largest-paint.ts), which the app's preload and the
 * entry's first import wait for: the first contentful paint reported and the hero image painted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREPORTED_PAINT_FRAMES, largestPaintDone } from '@/lib/largest-paint';
import { isStillPending } from '@support/drain-tasks';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/**
 * A browser with Paint Timing whose paints the test reports with the returned function. An observer
 * hears paints only while it observes `type: 'paint'`, and the paints reported before it started only
 * when it asked for them (`buffered`), as a browser delivers them.
 */
function stubPaintTiming(): { paint: (name: string) => void; observing: () => number } {
  const painted: string[] = [];
  const observing = new Set<FakeObserver>();
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint'];
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe({ type, buffered }: PerformanceObserverInit) {
      if (type !== 'paint') return;
      observing.add(this);
      if (buffered) for (const name of painted) this.deliver(name);
    }
    disconnect() {
      observing.delete(this);
    }
    deliver(name: string) {
      const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      this.callback(
        entries as unknown as PerformanceObserverEntryList,
        this as unknown as PerformanceObserver,
      );
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name) => {
      painted.push(name);
      for (const observer of [...observing]) observer.deliver(name);
    },
    observing: () => observing.size,
  };
}

/** The document's `readyState` as the test sets it (jsdom's is 'complete' once the test starts). */
function stubReadyState(state: DocumentReadyState): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
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
    framesByHand();
    const { paint } = stubPaintTiming();
    const done = largestPaintDone();
    paint('first-paint');
    expect(await isStillPending(done)).toBe(true);
    paint('first-contentful-paint');
    expect(await isStillPending(done)).toBe(false);
  });

  it('resolves at a first contentful paint made before it was asked', async () => {
    framesByHand();
    const { paint } = stubPaintTiming();
    paint('first-contentful-paint');
    expect(await isStillPending(largestPaintDone())).toBe(false);
  });

  it('stops observing paints once the first contentful paint is reported', async () => {
    framesByHand();
    const { paint, observing } = stubPaintTiming();
    const done = largestPaintDone();
    expect(observing()).toBe(1);
    paint('first-contentful-paint');
    await done;
    expect(observing()).toBe(0);
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

  it('counts the frames of an unreported paint from load, not from the call', async () => {
    const frames = framesByHand();
    stubPaintTiming();
    stubReadyState('interactive');
    const done = largestPaintDone();
    expect(frames).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    for (let frame = 0; frame < UNREPORTED_PAINT_FRAMES; frame += 1) frames.shift()?.(0);
    expect(await isStillPending(done)).toBe(false);
  });

  it('resolves once the HTML is parsed where the browser reports no paints', async () => {
    await expect(largestPaintDone()).resolves.toBeUndefined();
  });

  it('waits for the HTML to be parsed where the browser has no list of entry types', async () => {
    vi.stubGlobal('PerformanceObserver', class {});
    stubReadyState('loading');
    const done = largestPaintDone();
    expect(await isStillPending(done)).toBe(true);
    document.dispatchEvent(new Event('readystatechange'));
    expect(await isStillPending(done)).toBe(false);
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
