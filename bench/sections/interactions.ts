/**
 * The interactions section: the Event Timing duration of every landing and checkout tap, touch, on
 * each CPU profile, median of the journeys, with its phases (bench/lib/interactions.ts), and its ratio
 * to the median of its kind's floor in the same run (`JourneyStep.floor`): how much of the tap is the
 * shop's own work, judged against bench/lib/targets.ts `FLOOR_TARGETS`.
 */
import type { Browser } from '@playwright/test';
import {
  INTERACTIONS,
  JOURNEY,
  runJourney,
  type InteractionSample,
  type JourneyResult,
} from '../lib/interactions.ts';
import { median } from '../lib/median.ts';
import { FLOOR_LABELS } from '../lib/shared-names.ts';
import { profileTitle, type Profile } from '../lib/profiles.ts';
import { table } from '../lib/table.ts';
import { FLOOR_TARGETS, TAP_TARGETS } from '../lib/targets.ts';

/** Each profile's journeys (by profile id), in the order run. */
export type InteractionsResult = Record<string, JourneyResult[]>;

/**
 * Runs `runs` journeys per profile on `origin`, the profiles taking turns within each run so a change
 * in machine load falls on all of them alike.
 */
export async function runInteractions(
  browser: Browser,
  { origin, profiles, runs }: { origin: string; profiles: readonly Profile[]; runs: number },
): Promise<InteractionsResult> {
  const journeys: InteractionsResult = Object.fromEntries(profiles.map((profile) => [profile.id, []]));
  for (let run = 1; run <= runs; run += 1)
    for (const profile of profiles) {
      process.stderr.write(`interactions ${profile.id} (${profile.rate}×) run ${run}/${runs}\n`);
      journeys[profile.id]?.push(await runJourney(browser, origin, { cpuRate: profile.rate }));
    }
  return journeys;
}

/**
 * The section's printed lines: one table per profile, ms, each tap against its profile's bounds and
 * against its floor's median (the floors' own rows leave the floor columns empty).
 */
export function printInteractions(
  journeys: InteractionsResult,
  { profiles, runs }: { profiles: readonly Profile[]; runs: number },
): string[] {
  return profiles.flatMap((profile) => {
    const bounds = TAP_TARGETS.filter((target) => target.profile === profile.id);
    const floorBounds = FLOOR_TARGETS.filter((target) => target.profile === profile.id);
    const samplesOf = (name: string) => (journeys[profile.id] ?? []).flatMap((journey) => journey[name] ?? []);
    const medianOf = (name: string) => median(samplesOf(name).map((sample) => sample.duration));
    const rows = INTERACTIONS.map((name) => {
      const samples = samplesOf(name);
      const pick = (key: Exclude<keyof InteractionSample, 'under16'>) =>
        median(samples.map((sample) => sample[key]));
      const durations = samples.map((sample) => sample.duration);
      const phases = {
        'input delay': pick('inputDelay'),
        processing: pick('processing'),
        presentation: pick('presentation'),
      };
      const slow = Object.entries(phases).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      const duration = pick('duration');
      const floor = JOURNEY.find((step) => step.name === name)?.floor;
      const floorMedian = floor === undefined ? Number.NaN : medianOf(floor);
      // A floor's own row, or a floor this run lacks: nothing to judge against.
      const judged = !Number.isNaN(floorMedian);
      return [
        name,
        `${duration}${samples.every((sample) => sample.under16) ? ' (<16)' : ''}`,
        `${Math.min(...durations)}–${Math.max(...durations)}`,
        judged && floor ? `${FLOOR_LABELS[floor]} ${floorMedian}` : '–',
        judged ? `${(duration / floorMedian).toFixed(2)}×` : '–',
        ...Object.values(phases).map((v) => Math.round(v)),
        Math.round(pick('styleAndLayout')),
        slow,
        ...bounds.map(({ bound }) => (duration <= bound ? 'yes' : 'NO')),
        ...floorBounds.map(({ ratio, slack }) =>
          !judged ? '–' : duration <= ratio * floorMedian + slack ? 'yes' : 'NO',
        ),
      ];
    });
    return [
      '',
      `Interactions on ${profileTitle(profile)}: Event Timing duration, median of ${runs} journey${runs === 1 ? '' : 's'} (ms; touch 412×823; phases are medians too)`,
      table(
        [
          'interaction',
          'duration',
          'range',
          'floor',
          '÷ its floor',
          'input delay',
          'processing',
          'presentation',
          'style+layout',
          'slow phase',
          ...bounds.map(({ bound, kind }) => `≤${bound}${kind ? ` ${kind}` : ''}`),
          ...floorBounds.map(({ ratio, slack }) => `≤${ratio}× floor${slack ? `+${slack}` : ''}`),
        ],
        rows,
      ),
    ];
  });
}
