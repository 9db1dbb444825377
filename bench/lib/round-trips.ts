/**
 * Round trips before the app is interactive: the build is served with every script response held
 * `holdMs` by the test house's server (tests/support/servers/fault-server.ts: nginx with deploy/nginx.conf behind
 * a fault layer; HTML, images and the rest answer at once), so each wave of script requests the page makes one after another, each waiting for the one
 * before, costs another hold. A page whose scripts are all requested at once (one wave) is interactive
 * about one hold after its HTML; one that discovers a script only when another has run pays once per
 * step of the chain, as it would per round trip on a phone's network.
 *
 * For one load it reads from the page FCP and the moment `<html data-app-ready>` appears (the
 * init script of bench/lib/real-loading.ts: a MutationObserver), and from the server when each
 * script request arrived; times are ms from the page's navigation start (`performance.timeOrigin`,
 * on the same clock as the server's Date.now()).
 */
import type { Browser } from '@playwright/test';
import { kinds, startServer, type RecordedRequest } from '@support/servers/fault-server.ts';
import { waitInPage } from './dom.ts';
import { newLoadingPage } from './real-loading.ts';

/** Script requests that arrived together: the first one's arrival (ms) and the scripts, in order. */
export interface Wave {
  readonly at: number;
  readonly scripts: string[];
}

/**
 * One load with every script held, ms from navigation start: FCP, interactive, the document
 * request's arrival; the script waves before interactive; the scripts requested after it.
 */
export interface RoundTripSample {
  readonly fcp: number;
  readonly interactive: number;
  readonly document: number;
  readonly waves: readonly Wave[];
  readonly afterInteractive: readonly string[];
}

/** A server whose every script answer is held `holdMs` (ms); `requests()` says what arrived when. */
export interface HeldServer {
  readonly origin: string;
  readonly holdMs: number;
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

/** The hold of every script response, ms (a slow phone network's round trip is a few hundred ms). */
export const DEFAULT_HOLD_MS = 1000;

/**
 * A server of `distDir` on 127.0.0.1:`port` that holds every script `holdMs`; its `requests()` log
 * says what arrived when ({@link measureRoundTrips} reads the part after each load's start; `at` in
 * ms since the epoch).
 */
export async function serveWithHeldScripts(
  distDir: string,
  port: number,
  holdMs = DEFAULT_HOLD_MS,
): Promise<HeldServer> {
  const server = await startServer({ root: distDir, port });
  server.hold(kinds.scripts, holdMs);
  return { origin: server.origin, holdMs, requests: () => server.requests(), close: () => server.close() };
}

/** `/assets/react-Meespdi2.js` → `react`; `/sw.js` → `sw`. */
export const scriptName = (pathname: string): string =>
  (pathname.split('/').pop() ?? '')
    .replace(/\.js$/, '')
    .replace(/-[\w-]{8}$/, '');

/**
 * Groups script requests into waves by arrival at the server: a request arriving more than half the
 * hold after the one before starts a new wave. `at` and `holdMs` in ms.
 */
export function groupWaves(scripts: readonly { name: string; at: number }[], holdMs: number): Wave[] {
  const waves: Wave[] = [];
  let previous = -Infinity;
  for (const { name, at } of [...scripts].sort((a, b) => a.at - b.at)) {
    const last = waves.at(-1);
    if (last && at - previous <= holdMs / 2) last.scripts.push(name);
    else waves.push({ at, scripts: [name] });
    previous = at;
  }
  return waves;
}

/**
 * One load of `held.origin` + `path` in a fresh context (the interaction bench's touch device, no
 * service worker, no network throttling), the CPU at `cpuRate`× (a multiplier; 1 = unthrottled).
 * Waits for `data-app-ready`, then `load` and half a hold more, so a request the app makes once
 * interactive shows up in `afterInteractive`.
 */
export async function measureRoundTrips(
  browser: Browser,
  held: HeldServer,
  path: string,
  { cpuRate }: { cpuRate: number },
): Promise<RoundTripSample> {
  const { context, page, cdp } = await newLoadingPage(browser, { serviceWorkers: 'block' });
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const before = held.requests().length;
    await page.goto(held.origin + path, { waitUntil: 'commit' });
    await waitInPage(page, () => !Number.isNaN(window.__loading?.interactive ?? NaN), undefined, {
      timeout: 60_000,
      polling: 20,
    });
    await page.waitForLoadState('load');
    await page.waitForTimeout(held.holdMs / 2);
    const { fcp, interactive, timeOrigin } = await page.evaluate(() => ({
      fcp: window.__loading?.fcp ?? NaN,
      interactive: window.__loading?.interactive ?? NaN,
      timeOrigin: performance.timeOrigin,
    }));
    const arrivals = held
      .requests()
      .slice(before)
      .map(({ path: pathname, at }) => ({ pathname, at: at - timeOrigin }));
    const scripts = arrivals
      .filter(({ pathname }) => pathname.endsWith('.js'))
      .map(({ pathname, at }) => ({ name: scriptName(pathname), at }));
    const documentAt = arrivals.find(({ pathname }) => !pathname.endsWith('.js'))?.at ?? NaN;
    return {
      fcp,
      interactive,
      document: documentAt,
      waves: groupWaves(
        scripts.filter(({ at }) => at <= interactive),
        held.holdMs,
      ),
      afterInteractive: scripts.filter(({ at }) => at > interactive).map(({ name }) => name),
    };
  } finally {
    await context.close();
  }
}
