/**
 * Shoppers' sessions worked out on the models alone, no browser: the same seeds, runs, steps, page
 * kinds and steering as an engine's sessions (session.ts), against a stand-in page that takes every
 * step. An engine runs this for the engines before it (`pairsBefore`), so it seeks the transition pairs
 * they leave though the engines run side by side; `npm run sessions:dry-run` for all three, to see in
 * seconds what a run would take. The stand-in's clock moves only with the model's timers (an order's
 * or a release's wait on the page's clock is not modelled), and its server holds the checkout's
 * download on a page without the worker until a step ends it loaded, as the real server does: so what
 * it takes is an estimate of what a browser's sessions take.
 */
import fc from 'fast-check';
import { CHECKOUT_LOADED } from '../model/storefront-model';
import type { MachineModel } from '../model/coverage-table';
import type { SteeringGraph } from '../model/session-steering';
import { Reach } from './coverage-report';
import {
  ENGINES,
  SPECS,
  Session,
  choosePage,
  engineSeed,
  runsOf,
  sessionArbitraries,
  type Driver,
  type SessionPage,
} from './session';

/** A run's budget and what steers it: the models' pairs and each machine's steering graph. */
export interface SimulationContext {
  runs: number;
  maxSteps: number;
  models: readonly MachineModel[];
  steering: ReadonlyMap<string, SteeringGraph>;
}

/** A driver that takes every step; it holds the checkout's download on `page` until it is loaded. */
function standIn(page: SessionPage): Driver {
  let loaded = page.withWorker;
  return {
    downloadHeld: () => !loaded,
    advanceClock: async () => {},
    assertState: async () => {},
    perform: async (event) => {
      if (event.type === CHECKOUT_LOADED) loaded = true;
    },
  };
}

/**
 * One engine's sessions of every machine from the run's `seed` on the models, after the pairs `before`
 * (by machine) were taken: what they reached (by machine) and each session's steps.
 * @throws when a session throws (a model that cannot take a step it offered).
 */
export async function simulateEngine(
  seed: number,
  engine: string,
  before: ReadonlyMap<string, ReadonlySet<string>>,
  { runs, maxSteps, models, steering }: SimulationContext,
): Promise<{ reached: Map<string, Reach>; steps: number[] }> {
  const reached = new Map(Object.keys(SPECS).map((name) => [name, new Reach()]));
  const steps: number[] = [];
  for (const [name, spec] of Object.entries(SPECS)) {
    const { pagePicks, commands } = sessionArbitraries(maxSteps);
    const reachable = models.find((model) => model.suite === spec.suite)!.pairs;
    const property = fc.asyncProperty(pagePicks, commands, async (pick, list) => {
      const known = {
        reachable,
        taken: new Set([...(before.get(name) ?? []), ...reached.get(name)!.pairs]),
        steering: steering.get(name)!,
      };
      const kind = choosePage(spec, pick, known);
      const page: SessionPage = {
        withWorker: kind.withWorker,
        browser: { tickClock: async () => session.clock.now() },
      };
      const session = new Session(spec, standIn(page), page, kind.deploying, known);
      await fc.asyncModelRun(async () => ({ model: session, real: session }), list);
      steps.push(session.steps.length);
      session.addTo(reached.get(name)!);
    });
    const details = await fc.check(property, {
      seed: engineSeed(seed, engine),
      numRuns: runsOf(name, runs, undefined),
    });
    if (details.failed) throw new Error(`${engine} ${name}: ${String(details.errorInstance)}`);
  }
  return { reached, steps };
}

/**
 * The pairs (by machine) the engines before `engine` take from the run's `seed`, each after those
 * before it, as {@link simulateEngine} works them out.
 */
export async function pairsBefore(
  seed: number,
  engine: string,
  context: SimulationContext,
): Promise<Map<string, Set<string>>> {
  const taken = new Map(Object.keys(SPECS).map((name) => [name, new Set<string>()]));
  for (const earlier of ENGINES.slice(0, Math.max(0, ENGINES.indexOf(engine)))) {
    const { reached } = await simulateEngine(seed, earlier, taken, context);
    for (const [name, reach] of reached) for (const pair of reach.pairs) taken.get(name)!.add(pair);
  }
  return taken;
}
