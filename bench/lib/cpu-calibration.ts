/**
 * CPU profiles calibrated to the machine, as Chrome DevTools calibrates its CPU throttling presets
 * (devtools-frontend `front_end/panels/mobile_throttling/CalibrationController.ts`): instead of a fixed
 * slowdown, which emulates a different phone on every machine, find the `Emulation.setCPUThrottlingRate`
 * rate at which this machine scores a phone's Lighthouse BenchmarkIndex (Lighthouse
 * `core/lib/page-functions.js` `computeBenchmarkIndex`, imported here from the installed lighthouse
 * package; background in Lighthouse `docs/throttling.md`).
 *
 * DevTools bisects between two rates with one benchmark run per rate. On a busy 2-core machine one
 * run is noisy (the same rate-1 index read 1448, then 2698), so a bisection wanders. This module
 * measures the index at several rates, several times each in shuffled order, fits
 * log(index) = a + b·log(rate) with the Theil–Sen estimator (median of the pairwise slopes, so a few
 * disturbed runs do not move it), solves for each target's rate, then runs the benchmark again at each
 * chosen rate to report what it actually scores.
 *
 * Units: a rate is a CPU slowdown multiplier (1 = unthrottled, 4 = four times slower); an index is
 * Lighthouse's unitless BenchmarkIndex (higher is faster); times are ms.
 */
import type { Browser } from '@playwright/test';
import { newBenchContext } from './browser-context.ts';

/**
 * Lighthouse's page functions, from bench/'s own lighthouse: imported when a calibration runs, not
 * on import, so the pure parts load (and type-check) without bench/'s packages installed.
 */
const PAGE_FUNCTIONS = 'lighthouse/core/lib/page-functions.js';

/**
 * A device to emulate: `id` names it on the command line and in bench/results.json, `label` in the
 * printed tables, `targetIndex` is the Lighthouse BenchmarkIndex that DevTools' calibration aims at.
 */
export interface CpuTarget {
  readonly id: string;
  readonly label: string;
  readonly targetIndex: number;
}

/**
 * The two targets of DevTools' calibration (`midScore`, `lowScore` in CalibrationController.ts):
 * a mid-tier phone (Pixel 5 class, BenchmarkIndex 1000) and a low-tier phone (Moto G Power 2022,
 * BenchmarkIndex 264: the phone Lighthouse's mobile audit emulates).
 */
export const CPU_TARGETS: readonly CpuTarget[] = Object.freeze([
  { id: 'mid-tier', label: 'mid-tier mobile (Pixel 5 class)', targetIndex: 1000 },
  { id: 'low-tier', label: 'low-tier mobile (Moto G Power 2022)', targetIndex: 264 },
]);

/**
 * One benchmark run: the CPU `rate` it ran at, the BenchmarkIndex it scored, and `order`, its place
 * among the fit's runs (0 = first after the warm-up).
 */
export interface BenchmarkSample {
  readonly rate: number;
  readonly index: number;
  readonly order: number;
}

/**
 * A calibrated profile: the target, the `rate` (multiplier, 2 decimals: Chromium's throttling works
 * to hundredths) that the fit says scores `targetIndex`, and what the benchmark scored at that rate on
 * verification: `verifiedRuns` (each run's index) and their median `verifiedIndex` (`null` when
 * verification was skipped); `verified`: that median is within {@link VERIFY_TOLERANCE} of the target
 * (`null` when skipped). `clamped` is true when the host is slower than the target, so the rate was
 * held at 1.
 */
export interface CpuProfile extends CpuTarget {
  rate: number;
  verifiedIndex: number | null;
  verifiedRuns: number[];
  verified: boolean | null;
  clamped: boolean;
}

/**
 * What {@link calibrateCpu} returns.
 * - `hostIndex.fitted`: the fit's index at rate 1; `hostIndex.measured`: the median of the raw
 *   rate-1 runs; `hostIndex.warmUp`: the discarded first run.
 * - `slope`: b in log(index) = a + b·log(rate) (−1 would be "index inversely proportional to the
 *   rate"); `intercept`: a (natural log).
 * - `spread`: the median absolute residual of the fit, as a fraction (0.05 = runs sit within about 5 %
 *   of the line, half of them closer).
 * - `samples`: every run of the fit, in the order run; `profiles`: one per target;
 * - `durationMs`: wall time of the whole calibration.
 */
export interface CpuCalibration {
  readonly hostIndex: { readonly fitted: number; readonly measured: number; readonly warmUp: number };
  readonly slope: number;
  readonly intercept: number;
  readonly spread: number;
  readonly rates: readonly number[];
  readonly repeats: number;
  readonly samples: readonly BenchmarkSample[];
  readonly profiles: readonly CpuProfile[];
  readonly durationMs: number;
}

/**
 * How far (as a fraction of the target) a profile's verified index may be from its target before the
 * calibration is reported as off: the machine's speed then changed between the fit and the
 * verification, or the fit is poor.
 */
export const VERIFY_TOLERANCE = 0.2;

/**
 * True when a BenchmarkIndex stands for the target phone: within {@link VERIFY_TOLERANCE} of
 * `targetIndex` (both unitless Lighthouse indexes).
 */
export const isNearTarget = (index: number, targetIndex: number): boolean =>
  Math.abs(index - targetIndex) <= VERIFY_TOLERANCE * targetIndex;

/** The CPU rates (multipliers) the fit samples by default. */
export const DEFAULT_RATES: readonly number[] = Object.freeze([1, 1.5, 2, 3, 4, 5, 6, 8]);

/**
 * The middle value of `values`, the mean of the two middle ones for an even count (NaN for none): the
 * fit's median, which unlike the bench's tables (bench/lib/median.ts) splits an even count.
 */
