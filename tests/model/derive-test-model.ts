/**
 * Derives a test model from a REAL XState machine, never from a hand-copied twin, so the tests cannot
 * drift from the app. Why xstate/graph and not `@xstate/test`:
 * docs/decisions/0005-xstate-graph-not-xstate-test.md.
 *
 * `createTestModel` (xstate/graph) refuses machines with `after` transitions, so the derived test
 * machine is built from the real machine's own config and implementations with one change: every
 * delayed transition becomes an explicit event, `delay.<delay name>` (`delay.toastDuration`), with the
 * same source, target, guard, actions and re-entry. A path then says exactly when time passes, and its
 * executor advances the fake clock by exactly that delay (see {@link delayExecutor}).
 *
 * Invoked actors are taken out the same way: a state's `invoke` becomes its outcomes as
 * explicit events with XState's own types, `xstate.done.actor.<id>` (onDone) and
 * `xstate.error.actor.<id>` (onError, the event carrying the actor's `error`), so a path says when a
 * download finishes or fails, and how; the transitions keep their keys, guards and actions.
 *
 * Scenario events (e.g. `form.fill`) may stand for several real events in a row: the test logic
 * expands them with the real machine's transitions, so the model never adds a transition of its own.
 */
import {
  StateMachine,
  getNextTransitions,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import {
  createTestModel,
  type StatePath,
  type Step,
  type TestModel,
  type TestParam,
  type TestPath,
  type TraversalOptions,
} from 'xstate/graph';
import { resolveDelayMs } from './machine-anatomy';

/** Event type prefix of the events that stand for delayed transitions. */
export const DELAY_EVENT_PREFIX = 'delay.';

/** An event standing for a delayed transition: `{ type: 'delay.toastDuration' }`. */
export interface DelayEvent {
  type: `delay.${string}`;
}

/** An invoked actor's outcome as an event of the derived machine (see {@link invokeDoneEventType}). */
export type InvokeEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

/** A delayed transition turned into an event: its event type, the delay's name and its length in ms. */
export interface DerivedDelay {
  eventType: `delay.${string}`;
  delay: string;
  ms: number;
}

/** The derived test machine and the delays it turned into events (keyed by event type). */
export interface DerivedTestMachine {
  machine: AnyStateMachine;
  delays: ReadonlyMap<string, DerivedDelay>;
}

/** Event types of an invoked actor's outcomes, as XState names them (`xstate.done.actor.loadCheckout`). */
export const invokeDoneEventType = (id: string) => `xstate.done.actor.${id}` as const;
/** See {@link invokeDoneEventType}. */
export const invokeErrorEventType = (id: string) => `xstate.error.actor.${id}` as const;

interface InvokeConfig {
  id?: string;
  src: unknown;
  onDone?: unknown;
  onError?: unknown;
  onSnapshot?: unknown;
}

interface StateConfig {
  after?: Record<string, unknown>;
  invoke?: InvokeConfig | InvokeConfig[];
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  always?: unknown;
  [key: string]: unknown;
}

/** Applies `mapGuard` to every guard of a transition config (string target, object or array). */
function mapTransitionGuards(transition: unknown, mapGuard: (guard: unknown) => unknown): unknown {
  if (Array.isArray(transition)) return transition.map((item) => mapTransitionGuards(item, mapGuard));
  if (transition && typeof transition === 'object' && 'guard' in transition) {
    return { ...transition, guard: mapGuard(transition.guard) };
  }
  return transition;
}

function mapRecord(record: Record<string, unknown>, mapGuard?: (guard: unknown) => unknown) {
  if (!mapGuard) return { ...record };
  return Object.fromEntries(
    Object.entries(record).map(([key, transition]) => [key, mapTransitionGuards(transition, mapGuard)]),
  );
}

function convertStateConfig(
  config: StateConfig,
  source: AnyStateMachine,
  delays: Map<string, DerivedDelay>,
  mapGuard: ((guard: unknown) => unknown) | undefined,
): StateConfig {
  const { after, on, states, always, invoke, ...rest } = config;
  const converted: StateConfig = { ...rest };
  const events = on ? mapRecord(on, mapGuard) : {};
  for (const invoked of invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) {
    if (typeof invoked.id !== 'string' || invoked.onSnapshot !== undefined) {
      throw new Error(
        `Machine '${source.id}': an invoke needs an id and no onSnapshot to derive a test model (src ${String(invoked.src)}).`,
      );
    }
    const outcomes: [string, unknown][] = [
      [invokeDoneEventType(invoked.id), invoked.onDone],
      [invokeErrorEventType(invoked.id), invoked.onError],
    ];
    for (const [eventType, transition] of outcomes) {
      if (transition === undefined) continue;
      events[eventType] = mapGuard ? mapTransitionGuards(transition, mapGuard) : transition;
    }
  }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    const eventType = `${DELAY_EVENT_PREFIX}${delay}` as const;
    if (eventType in events || (on && eventType in on)) {
      throw new Error(
        `Machine '${source.id}' already has an event '${eventType}': rename it to derive a test model.`,
      );
    }
    events[eventType] = mapGuard ? mapTransitionGuards(transition, mapGuard) : transition;
    delays.set(eventType, { eventType, delay, ms: resolveDelayMs(source, delay) });
  }
  if (on || after || invoke) converted.on = events;
  if (always !== undefined) converted.always = mapGuard ? mapTransitionGuards(always, mapGuard) : always;
  if (states) {
    converted.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [
        key,
        convertStateConfig(child, source, delays, mapGuard),
      ]),
    );
  }
  return converted;
}

