/**
 * Steering a session's random steps towards transition pairs not yet taken: the model's graph within
 * a session's bounds (xstate/graph's adjacency map, as `transition-pairs.ts` traverses it), its
 * vertices paired with the transitions last taken on reaching them (a pair's first half), and from any
 * such state the fewest steps to a step that takes a pair still wanted.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap, type AdjacencyMap } from 'xstate/graph';
import type { ModelSuite } from '@support/model/model-suite';
import { pairsOf } from '@support/model/transition-pairs';

/** A traversal's edge: an event and the snapshot it leads to. */
type Edge = { event: EventObject; state: AnyMachineSnapshot };

/** A step of the steering graph: from a state by `event` to the state `to`, taking `pairs`. */
interface Step {
  event: EventObject;
  to: number;
  pairs: readonly string[];
}

/**
 * The states a session of a suite's model can be in, each a snapshot's vertex and the transitions last
 * taken on reaching it, and the steps between them.
 */
export class SteeringGraph {
  private readonly index = new Map<string, number>();
  private readonly steps: Step[][] = [];
  /** By event type: the states from which a step of that type can still be taken. */
  private readonly recurring = new Map<string, Set<number>>();

  /**
   * `events`: a snapshot's sample events, delay events included (a session's bounds, capped so the
   * graph ends); `vertexOf`: a snapshot's vertex (its serialization, capped as the events are).
   * @throws like the suite's replay, when a transition is not in its catalogue.
   */
  constructor(
    suite: ModelSuite,
    events: (snapshot: AnyMachineSnapshot) => readonly EventObject[],
    private readonly vertexOf: (snapshot: AnyMachineSnapshot) => string,
  ) {
    const traversal = suite.traversal('snapshot', events as never);
    const map: AdjacencyMap<AnyMachineSnapshot, EventObject> = getAdjacencyMap(
      suite.testModel.testLogic,
      traversal as never,
    ) as never;
    const edges = new Map<string, { event: EventObject; to: string; microsteps: string[][] }[]>();
    for (const { state, transitions } of Object.values(map)) {
      const from = vertexOf(state);
      // Keyed by a branded string, so Object.values cannot infer the edges' type.
      for (const { event, state: target } of Object.values(transitions) as Edge[]) {
        const microsteps = suite.stepMicrosteps(
          state,
          suite.expand(event as never, state as never) as EventObject[],
        );
        const list = edges.get(from) ?? edges.set(from, []).get(from)!;
        list.push({ event, to: vertexOf(target), microsteps });
      }
    }
    const initial = Object.values(map)[0]?.state;
    if (!initial) return;
    const first = suite.pathMicrosteps({ state: initial, steps: [] } as never).at(-1) ?? [];
    const queue: Array<[string, readonly string[]]> = [[vertexOf(initial), first]];
    this.stateOf(vertexOf(initial), first);
    for (let at = 0; at < queue.length; at += 1) {
      const [vertex, last] = queue[at]!;
      const from = this.stateOf(vertex, last);
      for (const { event, to, microsteps } of edges.get(vertex) ?? []) {
        const next = microsteps.at(-1) ?? last;
        const known = this.index.size;
        const target = this.stateOf(to, next);
        if (this.index.size > known) queue.push([to, next]);
        this.steps[from]!.push({ event, to: target, pairs: [...pairsOf([last, ...microsteps])] });
      }
    }
  }

  private key(vertex: string, last: readonly string[]) {
    return `${vertex} after ${[...last].sort().join(' & ')}`;
  }

  /** The state's number, a new one if it has none yet. */
  private stateOf(vertex: string, last: readonly string[]): number {
    const key = this.key(vertex, last);
    let state = this.index.get(key);
    if (state === undefined) {
      state = this.index.size;
      this.index.set(key, state);
      this.steps.push([]);
    }
    return state;
  }

