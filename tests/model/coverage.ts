/**
 * Model coverage, computed by us (XState's test tools dropped theirs, statelyai/xstate PR #3316):
 * every state node and every transition of a REAL machine (event, delayed, eventless), with both
 * outcomes of each guard, is listed; each generated path is replayed through an instrumented copy of
 * the machine to mark what it reaches; the tally prints as a table and fails below 100%.
 */
import {
  createActor,
  getStateNodes as stateNodesOfValue,
  type AnyMachineSnapshot,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { deriveTestMachine, pathEvents, type DerivedTestModel, type ModelPath } from './derive-test-model';
import type { GeneratedPaths } from './generate-paths';
import { machineAnatomy, type MachineAnatomy } from './machine-anatomy';

/** What a coverage item stands for: a state node, a transition taken, or a guard that said no. */
export type CoverageKind = 'state' | 'transition' | 'guard-false';

/** One thing a generated path can reach. Keys are human-readable and stable. */
export interface CoverageItem {
  key: string;
  kind: CoverageKind;
  /** For transitions: what fires it. */
  trigger?: 'event' | 'delay' | 'always';
}

/** Coverage items deliberately left out, by key, each with the reason a path cannot reach it. */
export type CoverageExclusions = Readonly<Record<string, string>>;

/** Key of the item for a state node. */
export const stateItemKey = (stateId: string): string => `state ${stateId}`;
/** Key of the item for a guarded transition whose guard evaluated to false. */
export const guardFalseItemKey = (transitionKey: string): string => `${transitionKey} (guard false)`;

/**
 * Every coverage item of a machine: each state node but the root, each transition, and for each
 * guarded transition a second item for its guard evaluating to false.
 */
export function coverageCatalogue(anatomy: MachineAnatomy): CoverageItem[] {
  return [
    ...anatomy.states
      .filter((state) => state.parentId !== null)
      .map((state): CoverageItem => ({ key: stateItemKey(state.id), kind: 'state' })),
    ...anatomy.transitions.flatMap((transition): CoverageItem[] => [
      { key: transition.key, kind: 'transition', trigger: transition.trigger.kind },
      ...(transition.guard ? [{ key: guardFalseItemKey(transition.key), kind: 'guard-false' as const }] : []),
    ]),
  ];
}

type GuardFunction = (args: { context: unknown; event: EventObject }, params: unknown) => boolean;

/**
 * Evaluates a guard as XState does for named (`'canDecrement'`, `{ type, params }`) and inline guards.
 * @throws for higher-order guards (`and`, `or`, `not`, `stateIn`), which need XState internals.
 */
function evaluateGuard(
  guards: Record<string, unknown>,
  guard: unknown,
  args: { context: unknown; event: EventObject },
): boolean {
  const type = typeof guard === 'string' ? guard : (guard as { type?: string }).type;
  const resolved: unknown =
    typeof guard === 'function' ? guard : type === undefined ? undefined : guards[type];
  if (typeof resolved !== 'function' || 'check' in resolved) {
    throw new Error(
      `Guard '${type ?? 'inline'}' cannot be recorded: only named and inline guard functions are.`,
    );
  }
  const rawParams = guard && typeof guard === 'object' && 'params' in guard ? guard.params : undefined;
  const params =
    typeof rawParams === 'function' ? (rawParams as (a: typeof args) => unknown)(args) : rawParams;
  return Boolean((resolved as GuardFunction)(args, params));
}

/** Replays generated paths and tells which coverage items each one reaches. */
export interface CoverageRecorder<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  anatomy: MachineAnatomy;
  catalogue: CoverageItem[];
  /**
   * The items a path reaches, replayed through an instrumented copy of the real machine.
   * @throws when the replay does not end in the path's final state value (model and machine disagree).
   */
  pathCoverage: (path: ModelPath<TSnapshot, TEvent>) => Set<string>;
}

