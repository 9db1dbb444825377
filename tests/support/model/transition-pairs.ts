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
import type { ModelSuite } from '@support/model/model-suite';

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

/**
 * `pairs` as a short code (base64url of one bit per pair of `reachable`, in sorted order), for a
 * command line: a replayed session must be steered from the pairs taken before it, as it was.
 */
export function encodePairs(pairs: ReadonlySet<string>, reachable: ReadonlySet<string>): string {
  const order = [...reachable].sort();
  const bits = new Uint8Array(Math.ceil(order.length / 8));
  order.forEach((pair, index) => {
    if (pairs.has(pair)) bits[index >> 3]! |= 1 << (index & 7);
  });
  return Buffer.from(bits).toString('base64url');
}

/**
 * The pairs of `reachable` that `code` ({@link encodePairs}) names.
 * @throws when the code is not one of this model's (its length does not fit the pairs).
 */
export function decodePairs(code: string, reachable: ReadonlySet<string>): Set<string> {
  const order = [...reachable].sort();
  const bits = Buffer.from(code, 'base64url');
  if (bits.length !== Math.ceil(order.length / 8))
    throw new Error(`'${code}' names pairs of another model (${order.length} pairs here)`);
  return new Set(order.filter((_, index) => (bits[index >> 3]! >> (index & 7)) & 1));
}
