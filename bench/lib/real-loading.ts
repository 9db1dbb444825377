/**
 * Loading under real throttling (not Lighthouse's simulation): CDP network emulation (150 ms latency,
 * 1.6 Mbps down, 750 kbps up) and the CPU slowed to a calibrated profile's rate
 * (bench/lib/cpu-calibration.ts), fresh cache, the touch device of the interaction bench. Reads
 * from the page itself: First Contentful Paint and Largest Contentful Paint (Paint Timing and LCP
 * entries), the time the app says it is interactive (`data-app-ready` on `<html>`: its first
 * commit is done and the taps kept meanwhile are replayed) and the time the page is hydrated, i.e.
 * every button, link and input in #root has React's props (polled every 20 ms; later than interactive
 * when sections are hydrated in their own Suspense boundaries). All in ms from navigation start.
 * Waits are polls in the page (bench/lib/dom.ts), never Playwright's `waitForFunction`, whose
 * injected script would add its own listeners and work to the page being measured.
 */
import type { Browser, BrowserContext, CDPSession, Page, Response } from '@playwright/test';
import { waitInPage } from './dom.ts';
import { TOUCH_DEVICE, waitForHydration } from './interactions.ts';
import { APP_READY_ATTRIBUTE } from '../../src/lib/shared-names.ts';
import type { LoadingMarks } from './page-globals.ts';
import { newBenchContext } from './browser-context.ts';

/** One load's timings, ms from navigation start. */
export interface LoadTimings {
  readonly fcp: number;
  readonly lcp: number;
  readonly interactive: number;
  readonly hydrated: number;
}

/**
 * A repeat visit's timings (ms from navigation start), the bytes the network sent (body bytes), and
 * how many of its responses the service worker gave, of all requests.
 */
export interface RepeatLoadTimings extends LoadTimings {
  readonly networkBytes: number;
  readonly fromWorker: number;
  readonly requests: number;
}

/** CDP `Network.emulateNetworkConditions` values: latency ms, throughput bytes/s. */
export const REAL_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

/**
 * An init script (`context.addInitScript(installPaintObservers, APP_READY_ATTRIBUTE)`): records in
 * `window.__loading` FCP, LCP and the moment `<html>` gets `appReadyAttribute` (a MutationObserver),
 * ms from navigation start (NaN until seen).
 */
export function installPaintObservers(appReadyAttribute: string): void {
  const store: LoadingMarks = { fcp: NaN, lcp: NaN, interactive: NaN };
  window.__loading = store;
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute(appReadyAttribute)) return;
    store.interactive = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: [appReadyAttribute] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') store.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) store.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * A fresh context with the interaction bench's touch device and {@link installPaintObservers}, its page
 * and a CDP session to throttle it; `serviceWorkers` as Playwright's context option.
 */
export async function newLoadingPage(
  browser: Browser,
  { serviceWorkers }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await newBenchContext(browser, { ...TOUCH_DEVICE, ...(serviceWorkers ? { serviceWorkers } : {}) });
  await context.addInitScript(installPaintObservers, APP_READY_ATTRIBUTE);
  const page = await context.newPage();
  return { context, page, cdp: await context.newCDPSession(page) };
}

/** Slows the page's network to {@link REAL_NETWORK} and its CPU `cpuRate`×, with the HTTP cache off. */
async function throttle(cdp: CDPSession, cpuRate: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', REAL_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
}

/**
 * Once a navigation has committed: waits for hydration and `load`, then reads the page's timings.
 */
async function loadTimings(page: Page): Promise<LoadTimings> {
  await waitForHydration(page, { timeout: 60_000, polling: 20 });
  const hydrated = await page.evaluate(() => window.__hydratedAt ?? NaN);
  await page.waitForLoadState('load');
  // LCP candidates stop at the first input; none happens here, so read after load and a short wait.
  await page.waitForTimeout(500);
  const { fcp, lcp, interactive } = await page.evaluate(
    () => window.__loading ?? { fcp: NaN, lcp: NaN, interactive: NaN },
  );
  return { fcp, lcp, interactive, hydrated };
}

/**
 * One load of `origin` + `path` under {@link REAL_NETWORK} and `cpuRate`× CPU (a multiplier, e.g. a
 * calibrated profile's rate).
 */
export async function measureRealLoading(
  browser: Browser,
  origin: string,
  path: string,
  { cpuRate }: { cpuRate: number },
): Promise<LoadTimings> {
  const { context, page, cdp } = await newLoadingPage(browser);
  try {
    await throttle(cdp, cpuRate);
    await page.goto(origin + path, { waitUntil: 'commit' });
    return await loadTimings(page);
  } finally {
    await context.close();
  }
}

/**
 * A repeat visit: one unthrottled visit of '/' installs the shop's service worker (waited for until it
 * controls the page), then `origin` + `path` is loaded under {@link REAL_NETWORK} and `cpuRate`× CPU
 * with the HTTP cache off, so whatever does not come from the network comes from the worker's cache.
 */
export async function measureRepeatLoading(
  browser: Browser,
  origin: string,
  path: string,
  { cpuRate }: { cpuRate: number },
): Promise<RepeatLoadTimings> {
  const { context, page, cdp } = await newLoadingPage(browser, { serviceWorkers: 'allow' });
  try {
    await page.goto(`${origin}/`);
    await waitInPage(page, () => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await throttle(cdp, cpuRate);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(origin + path, { waitUntil: 'commit' });
    const timings = await loadTimings(page);
    const fromWorker = responses.filter((response) => response.fromServiceWorker());
    const sizes = await Promise.all(
      responses
        .filter((response) => !response.fromServiceWorker())
        .map(async (response) => (await response.request().sizes()).responseBodySize),
    );
    return {
      ...timings,
      networkBytes: sizes.reduce((sum, size) => sum + size, 0),
      fromWorker: fromWorker.length,
      requests: responses.length,
    };
  } finally {
    await context.close();
  }
}
