/**
 * The calibration section: the CPU slowdown rates at which this machine scores the Lighthouse
 * BenchmarkIndex of each target phone (bench/lib/cpu-calibration.ts), which every later section uses
 * instead of a fixed 4× slowdown, and what each rate scored on verification.
 */
import type { Browser } from '@playwright/test';
import { VERIFY_TOLERANCE, calibrateCpu, type CpuCalibration, type CpuTarget } from '../lib/cpu-calibration.ts';
import { median } from '../lib/median.ts';
import type { Profile } from '../lib/profiles.ts';
import { table } from '../lib/table.ts';

/** Calibrates `targets` in `browser`, each benchmark run logged to stderr (about 35 s). */
export function runCalibration(browser: Browser, targets: readonly CpuTarget[]): Promise<CpuCalibration> {
  process.stderr.write(`CPU calibration (${targets.map((target) => target.id).join(', ')})\n`);
  return calibrateCpu(browser, { targets, log: (line) => process.stderr.write(`  calibration ${line}\n`) });
}

/**
 * The section's printed lines: the fit, the index by rate (median of its runs), each profile's rate
 * and verification, and a warning when a profile missed its target on verification.
 */
export function printCalibration(calibration: CpuCalibration): string[] {
  const { hostIndex, slope, spread, rates, repeats, durationMs, samples } = calibration;
  const perRate = rates
    .map((rate) => {
      const indexes = samples.filter((sample) => sample.rate === rate).map((sample) => sample.index);
      return `${rate}× ${Math.round(median(indexes))}`;
    })
    .join(', ');
  const off = calibration.profiles.filter((profile) => profile.verified === false);
  return [
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
  ];
}

/** The line printed instead when the profiles came from `--cpu-rates`. */
export function printGivenRates(profiles: readonly Profile[]): string[] {
  return [
    '',
    `CPU profiles from --cpu-rates (not calibrated in this run): ${profiles.map((profile) => `${profile.id} ${profile.rate}×`).join(', ')}`,
  ];
}