/**
 * Builds the test machine of a real machine: its config and implementations, with each delayed
 * transition turned into a `delay.<name>` event (see the module comment). `mapGuard` lets the coverage
 * recorder wrap guards; leave it out for the test model itself.
 * @throws when a delay is not a fixed number of ms, an event `delay.<name>` already exists, or an
 *   invoke has no id (or an onSnapshot).
 */
export function deriveTestMachine(
  machine: AnyStateMachine,
  mapGuard?: (guard: unknown) => unknown,
): DerivedTestMachine {
  const delays = new Map<string, DerivedDelay>();
  const config = convertStateConfig(machine.config as StateConfig, machine, delays, mapGuard);
  const derived = new StateMachine(
    config as ConstructorParameters<typeof StateMachine>[0],
    machine.implementations as ConstructorParameters<typeof StateMachine>[1],
  ) as unknown as AnyStateMachine;
  return { machine: derived, delays };
}

/** Expands a scenario event into the real events it stands for, given the snapshot it is sent in. */
export type ScenarioExpander<TSnapshot, TEvent> = (snapshot: TSnapshot) => TEvent[];

/** The event a scenario type stands for in a path (none when a model has no scenarios). */
export type ScenarioEvent<TType extends string> = [TType] extends [never] ? never : { type: TType };

/** The events of a machine, as event objects. */
export type MachineEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> & EventObject;

/** Options of {@link createDerivedTestModel}. */
export interface DerivedTestModelOptions<
  TSnapshot,
  TEvent extends EventObject,
  TScenarioType extends string,
> {
  /** Machine input (e.g. the checkout's navigation state). */
  input?: unknown;
  /**
   * The sample events to try in a snapshot: the model's bounds. Events the snapshot does not handle
   * (no candidate transition) are dropped, and so are scenario events with any such real event.
   */
  events: (
    snapshot: TSnapshot,
  ) => ReadonlyArray<NoInfer<TEvent | DelayEvent | InvokeEvent | ScenarioEvent<TScenarioType>>>;
  /** Scenario events by type, each expanded into the real events it stands for. */
  scenarios?: Record<TScenarioType, ScenarioExpander<TSnapshot, TEvent>>;
  /** What makes two snapshots the same vertex of the graph (default: value and context as JSON). */
  serializeSnapshot?: (snapshot: TSnapshot) => string;
}

/** A generated test path over a derived model. */
export type ModelPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = TestPath<
  TSnapshot,
  TEvent
>;

/** How a traversal tells graph vertices apart. */
export interface TraversalChoice<TSnapshot, TEvent> {
  /**
   * `snapshot`: a vertex per snapshot (for simple paths, which must not repeat one); an event that
   * leaves the snapshot as it was (a guard said no) leads to a vertex of its own,
   * `<snapshot> ⟲ <event>`, or such a self-loop would never be on a path. `transition`: a vertex per
   * snapshot and the event that led to it, so shortest paths reach every transition from every snapshot.
   */
  vertex: 'snapshot' | 'transition';
  /** Sample events for this traversal only (default: the model's `events`). */
  events?: (snapshot: TSnapshot) => ReadonlyArray<TEvent>;
}

/** The derived test model of a real machine, ready to generate paths. */
export interface DerivedTestModel<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  /** The real machine the model was derived from. */
  source: AnyStateMachine;
  /** The derived test machine. */
  testMachine: AnyStateMachine;
  delays: ReadonlyMap<string, DerivedDelay>;
  /** The xstate/graph test model over the test machine (scenario events expanded). */
  model: TestModel<TSnapshot, TEvent, unknown>;
  /** Traversal options for `model.getShortestPaths` / `getSimplePaths`: sample events, serialisation, input. */
  traversal: (choice: TraversalChoice<TSnapshot, TEvent>) => TraversalOptions<TSnapshot, TEvent, unknown>;
  /** The real events an event of a path stands for (itself, or a scenario's expansion). */
  expand: (event: TEvent, snapshot: TSnapshot) => TEvent[];
  /** What makes two snapshots the same (serialised). */
  serialize: (snapshot: TSnapshot) => string;
  input: unknown;
}

const snapshotJson = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * Derives the test model of a real machine (see the module comment) with `createTestModel`.
 * @throws like {@link deriveTestMachine}, and when `createTestModel` rejects the machine (invoke,
 *   delayed actions).
 */
export function createDerivedTestModel<
  TMachine extends AnyStateMachine,
  TScenarioType extends string = never,
