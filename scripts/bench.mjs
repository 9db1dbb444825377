#!/usr/bin/env node
/**
 * `npm run bench`: builds the shop, serves the build with `vite preview` on 127.0.0.1, and measures `/`
 * and `/checkout`:
 * - bytes loaded before interaction (page load plus network idle, mobile viewport 412×823, fresh
 *   cache): HTML, JS, CSS and images, raw and gzip (level 6, computed from the decoded bodies), and the
 *   request count, read from Chromium's network events through Playwright;
 * - Lighthouse 12 (mobile default with simulated throttling, and desktop `--preset=desktop`), median of
 *   N runs (default 3) per score and per metric, each run in a fresh Chromium.
 * Prints a table and writes `bench/results.json`. Not part of `npm test`: scores depend on machine load.
 *
 * Usage: node scripts/bench.mjs [--runs 3] [--port 4192] [--no-build]
 * (4190 is on the browsers' blocked-port list, hence 4192.)
 * Env: CHROME_PATH (else scripts/find-chromium.sh), BENCH_DIST_DIR (default node_modules/.cache/bench-dist).
 * Exit code: non-zero when the build, the server or a Lighthouse run fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

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
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];
/** Lighthouse's mobile emulation viewport, used for the byte counts too. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const runs = Number(option('--runs', 3));
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

/** One Lighthouse run of `path` in a fresh Chromium; returns Lighthouse's result (LHR). */
async function runLighthouse(path, formFactor) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      origin + path,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
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
const server = spawn(
  'npx',
  ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
  {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', stopServer);

try {
  await waitForServer(`${origin}/`);

  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.slice(1) });
  const bytes = {};
  for (const path of PAGES) bytes[path] = await measureBytes(browser, path);
  await browser.close();

  const lighthouseResults = { mobile: {}, desktop: {} };
  for (const formFactor of ['mobile', 'desktop']) {
    for (const path of PAGES) {
      const summaries = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stderr.write(`lighthouse ${formFactor} ${path} run ${run}/${runs}\n`);
        summaries.push(summarise(await runLighthouse(path, formFactor)));
      }
      lighthouseResults[formFactor][path] = {
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(summaries.map((s) => s.scores[id]))])),
        metrics: Object.fromEntries(
          Object.values(METRICS).map((name) => [name, median(summaries.map((s) => s.metrics[name]))]),
        ),
        failingAudits: [...new Set(summaries.flatMap((s) => s.failing))].sort(),
        runs: summaries,
      };
    }
  }
  const loadAfter = loadavg();

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
  const lighthouseRows = ['mobile', 'desktop'].flatMap((formFactor) =>
    PAGES.map((path) => {
      const { scores, metrics } = lighthouseResults[formFactor][path];
      return [
        path,
        formFactor,
        ...CATEGORIES.map((id) => scores[id]),
        ...['FCP', 'LCP', 'TBT', 'SI'].map((name) => Math.round(metrics[name])),
        metrics.CLS.toFixed(3),
      ];
    }),
  );
  const failingLines = ['mobile', 'desktop'].flatMap((formFactor) =>
    PAGES.map(
      (path) =>
        `${formFactor} ${path}: ${lighthouseResults[formFactor][path].failingAudits.join(', ') || 'none'}`,
    ),
  );

  const load = (values) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(
    [
      `Bench ${new Date().toISOString()} · ${chromeVersion} · Node ${process.versions.node} · load average ${load(loadBefore)} → ${load(loadAfter)}`,
      '',
      'Bytes loaded before interaction (kB raw / kB gzip, 1 kB = 1000 bytes; mobile viewport 412×823)',
      table(['page', 'requests', 'HTML', 'JS', 'CSS', 'images', 'other', 'total'], byteRows),
      '',
      `Lighthouse 12.8.2, median of ${runs} (scores 0–100; FCP, LCP, TBT, Speed Index in ms)`,
      table(
        ['page', 'form', 'perf', 'a11y', 'best-pr', 'SEO', 'FCP', 'LCP', 'TBT', 'SI', 'CLS'],
        lighthouseRows,
      ),
      '',
      'Scored audits below 100 in any run:',
      ...failingLines,
    ].join('\n'),
  );

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
        lighthouse: lighthouseResults,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  stopServer();
}
