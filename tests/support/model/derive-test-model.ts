/**
 * A test model derived from a REAL XState machine, never a hand-copied twin, so the tests cannot drift
 * from the app (why xstate/graph: docs/decisions/0005-xstate-graph-not-xstate-test.md).
 * `createTestModel` refuses `after` and `invoke`, so the test machine is the real machine's config and
 * implementations with each delayed transition turned into an event `delay.<delay name>` and each
 * invoke into its outcomes as XState's own events, `xstate.done.actor.<id>` and
 * `xstate.error.actor.<id>` (carrying the `error`); sources, targets, guards, actions and re-entry stay.
 * So a path says when time passes and how a download ends.
 */
import { StateMachine, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { resolveDelayMs } from '@support/model/machine-anatomy';

/** An event standing for a delayed transition: `{ type: 'delay.toastDuration' }`. */
export type DelayEvent = { type: `delay.${string}` };
/** An invoked actor's outcome as an event of the test machine. */
export type InvokeEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };
/** The delays a test machine turned into events, by event type: the delay's name and its length in ms. */
export type DerivedDelays = ReadonlyMap<string, { delay: string; ms: number }>;

type Invoke = { id?: string; src: unknown; onDone?: unknown; onError?: unknown; onSnapshot?: unknown };
type StateConfig = Partial<Record<'after' | 'on' | 'states', object>> & {
  always?: unknown;
  invoke?: Invoke | Invoke[];
};

const mapValues = <T, U>(record: object, map: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as T)]));

/**
 * The test machine of a real machine (see the module comment). `mapGuard` lets the coverage recorder
 * wrap every guard.
 * @throws when a delay is not a fixed number of ms, an event `delay.<name>` already exists, or an invoke
 *   has no id (or has an onSnapshot).
 */
export function deriveTestMachine(machine: AnyStateMachine, mapGuard = (guard: unknown) => guard) {
  const delays = new Map<string, { delay: string; ms: number }>();
  const withGuards = (transition: unknown): unknown =>
    Array.isArray(transition)
      ? transition.map(withGuards)
      : transition && typeof transition === 'object' && 'guard' in transition
        ? { ...transition, guard: mapGuard(transition.guard) }
        : transition;
  const convert = ({ after, on, states, always, invoke, ...rest }: StateConfig): StateConfig => {
    const events: Record<string, unknown> = { ...on };
    for (const { id, src, onDone, onError, onSnapshot } of invoke === undefined ? [] : [invoke].flat()) {
      if (typeof id !== 'string' || onSnapshot !== undefined)
        throw new Error(
          `Machine '${machine.id}': an invoke needs an id and no onSnapshot to derive a test model (src ${String(src)}).`,
        );
      if (onDone !== undefined) events[`xstate.done.actor.${id}`] = onDone;
      if (onError !== undefined) events[`xstate.error.actor.${id}`] = onError;
    }
    for (const [delay, transition] of Object.entries(after ?? {})) {
      if (`delay.${delay}` in events)
        throw new Error(
          `Machine '${machine.id}' already has an event 'delay.${delay}': rename it to derive a test model.`,
        );
      events[`delay.${delay}`] = transition;
      delays.set(`delay.${delay}`, { delay, ms: resolveDelayMs(machine, delay) });
    }
    return {
      ...rest,
      ...(on || after || invoke ? { on: mapValues(events, withGuards) } : {}),
      ...(always !== undefined ? { always: withGuards(always) } : {}),
      ...(states ? { states: mapValues(states, convert) } : {}),
    };
  };
  const config = convert(machine.config as StateConfig);
  const derived = new StateMachine(config as never, machine.implementations as never) as unknown;
  return { machine: derived as AnyStateMachine, delays: delays as DerivedDelays };
}

/** The events of a path after its initial step. */
export const pathEvents = <TEvent extends EventObject>(path: StatePath<Snapshot<unknown>, TEvent>) =>
  path.steps.slice(1).map((step) => step.event);

/** A short event: `colour.select(ocean-blue)`, `delay.toastDuration`. */
export function formatEvent({ type, ...params }: EventObject): string {
  const values = Object.values(params).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  return values.length ? `${type}(${values.join(', ')})` : type;
}

/** A path's test title: its events joined by arrows, or `(initial state)`. */
export function pathName(path: StatePath<Snapshot<unknown>, EventObject>): string {
  const events = pathEvents(path);
  return events.length ? events.map(formatEvent).join(' → ') : '(initial state)';
}

/**
 * What {@link runModelPath} needs of a UI: `assertState` throws unless it shows what a shopper should
 * see in a snapshot, `perform` does what a shopper does for an event, `advanceClock` moves the fake clock.
 */
export interface PathDriver<TSnapshot, TEvent extends EventObject> {
  assertState: (snapshot: TSnapshot) => Promise<void>;
  perform: (event: TEvent, snapshot: TSnapshot) => Promise<void>;
  advanceClock: (ms: number) => Promise<void>;
  /** Told each step as it starts (`step 3 of 5: cart.open`), so a run that times out can say where. */
  onStep?: (step: string) => void;
}

/**
 * Runs a path against a UI: asserts the first snapshot, then per step performs the event and asserts
 * the snapshot it leads to. A delay event advances the clock by its ms − 1, asserts the snapshot before
 * it still shows, then advances the last ms: a timer 1 ms early fails the first assertion, 1 ms late
 * the next.
 * @throws the first failure, its message ending with the step and the path.
 */
export async function runModelPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  { delays }: { delays: DerivedDelays },
  path: StatePath<TSnapshot, TEvent>,
  driver: PathDriver<TSnapshot, TEvent>,
): Promise<void> {
  let before = path.steps[0]!.state;
  let step = 0;
  try {
    await driver.assertState(before);
    for (step = 1; step < path.steps.length; step++) {
      const { event, state } = path.steps[step]!;
      driver.onStep?.(`step ${step} of ${path.steps.length - 1}: ${formatEvent(event)}`);
      const delay = delays.get(event.type);
      if (!delay) await driver.perform(event, before);
      else {
        await driver.advanceClock(delay.ms - 1);
        await driver.assertState(before);
        await driver.advanceClock(1);
      }
      await driver.assertState(state);
      before = state;
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\nat step ${step} of path ${pathName(path)}`;
    throw error;
  }
}
