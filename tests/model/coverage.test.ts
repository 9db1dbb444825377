/**
 * Our own model coverage: it lists every state node and transition, both outcomes of each
 * guard, marks what paths reach (eventless and delayed transitions too) and fails below 100%.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import {
  assertCompleteCoverage,
  coverageReport,
  createCoverageRecorder,
  formatCoverageTable,
  guardFalseItemKey,
  stateItemKey,
} from './coverage';
import { createDerivedTestModel, pathName } from './derive-test-model';
import { transitionKey } from './machine-anatomy';
import { storefrontCoverage, storefrontExclusions, storefrontPaths } from './storefront-model';

const counterMachine = setup({
  types: {} as { context: { count: number }; events: { type: 'add' } | { type: 'go' } },
  guards: { isBig: ({ context }) => context.count > 1 },
  delays: { soon: 250 },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: { on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) }, go: 'checking' } },
    checking: { always: { guard: 'isBig', target: 'done' }, after: { soon: 'idle' } },
    done: { type: 'final' },
  },
});
const counter = createDerivedTestModel(counterMachine, {
  events: (snapshot) => [
    ...(snapshot.context.count < 2 ? [{ type: 'add' } as const] : []),
    { type: 'go' } as const,
    { type: 'delay.soon' } as const,
  ],
});
const recorder = createCoverageRecorder(counter);
const paths = counter.model.getShortestPaths({
  ...counter.traversal({ vertex: 'transition' }),
  allowDuplicatePaths: true,
});
const byName = (name: string) => paths.find((path) => pathName(path) === name)!;
const key = (source: string, trigger: string) => transitionKey(recorder.anatomy, source, trigger);

describe('coverage catalogue', () => {
  it('lists every state node but the root, every transition, and a second outcome per guard', () => {
    expect(recorder.catalogue.map((item) => item.key)).toEqual([
      stateItemKey('counter.idle'),
      stateItemKey('counter.checking'),
      stateItemKey('counter.done'),
      'counter.idle: add (no target)',
      'counter.idle: go → counter.checking',
      'counter.checking: after soon → counter.idle',
      'counter.checking: always [isBig] → counter.done',
      guardFalseItemKey('counter.checking: always [isBig] → counter.done'),
    ]);
  });
});

describe('path coverage', () => {
  it('marks a delayed transition and a guard evaluating to false', () => {
    expect([...recorder.pathCoverage(byName('go → delay.soon'))].sort()).toEqual(
      [
        stateItemKey('counter.idle'),
        stateItemKey('counter.checking'),
        key('counter.idle', 'go'),
        guardFalseItemKey(key('counter.checking', 'always')),
        key('counter.checking', 'after soon'),
      ].sort(),
    );
  });

  it('marks an eventless transition and the state it passes through', () => {
    const covered = recorder.pathCoverage(byName('add → add → go'));
    expect(covered).toContain(key('counter.checking', 'always'));
    expect(covered).toContain(stateItemKey('counter.checking'));
    expect(covered).toContain(stateItemKey('counter.done'));
    expect(covered).not.toContain(guardFalseItemKey(key('counter.checking', 'always')));
  });
});

describe('coverage report', () => {
  const covered = (...names: string[]) =>
    new Set(names.flatMap((name) => [...recorder.pathCoverage(byName(name))]));

  it('is complete when the paths reach everything, and prints the table', () => {
    const report = coverageReport(
      'counter',
      recorder.catalogue,
      covered('go → delay.soon', 'add → add → go'),
    );
    expect(() => assertCompleteCoverage(report)).not.toThrow();
    expect(formatCoverageTable(report, 'counter')).toContain('states      3/3     100.0%');
    expect(formatCoverageTable(report, 'counter')).toContain('transitions 5/5     100.0%');
  });

  it('fails when a transition is left uncovered, naming it', () => {
    const report = coverageReport('counter', recorder.catalogue, covered('add → add → go'));
    expect(report.transitions).toEqual({ covered: 3, total: 5 });
    expect(() => assertCompleteCoverage(report)).toThrow(
      [
        "Model coverage of 'counter' is below 100%:",
        `  not covered: ${key('counter.checking', 'after soon')}`,
        `  not covered: ${guardFalseItemKey(key('counter.checking', 'always'))}`,
      ].join('\n'),
    );
  });

  it('fails the storefront suite when the paths that close the cart are dropped', () => {
    const closeKey = transitionKey(storefrontCoverage.anatomy, 'cart.open', 'cart.close');
    const reached = new Set(
      storefrontPaths.paths
        .map((path) => storefrontCoverage.pathCoverage(path))
        .filter((items) => !items.has(closeKey))
        .flatMap((items) => [...items]),
    );
    const report = coverageReport('storefront', storefrontCoverage.catalogue, reached, storefrontExclusions);
    expect(report.uncovered).toEqual([closeKey]);
    expect(() => assertCompleteCoverage(report)).toThrow(`not covered: ${closeKey}`);
  });

  it('refuses an exclusion that names nothing, and fails on one that a path reaches after all', () => {
    expect(() => coverageReport('counter', recorder.catalogue, new Set(), { 'no such item': 'why' })).toThrow(
      "Coverage exclusion 'no such item' is not an item of machine 'counter'.",
    );
    const stale = key('counter.idle', 'add');
    const report = coverageReport(
      'counter',
      recorder.catalogue,
      covered('go → delay.soon', 'add → add → go'),
      {
        [stale]: 'thought unreachable',
      },
    );
    expect(report.transitions).toEqual({ covered: 4, total: 4 });
    expect(() => assertCompleteCoverage(report)).toThrow(
      `excluded but covered (remove the exclusion): ${stale}`,
    );
  });
});
