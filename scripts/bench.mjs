#!/usr/bin/env node
/**
 * `npm run bench`: builds the shop, serves the build like production (scripts/bench/serve.mjs: the
 * precompressed copies, nginx's routes and 404) on 127.0.0.1, and prints in one run:
 * - sizes: the per-page JS budget from size-limit (`.size-limit.cjs`: the `.br` and `.gz` copies nginx
 *   sends, fails on growth); the landing JS as the project's nginx sends it to a brotli browser, a
 *   gzip-only one and one accepting neither, next to the files' figures (scripts/bench/served-js.mjs,
 *   Debian's nginx with deploy/nginx.conf); and the
 *   bytes `/` and `/checkout` load before any interaction (Playwright, fresh cache, 412×823: requests,
 *   HTML, JS, CSS, images; raw and gzip level 6 computed from the decoded bodies);
 * - interactions: Event Timing duration of every landing and checkout tap under 4× CPU with touch,
 *   median of 5 journeys, with its phases (scripts/bench/interactions.mjs);
 * - loading: FCP, LCP and hydration time under real CDP throttling (scripts/bench/real-loading.mjs),
 *   on a first visit and on a repeat visit (the service worker installed by an unthrottled visit of
 *   '/', the HTTP cache off: bytes from the network and responses from the worker);
 * - lighthouse: Lighthouse CI (`lighthouserc.cjs`) mobile and desktop on `/`, `/checkout` and the
 *   not-found page, N runs each (default 5): `lhci collect`, `lhci assert` (the targets in lighthouserc.cjs),
 *   `lhci upload --target=filesystem` (HTML + JSON reports in bench/lhci/<form factor>/); the table
 *   prints medians and how many runs scored 100.
 * Writes everything to `bench/results.json`. Not part of `npm test`: figures depend on machine load
 * (the load average is printed before and after).
 *
 * Usage: node scripts/bench.mjs [--runs 5] [--interaction-runs 5] [--port 4192] [--no-build]
 *        [--only sizes,interactions,loading,lighthouse]
 * (4190 is on the browsers' blocked-port list, hence 4192.)
 * Env: CHROME_PATH (else scripts/find-chromium.sh), BENCH_DIST_DIR (default node_modules/.cache/bench-dist).
 * Exit code: non-zero when the build, the server or a Lighthouse run fails, or when size-limit or a
 * Lighthouse CI assertion fails (all figures are printed first).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { INTERACTIONS, runJourney } from './bench/interactions.mjs';
import { serveDist } from './bench/serve.mjs';
import { measureServedJs } from './bench/served-js.mjs';
import { measureRealLoading, measureRepeatLoading } from './bench/real-loading.mjs';

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
/** Pages Lighthouse CI measures (lighthouserc.cjs): the three prerendered files (404.html as a file: Lighthouse refuses a 404 status). */
const LIGHTHOUSE_PAGES = ['/', '/checkout', '/404.html'];
/** Lighthouse's mobile emulation viewport, used for the byte counts too. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const runs = Number(option('--runs', 5));
const interactionRuns = Number(option('--interaction-runs', 5));
const SECTIONS = ['sizes', 'interactions', 'loading', 'lighthouse'];
const only = option('--only', SECTIONS.join(',')).split(',');
const wants = (section) => only.includes(section);
/** Pages loaded under real throttling: the three prerendered files. */
const LOADING_PAGES = ['/', '/checkout', '/no-such-page'];
const port = Number(option('--port', 4192));
const build = !args.includes('--no-build');
const distDir = process.env.BENCH_DIST_DIR ?? 'node_modules/.cache/bench-dist';
const origin = `http://127.0.0.1:${port}`;

