/**
 * A machine's model suite: the paths xstate/graph generates over its derived test model
 * (derive-test-model.ts) within the bounds of the model's sample events, and their coverage, computed
 * here (XState's test tools dropped theirs, statelyai/xstate PR #3316): each state node and transition
 * of the REAL machine (event, delayed, eventless) and each guard saying no is an item, and a path is
 * replayed through an instrumented copy of the machine to mark the items it reaches.
 */
import { createActor, getNextTransitions, getStateNodes, or } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
  StateValue,
} from 'xstate';
import { createTestModel, type StatePath, type TestModel, type TraversalOptions } from 'xstate/graph';
import {
  deriveTestMachine,
  pathEvents,
  type DelayEvent,
  type InvokeEvent,
} from '@support/model/derive-test-model';
import { machineAnatomy, type MachineAnatomy } from '@support/model/machine-anatomy';

/** Item keys: `state <id>`, a transition's key (machine-anatomy.ts), `<transition key> (guard false)`. */
export const stateItemKey = (stateId: string) => `state ${stateId}`;
export const guardFalseItemKey = (transitionKey: string) => `${transitionKey} (guard false)`;

/** Items left out on purpose, by key, each with the reason no path can reach it. */
export type CoverageExclusions = Readonly<Record<string, string>>;
/** Any suite, its snapshots and events untyped. */
export type ModelSuite = ReturnType<typeof modelSuite<AnyStateMachine, string>>;

type Expand = (event: EventObject, snapshot: AnyMachineSnapshot) => EventObject[];
type ModelEvent<TMachine extends AnyStateMachine, TScenario extends string> =
  | (EventFromLogic<TMachine> & EventObject)
  | DelayEvent
  | InvokeEvent
  | ([TScenario] extends [never] ? never : { type: TScenario });
type SampleEvents<TMachine extends AnyStateMachine, TScenario extends string> = (
  snapshot: SnapshotFrom<TMachine>,
) => ReadonlyArray<NoInfer<ModelEvent<TMachine, TScenario>>>;

/**
 * The catalogue of a machine's coverage items and `pathCoverage`, the keys a path reaches, replayed
 * from the real events of its steps (`expand`). Transitions come from XState's inspection
 * (`@xstate.microstep`), so eventless ones count; each guard is wrapped per transition, so its false
 * outcome counts for the transition.
 */
