/**
 * The bench's targets, read by its sections as they print their tables and by bench/docs-table.ts for
 * docs/performance.md's table, so the two judge a run alike. Times in ms.
 */

/** Pages loaded under real throttling and in the round trips: the three prerendered files. */
export const LOADING_PAGES: readonly string[] = ['/', '/checkout', '/no-such-page'];

/**
 * Each tap's median duration per CPU profile (bench/lib/cpu-calibration.ts's ids): at most `bound`
 * ms; on the low tier 150 ms is required and 100 ms the goal.
 */
export const TAP_TARGETS: ReadonlyArray<{ profile: string; bound: number; kind?: 'required' | 'goal' }> = [
  { profile: 'mid-tier', bound: 100 },
  { profile: 'low-tier', bound: 150, kind: 'required' },
  { profile: 'low-tier', bound: 100, kind: 'goal' },
];

/**
 * Each tap's median duration against the median of its kind's floor, same run, same CPU profile
 * (bench/lib/interactions.ts `JourneyStep.floor`): at most `ratio` × that median plus `slack` ms. On
 * low-tier 1.25×; on mid-tier 1.25× + 8 ms (one step of Event Timing's 8 ms rounding).
 */
export const FLOOR_TARGETS: ReadonlyArray<{ profile: string; ratio: number; slack: number }> = [
  { profile: 'mid-tier', ratio: 1.25, slack: 8 },
  { profile: 'low-tier', ratio: 1.25, slack: 0 },
];

/**
 * Real-throttled loading (bench/lib/real-loading.ts): each figure's median time after the first
 * contentful paint, at most `bound` ms.
 */
export const LOADING_TARGETS: ReadonlyArray<{
  key: 'lcp' | 'interactive' | 'hydrated';
  label: string;
  bound: number;
}> = [
  { key: 'lcp', label: 'LCP after FCP', bound: 100 },
  { key: 'interactive', label: 'interactive after FCP', bound: 1500 },
  { key: 'hydrated', label: 'hydrated after FCP', bound: 1500 },
];

/** Round trips with every script held: interactive within this many ms, in one wave of requests. */
export const ROUND_TRIP_BOUND_MS = 1500;
