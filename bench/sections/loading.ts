/**
 * The loading section: FCP, LCP and hydration time under real CDP throttling (bench/lib/real-loading.ts)
 * on each CPU profile, on a first visit and on a repeat visit (the service worker installed by an
 * unthrottled visit of '/', the HTTP cache off: bytes from the network and responses from the worker).
 */
import type { Browser } from '@playwright/test';
import { median } from '../lib/median.ts';
import { profileTitle, type Profile } from '../lib/profiles.ts';
import {
  measureRealLoading,
  measureRepeatLoading,
  type LoadTimings,
  type RepeatLoadTimings,
} from '../lib/real-loading.ts';
import { table } from '../lib/table.ts';
import { LOADING_PAGES, LOADING_TARGETS } from '../lib/targets.ts';

/** Samples by profile id, then by page path; ms from navigation start. */
export type ByProfileAndPage<T> = Record<string, Record<string, T[]>>;

/** What the section measured: first visits and repeat visits. */
export interface LoadingResult {
  readonly loading: ByProfileAndPage<LoadTimings>;
  readonly repeatLoading: ByProfileAndPage<RepeatLoadTimings>;
}

/**
 * Loads each page `runs` times per profile on `origin`, a first visit then a repeat visit each time,
 * the profiles taking turns within each run.
 */
export async function runLoading(
  browser: Browser,
  { origin, profiles, runs }: { origin: string; profiles: readonly Profile[]; runs: number },
): Promise<LoadingResult> {
  const loading: ByProfileAndPage<LoadTimings> = Object.fromEntries(profiles.map((profile) => [profile.id, {}]));
  const repeatLoading: ByProfileAndPage<RepeatLoadTimings> = Object.fromEntries(
    profiles.map((profile) => [profile.id, {}]),
  );
  for (const path of LOADING_PAGES)
    for (let run = 1; run <= runs; run += 1)
      for (const profile of profiles) {
        const cpuRate = profile.rate;
        const label = `${path} ${profile.id} (${cpuRate}×) run ${run}/${runs}`;
        process.stderr.write(`real-throttled load ${label}\n`);
        ((loading[profile.id] ??= {})[path] ??= []).push(await measureRealLoading(browser, origin, path, { cpuRate }));
        process.stderr.write(`real-throttled repeat visit ${label}\n`);
        ((repeatLoading[profile.id] ??= {})[path] ??= []).push(
          await measureRepeatLoading(browser, origin, path, { cpuRate }),
        );
      }
  return { loading, repeatLoading };
}

/** The median of `key` over `samples`, rounded (ms, or bytes and counts for a repeat visit's). */
const pick = <K extends string>(samples: readonly Readonly<Record<K, number>>[], key: K): number =>
  Math.round(median(samples.map((sample) => sample[key])));

/** The columns both tables start with, and their cells: each timing's median, ms. */
const TIMING_HEADER = ['page', 'FCP', 'LCP', 'interactive', 'hydrated'];
const timingCells = (path: string, samples: readonly LoadTimings[]) => [
  path,
  ...(['fcp', 'lcp', 'interactive', 'hydrated'] as const).map((key) => pick(samples, key)),
];

/** The section's printed lines: per profile, first visits against the targets, then repeat visits. */
export function printLoading(
  { loading, repeatLoading }: LoadingResult,
  { profiles, runs }: { profiles: readonly Profile[]; runs: number },
): string[] {
  return profiles.flatMap((profile) => {
    const first = (path: string) => loading[profile.id]?.[path] ?? [];
    const rows = LOADING_PAGES.map((path) => {
      const samples = first(path);
      const gap = (key: keyof LoadTimings) => Math.round(median(samples.map((sample) => sample[key] - sample.fcp)));
      return [
        ...timingCells(path, samples),
        ...LOADING_TARGETS.map(({ key, bound }) => `${gap(key)} ${gap(key) <= bound ? 'ok' : 'MISS'}`),
      ];
    });
    const repeatRows = LOADING_PAGES.map((path) => {
      const samples = repeatLoading[profile.id]?.[path] ?? [];
      return [
        ...timingCells(path, samples),
        `${pick(first(path), 'interactive') - pick(samples, 'interactive')}`,
        `${pick(samples, 'networkBytes')}`,
        `${pick(samples, 'fromWorker')}/${pick(samples, 'requests')}`,
      ];
    });
    return [
      '',
      `Real-throttled loading on ${profileTitle(profile)} (CDP: 150 ms latency, 1.6 Mbps down; median of ${runs}; ms from navigation)`,
      table(
        [
          ...TIMING_HEADER,
          ...LOADING_TARGETS.map(({ key, bound }) => `${key === 'lcp' ? 'LCP' : key}−FCP (≤${bound})`),
        ],
        rows,
      ),
      '',
      `Repeat visit on ${profileTitle(profile)}, same network, the service worker installed by a first visit of '/' (HTTP cache off; median of ${runs}; ms from navigation)`,
      table(
        [
          ...TIMING_HEADER,
          'interactive earlier than first visit',
          'bytes from network',
          'from worker / requests',
        ],
        repeatRows,
      ),
    ];
  });
}
