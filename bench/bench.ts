/**
 * `npm run bench`: builds the shop, serves the build with production's own server (Debian's nginx with
 * deploy/nginx.conf, scripts/hosting/nginx.ts) on 127.0.0.1, and prints in one run:
 * - calibration: the CPU slowdown rates at which this machine scores the Lighthouse BenchmarkIndex of a
 *   mid-tier phone (1000) and a low-tier phone (264), as Chrome DevTools calibrates its presets, but
 *   from a robust fit over many runs (bench/lib/cpu-calibration.ts), then what each rate scored
 *   on verification; every section below uses these profiles instead of a fixed 4× slowdown;
 * - sizes: the per-page JS budget from size-limit (`.size-limit.cjs`: the `.br` and `.gz` copies nginx
 *   sends, fails on growth); the landing JS as the project's nginx sends it to a brotli browser, a
 *   gzip-only one and one accepting neither, next to the files' figures (bench/lib/served-js.ts,
 *   Debian's nginx with deploy/nginx.conf); and the
 *   bytes `/` and `/checkout` load before any interaction (Playwright, fresh cache, 412×823: requests,
 *   HTML, JS, CSS, images; raw and gzip level 6 computed from the decoded bodies);
 * - interactions: Event Timing duration of every landing and checkout tap, touch, on each CPU profile,
 *   median of 5 journeys, with its phases (bench/lib/interactions.ts);
 * - loading: FCP, LCP and hydration time under real CDP throttling (bench/lib/real-loading.ts) on
 *   each CPU profile, on a first visit and on a repeat visit (the service worker installed by an
 *   unthrottled visit of '/', the HTTP cache off: bytes from the network and responses from the worker);
 * - lighthouse: Lighthouse CI (`lighthouserc.cjs`) on `/`, `/checkout` and the not-found page, N runs
 *   each (default 5): mobile at Lighthouse's standard settings, mobile at the low-tier rate
 *   (`cpuSlowdownMultiplier`) and desktop; `lhci collect`, `lhci assert` (the targets in
 *   lighthouserc.cjs), `lhci upload --target=filesystem` (HTML + JSON reports in bench/lhci/<run>/);
 *   the table prints medians and how many runs scored 100, how many low-tier runs emulated the target
 *   phone (each run's BenchmarkIndex ÷ its slowdown), then the low-tier run's long tasks on `/`;
 * - lighthouse-floor: Lighthouse mobile (performance) on `/` of the build, of its pages without their
 *   scripts and of a blank page, in turn, at the standard 4× and the low-tier rate (N runs each,
 *   bench/lib/lighthouse-floor.ts): what part of a score is the shop's own work, and what the browser
 *   costs any page on this machine at that slowdown;
 * - round-trips: `/`, `/checkout` and an unknown path served with every script response held 1 s by
 *   the server (bench/lib/round-trips.ts): when the app is interactive, FCP, and the script
 *   requests grouped in waves by arrival (target: interactive within 1500 ms, one wave), CPU
 *   unthrottled and on the mid-tier profile; then unthrottled in Firefox ESR and WebKitGTK through the
 *   engine suite's drivers (bench/lib/engine-round-trips.ts; needs Debian's firefox-esr,
 *   webkit2gtk-driver and xvfb, which `npm run test:engines` installs);
 * - capacity: requests/s, p50/p99 latency and nginx's CPU time per response (ms) of nginx sized as in
 *   production (a worker per core: scripts/hosting/nginx.ts's PRODUCTION_WORKERS) for `/`, the largest landing
 *   script (both as brotli) and an unknown path (404 is its right answer), at 10, 100 and 1,000
 *   connections, 5 s each after a 1 s warm-up, loaded by autocannon on 127.0.0.1 (bench/lib/capacity.ts;
 *   about 1 min; no browser, no CPU profile); a connection count beyond the load generator's
 *   `ulimit -n` is printed as not measured.
 * Each section is a module of bench/sections/ (its run and its table); this file parses the options,
 * runs the chosen sections in order, prints, and writes everything to `bench/results.json` (a run with --only: bench/results.partial.json, not kept in
 * git). Not part of `npm test`: figures depend on machine load
 * (the load average is printed before and after).
 *
 * Usage: npx tsx bench/bench.ts (from the project root; `npm run bench` installs bench/'s own
 * dependencies first) [--runs 5] [--interaction-runs 5] [--port 4192] [--no-build]
 *        [--only calibration,sizes,interactions,loading,lighthouse,lighthouse-floor,round-trips,capacity]
 *        [--profiles mid-tier,low-tier] [--cpu-rates mid-tier=1.9,low-tier=6.3] [--hold-ms 1000]
 *        [--server nginx|serve]
 * `--no-build` measures the build already in BENCH_DIST_DIR, which may be older than the checkout (the
 * report prints when it was built). `--cpu-rates` (ids or `mid`/`low`) skips the calibration and uses
 * these rates; otherwise the calibration runs whenever it is listed in `--only` or a listed section
 * needs the profiles, and Chromium is looked for and started only when a listed section uses it
 * (every one but capacity).
 * `--server serve` serves the pages the sections load (sizes, interactions, loading, lighthouse) with a
 * plain static host, gzip only (bench/lib/static-server.ts), instead of nginx; round trips,
 * lighthouse-floor and capacity keep their own servers.
 * (4190 is on the browsers' blocked-port list, hence 4192; round-trips serves on the next port.)
 * Env: CHROME_PATH (else scripts/setup/find-chromium.sh), BENCH_DIST_DIR (default node_modules/.cache/bench-dist).
 * Exit code: non-zero when the build, the server or a Lighthouse run fails, or when size-limit or a
 * Lighthouse CI assertion fails (all figures are printed first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import { serveWithNginx } from '../scripts/hosting/nginx.ts';
import { writeBenchTable } from './docs-table.ts';
import { calibrates, isFullRun, needsChromium, needsProfiles, parseOptions, wants } from './lib/options.ts';
import { resolveProfiles } from './lib/profiles.ts';
import type { BenchResultsFile } from './lib/results.ts';
import { printCalibration, printGivenRates, runCalibration } from './sections/calibration.ts';
import { printCapacity, runCapacity } from './sections/capacity.ts';
import { printInteractions, runInteractions } from './sections/interactions.ts';
import { printLighthouseFloor, runLighthouseFloor } from './sections/lighthouse-floor.ts';
import { printLighthouse, runLighthouse } from './sections/lighthouse.ts';
import { printLoading, runLoading } from './sections/loading.ts';
import {
  printEngineRoundTrips,
  printRoundTrips,
  runEngineRoundTrips,
  runRoundTrips,
} from './sections/round-trips.ts';
import { printSizes, runSizes } from './sections/sizes.ts';
import { serveStatic } from './lib/static-server.ts';

const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu'];
/** How the report names each `--server`. */
const SERVER_LABELS = {
  nginx: 'nginx with deploy/nginx.conf',
  serve: "serve (a plain static host: gzip on the fly, no brotli, none of nginx's headers)",
} as const;

