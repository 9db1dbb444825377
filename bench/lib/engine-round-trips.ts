/* global document, window, MutationObserver */
/**
 * Round trips in Firefox and WebKit: the same measurement as bench/lib/round-trips.mjs (every script
 * response held `holdMs` by the test house's server, nginx with deploy/nginx.conf behind the fault
 * layer), through the engine suite's drivers (tests/engines: puppeteer-core over WebDriver BiDi for
 * Firefox ESR, selenium-webdriver with WebKitWebDriver for WebKitGTK's MiniBrowser). Neither engine can
 * slow its CPU, so these loads are unthrottled, like the first row of Chromium's table.
 *
 * Each engine runs in a process of its own (WebKit under `xvfb-run`, as in scripts/test-engines.mjs):
 * `node --import tsx bench/lib/engine-round-trips.mjs <engine> <dist dir> <runs> <hold ms> <path>...`
 * prints one JSON line, `{ version, pages: { [path]: Sample[] } }`, progress on stderr. Every load has
 * a server of its own, so a new origin: nothing comes from the HTTP cache of the load before, and no
 * service worker (the copy of the build has none).
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { kinds, startServer } from '../../tests/browser/server.ts';
import { BrowserDriver } from '../../tests/engines/driver.ts';
import { launchEngine } from '../../tests/engines/engines/launch.ts';
import { APP_READY_ATTRIBUTE } from '../../src/lib/shared-names.ts';
import { groupWaves, scriptName } from './round-trips.ts';

/** The engines measured here (Chromium's round trips are measured by round-trips.mjs with CPU rates). */
export const OTHER_ENGINES = ['firefox', 'webkit'];

/** WebKit's X screen, as the engine suite's (scripts/test-engines.mjs). */
const XVFB_SCREEN = '-screen 0 390x844x24';

/**
 * @typedef {{interactive: number, fcp: number | null, timeOrigin: number,
 *   waves: {at: number, scripts: string[]}[], afterInteractive: string[]}} EngineSample ms from the
 *   page's request reaching the server: `timeOrigin` is where the document's own clock starts, which
 *   WebKit sets 150–330 ms after that request here (the response's Cross-Origin-Opener-Policy opens a
 *   new browsing context group, whose web process WebKitGTK starts only then), so the page's own
 *   clock would leave out part of the load; `fcp` null where the engine reports no paint timing
 */

/**
 * One load of `path` in `browser`'s page from a new server of `distDir` holding every script `holdMs`.
 * Records when `<html data-app-ready>` appears with a MutationObserver set up as soon as the new
 * document is there (the held scripts keep the app from being ready before); then waits for `load`
 * and half a hold more, so a script the app asks for once interactive shows up in `afterInteractive`.
 * @param {BrowserDriver} browser
 * @param {string} distDir
 * @param {string} path
 * @param {number} holdMs
 * @returns {Promise<EngineSample>}
 * @throws when the app is already ready when the observer starts, or is not ready within 30 s
 */
async function measureLoad(browser, distDir, path, holdMs) {
  const server = await startServer({ root: distDir, serviceWorker: false });
  try {
    server.hold(kinds.scripts, holdMs);
    await browser.goto(server.url(path), { until: 'commit', timeoutMs: 15_000 });
    const readyAtStart = await browser.evaluate((attribute) => {
      const timing = { ready: null };
      Object.assign(window, { __benchTiming: timing });
      new MutationObserver(() => {
        if (timing.ready === null && document.documentElement?.hasAttribute(attribute)) timing.ready = Date.now();
      }).observe(document, { subtree: true, attributes: true, childList: true });
      return document.documentElement?.hasAttribute(attribute) ?? false;
    }, APP_READY_ATTRIBUTE);
    if (readyAtStart) throw new Error(`${path}: the app was ready before its scripts' hold could end`);
    await browser.waitFor(
      () => browser.evaluate(() => window.__benchTiming.ready !== null && document.readyState === 'complete'),
      { timeoutMs: 30_000, intervalMs: 20 },
      `${path}: the app ready and the page loaded`,
    );
    await new Promise((resolve) => setTimeout(resolve, holdMs / 2));
    const { ready, fcp, timeOrigin } = await browser.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        ready: window.__benchTiming.ready,
        fcp: paint ? performance.timeOrigin + paint.startTime : null,
        timeOrigin: performance.timeOrigin,
      };
    });
    const [page, ...rest] = server.requests();
    const since = (at) => at - page.at;
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

/**
 * Measures `runs` loads of each of `paths` in `engineName`, the pages in turn within each run.
 * @returns {Promise<{version: string, pages: Record<string, EngineSample[]>}>}
 */
async function measureEngine(engineName, distDir, runs, holdMs, paths) {
  const engine = await launchEngine(engineName);
  try {
    const browser = new BrowserDriver(engine.name, await engine.newPage());
    /** @type {Record<string, EngineSample[]>} */
    const pages = {};
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
 * @param {string[]} engines of {@link OTHER_ENGINES}
 * @param {string} distDir the build
 * @param {{runs: number, holdMs: number, paths: string[]}} options `holdMs` in ms
 * @returns {Promise<Record<string, {version: string, pages: Record<string, EngineSample[]>}>>}
 * @throws when an engine's process fails (its stderr says why: a missing browser, a load past 30 s)
 */
export async function measureRoundTripsInEngines(engines, distDir, { runs, holdMs, paths }) {
  const results = {};
  for (const engine of engines) {
    const node = [
      process.execPath,
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      engine,
      distDir,
      String(runs),
      String(holdMs),
      ...paths,
    ];
    const [command, ...args] =
      engine === 'webkit' ? ['xvfb-run', '--auto-servernum', `--server-args=${XVFB_SCREEN}`, ...node] : node;
    results[engine] = await new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        env: { ...process.env, SE_OFFLINE: 'true' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`round trips in ${engine}: the process exited with ${code}`));
        else resolve(JSON.parse(output.trim().split('\n').at(-1)));
      });
    });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [engine, distDir, runs, holdMs, ...paths] = process.argv.slice(2);
  if (!OTHER_ENGINES.includes(engine) || paths.length === 0)
    throw new Error(
      `Usage: engine-round-trips.mjs <${OTHER_ENGINES.join('|')}> <dist dir> <runs> <hold ms> <path>...`,
    );
  const result = await measureEngine(engine, distDir, Number(runs), Number(holdMs), paths);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // A driver's keep-alive connection may hold the process open after the browser is gone.
  process.exit(0);
}
