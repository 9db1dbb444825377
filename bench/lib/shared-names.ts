/**
 * Names the bench's sections write into bench/results.json and bench/docs-table.ts reads back: kept
 * here, in a module with no dependencies, so the docs table loads without the measurements' browsers
 * and bundlers, and a name written twice cannot drift.
 */
import type { EngineName } from '@support/browsers/driver.ts';

/**
 * The interactions' floor rows (bench/lib/interactions.ts measures them; the table leaves them out):
 * a plain button on a blank page, then a React button among as many elements as `/`, alone and with
 * each platform primitive a journey's tap pays for besides React's render.
 */
export const FLOOR_TAP = 'floor: a plain button on a blank page';
export const REACT_FLOOR_TAP = "floor: a React button among as many elements as '/'";
export const REACT_MODAL_FLOOR_TAP = 'floor: the same React button opening a native modal dialog';
export const REACT_CLOSE_MODAL_FLOOR_TAP = 'floor: the same React button closing that modal dialog';
export const REACT_SUBMIT_FLOOR_TAP = 'floor: the same React button submitting a small native form';
export const REACT_IMAGE_FLOOR_TAP = "floor: the same React button swapping an image's source";
/** The floors a journey's tap is judged against: its kind's (bench/lib/interactions.ts `JourneyStep.floor`). */
export type TapFloor =
  | typeof REACT_FLOOR_TAP
  | typeof REACT_MODAL_FLOOR_TAP
  | typeof REACT_CLOSE_MODAL_FLOOR_TAP
  | typeof REACT_SUBMIT_FLOOR_TAP
  | typeof REACT_IMAGE_FLOOR_TAP;
/** What the interactions tables' floor column calls each {@link TapFloor}. */
export const FLOOR_LABELS: Readonly<Record<TapFloor, string>> = {
  [REACT_FLOOR_TAP]: 'React',
  [REACT_MODAL_FLOOR_TAP]: 'dialog open',
  [REACT_CLOSE_MODAL_FLOOR_TAP]: 'dialog close',
  [REACT_SUBMIT_FLOOR_TAP]: 'form submit',
  [REACT_IMAGE_FLOOR_TAP]: 'image swap',
};
/** Every floor row, in the order the tables print them. */
export const FLOORS: readonly string[] = [
  FLOOR_TAP,
  REACT_FLOOR_TAP,
  REACT_MODAL_FLOOR_TAP,
  REACT_CLOSE_MODAL_FLOOR_TAP,
  REACT_SUBMIT_FLOOR_TAP,
  REACT_IMAGE_FLOOR_TAP,
];

/** An engine whose round trips are measured through the engine suite's drivers. */
export type OtherEngine = Exclude<EngineName, 'chromium'>;
/** The engines measured by bench/lib/engine-round-trips.ts (Chromium's by round-trips.ts, with CPU rates). */
export const OTHER_ENGINES: readonly OtherEngine[] = ['firefox', 'webkit'];

/**
 * A Lighthouse CI run: its name (lighthouserc.cjs, bench/lhci/<name>/, bench/results.json), form
 * factor and the CPU profile whose rate it runs at (none: Lighthouse's standard slowdown).
 */
export interface LighthouseRun {
  readonly name: 'mobile' | 'mobile-low-tier' | 'desktop';
  readonly formFactor: 'mobile' | 'desktop';
  readonly profile?: string;
}

/** Lighthouse CI's runs, in order. */
export const LIGHTHOUSE_RUNS: readonly LighthouseRun[] = [
  { name: 'mobile', formFactor: 'mobile' },
  { name: 'mobile-low-tier', formFactor: 'mobile', profile: 'low-tier' },
  { name: 'desktop', formFactor: 'desktop' },
];