>(
  machine: TMachine,
  options: DerivedTestModelOptions<SnapshotFrom<TMachine>, MachineEvent<TMachine>, TScenarioType>,
): DerivedTestModel<
  SnapshotFrom<TMachine>,
  MachineEvent<TMachine> | DelayEvent | InvokeEvent | ScenarioEvent<TScenarioType>
> {
  type TSnapshot = SnapshotFrom<TMachine>;
  type TEvent = MachineEvent<TMachine>;
  type ModelEvent = TEvent | DelayEvent | InvokeEvent | ScenarioEvent<TScenarioType>;
  const { machine: testMachine, delays } = deriveTestMachine(machine);
  const scenarios: Partial<Record<string, ScenarioExpander<TSnapshot, TEvent>>> = options.scenarios ?? {};
  const expand = (event: ModelEvent, snapshot: TSnapshot): ModelEvent[] =>
    scenarios[(event as EventObject).type]?.(snapshot) ?? [event];
  const serialize =
    options.serializeSnapshot ?? ((snapshot: TSnapshot) => snapshotJson(snapshot as AnyMachineSnapshot));

  const model = createTestModel(testMachine) as unknown as TestModel<TSnapshot, ModelEvent, unknown>;
  // Scenario events are not the machine's: the test logic runs what they stand for, one real event
  // after another, through the derived machine's own transition function.
  const testLogic = Object.create(testMachine) as AnyStateMachine;
  testLogic.transition = (snapshot, event, actorScope) =>
    expand(event as ModelEvent, snapshot as TSnapshot).reduce(
      (current, real) => testMachine.transition(current, real, actorScope),
      snapshot,
    );
  model.testLogic = testLogic as unknown as TestModel<TSnapshot, ModelEvent, unknown>['testLogic'];

  const traversal = ({
    vertex,
    events = options.events,
  }: TraversalChoice<TSnapshot, ModelEvent>): TraversalOptions<TSnapshot, ModelEvent, unknown> => ({
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
  return { source: machine, testMachine, delays, model, traversal, expand, serialize, input: options.input };
}

/** The events of a path after its initial step, in order. */
export function pathEvents<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
): TEvent[] {
  return path.steps.slice(1).map((step) => step.event);
}

/** A short, readable event: `colour.select(ocean-blue)`, `delay.toastDuration`. */
export function formatEvent(event: EventObject): string {
  const params = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return params.length ? `${event.type}(${params.join(', ')})` : event.type;
}

/** A path's name for a test title: its events joined by arrows, or `(initial state)`. */
export function pathName<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
): string {
  const events = pathEvents(path);
  return events.length ? events.map(formatEvent).join(' → ') : '(initial state)';
}

/** What a path runner needs from a UI driver (jsdom or browser). */
export interface PathDriver<TSnapshot, TEvent extends EventObject> {
  /** Asserts the UI shows what a shopper should see in `snapshot`; throws otherwise. */
  assertState: (snapshot: TSnapshot) => Promise<void>;
  /** Performs `event` like a shopper would, in the UI showing `snapshot`. */
  perform: (event: TEvent, snapshot: TSnapshot) => Promise<void>;
  /** Advances the fake clock by `ms` milliseconds, running the timers that fall due. */
  advanceClock: (ms: number) => Promise<void>;
}

/**
 * The executor of a delay event: advances the fake clock by `ms − 1`, asserts the UI still shows the
 * snapshot before the delay, then advances the last millisecond. So a UI whose timer fires early fails
 * at the first assertion, one that fires late (or an executor advancing 1 ms less) fails at the state
 * assertion that follows the step.
 */
export function delayExecutor<TSnapshot, TEvent extends EventObject>(
  delay: DerivedDelay,
  driver: PathDriver<TSnapshot, TEvent>,
  before: () => TSnapshot,
): () => Promise<void> {
  return async () => {
    await driver.advanceClock(delay.ms - 1);
    await driver.assertState(before());
    await driver.advanceClock(1);
  };
}

/**
 * Runs a generated path against a UI with xstate/graph's `path.test`: each event is performed by the
 * driver (delay events by {@link delayExecutor}), and every snapshot along the path is asserted.
 * @throws the first failing assertion or executor error, with the path appended by xstate/graph.
 */
export async function runModelPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  derived: DerivedTestModel<TSnapshot, TEvent>,
  path: ModelPath<TSnapshot, TEvent>,
  driver: PathDriver<TSnapshot, TEvent>,
): Promise<void> {
  let current = path.steps[0]!.state;
  const perform = async (step: Step<TSnapshot, TEvent>) => {
    const delay = derived.delays.get(step.event.type);
    if (delay) await delayExecutor(delay, driver, () => current)();
    else await driver.perform(step.event, current);
  };
  const eventTypes = new Set(pathEvents(path).map((event) => event.type));
  const params: TestParam<TSnapshot, TEvent> = {
    states: {
      '*': async (snapshot) => {
        await driver.assertState(snapshot);
        current = snapshot;
      },
    },
    events: Object.fromEntries([...eventTypes].map((type) => [type, perform])) as unknown as TestParam<
      TSnapshot,
      TEvent
    >['events'],
  };
  await path.test(params);
}
