/**
 * The floor under the Lighthouse figures: how much of a mobile score is the shop's own work and how
 * much is what the browser does for any page on this machine. Lighthouse's simulation multiplies every
 * main-thread task of the load by its CPU slowdown, the browser's own too (committing the navigation,
 * creating the page's JavaScript context, the first layout), so on a slow or busy machine even an
 * empty page loses points, and figures from different hours cannot be compared.
 *
 * It serves, with the same nginx and deploy/nginx.conf as the bench, two copies beside the build: its
 * pages without their scripts (the prerendered HTML with its inline CSS, images and icons: what a page
 * costs before any JavaScript runs) and a blank page (a heading and a paragraph), then runs Lighthouse
 * mobile (its own CLI, performance only) on `/` of the three in turn, at each CPU slowdown, so machine
 * noise falls on all of them alike.
 *
 * Units: times in ms (simulated at the slowdown), scores 0–100, a rate is a CPU slowdown multiplier.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveWithNginx, type NginxServer } from '../../scripts/hosting/nginx.ts';
import { SERVICE_WORKER_FILE } from '../../src/lib/shared-names.ts';
import type { LighthouseResult } from './lighthouse-result.ts';

/** The pages of a build, each served as `<page>`, `.br` and `.gz`. */
const PAGES = ['index.html', 'checkout.html', '404.html'];

/** A page with nothing but a heading and a paragraph. */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head><body><h1>Blank</h1><p>A heading and a paragraph.</p></body></html>';

/** `html` without any script that runs: inline and module scripts go, JSON-LD data stays. */
const withoutScripts = (html: string): string =>
  html.replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '');

/** A copy of `distDir` whose pages run no script (their compressed copies and the worker removed). */
function copyWithoutScripts(distDir: string, dir: string): void {
  cpSync(distDir, dir, { recursive: true });
  for (const page of PAGES) {
    writeFileSync(join(dir, page), withoutScripts(readFileSync(join(dir, page), 'utf8')));
    for (const compressed of ['.br', '.gz']) rmSync(join(dir, page + compressed), { force: true });
  }
  for (const suffix of ['', '.br', '.gz']) rmSync(join(dir, SERVICE_WORKER_FILE + suffix), { force: true });
}

/**
 * One Lighthouse run: performance score (0–100), TBT, FCP and LCP (ms), the long tasks' durations
 * (ms), all simulated at the slowdown, and the machine's BenchmarkIndex during the run.
 */
export interface FloorRun {
  readonly performance: number;
  readonly TBT: number;
  readonly FCP: number;
  readonly LCP: number;
  readonly longTasks: readonly number[];
  readonly benchmarkIndex: number | undefined;
}

/**
 * One variant of the floor at one CPU rate (`rateId`: a {@link FloorRate}'s id), its runs and the
 * runs Lighthouse could not record (`failures`: its runtime error's code per run, e.g. `NO_NAVSTART`).
 */
export interface FloorEntry {
  readonly variant: string;
  readonly rateId: string;
  readonly runs: FloorRun[];
  readonly failures: string[];
}

/** Lighthouse's report of a run it could not record, e.g. `Runtime error encountered: … (NO_NAVSTART)`. */
const RUNTIME_ERROR = /Runtime error encountered: .*\((\w+)\)/;

/** A run Lighthouse could not record (see {@link FloorEntry}), thrown by {@link runLighthouse}. */
class LighthouseRuntimeError extends Error {
  constructor(readonly code: string) {
    super(`Lighthouse runtime error ${code}`);
  }
}

/** A CPU slowdown the floor runs at: `rate` a multiplier, `label` its name in the table. */
export interface FloorRate {
  readonly id: string;
  readonly label: string;
  readonly rate: number;
}

/**
 * One Lighthouse run of `url` at `rate`× CPU (see {@link FloorRun}).
 * @throws {@link LighthouseRuntimeError} when Lighthouse could not record the run (a trace without
 *   its navigation start, say); an `Error` when it fails otherwise.
 */
function runLighthouse(
  lighthouseBin: string,
  url: string,
  rate: number,
  chromePath: string | undefined,
  chromeFlags: readonly string[],
): FloorRun {
  const result = spawnSync(
    lighthouseBin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance',
      `--throttling.cpuSlowdownMultiplier=${rate}`,
      `--chrome-flags=--headless=new ${chromeFlags.join(' ')}`,
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromePath } },
  );
  if (result.status !== 0) {
    const code = RUNTIME_ERROR.exec(result.stderr)?.[1];
    if (code) throw new LighthouseRuntimeError(code);
    throw new Error(`lighthouse ${url} exited with ${result.status}: ${result.stderr}`);
  }
  const lhr = JSON.parse(result.stdout) as LighthouseResult;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    TBT: metric('total-blocking-time'),
    FCP: metric('first-contentful-paint'),
    LCP: metric('largest-contentful-paint'),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => Math.round(task.duration)),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * Runs the floor (see the module comment): `runs` rounds, each running every slowdown of `rates` on
 * the build, its pages without scripts and the blank page, in that order; `log` gets a line per run.
 * A run Lighthouse could not record is kept as a failure (its code logged), not run again: the
 * medians are of the runs it recorded, and the table says how many.
 * @throws when nginx cannot serve a variant or a Lighthouse run fails otherwise
 */
export async function measureLighthouseFloor({
  distDir,
  lighthouseBin,
  chromePath,
  chromeFlags,
  rates,
  runs,
  log,
}: {
  distDir: string;
  lighthouseBin: string;
  chromePath: string | undefined;
  chromeFlags: readonly string[];
  rates: readonly FloorRate[];
  runs: number;
  log: (line: string) => void;
}): Promise<FloorEntry[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'pet-ball-floor-'));
  const servers: NginxServer[] = [];
  try {
    copyWithoutScripts(distDir, join(scratch, 'no-scripts'));
    const blankDir = join(scratch, 'blank');
    mkdirSync(blankDir);
    writeFileSync(join(blankDir, 'index.html'), BLANK_PAGE);
    const variants: [variant: string, dir: string][] = [
      ['the shop as built', distDir],
      ['its pages without scripts', join(scratch, 'no-scripts')],
      ['a blank page', blankDir],
    ];
    const results: (FloorEntry & { origin: string })[] = [];
    for (const [variant, dir] of variants) {
      const server = await serveWithNginx(dir);
      servers.push(server);
      for (const { id } of rates)
        results.push({ variant, rateId: id, origin: server.baseURL, runs: [], failures: [] });
    }
    for (let run = 1; run <= runs; run += 1)
      for (const { id, rate } of rates)
        for (const entry of results.filter((candidate) => candidate.rateId === id)) {
          log(`lighthouse floor: ${entry.variant}, ${id} (${rate}×), run ${run}/${runs}`);
          try {
            entry.runs.push(runLighthouse(lighthouseBin, `${entry.origin}/`, rate, chromePath, chromeFlags));
          } catch (error) {
            if (!(error instanceof LighthouseRuntimeError)) throw error;
            log(`  ${error.message}: the run is left out`);
            entry.failures.push(error.code);
          }
        }
    return results.map(({ variant, rateId, runs: measured, failures }) => ({
      variant,
      rateId,
      runs: measured,
      failures,
    }));
  } finally {
    for (const server of servers) await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
