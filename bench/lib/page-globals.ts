/**
 * What the bench's init scripts leave on a measured page's `window`, for the functions it runs there
 * through `page.evaluate` (times in ms from navigation start unless said otherwise). Set only in the
 * bench's pages, hence optional.
 */

/** One Event Timing entry of an interaction (bench/lib/interactions.ts), ms. */
export interface EventEntry {
  readonly interactionId: number;
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
  readonly processingStart: number;
  readonly processingEnd: number;
}

/** One long animation frame (over 50 ms), ms; `forcedStyleAndLayout` summed over its scripts. */
export interface FrameEntry {
  readonly startTime: number;
  readonly duration: number;
  readonly styleAndLayoutStart: number;
  readonly renderStart: number;
  readonly blockingDuration: number;
  readonly forcedStyleAndLayout: number;
}

/** Paint and readiness times of one load (bench/lib/real-loading.ts), ms; NaN until seen. */
export interface LoadingMarks {
  fcp: number;
  lcp: number;
  interactive: number;
}

declare global {
  interface Window {
    /** The interaction bench's Event Timing and long-animation-frame entries. */
    __bench?: { events: EventEntry[]; frames: FrameEntry[] };
    /** When the page was first seen hydrated (`performance.now()`). */
    __hydratedAt?: number;
    /** The loading sections' paint and readiness times. */
    __loading?: LoadingMarks;
    /** Firefox's and WebKit's round trips: when the app said it was ready, ms since the epoch. */
    __benchTiming?: { ready: number | null };
  }
}
