/**
 * Round trips in Firefox and WebKit: the same measurement as bench/lib/round-trips.ts (every script
 * response held `holdMs` by the test house's server, nginx with deploy/nginx.conf behind the fault
 * layer), through the engine suite's drivers (tests/engines: puppeteer-core over WebDriver BiDi for
 * Firefox ESR, selenium-webdriver with WebKitWebDriver for WebKitGTK's MiniBrowser). Neither engine can
 * slow its CPU, so these loads are unthrottled, like the first row of Chromium's table.
 *
 * Each engine runs in a process of its own (WebKit under `xvfb-run`, as in scripts/test/test-engines.ts):
 * `node --import tsx bench/lib/engine-round-trips.ts <engine> <dist dir> <runs> <hold ms> <path>...`
 * prints one JSON line, `{ version, pages: { [path]: Sample[] } }`, progress on stderr. Every load has
 * a server of its own, so a new origin: nothing comes from the HTTP cache of the load before, and no
 * service worker (the copy of the build has none).
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { kinds, startServer } from '@support/servers/fault-server.ts';
import { BrowserDriver } from '@support/browsers/driver.ts';
import { launchEngine } from '@support/browsers/engines/launch.ts';
import { APP_READY_ATTRIBUTE } from '../../src/lib/shared-names.ts';
import { OTHER_ENGINES, type OtherEngine } from './shared-names.ts';
import { groupWaves, scriptName, type Wave } from './round-trips.ts';


/** WebKit's X screen, as the engine suite's (scripts/test/test-engines.ts). */
const XVFB_SCREEN = '-screen 0 390x844x24';

/**
 * One load, ms from the page's request reaching the server: `timeOrigin` is where the document's own
 * clock starts, which WebKit sets 150–330 ms after that request here (the response's
 * Cross-Origin-Opener-Policy opens a new browsing context group, whose web process WebKitGTK starts
 * only then), so the page's own clock would leave out part of the load; `fcp` null where the engine
 * reports no paint timing.
 */
export interface EngineSample {
  readonly interactive: number;
  readonly fcp: number | null;
  readonly timeOrigin: number;
  readonly waves: readonly Wave[];
  readonly afterInteractive: readonly string[];
}

/** One engine's loads: its version as the driver reports it (`firefox/153.7.0`), samples per path. */
export interface EngineRoundTrips {
  readonly version: string;
  readonly pages: Record<string, EngineSample[]>;
}

/**
 * One load of `path` in `browser`'s page from a new server of `distDir` holding every script `holdMs`.
 * Records when `<html data-app-ready>` appears with a MutationObserver set up as soon as the new
 * document is there (the held scripts keep the app from being ready before); then waits for `load`
 * and half a hold more, so a script the app asks for once interactive shows up in `afterInteractive`.
 * @throws when the app is already ready when the observer starts, or is not ready within 30 s
 */
