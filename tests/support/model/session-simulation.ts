/**
 * Shoppers' sessions worked out on the models alone, no browser: the same seeds, runs, steps, page
 * kinds and steering as an engine's sessions (session.ts), against a stand-in page that takes every
 * step. An engine runs this for the engines before it (`planEngine`), so it seeks the transition pairs
 * they leave though the engines run side by side; `npm run sessions:dry-run` for all three, to see in
 * seconds what a run would take. The stand-in's clock moves as a browser page's does (with the delay
 * commands, an order's processing and a release's announcement), and its server holds the checkout's
 * download on a page without the worker until a step ends it loaded, as the real server does; so its
 * sessions are those a browser runs from the same seed, unless a page takes a step otherwise.
 */
import fc from 'fast-check';
import { CLOCK_START } from '@support/model/model-drivers';
import type { MachineModel } from '@support/model/coverage-table';
import type { SteeringGraph } from '@support/model/session-steering';
import { Reach } from '@support/model/coverage-report';
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
  type SessionSpec,
} from '@support/model/session';

/**
 * A run's budget and what steers it: the models' pairs and each machine's steering graph. `goal` (a
 * share, 0–1) is what the engines together must take of the pairs: the last engine runs up to
 * `extraRuns` more sessions of a machine until they take it, and {@link PLAN_MARGIN} more, of the
 * machine's pairs ({@link planEngine}).
 */
export interface SimulationContext {
  runs: number;
  maxSteps: number;
  models: readonly MachineModel[];
  steering: ReadonlyMap<string, SteeringGraph>;
  goal: number;
  extraRuns: number;
}

/**
 * How far above the goal the last engine plans (a share of a machine's pairs): a browser's page takes a
 * step otherwise than the models alone only where real time leaks in (how long a new worker takes to
 * install), and the margin keeps such a session from bringing a run below the goal.
 */
export const PLAN_MARGIN = 0.02;

/** An engine's sessions per machine, and the pairs (by machine) the engines before it take. */
export interface EnginePlan {
  runs: Map<string, number>;
  before: Map<string, Set<string>>;
}

/**
 * A page that takes every step, with a fake clock of its own that moves as a browser's does: with the
 * delay commands, and with the steps that move it (`spec.clockMove`: an order's processing, a
 * release's announcement). It holds the checkout's download until a step ends it loaded
 * (`spec.endsDownload`), as the storefront's driver does, unless it has the worker.
 */
export function standIn(spec: SessionSpec, withWorker: boolean): { driver: Driver; page: SessionPage } {
  let loaded = withWorker;
  let now = CLOCK_START;
  return {
    page: { withWorker, browser: { tickClock: async (ms) => (now += ms) } },
    driver: {
      downloadHeld: () => !loaded,
      advanceClock: async (ms) => void (now += ms),
      assertState: async () => {},
      perform: async (event, snapshot) => {
        if (spec.endsDownload(event)) loaded = true;
        now += spec.clockMove(event, snapshot);
      },
    },
  };
}

/** The transition pairs a session of machine `name` can take, as `models` count them. */
export const reachableOf = (models: readonly MachineModel[], name: string) =>
  models.find((model) => model.suite === SPECS[name]!.suite)!.pairs;

/**
 * One engine's sessions of every machine from the run's `seed` on the models, after the pairs `before`
 * (by machine) were taken, `runs` of each machine (by default the run's budget, {@link runsOf}): what
 * they reached and, after each session, how many of the machine's pairs were taken with those before
 * (by machine), and each session's steps.
 * @throws when a session throws (a model that cannot take a step it offered).
 */
export async function simulateEngine(
  seed: number,
  engine: string,
  before: ReadonlyMap<string, ReadonlySet<string>>,
  { runs, maxSteps, models, steering }: SimulationContext,
  runsByMachine?: ReadonlyMap<string, number>,
): Promise<{ reached: Map<string, Reach>; progress: Map<string, number[]>; steps: number[] }> {
  const reached = new Map(Object.keys(SPECS).map((name) => [name, new Reach()]));
  const progress = new Map(Object.keys(SPECS).map((name) => [name, [] as number[]]));
  const steps: number[] = [];
  for (const [name, spec] of Object.entries(SPECS)) {
    const { pagePicks, commands } = sessionArbitraries(maxSteps);
    const reachable = reachableOf(models, name);
    const property = fc.asyncProperty(pagePicks, commands, async (pick, list) => {
      const known = {
        reachable,
        taken: new Set([...(before.get(name) ?? []), ...reached.get(name)!.pairs]),
        steering: steering.get(name)!,
      };
      const kind = choosePage(spec, pick, known);
      const { driver, page } = standIn(spec, kind.withWorker);
      const session = new Session(spec, driver, page, kind.deploying, known);
      await fc.asyncModelRun(async () => ({ model: session, real: session }), list);
      steps.push(session.steps.length);
      session.addTo(reached.get(name)!);
      const taken = new Set([...(before.get(name) ?? []), ...reached.get(name)!.pairs]);
      progress.get(name)!.push([...reachable].filter((pair) => taken.has(pair)).length);
    });
    const details = await fc.check(property, {
      seed: engineSeed(seed, engine),
      numRuns: runsByMachine?.get(name) ?? runsOf(name, runs),
    });
    if (details.failed) throw new Error(`${engine} ${name}: ${String(details.errorInstance)}`);
  }
  return { reached, progress, steps };
}

/**
 * `engine`'s plan in the run from `seed`: the pairs the engines before it take, worked out on the
 * models, and its sessions of each machine. The run's budget ({@link runsOf}) for each engine but the
 * last (`ENGINES`' last, Chromium), which sees what the others take: it runs a machine's sessions, up to
 * `context.extraRuns` more, until the three engines together take `context.goal` and
 * {@link PLAN_MARGIN} of the machine's pairs. A fast-check run's first sessions are the same whatever
 * its number of runs, so the plan is the least number of sessions that reaches that on the models; and
 * a browser's sessions are the models' (the stand-in's clock and download move as a page's do).
 */
export async function planEngine(
  seed: number,
  engine: string,
  context: SimulationContext,
): Promise<EnginePlan> {
  const before = await pairsBefore(seed, engine, context);
  return { runs: await plannedRuns(seed, engine, before, context), before };
}

/** `engine`'s sessions of each machine after the pairs `before` (by machine): see {@link planEngine}. */
export async function plannedRuns(
  seed: number,
  engine: string,
  before: ReadonlyMap<string, ReadonlySet<string>>,
  context: SimulationContext,
): Promise<Map<string, number>> {
  const runs = new Map(Object.keys(SPECS).map((name) => [name, runsOf(name, context.runs)]));
  if (engine !== ENGINES.at(-1) || context.extraRuns === 0) return runs;
  const most = new Map([...runs].map(([name, count]) => [name, count + context.extraRuns]));
  const { progress } = await simulateEngine(seed, engine, before, context, most);
  for (const [name, taken] of progress) {
    const wanted = Math.min(1, context.goal + PLAN_MARGIN) * reachableOf(context.models, name).size;
    let count = runs.get(name)!;
    while (count < most.get(name)! && taken[count - 1]! < wanted) count += 1;
    runs.set(name, count);
  }
  return runs;
}

/**
 * The pairs (by machine) the engines before `engine` take from the run's `seed`, each after those
 * before it, as {@link simulateEngine} works them out.
 */
async function pairsBefore(
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
