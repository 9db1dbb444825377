/**
 * The latest runs of the covering paths and the sessions, per engine, as their run records
 * (tests/support/model/run-record.ts) left them, and what they say of each coverage item, transition
 * pair and temporal property: covered by tests that passed, reached by a failing test's failing step,
 * not reached, or not run in that engine.
 */
import type { EngineName } from '@support/browsers/driver';
import { latestRunRecord, type RunRecord } from '@support/model/run-record';

/** The engines the browser suites run in, in the report's column order. */
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** What one engine's runs say of an item: `failed` wins over `passed`. */
export type Status = 'passed' | 'failed' | 'missed' | 'not-run';

/** An engine's latest record of each kind (null: that kind did not run there), with its file. */
export interface EngineRuns {
  readonly engine: EngineName;
  readonly paths: { file: string; record: RunRecord } | null;
  readonly sessions: { file: string; record: RunRecord } | null;
}

/** Where the runners write their records, from the repository root. */
export interface ResultFolders {
  /** The covering paths' folders (behind nginx, and Chromium's against the CDN). */
  readonly paths: readonly string[];
  readonly sessions: readonly string[];
}

/** The folders `npm test` writes into. */
export const DEFAULT_FOLDERS: ResultFolders = {
  paths: ['test-results/engines', 'test-results/engines-edge'],
  sessions: ['test-results/sessions'],
};

/**
 * Each engine's latest records.
 * @throws when a record file is not a record (run-record.ts).
 */
export function readEngineRuns(folders: ResultFolders = DEFAULT_FOLDERS): EngineRuns[] {
  return ENGINES.map((engine) => ({
    engine,
    paths: latestRunRecord(folders.paths, engine, 'paths'),
    sessions: latestRunRecord(folders.sessions, engine, 'sessions'),
  }));
}

/** An engine's records, each with its kind. */
const recordsOf = (runs: EngineRuns) => [
  ...(runs.paths ? [{ kind: 'paths' as const, ...runs.paths }] : []),
  ...(runs.sessions ? [{ kind: 'sessions' as const, ...runs.sessions }] : []),
];

/**
 * What an engine's runs say of a machine's coverage item (a state's `state <id>`, a transition's
 * key, a guard's false outcome): `failed` when a failing test's failing step reached it, else
 * `passed` when a passing test did, else `missed`; `not-run` when neither kind ran there.
 */
export function itemStatus(runs: EngineRuns, machine: string, item: string): Status {
  const records = recordsOf(runs);
  if (records.length === 0) return 'not-run';
  if (
    records.some(({ record }) =>
      record.failures.some((failure) => failure.machine === machine && failure.failing.includes(item)),
    )
  )
    return 'failed';
  return records.some(({ record }) => record.reach[machine]?.items.includes(item)) ? 'passed' : 'missed';
}

/** Which kinds of run (`paths`, `sessions`) covered an item in passing tests. */
export function coveredBy(runs: EngineRuns, machine: string, item: string): string[] {
  return recordsOf(runs)
    .filter(({ record }) => record.reach[machine]?.items.includes(item))
    .map(({ kind }) => kind);
}

/** What an engine's runs say of a transition pair: taken by passing tests, or not. */
export function pairStatus(runs: EngineRuns, machine: string, pair: string): Status {
  const records = recordsOf(runs);
  if (records.length === 0) return 'not-run';
  return records.some(({ record }) => record.reach[machine]?.pairs.includes(pair)) ? 'passed' : 'missed';
}

/**
 * What an engine's runs say of a temporal property, and how many times they checked it: `failed`
 * when a test broke it, `passed` when checked, else `missed` (no step judged) or `not-run`.
 * `properties` is how many properties each step judges.
 */
export function propertyStatus(
  runs: EngineRuns,
  property: string,
  properties: number,
): { status: Status; checks: number } {
  const records = recordsOf(runs);
  const checks = records.reduce((sum, { record }) => sum + record.propertyChecks, 0) / properties;
  if (records.length === 0) return { status: 'not-run', checks };
  if (records.some(({ record }) => record.failures.some((failure) => failure.property === property)))
    return { status: 'failed', checks };
  return { status: checks > 0 ? 'passed' : 'missed', checks };
}

/** Every failed test of an engine's runs, with the kind of run it was in. */
export const failuresOf = (runs: EngineRuns) =>
  recordsOf(runs).flatMap(({ record, kind }) => record.failures.map((failure) => ({ ...failure, kind })));

/**
 * The colour a chart gives one element from its statuses in the engines: `failed` if any engine
 * failed it; `passed` when every engine ran and covered it; `partial` when some covered it; `missed`
 * when engines ran and none did; `not-run` when no engine ran.
 */
export function overallStatus(statuses: readonly Status[]): Status | 'partial' {
  if (statuses.includes('failed')) return 'failed';
  const ran = statuses.filter((status) => status !== 'not-run');
  if (ran.length === 0) return 'not-run';
  const passed = ran.filter((status) => status === 'passed').length;
  if (passed === statuses.length) return 'passed';
  return passed > 0 ? 'partial' : 'missed';
}
