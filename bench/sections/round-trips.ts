/**
 * The round-trips section: `/`, `/checkout` and an unknown path served with every script response
 * held (default 1 s) by the server (bench/lib/round-trips.ts): when the app is interactive, FCP, and
 * the script requests grouped in waves by arrival (target: interactive within
 * {@link ROUND_TRIP_BOUND_MS}, one wave), CPU unthrottled and on the mid-tier profile; then
 * unthrottled in Firefox ESR and WebKitGTK through the engine suite's drivers
 * (bench/lib/engine-round-trips.ts; needs Debian's firefox-esr, webkit2gtk-driver and xvfb, which
 * `npm run test:engines` installs).
 */
import type { Browser } from '@playwright/test';
import {
  measureRoundTripsInEngines,
  type EngineRoundTrips,
  type EngineSample,
} from '../lib/engine-round-trips.ts';
import { median } from '../lib/median.ts';
import { profileTitle, type Profile } from '../lib/profiles.ts';
import { OTHER_ENGINES, type OtherEngine } from '../lib/shared-names.ts';
import { measureRoundTrips, serveWithHeldScripts, type RoundTripSample } from '../lib/round-trips.ts';
import { waitForServer } from '../lib/server.ts';
import { table } from '../lib/table.ts';
import { LOADING_PAGES, ROUND_TRIP_BOUND_MS } from '../lib/targets.ts';

/** A CPU rate Chromium's round trips run at: `rate` a multiplier, `label` its table's title. */
export type RoundTripRate = { readonly id: string; readonly label: string; readonly rate: number } & Partial<Profile>;

/** What the section measured in Chromium: the hold (ms), the rates, samples by rate id then path. */
export interface RoundTripsResult {
  readonly holdMs: number;
  readonly rates: readonly RoundTripRate[];
  readonly pages: Record<string, Record<string, RoundTripSample[]>>;
}

/** The other engines' loads, by engine. */
export type EngineRoundTripsResult = Partial<Record<OtherEngine, EngineRoundTrips>>;

/** Round trips run unthrottled, and on the mid-tier profile when it is one of `profiles`. */
export function roundTripRates(profiles: readonly Profile[]): RoundTripRate[] {
  const midTier = profiles.find((profile) => profile.id === 'mid-tier');
  return [
    { id: 'unthrottled', label: 'CPU unthrottled', rate: 1 },
    ...(midTier ? [{ ...midTier, label: profileTitle(midTier) }] : []),
  ];
}

/**
 * Loads each page `runs` times at each rate in Chromium from a server of `distDir` on `port` that
 * holds every script `holdMs` ms, the rates taking turns within each run.
 */
export async function runRoundTrips(
  browser: Browser,
  {
    distDir,
    port,
    holdMs,
    runs,
    profiles,
  }: { distDir: string; port: number; holdMs: number; runs: number; profiles: readonly Profile[] },
): Promise<RoundTripsResult> {
  const rates = roundTripRates(profiles);
  const pages: RoundTripsResult['pages'] = {};
  const held = await serveWithHeldScripts(distDir, port, holdMs);
  try {
    await waitForServer(`${held.origin}/`);
    for (const path of LOADING_PAGES)
      for (let run = 1; run <= runs; run += 1)
        for (const { id, rate } of rates) {
          process.stderr.write(`round trips ${path} ${id} (${rate}×) run ${run}/${runs}\n`);
          ((pages[id] ??= {})[path] ??= []).push(await measureRoundTrips(browser, held, path, { cpuRate: rate }));
        }
  } finally {
    await held.close();
  }
  return { holdMs, rates, pages };
}

/** The same loads in Firefox and WebKit, unthrottled, once Chromium is closed. */
export function runEngineRoundTrips({
  distDir,
  holdMs,
  runs,
}: {
  distDir: string;
  holdMs: number;
  runs: number;
}): Promise<EngineRoundTripsResult> {
  return measureRoundTripsInEngines(OTHER_ENGINES, distDir, { runs, holdMs, paths: LOADING_PAGES });
}

/**
 * The cells a round-trip table shows for one page's loads: the median interactive time (ms) against
 * the ROUND_TRIP_BOUND_MS target, each load's number of script waves against one, and the waves and
 * late scripts of the load whose interactive time is the median (one real load, not a mix of several).
 */
function roundTripCells<S extends RoundTripSample | EngineSample>(samples: readonly S[]) {
  const interactive = Math.round(median(samples.map((sample) => sample.interactive)));
  const typical = samples.find((sample) => Math.round(sample.interactive) === interactive) ?? samples[0];
  const typicalWaves = typical?.waves ?? [];
  const waves = typicalWaves.map((wave) => `@${Math.round(wave.at)} ${wave.scripts.join(', ')}`).join(' · ');
  return {
    interactive: `${interactive} ${interactive <= ROUND_TRIP_BOUND_MS ? 'ok' : 'MISS'}`,
    typical,
    waves: `${samples.map((sample) => sample.waves.length).join(',')} ${samples.every((sample) => sample.waves.length === 1) ? 'ok' : 'MISS'}`,
    typicalWaves: `${typicalWaves.length} wave${typicalWaves.length === 1 ? '' : 's'}: ${waves}`,
    after: typical?.afterInteractive.join(', ') || '–',
  };
}

/** The lines of Chromium's tables, one per rate (ms from navigation). */
export function printRoundTrips({ holdMs, rates, pages }: RoundTripsResult, { runs }: { runs: number }): string[] {
  return rates.flatMap(({ id, label }) => {
    const rows = LOADING_PAGES.map((path) => {
      const samples = pages[id]?.[path] ?? [];
      const { interactive, typical, waves, typicalWaves, after } = roundTripCells(samples);
      return [
        path,
        interactive,
        Math.round(median(samples.map((sample) => sample.fcp))),
        Math.round(typical?.document ?? Number.NaN),
        waves,
        typicalWaves,
        after,
      ];
    });
    return [
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
    ];
  });
}

/** The lines of Firefox's and WebKit's table (ms from the page's request reaching the server). */
export function printEngineRoundTrips(
  engines: EngineRoundTripsResult,
  { holdMs, runs }: { holdMs: number; runs: number },
): string[] {
  const rows = Object.values(engines).flatMap(({ version, pages }) =>
    LOADING_PAGES.map((path) => {
      const samples = pages[path] ?? [];
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
  return [
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
  ];
}