function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[half] ?? Number.NaN;
  return ((sorted[half - 1] ?? Number.NaN) + (sorted[half] ?? Number.NaN)) / 2;
}

/** Fisher–Yates shuffle of a copy of `values`. */
function shuffled<T>(values: readonly T[]): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A fit of log(index) = intercept + slope·log(rate) (natural logs) and its spread. */
export interface LogLogFit {
  readonly slope: number;
  readonly intercept: number;
  readonly spread: number;
}

/**
 * Theil–Sen fit of log(index) = intercept + slope·log(rate): the slope is the median of the slopes
 * between every two samples at different rates, the intercept the median of log(index) − slope·log(rate).
 * @returns natural logs; `spread` as in {@link CpuCalibration}
 * @throws when the samples are not at two different rates at least
 */
export function fitLogLog(samples: readonly Pick<BenchmarkSample, 'rate' | 'index'>[]): LogLogFit {
  const points = samples.map(({ rate, index }): [number, number] => [Math.log(rate), Math.log(index)]);
  const slopes: number[] = [];
  for (const [i, [xi, yi]] of points.entries())
    for (const [xj, yj] of points.slice(i + 1)) if (xi !== xj) slopes.push((yj - yi) / (xj - xi));
  if (slopes.length === 0) throw new Error('the fit needs samples at two different rates at least');
  const slope = middle(slopes);
  const intercept = middle(points.map(([x, y]) => y - slope * x));
  const spread = Math.expm1(middle(points.map(([x, y]) => Math.abs(y - (intercept + slope * x)))));
  return { slope, intercept, spread };
}

/**
 * The rate (multiplier) at which the fit scores `targetIndex`, rounded to 2 decimals, at least 1;
 * `clamped` when the host is slower than the target.
 */
export function rateForIndex(
  { slope, intercept }: Pick<LogLogFit, 'slope' | 'intercept'>,
  targetIndex: number,
): { rate: number; clamped: boolean } {
  const rate = Math.exp((Math.log(targetIndex) - intercept) / slope);
  return rate < 1 ? { rate: 1, clamped: true } : { rate: Math.round(rate * 100) / 100, clamped: false };
}

/**
 * Calibrates CPU slowdown rates for `targets` on this machine, in a fresh about:blank page of
 * `browser` (the bench's Playwright Chromium): one warm-up run at rate 1 (discarded: V8 optimises the
 * benchmark), then `repeats` runs at each of `rates` in shuffled order, the fit, then `verifyRuns` runs
 * at each profile's rate (the profiles taking turns) whose median is reported as `verifiedIndex`.
 * Each benchmark run takes about 1000 ms of wall time (Lighthouse's benchmark: two 500 ms loops),
 * whatever the rate, so the defaults take about 35 s. `log` receives one line per run (default: none).
 * @throws when a benchmark run fails in the page
 */
export async function calibrateCpu(
  browser: Browser,
  {
    rates = DEFAULT_RATES,
    repeats = 3,
    verifyRuns = 3,
    targets = CPU_TARGETS,
    log = () => {},
  }: {
    rates?: readonly number[];
    repeats?: number;
    verifyRuns?: number;
    targets?: readonly CpuTarget[];
    log?: (line: string) => void;
  } = {},
): Promise<CpuCalibration> {
  const started = Date.now();
  const { pageFunctions } = (await import(PAGE_FUNCTIONS)) as {
    pageFunctions: { computeBenchmarkIndex: () => number };
  };
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const expression = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  /** Runs Lighthouse's benchmark once at `rate` and returns its BenchmarkIndex. */
  const benchmark = async (rate: number): Promise<number> => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const evaluation = { expression, returnByValue: true };
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', evaluation);
    const value: unknown = result.value;
    if (exceptionDetails || typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`benchmark at ${rate}×: ${exceptionDetails?.text ?? String(value)}`);
    return value;
  };
  try {
    await page.goto('about:blank');
    const warmUp = await benchmark(1);
    log(`warm-up at 1×: ${Math.round(warmUp)}`);
    const plan = shuffled(rates.flatMap((rate) => Array.from({ length: repeats }, () => rate)));
    const samples: BenchmarkSample[] = [];
    for (const [order, rate] of plan.entries()) {
      const index = await benchmark(rate);
      samples.push({ rate, index, order });
      log(`run ${order + 1}/${plan.length} at ${rate}×: ${Math.round(index)}`);
    }
    const fit = fitLogLog(samples);
    const profiles = targets.map((target): CpuProfile => ({
      ...target,
      ...rateForIndex(fit, target.targetIndex),
      verifiedIndex: null,
      verifiedRuns: [],
      verified: null,
    }));
    for (let run = 0; run < verifyRuns; run += 1)
      for (const profile of profiles) {
        const index = await benchmark(profile.rate);
        profile.verifiedRuns.push(index);
        log(`verify ${profile.id} at ${profile.rate}× (${run + 1}/${verifyRuns}): ${Math.round(index)}`);
      }
    for (const profile of profiles)
      if (profile.verifiedRuns.length > 0) {
        profile.verifiedIndex = middle(profile.verifiedRuns);
        profile.verified = isNearTarget(profile.verifiedIndex, profile.targetIndex);
      }
    const atRate1 = samples.filter((sample) => sample.rate === 1).map((sample) => sample.index);
    return {
      hostIndex: {
        fitted: Math.exp(fit.intercept),
        measured: atRate1.length > 0 ? middle(atRate1) : NaN,
        warmUp,
      },
      ...fit,
      rates: [...rates],
      repeats,
      samples,
      profiles,
      durationMs: Date.now() - started,
    };
  } finally {
    await context.close();
  }
}