/**
 * Creates the coverage recorder of a derived test model. Transitions taken are read from XState's
 * inspection (`@xstate.microstep`), so eventless transitions count too; guards are wrapped per
 * transition so a guard that evaluates to false is recorded against the transition it guards.
 */
export function createCoverageRecorder<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  derived: DerivedTestModel<TSnapshot, TEvent>,
): CoverageRecorder<TSnapshot, TEvent> {
  const guards = derived.source.implementations.guards as Record<string, unknown>;
  const originals = new WeakMap<object, unknown>();
  const slots = new WeakMap<object, { key: string }>();
  let sink: Set<string> | null = null;

  const wrapGuard = (guard: unknown) => {
    const slot = { key: '' };
    const recorded: GuardFunction = (args) => {
      const passed = evaluateGuard(guards, guard, args);
      if (!passed) sink?.add(guardFalseItemKey(slot.key));
      return passed;
    };
    originals.set(recorded, guard);
    slots.set(recorded, slot);
    return recorded;
  };
  const { machine: instrumented, delays } = deriveTestMachine(derived.source, wrapGuard);
  const instrumentedAnatomy = machineAnatomy(instrumented, {
    delayEvents: delays,
    originalGuard: (guard) => (typeof guard === 'function' ? originals.get(guard) : undefined),
  });
  const keyOf = new Map(
    instrumentedAnatomy.transitions.map((transition) => [transition.definition, transition.key]),
  );
  for (const transition of instrumentedAnatomy.transitions) {
    const { guard } = transition.definition;
    const slot = typeof guard === 'function' ? slots.get(guard) : undefined;
    if (slot) slot.key = transition.key;
  }

  const anatomy = machineAnatomy(derived.source);
  return {
    anatomy,
    catalogue: coverageCatalogue(anatomy),
    pathCoverage: (path) => {
      const covered = new Set<string>();
      const addStates = (snapshot: AnyMachineSnapshot) => {
        for (const node of stateNodesOfValue(instrumented.root, snapshot.value)) {
          if (node.parent) covered.add(stateItemKey(node.id));
        }
      };
      const actor = createActor(instrumented, {
        input: derived.input,
        inspect: (inspection: InspectionEvent) => {
          if (inspection.type !== '@xstate.microstep') return;
          for (const transition of inspection._transitions) {
            const key = keyOf.get(transition);
            if (key === undefined)
              throw new Error(`Transition of ${transition.source.id} is not in the catalogue.`);
            covered.add(key);
          }
          addStates(inspection.snapshot as AnyMachineSnapshot);
        },
      });
      sink = covered;
      try {
        actor.start();
        addStates(actor.getSnapshot());
        for (const event of pathEvents(path)) {
          for (const real of derived.expand(event, actor.getSnapshot() as unknown as TSnapshot))
            actor.send(real);
        }
        const reached = JSON.stringify(actor.getSnapshot().value);
        const expected = JSON.stringify((path.state as AnyMachineSnapshot).value);
        if (reached !== expected) throw new Error(`Replay reached ${reached}, the path expects ${expected}.`);
      } finally {
        sink = null;
        actor.stop();
      }
      return covered;
    },
  };
}

/** Covered / total for one kind of item. */
export interface CoverageCount {
  covered: number;
  total: number;
}

/** The tally of one machine's coverage. */
export interface CoverageReport {
  machineId: string;
  states: CoverageCount;
  /** Transitions taken plus guard-false outcomes, exclusions left out of both numbers. */
  transitions: CoverageCount;
  /** Items no path reached, by key. */
  uncovered: string[];
  /** Exclusions with their reasons. */
  excluded: { key: string; reason: string }[];
  /** Exclusions that a path reached after all: they must be removed. */
  staleExclusions: string[];
  /** Breakdown of the catalogue: transitions by trigger, guards. */
  catalogue: { transitions: number; delayed: number; eventless: number; guards: number };
}

/**
 * Tallies covered keys against a catalogue.
 * @throws when an exclusion names no item of the catalogue.
 */
