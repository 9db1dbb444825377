/**
 * The one coverage table a browser run prints per engine (the covering paths, the sessions): per
 * machine its states, transitions, guard outcomes, state configurations and transition pairs, then the
 * requirements whose machine parts the run reached, each as counts per column (`paths`, or `sessions`,
 * `paths`, `together`) out of what the model reaches. The same rows go to a JSON file beside the
 * engine's reports, which scripts/test/test-engines.ts turns into `<property>` entries of the engine's JUnit
 * report.
 *
 * A row more (the properties checked, say) is one more {@link CoverageRow} in `extraRows` of
 * {@link coverageTable}: a label, a count per column and, if it has one, what it is out of.
 */
import { writeFileSync } from 'node:fs';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { REQUIREMENT_TRACES } from '@machines/requirements';
import { triggerLabel } from '@support/model/machine-anatomy';
import {
  configurationOf,
  guardFalseItemKey,
  stateItemKey,
  type ModelSuite,
} from '@support/model/model-suite';

/** A row: its label, a count per column, and what the counts are out of (none: a plain count). */
export interface CoverageRow {
  label: string;
  counts: readonly number[];
  of?: number;
}
/** A table: its title (engine, what ran), its columns' names, its rows. */
export interface CoverageTable {
  title: string;
  columns: readonly string[];
  rows: readonly CoverageRow[];
}
/** What one column reached of a machine: coverage items (model-suite.ts), configurations, pairs. */
export interface MachineReach {
  items: ReadonlySet<string>;
  configurations: ReadonlySet<string>;
  pairs: ReadonlySet<string>;
}
/** A machine as the table counts it: its suite and what its model reaches within the run's bounds. */
export interface MachineModel {
  suite: ModelSuite;
  /** The configurations the model reaches; null for a machine without parallel regions (not counted). */
  configurations: ReadonlySet<string> | null;
  pairs: ReadonlySet<string>;
}

/**
 * The configurations a suite's model reaches within the bounds of `events` (a snapshot's sample
 * events, delay events included; default the suite's own).
 */
export function reachableConfigurations(
  suite: ModelSuite,
  events?: (snapshot: AnyMachineSnapshot) => readonly EventObject[],
): Set<string> {
  const map = getAdjacencyMap(
    suite.testModel.testLogic,
    suite.traversal('snapshot', events as never) as never,
  );
  return new Set(
    Object.values(map).map((vertex) => configurationOf((vertex.state as AnyMachineSnapshot).value)),
  );
}

/**
 * The coverage keys of a machine part of machines/requirements.ts: a state's (`cart.open`), or every
 * transition's from that source for that trigger (`toast.visible: after toastDuration`, each guarded
 * branch).
 * @throws when the part names no state or transition of the machine.
 */
export function partKeys(suite: ModelSuite, part: string): string[] {
  const [source, trigger] = part.split(': ');
  const keys =
    trigger === undefined
      ? suite.anatomy.states.filter((state) => state.id === part).map((state) => stateItemKey(state.id))
      : suite.anatomy.transitions
          .filter(
            (transition) => transition.sourceId === source && triggerLabel(transition.trigger) === trigger,
          )
          .map((transition) => transition.key);
  if (keys.length === 0) throw new Error(`Machine '${suite.name}' has no state or transition '${part}'.`);
  return keys;
}

/**
 * The requirements with machine parts (machines/requirements.ts), and those `reached`: every coverage
 * key of every part, in each machine named, is in that machine's items. Machines the run has no reach
 * for count as reaching nothing.
 * @throws like {@link partKeys}.
 */
export function requirementsReached(
  suites: readonly ModelSuite[],
  items: (machine: string) => ReadonlySet<string>,
): { reached: string[]; withParts: string[] } {
  const withParts: string[] = [];
  const reached: string[] = [];
  for (const [id, trace] of Object.entries(REQUIREMENT_TRACES)) {
    const parts = suites.flatMap((suite) =>
      ((trace as Partial<Record<string, readonly string[]>>)[suite.name] ?? []).map((part) => ({
        suite,
        part,
      })),
    );
    if (parts.length === 0) continue;
    withParts.push(id);
    if (parts.every(({ suite, part }) => partKeys(suite, part).every((key) => items(suite.name).has(key))))
      reached.push(id);
  }
  return { reached, withParts };
}