const options = parseOptions(process.argv.slice(2));
const { runs, interactionRuns, holdMs, port, distDir, targets, givenRates } = options;
const serve = options.server === 'nginx' ? serveWithNginx : serveStatic;
const origin = `http://127.0.0.1:${port}`;
const withChromium = needsChromium(options);

// The one installer of the test packages, once, before anything starts: Chromium when a section uses
// it, and nginx with its brotli_static module (scripts/setup/install-test-packages.sh names what it cannot get).
const packages = withChromium ? ['chromium', 'nginx'] : ['nginx'];
if (spawnSync('bash', ['scripts/setup/install-test-packages.sh', ...packages], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
process.env['PET_BALL_PACKAGES_CHECKED'] = '1';
const chromePath = withChromium
  ? execFileSync('bash', ['scripts/setup/find-chromium.sh'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim()
  : undefined;
const chromeVersion = chromePath
  ? execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim()
  : undefined;
const env = { ...process.env, DIST_DIR: distDir, ...(chromePath ? { CHROME_PATH: chromePath } : {}) };

const loadBefore = loadavg();
if (options.build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env });
const server = await serve(distDir, { port });

try {
  const browser = withChromium
    ? await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS })
    : undefined;
  /** The browser of the sections that need one: started above whenever a listed section does. */
  const inBrowser = () => {
    if (!browser) throw new Error('no browser: a section that needs Chromium was not expected to run');
    return browser;
  };

  // CPU profiles: calibrated on this machine first, so every later section emulates the same phones.
  const calibration = calibrates(options) ? await runCalibration(inBrowser(), targets) : undefined;
  const profiles = resolveProfiles(targets, calibration, givenRates);
  const sizes = wants(options, 'sizes') ? await runSizes(inBrowser(), { origin, distDir, env }) : undefined;
  const interactions = wants(options, 'interactions')
    ? await runInteractions(inBrowser(), { origin, profiles, runs: interactionRuns })
    : undefined;
  const loading = wants(options, 'loading')
    ? await runLoading(inBrowser(), { origin, profiles, runs })
    : undefined;
  const roundTrips = wants(options, 'round-trips')
    ? await runRoundTrips(inBrowser(), { distDir, port: port + 1, holdMs, runs, profiles })
    : undefined;
  await browser?.close();
  const engineRoundTrips = roundTrips ? await runEngineRoundTrips({ distDir, holdMs, runs }) : undefined;
  const lighthouse = wants(options, 'lighthouse')
    ? await runLighthouse({ env, origin, runs, profiles })
    : undefined;
  const floor = wants(options, 'lighthouse-floor')
    ? await runLighthouseFloor({ distDir, chromePath, chromeFlags: CHROME_FLAGS, profiles, runs })
    : undefined;
  // Last, with no browser left running: the load generator and nginx share the machine's cores.
  const capacity = wants(options, 'capacity') ? await runCapacity(distDir) : undefined;
  const loadAfter = loadavg();

  const load = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(' ');
  const lines = [
    `Bench ${new Date().toISOString()} · ${chromeVersion ?? 'no browser'} · Node ${process.versions.node} · load average ${load(loadBefore)} → ${load(loadAfter)}`,
    // Which build was measured: with --no-build, a build left from an earlier run shows by its time.
    `Build measured: ${relative(process.cwd(), distDir)}, built ${statSync(join(distDir, 'index.html')).mtime.toISOString()}, served by ${SERVER_LABELS[options.server]}`,
    ...(calibration ? printCalibration(calibration) : needsProfiles(options) ? printGivenRates(profiles) : []),
    ...(sizes ? printSizes(sizes) : []),
    ...(interactions ? printInteractions(interactions, { profiles, runs: interactionRuns }) : []),
    ...(loading ? printLoading(loading, { profiles, runs }) : []),
    ...(roundTrips ? printRoundTrips(roundTrips, { runs }) : []),
    ...(engineRoundTrips ? printEngineRoundTrips(engineRoundTrips, { holdMs, runs }) : []),
    ...(lighthouse ? printLighthouse(lighthouse, { profiles, runs }) : []),
    ...(floor ? printLighthouseFloor(floor, { profiles, runs }) : []),
    ...(capacity ? printCapacity(capacity) : []),
  ];
  console.log(lines.join('\n'));

  mkdirSync('bench', { recursive: true });
  // A partial run (--only) never replaces the last full bench, which the docs quote.
  const resultsFile = isFullRun(options) ? 'bench/results.json' : 'bench/results.partial.json';
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        server: options.server,
        chromium: chromeVersion,
        node: process.versions.node,
        loadAverage: { before: loadBefore, after: loadAfter },
        runs,
        interactionRuns,
        calibration: calibration ?? (givenRates ? { fromOption: Object.fromEntries(givenRates) } : undefined),
        profiles,
        bytes: sizes?.bytes,
        interactions,
        loading: loading?.loading,
        repeatLoading: loading?.repeatLoading,
        roundTrips: roundTrips ? { ...roundTrips, engines: engineRoundTrips } : undefined,
        sizeLimit: sizes?.sizeLimit.results,
        servedJs: sizes?.servedJs,
        lighthouse: lighthouse?.results,
        lighthouseAssertions: lighthouse?.assertions,
        lighthouseFloor: floor,
        capacity,
      } satisfies BenchResultsFile,
      null,
      2,
    )}\n`,
  );
  // docs/performance.md's table of the latest full bench is generated from this file.
  if (resultsFile === 'bench/results.json') await writeBenchTable();
  const sizeFailed = sizes?.sizeLimit.results.some((entry) => !entry.passed) ?? false;
  const assertFailed = Object.values(lighthouse?.assertions ?? {}).some((assertion) => !assertion.passed);
  if (sizeFailed || assertFailed) process.exitCode = 1;
} finally {
  await server.stop();
}
