/**
 * Declares a model suite in Vitest: one test per generated path, each rendering the app
 * afresh and running the path against it, then a last test that prints the machine's coverage table
 * and fails below 100%. Only paths that passed count towards coverage.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, Snapshot } from 'xstate';
import {
  assertCompleteCoverage,
  coverageReport,
  coverageTitle,
  formatCoverageTable,
  type CoverageExclusions,
  type CoverageRecorder,
} from './coverage';
import { pathName, runModelPath, type DerivedTestModel, type PathDriver } from './derive-test-model';
import type { GeneratedPaths } from './generate-paths';

/** A machine's model, paths and coverage, and how to start a driver on a freshly rendered app. */
export interface ModelSuite<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  /** The machine's id, used in titles. */
  name: string;
  /** Where the suite runs, for the coverage table's title: `jsdom`, `chromium (desktop)`. */
  environment: string;
  model: DerivedTestModel<TSnapshot, TEvent>;
  coverage: CoverageRecorder<TSnapshot, TEvent>;
  generated: GeneratedPaths<TSnapshot, TEvent>;
  exclusions: CoverageExclusions;
  /** Renders the app for one path and returns its driver. */
  start: () => PathDriver<TSnapshot, TEvent>;
}

/** Declares the suite's tests (see the module comment). */
export function describeModelSuite<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  suite: ModelSuite<TSnapshot, TEvent>,
): void {
  const { paths } = suite.generated;
  const covered = new Set<string>();

  // Rendering the whole app in jsdom can take seconds on a busy machine.
  describe(`${suite.name} model: ${paths.length} generated paths`, { timeout: 60_000 }, () => {
    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}: ${pathName(path)}`, async () => {
        await runModelPath(suite.model, path, suite.start());
        for (const item of suite.coverage.pathCoverage(path)) covered.add(item);
      });
    }

    it('reaches every state node and every transition, with both outcomes of each guard', () => {
      const report = coverageReport(suite.name, suite.coverage.catalogue, covered, suite.exclusions);
      console.log(formatCoverageTable(report, coverageTitle(suite.name, suite.environment, suite.generated)));
      expect(() => assertCompleteCoverage(report)).not.toThrow();
    });
  });
}
