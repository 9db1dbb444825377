/**
 * `npm run bench`'s command line (bench/bench.ts's header lists the flags): parsed once, checked, and
 * handed to the sections as one typed value.
 */
import { resolve } from 'node:path';
import { CPU_TARGETS, type CpuTarget } from './cpu-calibration.ts';
import { profileId } from './profiles.ts';
import { DEFAULT_HOLD_MS } from './round-trips.ts';

/** The bench's sections, in the order they run and print. */
export const SECTIONS = [
  'calibration',
  'sizes',
  'interactions',
  'loading',
  'lighthouse',
  'lighthouse-floor',
  'round-trips',
  'capacity',
] as const;

/** One of {@link SECTIONS}. */
export type Section = (typeof SECTIONS)[number];

/** The sections that run on the CPU profiles. */
const PROFILED: readonly Section[] = ['interactions', 'loading', 'lighthouse', 'lighthouse-floor', 'round-trips'];

/**
 * The bench's server: production's nginx with deploy/nginx.conf, or a plain static host with gzip
 * only (bench/lib/static-server.ts).
 */
export const SERVERS = ['nginx', 'serve'] as const;

/** One of {@link SERVERS}. */
export type BenchServer = (typeof SERVERS)[number];

/** What the command line asked for. Times in ms; rates are CPU slowdown multipliers. */
export interface BenchOptions {
  /** Runs per page and profile of every section but the interactions (`--runs`, default 5). */
  readonly runs: number;
  /** Journeys per profile (`--interaction-runs`, default 5). */
  readonly interactionRuns: number;
  /** The hold of every script in the round trips (`--hold-ms`), ms. */
  readonly holdMs: number;
  /** The sections to run (`--only`, default all). */
  readonly only: readonly Section[];
  /** The bench's server port (`--port`, default 4192; round trips serve on the next one). */
  readonly port: number;
  /** The server of the pages measured (`--server`, default nginx). */
  readonly server: BenchServer;
  /** Build first (no `--no-build`). */
  readonly build: boolean;
  /** The build measured: BENCH_DIST_DIR, default node_modules/.cache/bench-dist, absolute. */
  readonly distDir: string;
  /** The CPU profiles' targets (`--profiles`, default every one). */
  readonly targets: readonly CpuTarget[];
  /** `--cpu-rates`: profile id → rate, when given (then no calibration runs). */
  readonly givenRates: ReadonlyMap<string, number> | undefined;
}

/**
 * Parses `args` (process.argv without node and the script) and `env`.
 * @throws on an unknown section, profile or server, a rate below 1, or `--cpu-rates` missing a listed
 *   profile
 */
export function parseOptions(args: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const only = (option('--only') ?? SECTIONS.join(',')).split(',').map((name) => {
    const section = SECTIONS.find((candidate) => candidate === name);
    if (!section) throw new Error(`--only: unknown section ${name} (${SECTIONS.join(', ')})`);
    return section;
  });
  const server = SERVERS.find((candidate) => candidate === (option('--server') ?? 'nginx'));
  if (!server) throw new Error(`--server: ${option('--server')} is not one of ${SERVERS.join(', ')}`);
  const profileIds = (option('--profiles') ?? CPU_TARGETS.map((target) => target.id).join(','))
    .split(',')
    .map(profileId);
  const targets = CPU_TARGETS.filter((target) => profileIds.includes(target.id));
  const given = option('--cpu-rates');
  const givenRates = given
    ? new Map(
        given.split(',').map((pair): [string, number] => {
          const [name = '', value] = pair.split('=');
          const rate = Number(value);
          if (!(rate >= 1)) throw new Error(`--cpu-rates: ${pair} is not <profile>=<multiplier ≥ 1>`);
          return [profileId(name), rate];
        }),
      )
    : undefined;
  if (givenRates)
    for (const target of targets)
      if (!givenRates.has(target.id))
        throw new Error(`--cpu-rates gives no rate for ${target.id} (or leave it out of --profiles)`);
  return {
    runs: Number(option('--runs') ?? 5),
    interactionRuns: Number(option('--interaction-runs') ?? 5),
    holdMs: Number(option('--hold-ms') ?? DEFAULT_HOLD_MS),
    only,
    port: Number(option('--port') ?? 4192),
    server,
    build: !args.includes('--no-build'),
    distDir: resolve(env['BENCH_DIST_DIR'] ?? 'node_modules/.cache/bench-dist'),
    targets,
    givenRates,
  };
}

/** Whether `options` list `section`. */
export const wants = (options: BenchOptions, section: Section): boolean => options.only.includes(section);

/** Whether a listed section runs on the CPU profiles (so they must be calibrated or given). */
export const needsProfiles = (options: BenchOptions): boolean =>
  PROFILED.some((section) => wants(options, section));

/** Whether the CPU calibration runs: listed, or needed by a section and no `--cpu-rates` given. */
export const calibrates = (options: BenchOptions): boolean =>
  !options.givenRates && (wants(options, 'calibration') || needsProfiles(options));

/** Every section but capacity (a load generator against nginx) runs Chromium. */
export const needsChromium = (options: BenchOptions): boolean =>
  SECTIONS.some((section) => section !== 'capacity' && wants(options, section));

/** Whether every section runs: a full bench, whose results replace bench/results.json. */
export const isFullRun = (options: BenchOptions): boolean =>
  SECTIONS.every((section) => wants(options, section));