async function measureLoad(
  browser: BrowserDriver,
  distDir: string,
  path: string,
  holdMs: number,
): Promise<EngineSample> {
  const server = await startServer({ root: distDir, serviceWorker: false });
  try {
    server.hold(kinds.scripts, holdMs);
    await browser.goto(server.url(path), { until: 'commit', timeoutMs: 15_000 });
    const readyAtStart = await browser.evaluate((attribute) => {
      const timing: { ready: number | null } = { ready: null };
      Object.assign(window, { __benchTiming: timing });
      new MutationObserver(() => {
        if (timing.ready === null && document.documentElement?.hasAttribute(attribute)) timing.ready = Date.now();
      }).observe(document, { subtree: true, attributes: true, childList: true });
      return document.documentElement?.hasAttribute(attribute) ?? false;
    }, APP_READY_ATTRIBUTE);
    if (readyAtStart) throw new Error(`${path}: the app was ready before its scripts' hold could end`);
    await browser.waitFor(
      () =>
        browser.evaluate(
          () => (window.__benchTiming?.ready ?? null) !== null && document.readyState === 'complete',
        ),
      { timeoutMs: 30_000, intervalMs: 20 },
      `${path}: the app ready and the page loaded`,
    );
    await new Promise((resolve) => setTimeout(resolve, holdMs / 2));
    const { ready, fcp, timeOrigin } = await browser.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        ready: window.__benchTiming?.ready ?? NaN,
        fcp: paint ? performance.timeOrigin + paint.startTime : null,
        timeOrigin: performance.timeOrigin,
      };
    });
    const [page, ...rest] = server.requests();
    if (!page) throw new Error(`${path}: the server saw no request`);
    const since = (at: number) => at - page.at;
    const scripts = rest
      .filter(({ path: pathname }) => pathname.endsWith('.js'))
      .map(({ path: pathname, at }) => ({ name: scriptName(pathname), at: since(at) }));
    return {
      interactive: since(ready),
      fcp: fcp === null ? null : since(fcp),
      timeOrigin: since(timeOrigin),
      waves: groupWaves(
        scripts.filter(({ at }) => at <= since(ready)),
        holdMs,
      ),
      afterInteractive: scripts.filter(({ at }) => at > since(ready)).map(({ name }) => name),
    };
  } finally {
    await server.close();
  }
}

/** Measures `runs` loads of each of `paths` in `engineName`, the pages in turn within each run. */
async function measureEngine(
  engineName: OtherEngine,
  distDir: string,
  runs: number,
  holdMs: number,
  paths: readonly string[],
): Promise<EngineRoundTrips> {
  const engine = await launchEngine(engineName);
  try {
    const browser = new BrowserDriver(engine.name, await engine.newPage());
    const pages: Record<string, EngineSample[]> = {};
    for (let run = 1; run <= runs; run += 1)
      for (const path of paths) {
        process.stderr.write(`round trips ${path} ${engineName} run ${run}/${runs}\n`);
        (pages[path] ??= []).push(await measureLoad(browser, distDir, path, holdMs));
      }
    await browser.close();
    return { version: engine.version, pages };
  } finally {
    await engine.close();
  }
}

/**
 * Runs the measurement in each of `engines`, one after another, each in its own process (WebKit
 * under `xvfb-run`); the browsers are the engine suite's (Debian's firefox-esr, webkit2gtk-driver).
 * `distDir` is the build; `holdMs` in ms.
 * @throws when an engine's process fails (its stderr says why: a missing browser, a load past 30 s)
 */
export async function measureRoundTripsInEngines(
  engines: readonly OtherEngine[],
  distDir: string,
  { runs, holdMs, paths }: { runs: number; holdMs: number; paths: readonly string[] },
): Promise<Partial<Record<OtherEngine, EngineRoundTrips>>> {
  const results: Partial<Record<OtherEngine, EngineRoundTrips>> = {};
  for (const engine of engines) {
    const nodeArgs = [
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      engine,
      distDir,
      String(runs),
      String(holdMs),
      ...paths,
    ];
    const [command, args] =
      engine === 'webkit'
        ? ['xvfb-run', ['--auto-servernum', `--server-args=${XVFB_SCREEN}`, process.execPath, ...nodeArgs]]
        : [process.execPath, nodeArgs];
    results[engine] = await new Promise<EngineRoundTrips>((resolve, reject) => {
      const child = spawn(command, args, {
        env: { ...process.env, SE_OFFLINE: 'true' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`round trips in ${engine}: the process exited with ${code}`));
        else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as EngineRoundTrips);
      });
    });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [engine, distDir, runs, holdMs, ...paths] = process.argv.slice(2);
  const name = OTHER_ENGINES.find((candidate) => candidate === engine);
  if (!name || !distDir || paths.length === 0)
    throw new Error(
      `Usage: engine-round-trips.ts <${OTHER_ENGINES.join('|')}> <dist dir> <runs> <hold ms> <path>...`,
    );
  const result = await measureEngine(name, distDir, Number(runs), Number(holdMs), paths);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // A driver's keep-alive connection may hold the process open after the browser is gone.
  process.exit(0);
}
