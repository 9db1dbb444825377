#!/usr/bin/env node
/**
 * `npm run bench`: builds the shop, serves the build with production's own server (Debian's nginx with
 * deploy/nginx.conf, scripts/nginx.ts) on 127.0.0.1, and prints in one run:
 * - calibration: the CPU slowdown rates at which this machine scores the Lighthouse BenchmarkIndex of a
 *   mid-tier phone (1000) and a low-tier phone (264), as Chrome DevTools calibrates its presets, but
 *   from a robust fit over many runs (bench/lib/cpu-calibration.mjs), then what each rate scored
 *   on verification; every section below uses these profiles instead of a fixed 4× slowdown;
 * - sizes: the per-page JS budget from size-limit (`.size-limit.cjs`: the `.br` and `.gz` copies nginx
 *   sends, fails on growth); the landing JS as the project's nginx sends it to a brotli browser, a
 *   gzip-only one and one accepting neither, next to the files' figures (bench/lib/served-js.mjs,
 *   Debian's nginx with deploy/nginx.conf); and the
 *   bytes `/` and `/checkout` load before any interaction (Playwright, fresh cache, 412×823: requests,
 *   HTML, JS, CSS, images; raw and gzip level 6 computed from the decoded bodies);
 * - interactions: Event Timing duration of every landing and checkout tap, touch, on each CPU profile,
 *   median of 5 journeys, with its phases (bench/lib/interactions.mjs);
 * - loading: FCP, LCP and hydration time under real CDP throttling (bench/lib/real-loading.mjs) on
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
 *   bench/lib/lighthouse-floor.mjs): what part of a score is the shop's own work, and what the browser
 *   costs any page on this machine at that slowdown;
 * - round-trips: `/`, `/checkout` and an unknown path served with every script response held 1 s by
 *   the server (bench/lib/round-trips.mjs): when the app is interactive, FCP, and the script
 *   requests grouped in waves by arrival (target: interactive within 1500 ms, one wave), CPU
 *   unthrottled and on the mid-tier profile; then unthrottled in Firefox ESR and WebKitGTK through the
 *   engine suite's drivers (bench/lib/engine-round-trips.mjs; needs Debian's firefox-esr,
 *   webkit2gtk-driver and xvfb, which `npm run test:engines` installs);
 * - capacity: requests/s, p50/p99 latency and nginx's CPU time per response (ms) of nginx sized as in
 *   production (a worker per core: scripts/nginx.ts's PRODUCTION_WORKERS) for `/`, the largest landing
 *   script (both as brotli) and an unknown path (404 is its right answer), at 10, 100 and 1,000
 *   connections, 5 s each after a 1 s warm-up, loaded by autocannon on 127.0.0.1 (bench/lib/capacity.ts;
 *   about 1 min; no browser, no CPU profile); a connection count beyond the load generator's
 *   `ulimit -n` is printed as not measured.
 * Writes everything to `bench/results.json` (a run with --only: bench/results.partial.json, not kept in
 * git). Not part of `npm test`: figures depend on machine load
 * (the load average is printed before and after).
 *
 * Usage: npx tsx bench/bench.mjs (from the project root; `npm run bench` installs bench/'s own
 * dependencies first) [--runs 5] [--interaction-runs 5] [--port 4192] [--no-build]
 *        [--only calibration,sizes,interactions,loading,lighthouse,lighthouse-floor,round-trips,capacity]
 *        [--profiles mid-tier,low-tier] [--cpu-rates mid-tier=1.9,low-tier=6.3] [--hold-ms 1000]
 * `--no-build` measures the build already in BENCH_DIST_DIR, which may be older than the checkout (the
 * report prints when it was built). `--cpu-rates` (ids or `mid`/`low`) skips the calibration and uses
 * these rates; otherwise the calibration runs whenever it is listed in `--only` or a listed section
 * needs the profiles, and Chromium is looked for and started only when a listed section uses it
 * (every one but capacity).
 * (4190 is on the browsers' blocked-port list, hence 4192; round-trips serves on the next port.)
 * Env: CHROME_PATH (else scripts/find-chromium.sh), BENCH_DIST_DIR (default node_modules/.cache/bench-dist).
 * Exit code: non-zero when the build, the server or a Lighthouse run fails, or when size-limit or a
 * Lighthouse CI assertion fails (all figures are printed first).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CPU_TARGETS, VERIFY_TOLERANCE, calibrateCpu, isNearTarget } from './lib/cpu-calibration.ts';
import { INTERACTIONS, runJourney } from './lib/interactions.ts';
import { measureLighthouseFloor } from './lib/lighthouse-floor.ts';
import { DEFAULT_HOLD_MS, measureRoundTrips, serveWithHeldScripts } from './lib/round-trips.ts';
import { OTHER_ENGINES, measureRoundTripsInEngines } from './lib/engine-round-trips.ts';
import { serveWithNginx } from '../scripts/nginx.ts';
import { measureServedJs } from './lib/served-js.ts';
import { measureCapacity } from './lib/capacity.ts';
import { measureRealLoading, measureRepeatLoading } from './lib/real-loading.ts';
import { writeBenchTable } from '../scripts/generate-bench-table.ts';
import { LOADING_PAGES, LOADING_TARGETS, ROUND_TRIP_BOUND_MS, TAP_TARGETS, median } from './lib/targets.ts';

const PAGES = ['/', '/checkout'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse audit id → column name; values in ms except CLS (unitless). */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};
const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu'];
/** Pages Lighthouse CI measures (lighthouserc.cjs): the three prerendered pages, the not-found one at an unknown path (404). */
const LIGHTHOUSE_PAGES = ['/', '/checkout', '/no-such-page'];
/** Lighthouse CI runs: [name (lighthouserc.cjs, bench/lhci/<name>/), form factor, CPU profile id or none]. */
const LIGHTHOUSE_RUNS = [
  ['mobile', 'mobile', undefined],
  ['mobile-low-tier', 'mobile', 'low-tier'],
  ['desktop', 'desktop', undefined],
];
/** Lighthouse's mobile emulation viewport, used for the byte counts too. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const runs = Number(option('--runs', 5));
const interactionRuns = Number(option('--interaction-runs', 5));
const holdMs = Number(option('--hold-ms', DEFAULT_HOLD_MS));
const SECTIONS = [
  'calibration',
  'sizes',
  'interactions',
  'loading',
  'lighthouse',
  'lighthouse-floor',
  'round-trips',
  'capacity',
];
const only = option('--only', SECTIONS.join(',')).split(',');
for (const section of only)
  if (!SECTIONS.includes(section))
    throw new Error(`--only: unknown section ${section} (${SECTIONS.join(', ')})`);
const wants = (section) => only.includes(section);
const port = Number(option('--port', 4192));
const build = !args.includes('--no-build');
const distDir = resolve(process.env.BENCH_DIST_DIR ?? 'node_modules/.cache/bench-dist');
const origin = `http://127.0.0.1:${port}`;
/** bench/, the bench's own package: its tools (Lighthouse CI, size-limit) and their configuration. */
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
/** A command-line tool of bench/'s own dependencies. */
const BIN = (name) => join(BENCH_DIR, 'node_modules', '.bin', name);
const LIGHTHOUSE_CONFIG = join(BENCH_DIR, 'lighthouserc.cjs');
/** The version of bench/'s own Lighthouse (the floor's CLI; Lighthouse CI runs its own). */
const LIGHTHOUSE_VERSION = JSON.parse(
  readFileSync(join(BENCH_DIR, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version;

/** `mid` → `mid-tier`, `low` → `low-tier`; anything else must be a target's id. */
const profileId = (name) => {
  const id = CPU_TARGETS.some((target) => target.id === name) ? name : `${name}-tier`;
  if (!CPU_TARGETS.some((target) => target.id === id))
    throw new Error(`unknown CPU profile ${name} (${CPU_TARGETS.map((target) => target.id).join(', ')})`);
  return id;
};
const profileIds = option('--profiles', CPU_TARGETS.map((target) => target.id).join(','))
  .split(',')
  .map(profileId);
const targets = CPU_TARGETS.filter((target) => profileIds.includes(target.id));
/** `--cpu-rates mid-tier=1.9,low-tier=6.3`: profile id → rate (multiplier). */
const givenRates = option('--cpu-rates', undefined)
  ?.split(',')
  .map((pair) => {
    const [name, value] = pair.split('=');
    const rate = Number(value);
    if (!(rate >= 1)) throw new Error(`--cpu-rates: ${pair} is not <profile>=<multiplier ≥ 1>`);
    return [profileId(name), rate];
  });
if (givenRates)
  for (const target of targets)
    if (!givenRates.some(([id]) => id === target.id))
      throw new Error(`--cpu-rates gives no rate for ${target.id} (or leave it out of --profiles)`);
const needsProfiles = ['interactions', 'loading', 'lighthouse', 'lighthouse-floor', 'round-trips'].some(wants);
const calibrate = !givenRates && (wants('calibration') || needsProfiles);
/** Every section but capacity (a load generator against nginx) runs Chromium. */
const needsChromium = SECTIONS.filter((section) => section !== 'capacity').some(wants);

// The one installer of the test packages, once, before anything starts: Chromium when a section uses
// it, and nginx with its brotli_static module (scripts/install-test-packages.sh names what it cannot get).
const packages = needsChromium ? ['chromium', 'nginx'] : ['nginx'];
if (spawnSync('bash', ['scripts/install-test-packages.sh', ...packages], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
process.env.PET_BALL_PACKAGES_CHECKED = '1';
const chromePath = needsChromium
  ? execFileSync('bash', ['scripts/find-chromium.sh'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim()
  : undefined;
const chromeVersion = chromePath
  ? execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim()
  : undefined;
const env = { ...process.env, DIST_DIR: distDir, ...(chromePath ? { CHROME_PATH: chromePath } : {}) };

/** Waits until `url` answers, polling every 200 ms; throws after `timeoutMs`. */
async function waitForServer(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Runs bench/'s own `lhci <args>` with bench/lighthouserc.cjs in the project root, asynchronously
 * (the bench's own server must keep answering meanwhile). Output is captured and returned (`lhci assert` prints its failures to
 * stderr); rejects on a non-zero exit unless `allowFailure`.
 * @returns {Promise<{status: number | null, output: string}>}
 */
function lhci(args, lhciEnv, { allowFailure = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN('lhci'), [...args, `--config=${LIGHTHOUSE_CONFIG}`], {
      env: lhciEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0 && !allowFailure) {
        process.stderr.write(output);
        reject(new Error(`lhci ${args.join(' ')} exited with ${status}`));
      } else resolve({ status, output });
    });
  });
}

/**
 * Runs size-limit (bench/.size-limit.cjs, found from bench/) on the build in `distDir` and returns
 * its JSON results: one entry per page budget with `size` (bytes, gzip), `sizeLimit` and `passed`.
 */
function runSizeLimit() {
  const result = spawnSync(BIN('size-limit'), ['--json'], { env, encoding: 'utf8', cwd: BENCH_DIR });
  try {
    return { status: result.status, results: JSON.parse(result.stdout) };
  } catch {
    throw new Error(`size-limit failed: ${result.stdout}${result.stderr}`);
  }
}

const KINDS = { document: 'html', script: 'js', stylesheet: 'css', image: 'image' };

/**
 * Loads `path` in a fresh Playwright context at the mobile viewport and sums what it requested until
 * the load event plus network idle, without any interaction.
 * @returns {{requests: number, urls: string[], bytes: Record<string, {raw: number, gzip: number}>}}
 */
async function measureBytes(browser, path) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  let requests = 0;
  page.on('request', () => (requests += 1));
  await page.goto(origin + path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const bytes = Object.fromEntries(
    ['html', 'js', 'css', 'image', 'other'].map((kind) => [kind, { raw: 0, gzip: 0 }]),
  );
  const urls = [];
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const kind = KINDS[request.resourceType()] ?? 'other';
    bytes[kind].raw += body.length;
    bytes[kind].gzip += gzipSync(body, { level: 6 }).length;
    urls.push(`${kind} ${request.url().replace(origin, '')} ${body.length}`);
  }
  await context.close();
  return { requests, urls, bytes };
}

/**
 * The cells a round-trip table shows for one page's loads: the median interactive time (ms) against
 * the ROUND_TRIP_BOUND_MS target, each load's number of script waves against one, and the waves and late scripts
 * of the load whose interactive time is the median (one real load, not a mix of several).
 */
function roundTripCells(samples) {
  const interactive = Math.round(median(samples.map((sample) => sample.interactive)));
  const typical = samples.find((sample) => Math.round(sample.interactive) === interactive) ?? samples[0];
  const waves = typical.waves.map((wave) => `@${Math.round(wave.at)} ${wave.scripts.join(', ')}`).join(' · ');
  return {
    interactive: `${interactive} ${interactive <= ROUND_TRIP_BOUND_MS ? 'ok' : 'MISS'}`,
    typical,
    waves: `${samples.map((sample) => sample.waves.length).join(',')} ${samples.every((sample) => sample.waves.length === 1) ? 'ok' : 'MISS'}`,
    typicalWaves: `${typical.waves.length} wave${typical.waves.length === 1 ? '' : 's'}: ${waves}`,
    after: typical.afterInteractive.join(', ') || '–',
  };
}

/**
 * Scores (0–100), metrics (ms; CLS unitless), the scored audits below 1, the long tasks (Lighthouse's
 * `long-tasks` audit: script URL or 'Unattributable', start and duration in ms as Lighthouse reports
 * them, i.e. simulated at its CPU slowdown), the CPU slowdown used and this machine's BenchmarkIndex
 * as Lighthouse measured it, of one LHR.
 */
function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
  );
  const failing = CATEGORIES.flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}/${ref.id}`),
  );
  const pageOrigin = new URL(lhr.requestedUrl).origin;
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
    url: String(task.url).replace(pageOrigin, ''),
    startTime: task.startTime,
    duration: task.duration,
  }));
  return {
    scores,
    metrics,
    failing,
    longTasks,
    cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const pad = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ');

function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i]).length)));
  return [
    pad(header, widths),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map((r) => pad(r, widths)),
  ]
    .map((line) => line.trimEnd())
    .join('\n');
}

const loadBefore = loadavg();
if (build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env });
const server = await serveWithNginx(distDir, { port });

try {
  await waitForServer(`${origin}/`);

  const browser = needsChromium
    ? await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS })
    : undefined;

  // CPU profiles: calibrated on this machine first, so every later section emulates the same phones.
  let calibration;
  if (calibrate) {
    process.stderr.write(`CPU calibration (${targets.map((target) => target.id).join(', ')})\n`);
    calibration = await calibrateCpu(browser, {
      targets,
      log: (line) => process.stderr.write(`  calibration ${line}\n`),
    });
  }
  /** The CPU profiles every later section uses (none when no section needs them). */
  /** @type {{id: string, label: string, targetIndex: number, rate: number}[]} */
  const profiles =
    calibration || givenRates
      ? targets.map((target) => ({
          ...target,
          rate: givenRates
            ? givenRates.find(([id]) => id === target.id)[1]
            : calibration.profiles.find((profile) => profile.id === target.id).rate,
        }))
      : [];
  const profileOf = (id) => profiles.find((profile) => profile.id === id);
  const profileTitle = (profile) => `${profile.label}, ${profile.rate}× CPU`;

  const sizeLimit = wants('sizes') ? runSizeLimit() : undefined;
  const servedJs = wants('sizes') ? await measureServedJs(distDir) : undefined;
  const bytes = {};
  if (wants('sizes')) for (const path of PAGES) bytes[path] = await measureBytes(browser, path);

  // Profiles take turns within each run, so a change in machine load falls on all of them alike.
  const interactionRunsData = Object.fromEntries(profiles.map((profile) => [profile.id, []]));
  if (wants('interactions'))
    for (let run = 1; run <= interactionRuns; run += 1)
      for (const profile of profiles) {
        process.stderr.write(`interactions ${profile.id} (${profile.rate}×) run ${run}/${interactionRuns}\n`);
        interactionRunsData[profile.id].push(await runJourney(browser, origin, { cpuRate: profile.rate }));
      }

  const loading = Object.fromEntries(profiles.map((profile) => [profile.id, {}]));
  const repeatLoading = Object.fromEntries(profiles.map((profile) => [profile.id, {}]));
  if (wants('loading'))
    for (const path of LOADING_PAGES)
      for (let run = 1; run <= runs; run += 1)
        for (const profile of profiles) {
          const cpuRate = profile.rate;
          const label = `${path} ${profile.id} (${cpuRate}×) run ${run}/${runs}`;
          process.stderr.write(`real-throttled load ${label}\n`);
          (loading[profile.id][path] ??= []).push(
            await measureRealLoading(browser, origin, path, { cpuRate }),
          );
          process.stderr.write(`real-throttled repeat visit ${label}\n`);
          (repeatLoading[profile.id][path] ??= []).push(
            await measureRepeatLoading(browser, origin, path, { cpuRate }),
          );
        }

  /** Round trips: unthrottled, and on the mid-tier profile when it is one of the profiles. */
  const roundTripRates = [
    { id: 'unthrottled', label: 'CPU unthrottled', rate: 1 },
    ...(profileOf('mid-tier')
      ? [{ ...profileOf('mid-tier'), label: profileTitle(profileOf('mid-tier')) }]
      : []),
  ];
  const roundTrips = {};
  if (wants('round-trips')) {
    const held = await serveWithHeldScripts(distDir, port + 1, holdMs);
    try {
      await waitForServer(`${held.origin}/`);
      for (const path of LOADING_PAGES)
        for (let run = 1; run <= runs; run += 1)
          for (const { id, rate } of roundTripRates) {
            process.stderr.write(`round trips ${path} ${id} (${rate}×) run ${run}/${runs}\n`);
            ((roundTrips[id] ??= {})[path] ??= []).push(
              await measureRoundTrips(browser, held, path, { cpuRate: rate }),
            );
          }
    } finally {
      await held.close();
    }
  }
  await browser?.close();
  const engineRoundTrips = wants('round-trips')
    ? await measureRoundTripsInEngines(OTHER_ENGINES, distDir, { runs, holdMs, paths: LOADING_PAGES })
    : undefined;

  const lighthouseRuns = LIGHTHOUSE_RUNS.filter(
    ([, , profile]) => profile === undefined || profileOf(profile),
  );
  const lighthouseResults = {};
  const assertions = {};
  if (wants('lighthouse'))
    for (const [name, formFactor, profile] of lighthouseRuns) {
      const lhciEnv = {
        ...env,
        LHCI_FORM_FACTOR: formFactor,
        LHCI_RUNS: String(runs),
        BENCH_ORIGIN: origin,
      };
      if (profile) lhciEnv.LHCI_CPU_SLOWDOWN = String(profileOf(profile).rate);
      else delete lhciEnv.LHCI_CPU_SLOWDOWN;
      process.stderr.write(`lhci collect ${name}: ${runs} runs × ${LIGHTHOUSE_PAGES.length} pages\n`);
      await lhci(['collect'], lhciEnv);
      const lhrs = readdirSync('.lighthouseci')
        .filter((file) => /^lhr-.*\.json$/.test(file))
        .map((file) => JSON.parse(readFileSync(`.lighthouseci/${file}`, 'utf8')))
        .sort((a, b) => a.fetchTime.localeCompare(b.fetchTime));
      lighthouseResults[name] = {};
      for (const path of LIGHTHOUSE_PAGES) {
        const summaries = lhrs
          .filter((lhr) => new URL(lhr.requestedUrl).pathname === path)
          .map((lhr) => summarise(lhr));
        lighthouseResults[name][path] = {
          version: lhrs[0]?.lighthouseVersion,
          scores: Object.fromEntries(
            CATEGORIES.map((id) => [id, median(summaries.map((s) => s.scores[id]))]),
          ),
          metrics: Object.fromEntries(
            Object.values(METRICS).map((metric) => [metric, median(summaries.map((s) => s.metrics[metric]))]),
          ),
          worstPerformance: Math.min(...summaries.map((s) => s.scores.performance)),
          runsAt100: summaries.filter((s) => s.scores.performance === 100).length,
          failingAudits: [...new Set(summaries.flatMap((s) => s.failing))].sort(),
          runs: summaries,
        };
      }
      const assert = await lhci(['assert'], lhciEnv, { allowFailure: true });
      assertions[name] = { passed: assert.status === 0, output: assert.output };
      await lhci(['upload'], lhciEnv);
    }
  /** Lighthouse's standard mobile slowdown, and the low-tier profile's when it is one of the profiles. */
  const floorRates = [
    { id: 'standard', label: 'standard mobile', rate: 4 },
    ...(profileOf('low-tier') ? [{ ...profileOf('low-tier'), label: 'low tier' }] : []),
  ];
  const floor = wants('lighthouse-floor')
    ? await measureLighthouseFloor({
        distDir,
        lighthouseBin: BIN('lighthouse'),
        chromePath,
        chromeFlags: CHROME_FLAGS,
        rates: floorRates,
        runs,
        log: (line) => process.stderr.write(`${line}\n`),
      })
    : undefined;
  // Last, with no browser left running: the load generator and nginx share the machine's cores.
  const capacity = wants('capacity')
    ? await measureCapacity(distDir, { log: (line) => process.stderr.write(`${line}\n`) })
    : undefined;
  const loadAfter = loadavg();

  const lines = [];
  const load = (values) => values.map((v) => v.toFixed(2)).join(' ');
  lines.push(
    `Bench ${new Date().toISOString()} · ${chromeVersion ?? 'no browser'} · Node ${process.versions.node} · load average ${load(loadBefore)} → ${load(loadAfter)}`,
    // Which build was measured: with --no-build, a build left from an earlier run shows by its time.
    `Build measured: ${relative(process.cwd(), distDir)}, built ${statSync(join(distDir, 'index.html')).mtime.toISOString()}`,
  );

  if (calibration) {
    const { hostIndex, slope, spread, rates, repeats, durationMs, samples } = calibration;
    const perRate = rates
      .map((rate) => {
        const indexes = samples.filter((sample) => sample.rate === rate).map((sample) => sample.index);
        return `${rate}× ${Math.round(median(indexes))}`;
      })
      .join(', ');
    const off = calibration.profiles.filter((profile) => profile.verified === false);
    lines.push(
      '',
      `CPU calibration (Lighthouse BenchmarkIndex; ${rates.length} rates × ${repeats} runs in shuffled order after a warm-up, Theil–Sen fit of log(index) on log(rate); ${Math.round(durationMs / 1000)} s)`,
      `host: ${Math.round(hostIndex.fitted)} at 1× (fit), ${Math.round(hostIndex.measured)} measured (median of the 1× runs); slope ${slope.toFixed(2)}; half the runs within ${(spread * 100).toFixed(1)} % of the fit`,
      `index by rate (median of ${repeats}): ${perRate}`,
      table(
        [
          'profile',
          'target index',
          'CPU rate',
          'verified index (median)',
          'verification runs',
          `within ${VERIFY_TOLERANCE * 100} %`,
        ],
        calibration.profiles.map((profile) => [
          profile.label,
          profile.targetIndex,
          `${profile.rate}×${profile.clamped ? ' (host slower than target)' : ''}`,
          profile.verifiedIndex === null ? '–' : Math.round(profile.verifiedIndex),
          profile.verifiedRuns.map(Math.round).join(' '),
          profile.verified === null ? '–' : profile.verified ? 'yes' : 'NO',
        ]),
      ),
      ...(off.length > 0
        ? [
            `WARNING: ${off.map((profile) => profile.id).join(', ')} scored outside ±${VERIFY_TOLERANCE * 100} % of the target at the chosen rate: the machine's speed changed during the calibration (see the load average), so this run's figures do not stand for those phones. Rerun on a quieter machine.`,
          ]
        : []),
    );
  } else if (needsProfiles)
    lines.push(
      '',
      `CPU profiles from --cpu-rates (not calibrated in this run): ${profiles.map((profile) => `${profile.id} ${profile.rate}×`).join(', ')}`,
    );

  if (wants('sizes')) {
    const byteRows = PAGES.map((path) => {
      const { requests, bytes: b } = bytes[path];
      const total = Object.values(b).reduce((sum, k) => ({ raw: sum.raw + k.raw, gzip: sum.gzip + k.gzip }), {
        raw: 0,
        gzip: 0,
      });
      return [
        path,
        requests,
        ...['html', 'js', 'css', 'image', 'other'].map((k) => `${kb(b[k].raw)} / ${kb(b[k].gzip)}`),
        `${kb(total.raw)} / ${kb(total.gzip)}`,
      ];
    });
    const kib = (bytes) => (bytes / 1024).toFixed(1);
    const { served, files, scripts } = servedJs;
    lines.push(
      '',
      `Landing JS as nginx sends it (deploy/nginx.conf; ${scripts.length} scripts, KiB = 1024 bytes)`,
      table(
        ['client', 'sent as', 'KiB', 'file figure', 'KiB'],
        [
          [
            'accepts br',
            served.brotli.encodings.join(' '),
            kib(served.brotli.bytes),
            'brotli 11',
            kib(files.br),
          ],
          [
            'gzip only',
            served.gzipOnly.encodings.join(' '),
            kib(served.gzipOnly.bytes),
            'gzip -9',
            kib(files.gz),
          ],
          ['neither', served.identity.encodings.join(' '), kib(served.identity.bytes), 'raw', kib(files.raw)],
        ],
      ),
      '',
      'JS budget per page (size-limit on the copies nginx sends, KiB = 1024 bytes)',
      table(
        ['page', 'JS as sent', 'limit', 'ok'],
        sizeLimit.results.map((entry) => [
          entry.name,
          kib(entry.size),
          kib(entry.sizeLimit),
          entry.passed ? 'yes' : 'NO',
        ]),
      ),
      '',
      'Bytes loaded before interaction (kB raw / kB gzip, 1 kB = 1000 bytes; mobile viewport 412×823)',
      table(['page', 'requests', 'HTML', 'JS', 'CSS', 'images', 'other', 'total'], byteRows),
    );
  }

  if (wants('interactions'))
    for (const profile of profiles) {
      const bounds = TAP_TARGETS.filter((target) => target.profile === profile.id);
      const rows = INTERACTIONS.map((name) => {
        const samples = interactionRunsData[profile.id].map((run) => run[name]);
        const pick = (key) => median(samples.map((sample) => sample[key]));
        const durations = samples.map((sample) => sample.duration);
        const phases = {
          'input delay': pick('inputDelay'),
          processing: pick('processing'),
          presentation: pick('presentation'),
        };
        const slow = Object.entries(phases).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
        const duration = pick('duration');
        return [
          name,
          `${duration}${samples.every((sample) => sample.under16) ? ' (<16)' : ''}`,
          `${Math.min(...durations)}–${Math.max(...durations)}`,
          ...Object.values(phases).map((v) => Math.round(v)),
          Math.round(pick('styleAndLayout')),
          slow,
          ...bounds.map(({ bound }) => (duration <= bound ? 'yes' : 'NO')),
        ];
      });
      lines.push(
        '',
        `Interactions on ${profileTitle(profile)}: Event Timing duration, median of ${interactionRuns} journey${interactionRuns === 1 ? '' : 's'} (ms; touch 412×823; phases are medians too)`,
        table(
          [
            'interaction',
            'duration',
            'range',
            'input delay',
            'processing',
            'presentation',
            'style+layout',
            'slow phase',
            ...bounds.map(({ bound, kind }) => `≤${bound}${kind ? ` ${kind}` : ''}`),
          ],
          rows,
        ),
      );
    }

  if (wants('loading'))
    for (const profile of profiles) {
      const rows = LOADING_PAGES.map((path) => {
        const samples = loading[profile.id][path];
        const pick = (key) => Math.round(median(samples.map((sample) => sample[key])));
        const gap = (key) => Math.round(median(samples.map((sample) => sample[key] - sample.fcp)));
        return [
          path,
          pick('fcp'),
          pick('lcp'),
          pick('interactive'),
          pick('hydrated'),
          ...LOADING_TARGETS.map(({ key, bound }) => `${gap(key)} ${gap(key) <= bound ? 'ok' : 'MISS'}`),
        ];
      });
      lines.push(
        '',
        `Real-throttled loading on ${profileTitle(profile)} (CDP: 150 ms latency, 1.6 Mbps down; median of ${runs}; ms from navigation)`,
        table(
          [
            'page',
            'FCP',
            'LCP',
            'interactive',
            'hydrated',
            ...LOADING_TARGETS.map(({ key, bound }) => `${key === 'lcp' ? 'LCP' : key}−FCP (≤${bound})`),
          ],
          rows,
        ),
      );
      const repeatRows = LOADING_PAGES.map((path) => {
        const samples = repeatLoading[profile.id][path];
        const pick = (key) => Math.round(median(samples.map((sample) => sample[key])));
        const first = (key) => Math.round(median(loading[profile.id][path].map((sample) => sample[key])));
        return [
          path,
          pick('fcp'),
          pick('lcp'),
          pick('interactive'),
          pick('hydrated'),
          `${first('interactive') - pick('interactive')}`,
          `${pick('networkBytes')}`,
          `${pick('fromWorker')}/${pick('requests')}`,
        ];
      });
      lines.push(
        '',
        `Repeat visit on ${profileTitle(profile)}, same network, the service worker installed by a first visit of '/' (HTTP cache off; median of ${runs}; ms from navigation)`,
        table(
          [
            'page',
            'FCP',
            'LCP',
            'interactive',
            'hydrated',
            'interactive earlier than first visit',
            'bytes from network',
            'from worker / requests',
          ],
          repeatRows,
        ),
      );
    }

  if (wants('round-trips'))
    for (const { id, label } of roundTripRates) {
      const rows = LOADING_PAGES.map((path) => {
        const samples = roundTrips[id][path];
        const { interactive, typical, waves, typicalWaves, after } = roundTripCells(samples);
        return [
          path,
          interactive,
          Math.round(median(samples.map((sample) => sample.fcp))),
          Math.round(typical.document),
          waves,
          typicalWaves,
          after,
        ];
      });
      lines.push(
        '',
        `Round trips, ${label}: every script response held ${holdMs} ms by the server, nothing else held or throttled (median of ${runs}; ms from navigation; waves of script requests by arrival at the server, a gap over ${holdMs / 2} ms starts a new one)`,
        table(
          [
            'page',
            `interactive (≤${ROUND_TRIP_BOUND_MS})`,
            'FCP',
            'HTML requested',
            'waves per run (1)',
            'script requests before interactive (@ms)',
            'scripts after interactive',
          ],
          rows,
        ),
      );
    }

  if (engineRoundTrips) {
    const rows = Object.entries(engineRoundTrips).flatMap(([, { version, pages }]) =>
      LOADING_PAGES.map((path) => {
        const samples = pages[path];
        const { interactive, waves, typicalWaves, after } = roundTripCells(samples);
        const times = samples.map((sample) => Math.round(sample.interactive));
        const fcps = samples.map((sample) => sample.fcp).filter((fcp) => fcp !== null);
        return [
          path,
          version,
          interactive,
          `${Math.min(...times)}–${Math.max(...times)}`,
          Math.round(median(samples.map((sample) => sample.timeOrigin))),
          fcps.length > 0 ? Math.round(median(fcps)) : '–',
          waves,
          typicalWaves,
          after,
        ];
      }),
    );
    lines.push(
      '',
      `Round trips in Firefox and WebKit, CPU unthrottled (neither can slow its CPU): every script response held ${holdMs} ms by the server, a new origin per load (median of ${runs}; ms from the page's request reaching the server; waves as above)`,
      table(
        [
          'page',
          'engine',
          `interactive (≤${ROUND_TRIP_BOUND_MS})`,
          'range',
          'document clock starts',
          'FCP',
          'waves per run (1)',
          'script requests before interactive (@ms)',
          'scripts after interactive',
        ],
        rows,
      ),
    );
  }

  if (wants('lighthouse')) {
    const lighthouseRows = lighthouseRuns.flatMap(([name]) =>
      LIGHTHOUSE_PAGES.map((path) => {
        const {
          scores,
          metrics,
          runsAt100,
          worstPerformance,
          runs: summaries,
        } = lighthouseResults[name][path];
        return [
          path,
          name,
          median(summaries.map((s) => s.cpuSlowdownMultiplier)),
          ...CATEGORIES.map((id) => scores[id]),
          worstPerformance,
          `${runsAt100}/${runs}`,
          ...['FCP', 'LCP', 'TBT', 'SI'].map((metric) => Math.round(metrics[metric])),
          metrics.CLS.toFixed(3),
        ];
      }),
    );
    const benchmarkIndexes = lighthouseRuns.flatMap(([name]) =>
      LIGHTHOUSE_PAGES.flatMap((path) => lighthouseResults[name][path].runs.map((s) => s.benchmarkIndex)),
    );
    // Lighthouse measures the host's index at each run's start; divided by the run's slowdown it is the
    // phone that run emulated, which drifts from the profile's target when the machine's speed moves.
    const offProfileLines = lighthouseRuns.flatMap(([name, , profileId]) => {
      if (!profileId) return [];
      const { targetIndex } = profileOf(profileId);
      const emulated = LIGHTHOUSE_PAGES.flatMap((path) =>
        lighthouseResults[name][path].runs.map((s, index) => ({
          at: `${path} run ${index + 1}`,
          index: s.benchmarkIndex / s.cpuSlowdownMultiplier,
        })),
      );
      const off = emulated.filter(({ index }) => !isNearTarget(index, targetIndex));
      return [
        `${name}: ${emulated.length - off.length} of ${emulated.length} runs emulated the target phone (each run's BenchmarkIndex ÷ its slowdown within ±${VERIFY_TOLERANCE * 100} % of ${targetIndex})${
          off.length > 0 ? `; off: ${off.map(({ at, index }) => `${at} ${Math.round(index)}`).join(', ')}` : ''
        }`,
      ];
    });
    const failingLines = lighthouseRuns.flatMap(([name]) =>
      LIGHTHOUSE_PAGES.map(
        (path) => `${name} ${path}: ${lighthouseResults[name][path].failingAudits.join(', ') || 'none'}`,
      ),
    );
    const longTaskLines = lighthouseResults['mobile-low-tier']
      ? lighthouseResults['mobile-low-tier']['/'].runs.map(
          ({ longTasks }, index) =>
            `run ${index + 1}: ${
              [...longTasks]
                .sort((a, b) => a.startTime - b.startTime)
                .map((task) => `${task.url} @${Math.round(task.startTime)} ${Math.round(task.duration)} ms`)
                .join(' · ') || 'none'
            }`,
        )
      : [];
    const assertLines = lighthouseRuns.map(([name]) => {
      const { passed, output } = assertions[name];
      if (passed) return `${name}: all assertions passed`;
      const failures = output
        // eslint-disable-next-line no-control-regex -- lhci colours its output with ANSI escapes
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => /failure for|expected|found|http/i.test(line))
        .map((line) => `  ${line.trim()}`);
      return [`${name}: FAILED`, ...failures].join('\n');
    });
    lines.push(
      '',
      `Lighthouse CI (Lighthouse ${lighthouseResults.mobile?.['/'].version ?? lighthouseResults.desktop['/'].version}), median of ${runs} (CPU: Lighthouse's simulated slowdown; scores 0–100, perf worst: the lowest run; perf=100: runs scoring 100; FCP, LCP, TBT, Speed Index in ms)`,
      `Lighthouse's own BenchmarkIndex of this machine: median ${Math.round(median(benchmarkIndexes))} (${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}) over ${benchmarkIndexes.length} runs`,
      ...offProfileLines,
      table(
        [
          'page',
          'run',
          'CPU',
          'perf',
          'a11y',
          'best-pr',
          'SEO',
          'perf worst',
          'perf=100',
          'FCP',
          'LCP',
          'TBT',
          'SI',
          'CLS',
        ],
        lighthouseRows,
      ),
      '',
      'Scored audits below 100 in any run:',
      ...failingLines,
      ...(longTaskLines.length > 0
        ? [
            '',
            `Long tasks on / at the low-tier rate (Lighthouse's long-tasks audit in order of start: script, start @ms, duration; simulated at ${profileOf('low-tier').rate}×):`,
            ...longTaskLines,
          ]
        : []),
      '',
      'lhci assert (lighthouserc.cjs; reports in bench/lhci/<run>/):',
      ...assertLines,
    );
  }
  if (floor) {
    const rows = floor.map(({ variant, rateId, runs: measured }) => {
      const { label, rate } = floorRates.find((candidate) => candidate.id === rateId);
      const scores = measured.map((m) => m.performance);
      const longest = measured.map((m) => Math.max(0, ...m.longTasks));
      return [
        variant,
        `${label} (${rate}×)`,
        median(scores),
        Math.min(...scores),
        ...['TBT', 'FCP', 'LCP'].map((metric) => Math.round(median(measured.map((m) => m[metric])))),
        Math.round(median(longest)),
        Math.round(median(measured.map((m) => m.benchmarkIndex))),
      ];
    });
    lines.push(
      '',
      `Lighthouse floor on / (Lighthouse ${LIGHTHOUSE_VERSION} CLI, mobile, performance only; median of ${runs}, the three pages in turn; ms simulated at the slowdown)`,
      table(
        ['page', 'CPU', 'perf', 'perf worst', 'TBT', 'FCP', 'LCP', 'longest task', 'BenchmarkIndex'],
        rows,
      ),
    );
  }
  if (capacity) {
    const { autocannon, workers, cores, clientOpenFiles, durationS, warmupS } = capacity;
    const rows = capacity.rows.map((row) =>
      row.measured
        ? [
            row.target.path,
            row.connections,
            Math.round(row.answersPerSecond),
            row.p50Ms,
            row.p99Ms,
            `${row.answers} × ${row.target.expectedStatus}`,
            Object.entries(row.otherStatuses)
              .map(([status, count]) => `${count} × ${status}`)
              .join(', ') || '–',
            `${row.errors} (${row.timeouts})`,
            row.serverCpuMsPerResponse.toFixed(3),
            Math.round(1000 / row.serverCpuMsPerResponse),
          ]
        : [row.target.path, row.connections, row.reason, '', '', '', '', '', '', ''],
    );
    const faulty = capacity.rows.filter(
      (row) => row.measured && (row.errors > 0 || Object.keys(row.otherStatuses).length > 0),
    );
    lines.push(
      '',
      `Capacity of nginx sized as in production (worker_processes ${workers.processes}: ${cores} here, worker_connections ${workers.connections}, worker_rlimit_nofile ${workers.openFiles}) on 127.0.0.1, loaded by autocannon ${autocannon} on the same ${cores} cores (keep-alive connections, a browser's Accept-Encoding; ${durationS} s each after a ${warmupS} s warm-up; req/s counts right answers only; latency and CPU in ms; nginx's CPU time over the load and its warm-up, per response; the load generator may open ${clientOpenFiles} files)`,
      table(
        [
          'URL',
          'connections',
          'req/s',
          'p50',
          'p99',
          'right answers',
          'other statuses',
          'errors (timeouts)',
          'nginx CPU per response',
          'req/s per core at that cost',
        ],
        rows,
      ),
      ...faulty.map((row) => {
        const wrong = Object.values(row.otherStatuses).reduce((sum, count) => sum + count, 0);
        return `WARNING: ${row.target.path} at ${row.connections} connections: ${row.errors} of ${row.answers + wrong + row.errors} requests failed without an answer and ${wrong} got a wrong status; its req/s counts right answers only.`;
      }),
    );
  }
  console.log(lines.join('\n'));

  mkdirSync('bench', { recursive: true });
  // A partial run (--only) never replaces the last full bench, which the docs quote.
  const resultsFile = SECTIONS.every((section) => only.includes(section))
    ? 'bench/results.json'
    : 'bench/results.partial.json';
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium: chromeVersion,
        node: process.versions.node,
        loadAverage: { before: loadBefore, after: loadAfter },
        runs,
        interactionRuns,
        calibration: calibration ?? (givenRates ? { fromOption: Object.fromEntries(givenRates) } : undefined),
        profiles,
        bytes: wants('sizes') ? bytes : undefined,
        interactions: wants('interactions') ? interactionRunsData : undefined,
        loading: wants('loading') ? loading : undefined,
        repeatLoading: wants('loading') ? repeatLoading : undefined,
        roundTrips: wants('round-trips')
          ? { holdMs, rates: roundTripRates, pages: roundTrips, engines: engineRoundTrips }
          : undefined,
        sizeLimit: sizeLimit?.results,
        servedJs,
        lighthouse: wants('lighthouse') ? lighthouseResults : undefined,
        lighthouseAssertions: wants('lighthouse') ? assertions : undefined,
        lighthouseFloor: floor,
        capacity,
      },
      null,
      2,
    )}\n`,
  );
  // docs/performance.md's table of the latest full bench is generated from this file.
  if (resultsFile === 'bench/results.json') await writeBenchTable();
  const sizeFailed = sizeLimit !== undefined && sizeLimit.results.some((entry) => !entry.passed);
  const assertFailed = Object.values(assertions).some((assertion) => !assertion.passed);
  if (sizeFailed || assertFailed) process.exitCode = 1;
} finally {
  await server.stop();
}
