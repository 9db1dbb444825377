// @ts-check
/**
 * StrykerJS's configuration for `npm run test:mutation` (scripts/test/mutation-test.ts, docs/testing.md
 * 'Mutation testing'). Stryker reads only JSON or JavaScript configurations (not TypeScript), so
 * this one is typed with JSDoc (`@ts-check`: an editor checks it against Stryker's option types).
 * - mutates the shop's logic: machines/, src/features/, src/effects/, src/lib/; not the build steps
 *   (`*.build.ts`, run by the production build in Node) nor the service worker (it runs in the
 *   browser's worker): no Vitest test reaches them, the build and browser suites do; nor
 *   machines/requirements.ts, a data table that only the traceability generator reads (the shop never
 *   runs it, so no test of the shop's behaviour can kill its mutants);
 * - runs the tests of vitest.stryker.config.ts with per-test coverage, so each mutant runs only the
 *   tests that reach it;
 * - incremental: results are kept in mutation/stryker-incremental.json (committed), so a run after a
 *   small change tests only the mutants of changed code or changed tests;
 * - static mutants (code run once when a module loads, such as a machine's definition) need every
 *   test rerun in a fresh environment each: they are left out here and run by `--static`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'machines/**/*.ts',
    'src/features/**/*.{ts,tsx}',
    'src/effects/**/*.{ts,tsx}',
    'src/lib/**/*.{ts,tsx}',
    '!**/*.build.ts',
    '!machines/requirements.ts',
    '!src/features/releases/service-worker.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: true, logTests: false },
  // Only what the tests load is copied into the sandbox (Stryker's .stryker-tmp/).
  ignorePatterns: [
    '/*',
    '!/machines',
    '!/src',
    '!/tests',
    '!/public',
    '!/build',
    '!/scripts',
    '!/index.html',
    '!/package.json',
    '!/tsconfig*.json',
    '!/vite.config.ts',
    '!/vitest.config.ts',
    '!/vitest.stryker.config.ts',
  ],
  // A mutant that runs past the tests' own time × 1.5 + 60 s is a timeout (counted detected: it hangs
  // a test that would fail at its own limit) and its test runner is restarted. Stryker's 5 s made the
  // property tests time out on this 2-core machine when it is shared; an endless loop in a machine is
  // stopped sooner by Stryker's hit limit.
  timeoutMS: 60_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