function coverageRecorder(source: AnyStateMachine, input: unknown, expand: Expand) {
  let sink: ((item: string) => void) | null = null;
  const wrappers = new WeakMap<object, { guard: unknown; key: string }>();
  const { machine, delays } = deriveTestMachine(source, (guard) => {
    const slot = { guard, key: '' };
    // XState evaluates the real guard; only when it says no does the recorder run, and say no too.
    const sayNo = () => {
      sink?.(guardFalseItemKey(slot.key));
      return false;
    };
    const recorded = or([guard as never, sayNo]);
    wrappers.set(recorded, slot);
    return recorded;
  });
  const slotOf = (guard: unknown) => (typeof guard === 'function' ? wrappers.get(guard) : undefined);
  const keyOf = new Map<unknown, string>();
  const originalGuard = (guard: unknown) => slotOf(guard)?.guard;
  const instrumented = machineAnatomy(machine, { delayEvents: delays, originalGuard });
  for (const { definition, key } of instrumented.transitions) {
    keyOf.set(definition, key);
    const slot = slotOf(definition.guard);
    if (slot) slot.key = key;
  }
  const anatomy = machineAnatomy(source);
  const catalogue = [
    ...anatomy.states.filter((state) => state.parentId !== null).map((state) => stateItemKey(state.id)),
    ...anatomy.transitions.flatMap(({ key, guard }) => (guard ? [key, guardFalseItemKey(key)] : [key])),
  ];

  /** The catalogue keys of a microstep's transitions. @throws for one not in the catalogue. */
  const keysOf = (transitions: readonly AnyTransitionDefinition[]) =>
    transitions.map((transition) => {
      const key = keyOf.get(transition);
      if (key === undefined)
        throw new Error(`Transition of ${transition.source.id} is not in the catalogue.`);
      return key;
    });
  /**
   * Model events replayed from the initial state: the items they reach; the same per step (`steps[0]`
   * the start's, `steps[i]` what event i reached: the transitions it took, the guards that said no,
   * the states it left the machine in); their microsteps in order (each the keys of the transitions
   * XState took in it, several in parallel regions); the state value they end in.
   */
  const replayEvents = (events: readonly EventObject[]) => {
    const covered = new Set<string>();
    const steps: Set<string>[] = [new Set()];
    const microsteps: string[][] = [];
    const add = (item: string) => {
      covered.add(item);
      steps.at(-1)!.add(item);
    };
    const addStates = ({ value }: AnyMachineSnapshot) => {
      for (const node of getStateNodes(machine.root, value)) if (node.parent) add(stateItemKey(node.id));
    };
    const actor = createActor(machine, {
      input,
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.microstep') return;
        const keys = keysOf(inspection._transitions);
        for (const key of keys) add(key);
        if (keys.length) microsteps.push(keys);
        addStates(inspection.snapshot as AnyMachineSnapshot);
      },
    });
    sink = add;
    try {
      actor.start();
      addStates(actor.getSnapshot());
      for (const event of events) {
        steps.push(new Set());
        for (const real of expand(event, actor.getSnapshot())) actor.send(real);
        addStates(actor.getSnapshot());
      }
      return { covered, steps, microsteps, value: actor.getSnapshot().value };
    } finally {
      sink = null;
      actor.stop();
    }
  };
  /**
   * A path replayed ({@link replayEvents}).
   * @throws when the replay ends elsewhere than the path: model and machine disagree.
   */
  const replay = (path: StatePath<AnyMachineSnapshot, EventObject>) => {
    const replayed = replayEvents(pathEvents(path));
    const [reached, expected] = [replayed.value, path.state.value].map((value) => JSON.stringify(value));
    if (reached !== expected) throw new Error(`Replay reached ${reached}, the path expects ${expected}.`);
    return replayed;
  };
  /**
   * The coverage items of each step of model events from the initial state (`[0]` the start's), where
   * no path says where they end: what a failed test's steps reached.
   */
  const stepsCoverage = (events: readonly EventObject[]) => replayEvents(events).steps;
  /** The coverage items a path reaches. @throws like `replay`. */
  const pathCoverage = (path: StatePath<AnyMachineSnapshot, EventObject>) => replay(path).covered;
  /** A path's microsteps, each its transitions' keys (transition-pairs.ts pairs them). @throws like `replay`. */
  const pathMicrosteps = (path: StatePath<AnyMachineSnapshot, EventObject>) => replay(path).microsteps;
  /**
   * The microsteps of `events` (real ones) sent from `snapshot`, a snapshot of the test machine: a
   * traversal's edge, for the pairs the model can take.
   */
  const stepMicrosteps = (snapshot: AnyMachineSnapshot, events: readonly EventObject[]) => {
    const microsteps: string[][] = [];
    const actor = createActor(machine, {
      input,
      snapshot: machine.getPersistedSnapshot(snapshot),
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.microstep') return;
        const keys = keysOf(inspection._transitions);
        if (keys.length) microsteps.push(keys);
      },
    });
    actor.start();
    for (const event of events) actor.send(event);
    actor.stop();
    return microsteps;
  };
  return { anatomy, catalogue, pathCoverage, stepsCoverage, pathMicrosteps, stepMicrosteps };
}

/** Drops each path whose events are a prefix of another's (or equal to an earlier one's); keeps the order. */
export function withoutPrefixPaths<TPath extends StatePath<AnyMachineSnapshot, EventObject>>(paths: TPath[]) {
  const sequences = paths.map((path) => pathEvents(path).map((event) => JSON.stringify(event)));
  return paths.filter((_, index) => {
    const own = sequences[index]!;
    return !sequences.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        own.every((event, position) => other[position] === event) &&
        (other.length > own.length || (other.length === own.length && otherIndex < index)),
    );
  });
}

/**
 * The fewest of `paths` (greedy set cover, shorter first on a tie) that together reach every item any
 * of them reaches, as `items` names them, beyond those `reached` already.
 * In `paths`' order, so a path keeps its number.
 */
