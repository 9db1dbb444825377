/**
 * Transition pairs: two transitions of a machine taken one right after the other (t1 then t2), the
 * next coverage level above transitions (1-switch coverage). A microstep may take several transitions
 * at once (one per parallel region), so each transition of a microstep pairs with each of the next
 * microstep's; an event that takes no transition (a guard says no, nothing handles it) leaves the last
 * transitions the last, so the pair spans it. Transitions are named by their coverage keys
 * (machine-anatomy.ts), the pairs by {@link pairKey}.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap, type AdjacencyMap } from 'xstate/graph';
import type { ModelSuite } from './model-suite';

/** A traversal's edge: an event and the snapshot it leads to. */
type Edge = { event: EventObject; state: AnyMachineSnapshot };

/** A pair's key: `<t1's key> ⇒ <t2's key>`. */
export const pairKey = (first: string, second: string) => `${first} ⇒ ${second}`;

/** The pairs of a run's microsteps in order (each the keys of the transitions taken in it). */
export function pairsOf(microsteps: ReadonlyArray<readonly string[]>): Set<string> {
  const pairs = new Set<string>();
  microsteps.forEach((step, index) => {
    for (const first of microsteps[index - 1] ?? [])
      for (const second of step) pairs.add(pairKey(first, second));
  });
  return pairs;
}

/**
 * The pairs a suite's model can take within the bounds of `events` (a snapshot's sample events, delay
 * events included; default the suite's own): its traversal's every edge replayed through the
 * instrumented machine, each edge's first transitions paired with every transition that can be the
 * last one taken on reaching its snapshot (a snapshot is the model's whole state: value and context).
 * @throws like the suite's replay, when a transition is not in its catalogue.
 */
export function reachablePairs(
  suite: ModelSuite,
  events?: (snapshot: AnyMachineSnapshot) => readonly EventObject[],
): Set<string> {
  const traversal = suite.traversal('snapshot', events as never);
  const map: AdjacencyMap<AnyMachineSnapshot, EventObject> = getAdjacencyMap(
    suite.testModel.testLogic,
    traversal as never,
  ) as never;
  const vertexOf = (snapshot: AnyMachineSnapshot) => traversal.serializeState!(snapshot as never, undefined);
  const vertices = Object.values(map);
  const edges = vertices.flatMap(({ state, transitions }) =>
    // Keyed by a branded string, so Object.values cannot infer the edges' type.
    (Object.values(transitions) as Edge[]).map(({ event, state: target }) => ({
      from: vertexOf(state),
      to: vertexOf(target),
      microsteps: suite.stepMicrosteps(state, suite.expand(event as never, state as never) as EventObject[]),
    })),
  );
  const pairs = new Set<string>();
  for (const { microsteps } of edges) for (const pair of pairsOf(microsteps)) pairs.add(pair);
  // Per snapshot, the transitions that can be the last taken on reaching it, grown to a fixed point.
  const last = new Map<string, Set<string>>();
  const lastOf = (vertex: string) => last.get(vertex) ?? last.set(vertex, new Set()).get(vertex)!;
  const initial = vertices[0]?.state;
  if (initial)
    for (const key of suite.pathMicrosteps({ state: initial, steps: [] } as never).at(-1) ?? [])
      lastOf(vertexOf(initial)).add(key);
  for (let grew = true; grew;) {
    grew = false;
    for (const { from, to, microsteps } of edges) {
      const arriving = microsteps.length ? microsteps.at(-1)! : lastOf(from);
      const target = lastOf(to);
      for (const key of arriving) if (!target.has(key)) grew = Boolean(target.add(key));
    }
  }
  for (const { from, microsteps } of edges)
    for (const first of lastOf(from))
      for (const second of microsteps[0] ?? []) pairs.add(pairKey(first, second));
  return pairs;
}
