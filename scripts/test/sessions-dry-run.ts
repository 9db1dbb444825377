/**
 * `npm run sessions:dry-run`: the shoppers' sessions of `npm run test:sessions` (same seeds, runs,
 * steps, page kinds and steering) worked out on the models alone, no browser
 * (tests/support/model/session-simulation.ts), to see in seconds which transition pairs a run's three engines
 * would take together. Each engine's sessions run after those of the engines before it, as each engine
 * works them out in its own process, and the last engine's as many as it plans for the goal. What a
 * browser run of the seed takes, unless a page takes a step otherwise than the models; not a test.
 *
 * Usage: node --import tsx scripts/test/sessions-dry-run.ts [--seed n] [--runs n] [--max-steps n]
 *   [--pairs-goal percent (default 90)] [--extra-runs n (default EXTRA_RUNS)]
 *   [--seeds n: that many seeds from --seed on, each reported, then their least and mean]
 * Prints per seed the pairs taken out of those the models can take, per machine and in total; with
 * --seeds 1 also the pairs none took.
 */
import { parseArgs } from 'node:util';
import { machineModels } from '@support/model/coverage-report';
import { ENGINES, EXTRA_RUNS, SPECS, sessionSteering } from '@support/model/session';
import { plannedRuns, simulateEngine, type SimulationContext } from '@support/model/session-simulation';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    seeds: { type: 'string', default: '1' },
    runs: { type: 'string', default: '12' },
    'max-steps': { type: 'string', default: '16' },
    'pairs-goal': { type: 'string', default: '90' },
    'extra-runs': { type: 'string', default: String(EXTRA_RUNS) },
  },
});
const context: SimulationContext = {
  runs: Number(values.runs),
  maxSteps: Number(values['max-steps']),
  models: machineModels('sessions'),
  steering: new Map(Object.entries(SPECS).map(([name, spec]) => [name, sessionSteering(spec.suite)])),
  goal: Number(values['pairs-goal']) / 100,
  extraRuns: Number(values['extra-runs']),
};

const percents: number[] = [];
for (let offset = 0; offset < Number(values.seeds); offset += 1) {
  const seed = Number(values.seed) + offset;
  const taken = new Map(Object.keys(SPECS).map((name) => [name, new Set<string>()]));
  const steps: number[] = [];
  for (const engine of ENGINES) {
    const runs = await plannedRuns(seed, engine, taken, context);
    const run = await simulateEngine(seed, engine, taken, context, runs);
    steps.push(...run.steps);
    for (const [name, reach] of run.reached) for (const pair of reach.pairs) taken.get(name)!.add(pair);
  }
  let all = 0;
  let reachable = 0;
  const lines: string[] = [];
  const untaken: string[] = [];
  for (const { suite, pairs } of context.models.filter(({ suite }) => suite.name in SPECS)) {
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
  const total = steps.reduce((sum, count) => sum + count, 0);
  console.log(
    `seed ${seed}: ${lines.join(', ')}, all ${all}/${reachable} ${percents.at(-1)!.toFixed(1)}% · ${steps.length} sessions, ${total} steps (${(total / steps.length).toFixed(1)} each)`,
  );
  if (Number(values.seeds) === 1) for (const pair of untaken) console.log(`  NOT TAKEN: ${pair}`);
}
if (percents.length > 1)
  console.log(
    `${percents.length} seeds: least ${Math.min(...percents).toFixed(1)}%, mean ${(percents.reduce((a, b) => a + b, 0) / percents.length).toFixed(1)}%`,
  );
