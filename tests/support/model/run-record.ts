/**
 * What one engine's run of the covering paths or of the sessions leaves for the statechart report
 * (scripts/test/report-statecharts.ts) and for the sessions' coverage table: per machine what its
 * passing tests reached, the temporal property checks they passed, and each failed test with the
 * machine parts its failing step reached. Written as `<engine>-<suite>-coverage.json` into the run's
 * results folder, at the end of the run, whatever its outcome.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { EventObject } from 'xstate';
import type { ModelSuite } from '@support/model/model-suite';
import { PropertyViolationError } from '@support/model/temporal-checks';

/** The two kinds of run that write a record. */
export type RunSuite = 'paths' | 'sessions';

const strings = v.array(v.string());
const ReachJson = v.object({ items: strings, configurations: strings, pairs: strings });

/** A failed test: its name, machine, the coverage items of its failing step, what it broke and printed. */
const FailedTestJson = v.object({
  test: v.string(),
  machine: v.string(),
  /**
   * The items its failing step reached: the transitions it took, the guards that said no, the states
   * it left the machine in (the initial states, when it failed before its first step).
   */
  failing: strings,
  /** The temporal property it broke, by id; null when it failed another way. */
  property: v.nullable(v.string()),
  /** What its runner printed of it: its error, steps, replay command and live link. */
  report: v.string(),
});
export type FailedTest = v.InferOutput<typeof FailedTestJson>;

const RunRecordJson = v.object({
  /** Per machine (by its id): what the tests that passed reached. */
  reach: v.record(v.string(), ReachJson),
  /** The temporal property checks the tests judged: properties × steps × 2 sides. */
  propertyChecks: v.number(),
  failures: v.array(FailedTestJson),
});
export type RunRecord = v.InferOutput<typeof RunRecordJson>;

/** Where an engine's run of `suite` writes its record, in its results folder. */
export const runRecordFile = (results: string, engine: string, suite: RunSuite): string =>
  join(results, `${engine}-${suite}-coverage.json`);

/** Writes a record (creating its folder). */
export function writeRunRecord(file: string, record: RunRecord): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record)}\n`);
}

/**
 * A record as written, or null when there is no such file.
 * @throws when the file is not a record (valibot's error names the field).
 */
function readRunRecord(file: string): RunRecord | null {
  if (!existsSync(file)) return null;
  return v.parse(RunRecordJson, JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * An engine's latest record of `suite` among the results `folders` (npm test runs Chromium's covering
 * paths against the CDN, into test-results/engines-edge, and the others behind nginx), with its file;
 * null when none ran.
 * @throws like {@link readRunRecord}.
 */
export function latestRunRecord(
  folders: readonly string[],
  engine: string,
  suite: RunSuite,
): { file: string; record: RunRecord } | null {
  const [file] = folders
    .map((folder) => runRecordFile(folder, engine, suite))
    .filter((candidate) => existsSync(candidate))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return file === undefined ? null : { file, record: readRunRecord(file)! };
}

/** The temporal property behind an error, following its causes. */
function brokenProperty(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof PropertyViolationError) return cause.property.id;
  return null;
}

/**
 * A failed test as its record keeps it: `events` are its model events, `failingStep` the 1-based step
 * that failed (0: before its first step, such as the page not opening), `error` what it threw and
 * `report` what its runner printed of it.
 */
export function failedTest(
  suite: ModelSuite,
  test: string,
  events: readonly EventObject[],
  failingStep: number,
  error: unknown,
  report: string,
): FailedTest {
  const step = Math.min(Math.max(failingStep, 0), events.length);
  // Played up to the failing step: that step's items are the last.
  const steps = suite.stepsCoverage(events.slice(0, step));
  return {
    test,
    machine: suite.name,
    failing: [...steps[step]!],
    property: brokenProperty(error),
    report,
  };
}
