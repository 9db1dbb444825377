/**
 * `npm run sessions:dry-run`: the shoppers' sessions of `npm run test:sessions` (same seeds, runs,
 * steps, page kinds and steering: tests/engines/session.ts) against the models alone, no browser, to
 * see in seconds which transition pairs a run's three engines would take together. Each engine's
 * sessions run in turn with their own share and their own pairs taken, as in their own processes.
 * The page is stood in for: it takes every step; its clock moves only with the model's timers (an
 * order's or a release's wait on the page's clock is not modelled), and the server holds the checkout's
 * download on a page without the worker until a step ends it loaded, as the real server does. So it is
 * an estimate of a browser run's pairs, not a test.
 *
 * Usage: node --import tsx scripts/sessions-dry-run.ts [--seed n] [--runs n] [--max-steps n]
 *   [--seeds n: that many seeds from --seed on, each reported, then their least and mean]
 * Prints per seed the pairs taken out of those the models can take, per machine and in total; with
 * --seeds 1 also the pairs none took.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { CHECKOUT_LOADED } from '../tests/model/storefront-model';
import { Reach, machineModels } from '../tests/engines/coverage-report';
import {
  SPECS,
  Session,
  engineSeed,
  engineShare,
  runsOf,
  sessionArbitraries,
  sessionSteering,
  type Driver,
  type SessionPage,
} from '../tests/engines/session';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    seeds: { type: 'string', default: '1' },
    runs: { type: 'string', default: '10' },
    'max-steps': { type: 'string', default: '20' },
  },
});
const RUNS = Number(values.runs);
const MAX_STEPS = Number(values['max-steps']);
const ENGINES = ['chromium', 'firefox', 'webkit'];
const models = machineModels('sessions');
const steering = new Map(Object.entries(SPECS).map(([name, spec]) => [name, sessionSteering(spec.suite)]));

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

/** One engine's sessions of every machine from the run's `seed`: the pairs they took, by machine. */
async function engineRun(seed: number, engine: string) {
  const reached = new Map(Object.keys(SPECS).map((name) => [name, new Reach()]));
  const steps: number[] = [];
  for (const [name, spec] of Object.entries(SPECS)) {
    const { pageKinds, commands } = sessionArbitraries(spec, MAX_STEPS);
    const property = fc.asyncProperty(pageKinds, commands, async (kind, list) => {
      const page: SessionPage = {
        withWorker: kind > 1,
        browser: { tickClock: async () => session.clock.now() },
      };
      const session = new Session(spec, standIn(page), page, kind > 0, {
        reachable: models.find((model) => model.suite === spec.suite)!.pairs,
        taken: reached.get(name)!.pairs,
        share: engineShare(engine),
        steering: steering.get(name)!,
      });
      await fc.asyncModelRun(async () => ({ model: session, real: session }), list);
      steps.push(session.steps.length);
      session.addTo(reached.get(name)!);
    });
    const details = await fc.check(property, {
      seed: engineSeed(seed, engine),
      numRuns: runsOf(name, RUNS, undefined),
    });
    if (details.failed) throw new Error(`${engine} ${name}: ${String(details.errorInstance)}`);
  }
  return { reached, steps };
}

const percents: number[] = [];
for (let offset = 0; offset < Number(values.seeds); offset += 1) {
  const seed = Number(values.seed) + offset;
  const taken = new Map(Object.keys(SPECS).map((name) => [name, new Set<string>()]));
  const steps: number[] = [];
  for (const engine of ENGINES) {
    const run = await engineRun(seed, engine);
    steps.push(...run.steps);
    for (const [name, reach] of run.reached) for (const pair of reach.pairs) taken.get(name)!.add(pair);
  }
  let all = 0;
  let reachable = 0;
  const lines: string[] = [];
  const untaken: string[] = [];
  for (const { suite, pairs } of models.filter(({ suite }) => suite.name in SPECS)) {
    const own = [...pairs].filter((pair) => taken.get(suite.name)!.has(pair));
    lines.push(`${suite.name} ${own.length}/${pairs.size}`);
    untaken.push(
      ...[...pairs]
        .filter((pair) => !taken.get(suite.name)!.has(pair))
        .map((pair) => `${suite.name}: ${pair}`),
    );
    all += own.length;
    reachable += pairs.size;
  }
  percents.push((all / reachable) * 100);
  const mean = steps.reduce((sum, count) => sum + count, 0) / steps.length;
  console.log(
    `seed ${seed}: ${lines.join(', ')}, all ${all}/${reachable} ${percents.at(-1)!.toFixed(1)}% · ${steps.length} sessions, ${mean.toFixed(1)} steps each`,
  );
  if (Number(values.seeds) === 1) for (const pair of untaken) console.log(`  NOT TAKEN: ${pair}`);
}
if (percents.length > 1)
  console.log(
    `${percents.length} seeds: least ${Math.min(...percents).toFixed(1)}%, mean ${(percents.reduce((a, b) => a + b, 0) / percents.length).toFixed(1)}%`,
  );
