/**
 * Runs StrykerJS (stryker.config.mjs) and prints the mutation score per folder from its JSON report
 * (scripts/test/mutation-scores.ts). Not part of `npm test` (docs/testing.md 'Mutation testing').
 * - default: the runtime mutants of machines/, src/features/, src/effects/, src/lib/, static ones
 *   ignored; incremental on mutation/stryker-incremental.json; reports in reports/mutation/;
 * - `--static`: the static mutants too, of machines/ only, against tests/unit/machines/ and tests/model/
 *   (vitest.stryker.config.ts `STRYKER_TESTS=machines`); incremental on
 *   mutation/stryker-incremental-static.json; reports in reports/mutation/static/;
 * - `--force`: every mutant again, ignoring the incremental file's results (and rewriting it);
 * - `--concurrency <n>`: test runner processes (Stryker's default here: one per core, 2).
 * Exit code: 0 after a run (a low score is reported, not failed), 1 when Stryker could not run.
 * Stryker 10 needs Node ≥ 22: `npm run test:mutation` runs this on Node 24 (scripts/setup/with-node.sh).
 *
 * Usage: `npm run test:mutation [-- --static] [--force] [--concurrency <n>]`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { folderScores, renderScoreTable } from './mutation-scores.ts';

/** Where the default run writes its JSON report (stryker.config.mjs `jsonReporter`). */
export const MUTATION_REPORT = 'reports/mutation/mutation.json';
/** The static run's JSON report, HTML report and incremental file. */
export const STATIC_MUTATION_REPORT = 'reports/mutation/static/mutation.json';
export const STATIC_INCREMENTAL_FILE = 'mutation/stryker-incremental-static.json';

/** What `--static` changes in stryker.config.mjs. */
export const STATIC_OPTIONS: PartialStrykerOptions = {
  // machines/requirements.ts is left out here too (stryker.config.mjs says why).
  mutate: ['machines/**/*.ts', '!machines/requirements.ts'],
  ignoreStatic: false,
  incrementalFile: STATIC_INCREMENTAL_FILE,
  jsonReporter: { fileName: STATIC_MUTATION_REPORT },
  htmlReporter: { fileName: 'reports/mutation/static/mutation.html' },
  // A sandbox of its own, so a default run can go on beside it.
  tempDirName: '.stryker-tmp-static',
};

const { values } = parseArgs({
  options: {
    static: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
  },
});

// Read by vitest.stryker.config.ts in Stryker's test runner processes, which inherit the environment.
if (values.static) process.env.STRYKER_TESTS = 'machines';
const started = performance.now();
await new Stryker({
  ...(values.static ? STATIC_OPTIONS : {}),
  force: values.force,
  ...(values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) }),
}).runMutationTest();
const minutes = (performance.now() - started) / 60_000;

const reportFile = values.static ? STATIC_MUTATION_REPORT : MUTATION_REPORT;
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationTestResult;
console.log(`\nMutation score per folder (${reportFile}, ${minutes.toFixed(1)} min):\n`);
console.log(renderScoreTable(folderScores(report)));