export function coverageReport(
  machineId: string,
  catalogue: readonly CoverageItem[],
  coveredKeys: ReadonlySet<string>,
  exclusions: CoverageExclusions = {},
): CoverageReport {
  const keys = new Set(catalogue.map((item) => item.key));
  for (const key of Object.keys(exclusions)) {
    if (!keys.has(key))
      throw new Error(`Coverage exclusion '${key}' is not an item of machine '${machineId}'.`);
  }
  const counted = catalogue.filter((item) => !(item.key in exclusions));
  const count = (items: CoverageItem[]): CoverageCount => ({
    covered: items.filter((item) => coveredKeys.has(item.key)).length,
    total: items.length,
  });
  const transitions = catalogue.filter((item) => item.kind === 'transition');
  return {
    machineId,
    states: count(counted.filter((item) => item.kind === 'state')),
    transitions: count(counted.filter((item) => item.kind !== 'state')),
    uncovered: counted.filter((item) => !coveredKeys.has(item.key)).map((item) => item.key),
    excluded: Object.entries(exclusions).map(([key, reason]) => ({ key, reason })),
    staleExclusions: Object.keys(exclusions).filter((key) => coveredKeys.has(key)),
    catalogue: {
      transitions: transitions.length,
      delayed: transitions.filter((item) => item.trigger === 'delay').length,
      eventless: transitions.filter((item) => item.trigger === 'always').length,
      guards: catalogue.filter((item) => item.kind === 'guard-false').length,
    },
  };
}

const percent = ({ covered, total }: CoverageCount) =>
  `${(total === 0 ? 100 : (covered / total) * 100).toFixed(1)}%`;

/** True when every counted item is covered and no exclusion is stale. */
export function isComplete(report: CoverageReport): boolean {
  return report.uncovered.length === 0 && report.staleExclusions.length === 0;
}

/** A coverage table's title: the machine, where its paths ran, and how many generated paths ran. */
export function coverageTitle(
  name: string,
  environment: string,
  { paths, shortestKept, shortestGenerated, simple }: GeneratedPaths<Snapshot<unknown>, EventObject>,
): string {
  return `Model coverage · ${name} · ${environment} · ${paths.length} generated paths run (${shortestKept} of ${shortestGenerated} shortest, ${simple} simple)`;
}

/**
 * The coverage table of one machine, e.g.
 * `storefront · jsdom · 21 generated paths` / `states 6/6 100.0%` / `transitions 12/12 100.0%`.
 */
export function formatCoverageTable(report: CoverageReport, title: string): string {
  const { transitions, delayed, eventless, guards } = report.catalogue;
  const lines = [
    title,
    `  states      ${`${report.states.covered}/${report.states.total}`.padEnd(7)} ${percent(report.states)}`,
    `  transitions ${`${report.transitions.covered}/${report.transitions.total}`.padEnd(7)} ${percent(
      report.transitions,
    )}  (${transitions} transitions: ${delayed} delayed, ${eventless} eventless; ${guards} guards × 2 outcomes; ${
      report.excluded.length
    } excluded)`,
    ...report.excluded.map(({ key, reason }) => `  excluded: ${key}: ${reason}`),
    ...report.uncovered.map((key) => `  NOT COVERED: ${key}`),
    ...report.staleExclusions.map((key) => `  STALE EXCLUSION (a path reaches it): ${key}`),
  ];
  return lines.join('\n');
}

/**
 * Fails below 100%.
 * @throws listing every uncovered item and stale exclusion.
 */
export function assertCompleteCoverage(report: CoverageReport): void {
  if (isComplete(report)) return;
  throw new Error(
    [
      `Model coverage of '${report.machineId}' is below 100%:`,
      ...report.uncovered.map((key) => `  not covered: ${key}`),
      ...report.staleExclusions.map((key) => `  excluded but covered (remove the exclusion): ${key}`),
    ].join('\n'),
  );
}