function coveringPaths<TPath extends StatePath<AnyMachineSnapshot, EventObject>>(
  paths: TPath[],
  items: (path: TPath) => string[],
  reached = new Set<string>(),
): TPath[] {
  const candidates = paths.map((path) => ({ path, items: items(path) }));
  const kept = new Set<TPath>();
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.items.filter((item) => !reached.has(item)).length;
      const shorter = best && candidate.path.steps.length < best.path.steps.length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && shorter)) [best, bestGain] = [candidate, gain];
    }
    if (!best) return paths.filter((path) => kept.has(path));
    kept.add(best.path);
    for (const item of best.items) reached.add(item);
  }
}

/**
 * The model suite of a real machine. Options: `events`, a snapshot's sample events (the bounds; those
 * it has no transition for are dropped, and scenarios with one); `simpleEvents`, the fewer of the
 * simple-path sub-model; `scenarios`, events standing for several real ones; `serializeSnapshot`, what
 * makes two snapshots one vertex (default: value and context); `exclusions`, items no shopper reaches.
 * Its `paths`: a shortest path to every transition from every bounded snapshot, kept when it adds an
 * item, snapshot or event no kept path reaches (greedy set cover), then every simple path (no snapshot
 * twice) of the sub-model; its `covering`, the fewest of them that reach every coverage item and every
 * sample event (what the browsers run unless asked for all). `traversal` gives xstate/graph's options:
 * vertices by `snapshot` (an event a guard refuses leads to `<snapshot> ⟲ <event>`, so a path can end
 * on it) or by `transition`.
 * @throws like {@link deriveTestMachine}, and when a path's replay disagrees with the model.
 */
