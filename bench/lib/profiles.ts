/**
 * The CPU profiles the bench's sections run on: a {@link CpuTarget} and the CPU slowdown rate (a
 * multiplier) that emulates it on this machine, calibrated in this run or given by `--cpu-rates`.
 */
import { CPU_TARGETS, type CpuCalibration, type CpuTarget } from './cpu-calibration.ts';

/** A CPU profile as the sections use it and bench/results.json holds it; `rate` a multiplier. */
export interface Profile extends CpuTarget {
  readonly rate: number;
}

/**
 * `mid` → `mid-tier`, `low` → `low-tier`; anything else must be a target's id.
 * @throws when `name` names no target of {@link CPU_TARGETS}
 */
export function profileId(name: string): string {
  const id = CPU_TARGETS.some((target) => target.id === name) ? name : `${name}-tier`;
  if (!CPU_TARGETS.some((target) => target.id === id))
    throw new Error(`unknown CPU profile ${name} (${CPU_TARGETS.map((target) => target.id).join(', ')})`);
  return id;
}

/**
 * The profiles of `targets`, at the rates `givenRates` gives (profile id → multiplier) or else the
 * calibration's; none when there is neither.
 */
export function resolveProfiles(
  targets: readonly CpuTarget[],
  calibration: CpuCalibration | undefined,
  givenRates: ReadonlyMap<string, number> | undefined,
): Profile[] {
  if (givenRates)
    return targets.map((target) => ({ ...target, rate: givenRates.get(target.id) ?? Number.NaN }));
  if (!calibration) return [];
  return targets.map((target) => ({
    ...target,
    rate: calibration.profiles.find((profile) => profile.id === target.id)?.rate ?? Number.NaN,
  }));
}

/** A profile's name above its tables, e.g. `mid-tier mobile (Pixel 5 class), 1.67× CPU`. */
export const profileTitle = (profile: Profile): string => `${profile.label}, ${profile.rate}× CPU`;
