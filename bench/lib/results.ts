/**
 * The shape of bench/results.json (bench/results.partial.json for a run with `--only`), as bench/bench.ts
 * writes it: a section not run is left out. bench/docs-table.ts reads it. Times in ms, sizes in bytes,
 * rates are CPU slowdown multipliers, load averages over 1, 5 and 15 min.
 */
import type { CapacityResult } from './capacity.ts';
import type { CpuCalibration } from './cpu-calibration.ts';
import type { FloorEntry } from './lighthouse-floor.ts';
import type { Profile } from './profiles.ts';
import type { InteractionsResult } from '../sections/interactions.ts';
import type { LoadingResult } from '../sections/loading.ts';
import type { LighthouseSectionResult } from '../sections/lighthouse.ts';
import type { EngineRoundTripsResult, RoundTripsResult } from '../sections/round-trips.ts';
import type { SizesResult } from '../sections/sizes.ts';
import type { BenchServer } from './options.ts';

/** bench/results.json. */
export interface BenchResultsFile {
  /** When the run ended, ISO 8601. */
  readonly date: string;
  /** The server of the pages measured (`--server`). */
  readonly server: BenchServer;
  /** `chromium --version`, when a section ran Chromium. */
  readonly chromium: string | undefined;
  readonly node: string;
  readonly loadAverage: { readonly before: readonly number[]; readonly after: readonly number[] };
  readonly runs: number;
  readonly interactionRuns: number;
  /** The calibration, or the rates `--cpu-rates` gave (profile id → multiplier). */
  readonly calibration: CpuCalibration | { readonly fromOption: Record<string, number> } | undefined;
  readonly profiles: readonly Profile[];
  readonly bytes: SizesResult['bytes'] | undefined;
  readonly interactions: InteractionsResult | undefined;
  readonly loading: LoadingResult['loading'] | undefined;
  readonly repeatLoading: LoadingResult['repeatLoading'] | undefined;
  readonly roundTrips: (RoundTripsResult & { readonly engines: EngineRoundTripsResult | undefined }) | undefined;
  readonly sizeLimit: SizesResult['sizeLimit']['results'] | undefined;
  readonly servedJs: SizesResult['servedJs'] | undefined;
  readonly lighthouse: LighthouseSectionResult['results'] | undefined;
  readonly lighthouseAssertions: LighthouseSectionResult['assertions'] | undefined;
  readonly lighthouseFloor: readonly FloorEntry[] | undefined;
  readonly capacity: CapacityResult | undefined;
}
