/**
 * The lighthouse-floor section: Lighthouse mobile (performance) on `/` of the build, of its pages
 * without their scripts and of a blank page, in turn, at the standard 4× and the low-tier rate (N runs
 * each, bench/lib/lighthouse-floor.ts): what part of a score is the shop's own work, and what the
 * browser costs any page on this machine at that slowdown.
 */
import { bin, packageVersion } from '../lib/bench-package.ts';
import { measureLighthouseFloor, type FloorEntry, type FloorRate } from '../lib/lighthouse-floor.ts';
import { median } from '../lib/median.ts';
import type { Profile } from '../lib/profiles.ts';
import { table } from '../lib/table.ts';

/** Lighthouse's standard mobile slowdown, and the low-tier profile's when it is one of `profiles`. */
export function floorRates(profiles: readonly Profile[]): FloorRate[] {
  const lowTier = profiles.find((profile) => profile.id === 'low-tier');
  return [
    { id: 'standard', label: 'standard mobile', rate: 4 },
    ...(lowTier ? [{ ...lowTier, label: 'low tier' }] : []),
  ];
}

/** Runs the floor with bench/'s own Lighthouse CLI in `chromePath`, `runs` runs per page and rate. */
export function runLighthouseFloor({
  distDir,
  chromePath,
  chromeFlags,
  profiles,
  runs,
}: {
  distDir: string;
  chromePath: string | undefined;
  chromeFlags: readonly string[];
  profiles: readonly Profile[];
  runs: number;
}): Promise<FloorEntry[]> {
  return measureLighthouseFloor({
    distDir,
    lighthouseBin: bin('lighthouse'),
    chromePath,
    chromeFlags,
    rates: floorRates(profiles),
    runs,
    log: (line) => process.stderr.write(`${line}\n`),
  });
}

/**
 * The section's printed lines: per page and rate, medians of the score and of the simulated ms over
 * the runs Lighthouse recorded, with how many it recorded and the codes of those it could not.
 */
export function printLighthouseFloor(
  floor: readonly FloorEntry[],
  { profiles, runs }: { profiles: readonly Profile[]; runs: number },
): string[] {
  const rates = floorRates(profiles);
  const rows = floor.map(({ variant, rateId, runs: measured, failures }) => {
    const rate = rates.find((candidate) => candidate.id === rateId);
    const scores = measured.map((m) => m.performance);
    const longest = measured.map((m) => Math.max(0, ...m.longTasks));
    return [
      variant,
      `${rate?.label} (${rate?.rate}×)`,
      median(scores),
      scores.length > 0 ? Math.min(...scores) : Number.NaN,
      ...(['TBT', 'FCP', 'LCP'] as const).map((metric) => Math.round(median(measured.map((m) => m[metric])))),
      Math.round(median(longest)),
      Math.round(median(measured.map((m) => m.benchmarkIndex ?? Number.NaN))),
      failures.length === 0 ? measured.length : `${measured.length} (${failures.join(', ')})`,
    ];
  });
  return [
    '',
    `Lighthouse floor on / (Lighthouse ${packageVersion('lighthouse')} CLI, mobile, performance only; median of the runs recorded of ${runs}, the three pages in turn; ms simulated at the slowdown)`,
    table(['page', 'CPU', 'perf', 'perf worst', 'TBT', 'FCP', 'LCP', 'longest task', 'BenchmarkIndex', 'runs'], rows),
  ];
}
