/**
 * Generates the paths a model suite runs, with xstate/graph's `getShortestPaths` and
 * `getSimplePaths` over a derived test model, within the bounds the model's sample events set:
 *
 * - shortest paths over transition vertices (a snapshot and the event that led to it): a shortest
 *   path to every transition from every bounded snapshot. There are many; the suite keeps those that
 *   add something no kept path reaches: a coverage item, a snapshot, or a sample event (greedy set
 *   cover, deterministic). So every bounded snapshot is still shown and every sample event still sent.
 * - simple paths (no snapshot twice) over a smaller sub-model: all of them run, e.g. every order of
 *   repeated add-to-cart and toast timeouts.
 */
import type { EventObject, Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { CoverageRecorder } from './coverage';
import { pathEvents, type DerivedTestModel, type ModelPath } from './derive-test-model';

/**
 * Drops every path whose event sequence is a prefix of (or equal to) another's: the longer path checks
 * every state the shorter one does. Keeps the order of the rest.
 */
export function withoutPrefixPaths<TPath extends StatePath<Snapshot<unknown>, EventObject>>(
  paths: readonly TPath[],
): TPath[] {
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

/** The sample events of each traversal: the model's bounds. */
export interface PathBounds<TSnapshot, TEvent> {
  /** Sample events of the shortest-path traversal (default: the model's own). */
  shortestEvents?: (snapshot: TSnapshot) => ReadonlyArray<TEvent>;
  /** Sample events of the simple-path traversal; keep them few, simple paths grow exponentially. */
  simpleEvents: (snapshot: TSnapshot) => ReadonlyArray<TEvent>;
}

/** The generated paths of a model and how many each generator produced. */
export interface GeneratedPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  /** The paths to run: kept shortest paths, then every simple path. */
  paths: ModelPath<TSnapshot, TEvent>[];
  /** Shortest paths generated (one per transition vertex, prefixes removed). */
  shortestGenerated: number;
  /** Of those, the ones kept (see the module comment). */
  shortestKept: number;
  /** Simple paths generated (prefixes removed); all of them run. */
  simple: number;
}

/**
 * Generates a model's paths (see the module comment).
 * @throws when a path's replay disagrees with the model (see {@link CoverageRecorder.pathCoverage}).
 */
export function generatePaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  derived: DerivedTestModel<TSnapshot, TEvent>,
  recorder: CoverageRecorder<TSnapshot, TEvent>,
  bounds: PathBounds<TSnapshot, TEvent>,
): GeneratedPaths<TSnapshot, TEvent> {
  const simple = withoutPrefixPaths(
    derived.model.getSimplePaths(derived.traversal({ vertex: 'snapshot', events: bounds.simpleEvents })),
  );
  const shortest = derived.model.getShortestPaths(
    derived.traversal(
      bounds.shortestEvents
        ? { vertex: 'transition', events: bounds.shortestEvents }
        : { vertex: 'transition' },
    ),
  );

  const reaches = (path: ModelPath<TSnapshot, TEvent>) => {
    const items = recorder.pathCoverage(path);
    for (const step of path.steps) {
      items.add(`snapshot ${derived.serialize(step.state)}`);
      items.add(`event ${JSON.stringify(step.event)}`);
    }
    return items;
  };
  const reached = new Set(simple.flatMap((path) => [...reaches(path)]));
  const candidates = shortest.map((path) => ({ path, items: reaches(path) }));
  const kept: ModelPath<TSnapshot, TEvent>[] = [];
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.items].filter((item) => !reached.has(item)).length;
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && candidate.path.steps.length < best!.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    kept.push(best.path);
    for (const item of best.items) reached.add(item);
  }
  const shortestKept = withoutPrefixPaths(kept);
  return {
    paths: withoutPrefixPaths([...shortestKept, ...simple]),
    shortestGenerated: shortest.length,
    shortestKept: shortestKept.length,
    simple: simple.length,
  };
}