export function modelSuite<TMachine extends AnyStateMachine, TScenario extends string = never>(
  machine: TMachine,
  options: {
    input?: unknown;
    events: SampleEvents<TMachine, TScenario>;
    simpleEvents: SampleEvents<TMachine, TScenario>;
    scenarios?: Record<TScenario, (snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[]>;
    serializeSnapshot?: (snapshot: SnapshotFrom<TMachine>) => string;
    exclusions?: (anatomy: MachineAnatomy) => CoverageExclusions;
  },
) {
  type TSnapshot = SnapshotFrom<TMachine>;
  type TEvent = ModelEvent<TMachine, TScenario>;
  const { machine: testMachine, delays } = deriveTestMachine(machine);
  const scenarios: Partial<Record<string, (snapshot: TSnapshot) => TEvent[]>> = options.scenarios ?? {};
  const expand = (event: TEvent, snapshot: TSnapshot) =>
    scenarios[(event as EventObject).type]?.(snapshot) ?? [event];
  const serialize = options.serializeSnapshot ?? (({ value, context }) => JSON.stringify({ value, context }));
  const testModel = createTestModel(testMachine) as unknown as TestModel<TSnapshot, TEvent, unknown>;
  // The test logic runs a scenario's real events one after another through the real transitions.
  const testLogic = Object.create(testMachine) as AnyStateMachine;
  testLogic.transition = (snapshot, event, scope) =>
    expand(event as TEvent, snapshot as TSnapshot).reduce(
      (current, real) => testMachine.transition(current, real, scope),
      snapshot,
    );
  testModel.testLogic = testLogic as never;
  const traversal = (
    vertex: 'snapshot' | 'transition',
    events = options.events,
  ): TraversalOptions<TSnapshot, TEvent, unknown> => ({
    input: options.input,
    events: (snapshot) => {
      const handled = new Set(getNextTransitions(snapshot).map((transition) => transition.eventType));
      return events(snapshot).filter((event) =>
        expand(event, snapshot).every((real) => handled.has((real as EventObject).type)),
      );
    },
    serializeEvent: (event) => JSON.stringify(event),
    serializeState: (snapshot, event, previous) => {
      const key = serialize(snapshot);
      if (!event) return key;
      if (vertex === 'transition') return `${key} via ${JSON.stringify(event)}`;
      return previous && serialize(previous) === key ? `${key} ⟲ ${JSON.stringify(event)}` : key;
    },
  });
  const coverage = coverageRecorder(machine, options.input, expand as Expand);
  const simple = withoutPrefixPaths(testModel.getSimplePaths(traversal('snapshot', options.simpleEvents)));
  const shortest = testModel.getShortestPaths(traversal('transition'));

  const reaches = (path: StatePath<TSnapshot, TEvent>) => {
    const items = coverage.pathCoverage(path);
    for (const { state, event } of path.steps)
      items.add(`snapshot ${serialize(state)}`).add(`event ${JSON.stringify(event)}`);
    return [...items];
  };
  const kept = coveringPaths(shortest, reaches, new Set(simple.flatMap(reaches)));
  const shortestKept = withoutPrefixPaths(kept);
  const paths = withoutPrefixPaths([...shortestKept, ...simple]);
  return {
    name: machine.id,
    paths,
    covering: coveringPaths(paths, (path) => [
      ...coverage.pathCoverage(path),
      ...path.steps.map(({ event }) => `event ${JSON.stringify(event)}`),
    ]),
    shortestGenerated: shortest.length,
    shortestKept: shortestKept.length,
    simple: simple.length,
    delays,
    expand,
    testModel,
    traversal,
    ...coverage,
    exclusions: options.exclusions?.(coverage.anatomy) ?? {},
  };
}

/**
 * A snapshot's state configuration, its active leaf states by path (`cart.open.browsing, order.none,
 * release.current, toast.hidden`): the combination of a machine's parallel regions.
 */
export function configurationOf(value: StateValue): string {
  const leaves = (node: StateValue, prefix: string): string[] =>
    typeof node === 'string'
      ? [`${prefix}${node}`]
      : Object.entries(node).flatMap(([region, child]) =>
          child ? leaves(child, `${prefix}${region}.`) : [],
        );
  return leaves(value, '').sort().join(', ');
}

/** A table's title: the machine, where its paths ran, and how many paths of each generator ran. */
export const coverageTitle = (environment: string, suite: ModelSuite, ran = suite.paths.length) =>
  `Model coverage · ${suite.name} · ${environment} · ${ran} of ${suite.paths.length} generated paths run (${suite.shortestKept} of ${suite.shortestGenerated} shortest, ${suite.simple} simple)`;

/**
 * Tallies the covered keys against a suite's catalogue, exclusions left out of every count, as a
 * `table` under `title` that lists what is not covered and each stale exclusion (a path reaches it),
 * those lines and the exclusions also as `notes`; with either the report is not `complete`.
 * @throws when an exclusion names no item of the catalogue.
 */
export function coverageReport(
  { anatomy, catalogue }: Pick<ModelSuite, 'anatomy' | 'catalogue'>,
  covered: ReadonlySet<string>,
  exclusions: CoverageExclusions,
  title: string,
) {
  for (const key of Object.keys(exclusions))
    if (!catalogue.includes(key))
      throw new Error(`Coverage exclusion '${key}' is not an item of machine '${anatomy.machineId}'.`);
  const counted = catalogue.filter((key) => !(key in exclusions));
  const tally = (states: boolean) => {
    const items = counted.filter((key) => key.startsWith('state ') === states);
    const count = items.filter((key) => covered.has(key)).length;
    return `${`${count}/${items.length}`.padEnd(7)} ${(items.length ? (count / items.length) * 100 : 100).toFixed(1)}%`;
  };
  const uncovered = counted.filter((key) => !covered.has(key));
  const stale = Object.keys(exclusions).filter((key) => covered.has(key));
  const { transitions } = anatomy;
  const count = (kind: string) => transitions.filter((transition) => transition.trigger.kind === kind).length;
  const notes = [
    ...Object.entries(exclusions).map(([key, reason]) => `  excluded: ${key}: ${reason}`),
    ...uncovered.map((key) => `  NOT COVERED: ${key}`),
    ...stale.map((key) => `  STALE EXCLUSION (a path reaches it): ${key}`),
  ];
  const table = [
    title,
    `  states      ${tally(true)}`,
    `  transitions ${tally(false)}  (${transitions.length} transitions: ${count('delay')} delayed, ${count('always')} eventless; ${
      transitions.filter((transition) => transition.guard).length
    } guards × 2 outcomes; ${Object.keys(exclusions).length} excluded)`,
    ...notes,
  ].join('\n');
  return { uncovered, complete: !uncovered.length && !stale.length, table, notes };
}