  /**
   * The pairs `wanted` says are wanted that a session can take from the model's first state, through
   * events `allowed` allows.
   */
  wantedWithin(wanted: (pair: string) => boolean, allowed: (event: EventObject) => boolean): Set<string> {
    const found = new Set<string>();
    const seen = new Set<number>([0]);
    const queue = this.steps.length ? [0] : [];
    for (let at = 0; at < queue.length; at += 1)
      for (const step of this.steps[queue[at]!]!) {
        if (!allowed(step.event)) continue;
        for (const pair of step.pairs) if (wanted(pair)) found.add(pair);
        if (!seen.has(step.to)) {
          seen.add(step.to);
          queue.push(step.to);
        }
      }
    return found;
  }

  /**
   * What `event` sent in `snapshot` after the transitions `last` leaves of the session: `ends` when the
   * page leaves (a reload), so no step follows; `once` when no later step can send an event of its type
   * again (a release arrives once a page). Both false when the snapshot or event is not in the graph.
   */
  after(snapshot: AnyMachineSnapshot, last: readonly string[], event: EventObject) {
    const step = this.stepFrom(snapshot, last, event);
    if (step === undefined) return { ends: false, once: false };
    return { ends: this.steps[step.to]!.length === 0, once: !this.recurs(event.type).has(step.to) };
  }

  /** The states from which a step of `type` can be taken, now or later. */
  private recurs(type: string): Set<number> {
    const known = this.recurring.get(type);
    if (known) return known;
    const states = new Set<number>();
    const into = new Map<number, number[]>();
    this.steps.forEach((steps, state) => {
      for (const step of steps) {
        (into.get(step.to) ?? into.set(step.to, []).get(step.to)!).push(state);
        if (step.event.type === type) states.add(state);
      }
    });
    const queue = [...states];
    for (let at = 0; at < queue.length; at += 1)
      for (const before of into.get(queue[at]!) ?? [])
        if (!states.has(before)) {
          states.add(before);
          queue.push(before);
        }
    this.recurring.set(type, states);
    return states;
  }

  /** The step `event` takes from `snapshot` after the transitions `last`, if the graph has it. */
  private stepFrom(snapshot: AnyMachineSnapshot, last: readonly string[], event: EventObject) {
    const from = this.index.get(this.key(this.vertexOf(snapshot), last));
    if (from === undefined) return undefined;
    const key = JSON.stringify(event);
    return this.steps[from]!.find((candidate) => JSON.stringify(candidate.event) === key);
  }

  /**
   * For each of `events` sent in `snapshot` after the transitions `last`: the fewest steps, it the
   * first, to a step that takes a pair `wanted` says is wanted, through events `allowed` allows
   * (Infinity when none leads there within the graph, or the snapshot or event is not in it).
   */
  distances(
    snapshot: AnyMachineSnapshot,
    last: readonly string[],
    events: readonly EventObject[],
    wanted: (pair: string) => boolean,
    allowed: (event: EventObject) => boolean,
  ): number[] {
    const from = this.index.get(this.key(this.vertexOf(snapshot), last));
    if (from === undefined) return events.map(() => Infinity);
    // Backwards from the steps that take a wanted pair: each state's fewest steps to one.
    const distance = new Array<number>(this.steps.length).fill(Infinity);
    const into = new Map<number, number[]>();
    const queue: number[] = [];
    this.steps.forEach((steps, state) => {
      for (const step of steps) {
        if (!allowed(step.event)) continue;
        (into.get(step.to) ?? into.set(step.to, []).get(step.to)!).push(state);
        if (distance[state] !== 1 && step.pairs.some(wanted)) {
          distance[state] = 1;
          queue.push(state);
        }
      }
    });
    for (let at = 0; at < queue.length; at += 1) {
      const state = queue[at]!;
      for (const before of into.get(state) ?? [])
        if (distance[before] === Infinity) {
          distance[before] = distance[state]! + 1;
          queue.push(before);
        }
    }
    return events.map((event) => {
      const step = this.stepFrom(snapshot, last, event);
      if (!step) return Infinity;
      return step.pairs.some(wanted) ? 1 : distance[step.to]! + 1;
    });
  }
}
