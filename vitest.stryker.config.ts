import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import vitestConfig from './vitest.config.ts';

/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): the ones that exercise the code
 * it mutates (machines/, src/features/, src/effects/, src/lib/) — the machines' unit, property and
 * model tests, the features' and lib's tests and the cart handoff's — in one Vitest project on top of
 * vitest.config.ts (jsdom, its setup file, its aliases). The component, page and build tests are left
 * out: they reach the same code through React renders and builds that take minutes, and a static
 * mutant (run at module load) makes Stryker rerun every test here.
 * `STRYKER_TESTS=machines` narrows it to tests/unit/machines/ (but the property tests) and tests/model/,
 * the set the static
 * mutants of machines/ run against (`npm run test:mutation -- --static`): a static mutant reruns every
 * test, and the property tests alone take 30 s of fast-check runs.
 */
const NODE_TESTS = ['tests/unit/machines/*.test.ts', 'tests/model/**/*.test.ts'];
const PROPERTY_TESTS = '**/*.property.test.ts';
const DOM_TESTS = [
  'tests/unit/features/**/*.test.{ts,tsx}',
  'tests/unit/lib/**/*.test.{ts,tsx}',
  'tests/unit/effects/cart-handoff.test.ts',
];

/** Random sequences per property test under Stryker (`*.property.test.ts`, `NUM_RUNS`). */
const PROPERTY_RUNS = 1000;

const isPropertyTest = (file: TestSpecification) => file.moduleId.endsWith('.property.test.ts');

/**
 * Vitest's order (slowest file first, by its cache), with the property tests last: Stryker stops a
 * mutant's run at the first failing test, and a quick unit test kills most mutants before the
 * 10,000-run properties (30 s together) would start.
 */
class PropertyTestsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => !isPropertyTest(file)), ...sorted.filter(isPropertyTest)];
  }
}

export default defineConfig({
  ...vitestConfig,
  test: {
    ...vitestConfig.test,
    // tests/support/vitest-setup.ts is for the DOM's tests only (below).
    setupFiles: [],
    sequence: { sequencer: PropertyTestsLast },
    // 1,000 random sequences per property instead of 10,000: a surviving mutant runs every one, which
    // took 30 s a mutant here; the unit and model tests kill most mutants before the properties run.
    env: { PROPERTY_RUNS: String(PROPERTY_RUNS) },
    projects: [
      {
        // The machines are pure XState: their tests need no DOM, and jsdom's start per file and
        // mutant would cost more than the tests.
        extends: true,
        test: {
          name: 'mutation-node',
          environment: 'node',
          // One module graph for every file of a run: the imports (XState, fast-check, the machines)
          // were two thirds of each mutant's time. The machines keep no state between actors.
          isolate: false,
          include: NODE_TESTS,
          exclude: process.env.STRYKER_TESTS === 'machines' ? [PROPERTY_TESTS] : [],
        },
      },
      ...(process.env.STRYKER_TESTS === 'machines'
        ? []
        : [
            {
              extends: true,
              test: {
                name: 'mutation-dom',
                include: DOM_TESTS,
                setupFiles: ['./tests/support/vitest-setup.ts'],
                // A mutant that keeps the page from showing what a test waits for fails the test here,
                // instead of running into Stryker's timeout, which restarts the whole test runner.
                testTimeout: 30_000,
                // Builds the whole app in a process of its own: it never runs mutated code.
                exclude: ['tests/unit/lib/inspector-bundle.test.ts'],
              },
            },
          ]),
    ],
  },
});
