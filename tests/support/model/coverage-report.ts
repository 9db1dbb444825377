/**
 * The engine runs' coverage report (tests/support/model/coverage-table.ts): the storefront and checkout models
 * within a run's bounds, what a run's paths or sessions reached of them, and the table printed on
 * standard output and written beside the engine's reports (`<engine>-coverage-table.json`, which
 * scripts/test/test-engines.ts adds to the JUnit report as properties).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { checkout, checkoutEvents } from '@support/model/checkout-model';
import {
  coverageTable,
  formatCoverageTable,
  reachableConfigurations,
  writeCoverageTable,
  type CoverageRow,
  type MachineModel,
  type MachineReach,
} from '@support/model/coverage-table';
import type { ModelSuite } from '@support/model/model-suite';
import {
  MODEL_MAX_CART_COUNT,
  MODEL_MAX_QUANTITY,
  SESSION_BOUNDS,
  storefront,
  storefrontEvents,
} from '@support/model/storefront-model';
import { pairsOf, reachablePairs } from '@support/model/transition-pairs';

/** The machines the browser runs cover, by name. */
export const SUITES: readonly ModelSuite[] = [storefront, checkout];

/**
 * A session's sample events for the traversal that counts what the model reaches: no restrictions,
 * the quantity and cart capped as the model's (so it ends), and every delay; none once the page has
 * left (a reload), whose timers no session sees fall due.
 */
export function sessionEvents(suite: ModelSuite) {
  const delays = [...suite.delays.keys()].map((type) => ({ type }));
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const samples = (
      suite === storefront
        ? storefrontEvents(snapshot as never, {
            ...SESSION_BOUNDS,
            maxQuantity: MODEL_MAX_QUANTITY,
            maxCartCount: MODEL_MAX_CART_COUNT,
          })
        : checkoutEvents(snapshot as never)
    ).filter((event) => !event.type.startsWith('delay.'));
    return samples.length === 0 ? [] : [...samples, ...delays];
  };
}

/**
 * The machines as the table counts them, within the covering paths' bounds (the models') or a
 * session's ({@link sessionEvents}); configurations for machines with parallel regions only.
 */
export function machineModels(bounds: 'paths' | 'sessions'): MachineModel[] {
  return SUITES.map((suite) => {
    const events = bounds === 'sessions' ? sessionEvents(suite) : undefined;
    const parallel = suite.anatomy.states.some((state) => state.type === 'parallel');
    return {
      suite,
      configurations: parallel ? reachableConfigurations(suite, events) : null,
      pairs: reachablePairs(suite, events),
    };
  });
}

/** What a machine's run reached, growing as paths or sessions pass. */
export class Reach implements MachineReach {
  readonly items = new Set<string>();
  readonly configurations = new Set<string>();
  readonly pairs = new Set<string>();

  /** Adds a run's coverage items, configurations and microsteps (their pairs). */
  add(items: Iterable<string>, configurations: Iterable<string>, microsteps: string[][]): void {
    for (const item of items) this.items.add(item);
    for (const configuration of configurations) this.configurations.add(configuration);
    for (const pair of pairsOf(microsteps)) this.pairs.add(pair);
  }

  /** As JSON: its sets as arrays. */
  toJSON() {
    return { items: [...this.items], configurations: [...this.configurations], pairs: [...this.pairs] };
  }
}

/** A reach read back from JSON (pairs missing in an older file count as none). */
export const reachFrom = (json?: Partial<Record<keyof MachineReach, string[]>>): MachineReach => ({
  items: new Set(json?.items),
  configurations: new Set(json?.configurations),
  pairs: new Set(json?.pairs),
});

/**
 * Prints the engine's table and writes it to `<results>/<engine>-coverage-table.json`. `extraRows`
 * adds rows after the requirements (see coverage-table.ts).
 */
export function reportCoverage(
  engine: string,
  results: string,
  title: string,
  machines: readonly MachineModel[],
  columns: Parameters<typeof coverageTable>[2],
  extraRows: readonly CoverageRow[] = [],
): void {
  const table = coverageTable(title, machines, columns, extraRows);
  console.log(formatCoverageTable(table));
  mkdirSync(results, { recursive: true });
  writeCoverageTable(table, join(results, `${engine}-coverage-table.json`));
}