const chromePath = execFileSync('bash', ['scripts/find-chromium.sh'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
const chromeVersion = execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim();
const env = { ...process.env, DIST_DIR: distDir, CHROME_PATH: chromePath };

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
 * Runs `npx lhci <args>` in the project root, asynchronously (the bench's own server must keep
 * answering meanwhile). Output is captured and returned (`lhci assert` prints its failures to
 * stderr); rejects on a non-zero exit unless `allowFailure`.
 * @returns {Promise<{status: number | null, output: string}>}
 */
function lhci(args, lhciEnv, { allowFailure = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['lhci', ...args], { env: lhciEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
 * Runs size-limit (`.size-limit.cjs`) on the build in `distDir` and returns its JSON results: one entry
 * per page budget with `size` (bytes, gzip), `sizeLimit` and `passed`.
 */
function runSizeLimit() {
  const result = spawnSync('npx', ['size-limit', '--json'], { env, encoding: 'utf8' });
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Scores (0–100), metrics (ms; CLS unitless) and the scored audits below 1 of one LHR. */
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
  return { scores, metrics, failing };
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
const server = await serveDist(distDir, port);
const stopServer = () => {
  server.closeAllConnections();
  server.close();
};

try {
  await waitForServer(`${origin}/`);

  const sizeLimit = wants('sizes') ? runSizeLimit() : undefined;
  const servedJs = wants('sizes') ? await measureServedJs(distDir) : undefined;
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  const bytes = {};
  if (wants('sizes')) for (const path of PAGES) bytes[path] = await measureBytes(browser, path);

  const interactionRunsData = [];
  if (wants('interactions'))
    for (let run = 1; run <= interactionRuns; run += 1) {
      process.stderr.write(`interactions run ${run}/${interactionRuns}\n`);
      interactionRunsData.push(await runJourney(browser, origin));
    }

  const loading = {};
  const repeatLoading = {};
  if (wants('loading'))
    for (const path of LOADING_PAGES) {
      loading[path] = [];
      repeatLoading[path] = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stderr.write(`real-throttled load ${path} run ${run}/${runs}\n`);
        loading[path].push(await measureRealLoading(browser, origin, path));
        process.stderr.write(`real-throttled repeat visit ${path} run ${run}/${runs}\n`);
        repeatLoading[path].push(await measureRepeatLoading(browser, origin, path));
      }
    }
  await browser.close();

  const lighthouseResults = { mobile: {}, desktop: {} };
  const assertions = {};
  if (wants('lighthouse'))
    for (const formFactor of ['mobile', 'desktop']) {
      const lhciEnv = {
        ...env,
        LHCI_FORM_FACTOR: formFactor,
        LHCI_RUNS: String(runs),
        BENCH_ORIGIN: origin,
      };
      process.stderr.write(`lhci collect ${formFactor}: ${runs} runs × ${LIGHTHOUSE_PAGES.length} pages\n`);
      await lhci(['collect'], lhciEnv);
      const lhrs = readdirSync('.lighthouseci')
        .filter((name) => /^lhr-.*\.json$/.test(name))
        .map((name) => JSON.parse(readFileSync(`.lighthouseci/${name}`, 'utf8')));
      for (const path of LIGHTHOUSE_PAGES) {
        const summaries = lhrs
          .filter((lhr) => new URL(lhr.requestedUrl).pathname === path)
          .map((lhr) => summarise(lhr));
        lighthouseResults[formFactor][path] = {
          version: lhrs[0]?.lighthouseVersion,
          scores: Object.fromEntries(
            CATEGORIES.map((id) => [id, median(summaries.map((s) => s.scores[id]))]),
          ),
          metrics: Object.fromEntries(
            Object.values(METRICS).map((name) => [name, median(summaries.map((s) => s.metrics[name]))]),
          ),
          runsAt100: summaries.filter((s) => s.scores.performance === 100).length,
          failingAudits: [...new Set(summaries.flatMap((s) => s.failing))].sort(),
          runs: summaries,
        };
      }
      const assert = await lhci(['assert'], lhciEnv, { allowFailure: true });
      assertions[formFactor] = { passed: assert.status === 0, output: assert.output };
      await lhci(['upload'], lhciEnv);
    }
  const loadAfter = loadavg();

  const lines = [];
  const load = (values) => values.map((v) => v.toFixed(2)).join(' ');
  lines.push(
    `Bench ${new Date().toISOString()} · ${chromeVersion} · Node ${process.versions.node} · load average ${load(loadBefore)} → ${load(loadAfter)}`,
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

  if (wants('interactions')) {
    const rows = INTERACTIONS.map((name) => {
      const samples = interactionRunsData.map((run) => run[name]);
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
        duration <= 100 ? 'yes' : 'NO',
      ];
    });
    lines.push(
      '',
      `Interactions: Event Timing duration, median of ${interactionRuns} journeys (ms; touch 412×823, 4× CPU; phases are medians too)`,
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
          '≤100',
        ],
        rows,
      ),
    );
  }

  if (wants('loading')) {
    const rows = LOADING_PAGES.map((path) => {
      const samples = loading[path];
      const pick = (key) => Math.round(median(samples.map((sample) => sample[key])));
      const gap = (key) => Math.round(median(samples.map((sample) => sample[key] - sample.fcp)));
      const [lcpGap, interactiveGap, hydratedGap] = [gap('lcp'), gap('interactive'), gap('hydrated')];
      return [
        path,
        pick('fcp'),
        pick('lcp'),
        pick('interactive'),
        pick('hydrated'),
        `${lcpGap} ${lcpGap <= 100 ? 'ok' : 'MISS'}`,
        `${interactiveGap} ${interactiveGap <= 1500 ? 'ok' : 'MISS'}`,
        `${hydratedGap} ${hydratedGap <= 1500 ? 'ok' : 'MISS'}`,
      ];
    });
    lines.push(
      '',
      `Real-throttled loading (CDP: 150 ms latency, 1.6 Mbps down, 4× CPU; median of ${runs}; ms from navigation)`,
      table(
        [
          'page',
          'FCP',
          'LCP',
          'interactive',
          'hydrated',
          'LCP−FCP (≤100)',
          'interactive−FCP (≤1500)',
          'hydrated−FCP (≤1500)',
        ],
        rows,
      ),
    );
    const repeatRows = LOADING_PAGES.map((path) => {
      const samples = repeatLoading[path];
      const pick = (key) => Math.round(median(samples.map((sample) => sample[key])));
      const first = (key) => Math.round(median(loading[path].map((sample) => sample[key])));
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
      `Repeat visit, same throttling, the service worker installed by a first visit of '/' (HTTP cache off; median of ${runs}; ms from navigation)`,
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

  if (wants('lighthouse')) {
    const lighthouseRows = ['mobile', 'desktop'].flatMap((formFactor) =>
      LIGHTHOUSE_PAGES.map((path) => {
        const { scores, metrics, runsAt100 } = lighthouseResults[formFactor][path];
        return [
          path,
          formFactor,
          ...CATEGORIES.map((id) => scores[id]),
          `${runsAt100}/${runs}`,
          ...['FCP', 'LCP', 'TBT', 'SI'].map((name) => Math.round(metrics[name])),
          metrics.CLS.toFixed(3),
        ];
      }),
    );
    const failingLines = ['mobile', 'desktop'].flatMap((formFactor) =>
      LIGHTHOUSE_PAGES.map(
        (path) =>
          `${formFactor} ${path}: ${lighthouseResults[formFactor][path].failingAudits.join(', ') || 'none'}`,
      ),
    );
    const assertLines = ['mobile', 'desktop'].map((formFactor) => {
      const { passed, output } = assertions[formFactor];
      if (passed) return `${formFactor}: all assertions passed`;
      const failures = output
        // eslint-disable-next-line no-control-regex -- lhci colours its output with ANSI escapes
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => /failure for|expected|found|http/i.test(line))
        .map((line) => `  ${line.trim()}`);
      return [`${formFactor}: FAILED`, ...failures].join('\n');
    });
    lines.push(
      '',
      `Lighthouse CI (Lighthouse ${lighthouseResults.mobile['/'].version}), median of ${runs} (scores 0–100; perf=100: runs scoring 100; FCP, LCP, TBT, Speed Index in ms)`,
      table(
        ['page', 'form', 'perf', 'a11y', 'best-pr', 'SEO', 'perf=100', 'FCP', 'LCP', 'TBT', 'SI', 'CLS'],
        lighthouseRows,
      ),
      '',
      'Scored audits below 100 in any run:',
      ...failingLines,
      '',
      'lhci assert (lighthouserc.cjs; reports in bench/lhci/<form factor>/):',
      ...assertLines,
    );
  }
  console.log(lines.join('\n'));

  mkdirSync('bench', { recursive: true });
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium: chromeVersion,
        node: process.versions.node,
        loadAverage: { before: loadBefore, after: loadAfter },
        runs,
        bytes,
        interactions: interactionRunsData,
        loading,
        repeatLoading,
        sizeLimit: sizeLimit?.results,
        servedJs,
        lighthouse: lighthouseResults,
        lighthouseAssertions: assertions,
      },
      null,
      2,
    )}\n`,
  );
  const sizeFailed = sizeLimit !== undefined && sizeLimit.results.some((entry) => !entry.passed);
  const assertFailed = Object.values(assertions).some((assertion) => !assertion.passed);
  if (sizeFailed || assertFailed) process.exitCode = 1;
} finally {
  stopServer();
}
