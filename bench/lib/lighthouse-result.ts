/**
 * The part of a Lighthouse result (LHR, the JSON a run writes) the bench reads: written here rather
 * than imported from bench/'s own lighthouse, whose types the root's type check may not have installed.
 * Scores 0–1, numeric values in ms (CLS unitless), times simulated at the run's CPU slowdown.
 */
export interface LighthouseResult {
  readonly lighthouseVersion: string;
  readonly requestedUrl: string;
  readonly fetchTime: string;
  readonly categories: Readonly<
    Record<
      string,
      { readonly score: number | null; readonly auditRefs: readonly { id: string; weight: number }[] } | undefined
    >
  >;
  readonly audits: Readonly<
    Record<
      string,
      | {
          readonly score: number | null;
          readonly numericValue?: number;
          readonly details?: { readonly items?: readonly LongTaskItem[] };
        }
      | undefined
    >
  >;
  readonly configSettings?: { readonly throttling?: { readonly cpuSlowdownMultiplier?: number } };
  readonly environment?: { readonly benchmarkIndex?: number };
}

/** One item of the `long-tasks` audit: the script (URL or 'Unattributable'), start and duration, ms. */
export interface LongTaskItem {
  readonly url: string;
  readonly startTime: number;
  readonly duration: number;
}