/**
 * The table: per machine (in `machines`' order) its states, transitions, guard outcomes (a guarded
 * transition's taken and refused outcomes), configurations (when counted) and transition pairs, each
 * column's count out of what the model reaches; the pairs of all machines; the requirements reached;
 * then `extraRows` as given.
 */
export function coverageTable(
  title: string,
  machines: readonly MachineModel[],
  columns: ReadonlyArray<{ name: string; reach: (machine: string) => MachineReach }>,
  extraRows: readonly CoverageRow[] = [],
): CoverageTable {
  const rows: CoverageRow[] = [];
  const count = (
    all: readonly string[],
    reached: (reach: MachineReach) => ReadonlySet<string>,
    name: string,
  ) =>
    columns.map(({ reach }) => {
      const set = reached(reach(name));
      return all.filter((item) => set.has(item)).length;
    });
  for (const { suite, configurations, pairs } of machines) {
    const reachable = new Set(suite.paths.flatMap((path) => [...suite.pathCoverage(path)]));
    const counted = suite.catalogue.filter((item) => !(item in suite.exclusions) && reachable.has(item));
    const guarded = new Set(
      suite.anatomy.transitions.filter((transition) => transition.guard).map((transition) => transition.key),
    );
    const groups: [string, string[]][] = [
      ['states', counted.filter((item) => item.startsWith('state '))],
      [
        'transitions',
        counted.filter((item) => !item.startsWith('state ') && !item.endsWith('(guard false)')),
      ],
      [
        'guard outcomes',
        counted.filter((item) => [...guarded].some((key) => item === key || item === guardFalseItemKey(key))),
      ],
    ];
    for (const [label, items] of groups)
      rows.push({
        label: `${suite.name} ${label}`,
        counts: count(items, (reach) => reach.items, suite.name),
        of: items.length,
      });
    if (configurations)
      rows.push({
        label: `${suite.name} configurations`,
        counts: count([...configurations], (reach) => reach.configurations, suite.name),
        of: configurations.size,
      });
    rows.push({
      label: `${suite.name} transition pairs`,
      counts: count([...pairs], (reach) => reach.pairs, suite.name),
      of: pairs.size,
    });
  }
  const pairRows = rows.filter((row) => row.label.endsWith(' transition pairs'));
  rows.push({
    label: 'all transition pairs',
    counts: columns.map((_, index) => pairRows.reduce((sum, row) => sum + row.counts[index]!, 0)),
    of: pairRows.reduce((sum, row) => sum + row.of!, 0),
  });
  const suites = machines.map((machine) => machine.suite);
  const requirements = columns.map(
    ({ reach }) => requirementsReached(suites, (name) => reach(name).items).reached.length,
  );
  rows.push({
    label: 'requirements',
    counts: requirements,
    of: requirementsReached(suites, () => new Set()).withParts.length,
  });
  return { title, columns: columns.map((column) => column.name), rows: [...rows, ...extraRows] };
}

/** The table as text: the title, a header, a row per line (`57/161 35%` per column). */
export function formatCoverageTable({ title, columns, rows }: CoverageTable): string {
  const width = Math.max(28, ...rows.map((row) => row.label.length + 1));
  const cell = (count: number, of?: number) =>
    (of === undefined
      ? String(count)
      : `${count}/${of} ${of ? Math.floor((count / of) * 100) : 100}%`
    ).padEnd(14);
  return [
    title,
    `  ${'items'.padEnd(width)} ${columns.map((column) => column.padEnd(14)).join(' ')}`.trimEnd(),
    ...rows.map((row) =>
      `  ${row.label.padEnd(width)} ${row.counts.map((count) => cell(count, row.of)).join(' ')}`.trimEnd(),
    ),
  ].join('\n');
}

/**
 * Writes the table as JSON to `file` (scripts/test/test-engines.ts reads `<engine>-coverage-table.json` in
 * the run's results folder into the JUnit report's properties).
 */
export function writeCoverageTable(table: CoverageTable, file: string): void {
  writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
}
