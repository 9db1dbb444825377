/**
 * `npm run test:sessions`: shoppers' sessions drawn by fast-check from the machines' models
 * (tests/model/sessions.node-test.ts) in Chromium, Firefox and WebKit side by side, run by
 * scripts/test/test-engines.ts --suite sessions. Prints the seed first; each engine draws its sessions from
 * a seed of its own derived from it (tests/model/sessions.node-test.ts).
 *
 * Usage: npx tsx scripts/test/test-sessions.ts [--seed n] [--runs n] [--max-steps n]
 *   [--machine storefront|checkout] [--replay picks --taken t] [--shrink-seconds n] [--pairs-goal percent]
 *   [test-engines.ts's options]
 *   --runs: sessions per engine (default 12, one of them the checkout's; the last engine, Chromium, runs
 *   up to 10 more of a machine until the engines together take the goal of its pairs, as worked out
 *   on the models); --max-steps: steps per session (default 16);
 *   --machine, --replay and --taken (as a failure prints them) replay one failed session, its exact
 *   steps; --shrink-seconds: how long shrinking a failed session may go on before the smallest failing
 *   session found is reported (default 300).
 *   A failed session's report (its steps, error and replay command) is written to
 *   test-results/sessions/<engine>-<machine>.failure.txt as soon as it is found and each time shrinking
 *   makes it smaller, and printed at the end of the run however the run ended (a watchdog's stop
 *   included).
 *   Any other argument goes to test-engines.ts (--no-build, --engine name, --serial).
 * Reports: test-results/sessions/<engine>.log and .tap ($ENGINES_RESULTS); the covering paths' reach
 * is read from test-results/engines and test-results/engines-edge ($PATHS_RESULTS).
 * Then the transition pairs the sessions took in all engines together (each engine's
 * <engine>-session-pairs.json), per machine and in total, out of those the models can take, and the
 * pairs none took. Below {@link PAIRS_GOAL} of them (or --pairs-goal), when the three engines ran sessions of both
 * machines from a seed (not a replay), the run fails.
 * Exit code: test-engines.ts's, or 1 when the pairs fall short.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
type Engine = (typeof ENGINES)[number];
/** An engine's <engine>-session-pairs.json: per machine, the pairs its sessions took and those the model can take. */
type SessionPairs = Record<string, { taken: string[]; reachable: string[] }>;
/**
 * The share of the pairs the models can take that a full run's sessions take in the three engines
 * together (--pairs-goal, a percentage, sets another for one run).
 */
const PAIRS_GOAL = 0.9;

const OPTIONS: Partial<Record<string, string>> = {
  '--seed': 'SESSIONS_SEED',
  '--runs': 'SESSIONS_RUNS',
  '--max-steps': 'SESSIONS_MAX_STEPS',
  '--machine': 'SESSIONS_MACHINE',
  '--replay': 'SESSIONS_REPLAY',
  '--shrink-seconds': 'SESSIONS_SHRINK_SECONDS',
  '--taken': 'SESSIONS_TAKEN',
};
const env: NodeJS.ProcessEnv = { ...process.env };
const rest: string[] = [];
let pairsGoal = PAIRS_GOAL;
const args = process.argv.slice(2);
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  const name = OPTIONS[arg];
  const value = args[index + 1];
  if (arg === '--pairs-goal') pairsGoal = Number(args[++index]) / 100;
  else if (name === undefined) rest.push(arg);
  else if (value === undefined) throw new Error(`${arg} needs a value`);
  else {
    env[name] = value;
    index += 1;
  }
}
env.SESSIONS_SEED ??= String(Date.now() % 2 ** 31);
// The last engine plans its sessions to reach the goal (tests/support/model/session-simulation.ts).
env.SESSIONS_PAIRS_GOAL = String(pairsGoal * 100);
// Reports of their own: the engine suite's and the paths' stay (the paths' coverage is read from there).
env.ENGINES_RESULTS ??= 'test-results/sessions';
const results = env.ENGINES_RESULTS;
console.log(
  `sessions: seed ${env.SESSIONS_SEED} (again: npm run test:sessions -- --seed ${env.SESSIONS_SEED})`,
);
const pairsFile = (engine: Engine): string => join(results, `${engine}-session-pairs.json`);
for (const engine of ENGINES) rmSync(pairsFile(engine), { force: true });
/** Where the sessions write each failed session's report (tests/model/sessions.node-test.ts). */
const FAILURES = join('test-results', 'sessions');
const failureFiles = (): string[] =>
  existsSync(FAILURES)
    ? readdirSync(FAILURES)
        .filter((file) => file.endsWith('.failure.txt'))
        .map((file) => join(FAILURES, file))
    : [];
for (const file of failureFiles()) rmSync(file);
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/test/test-engines.ts', '--suite', 'sessions', ...rest],
  { stdio: 'inherit', env },
);
const pairsMet = pairsTogether();
for (const file of failureFiles()) console.log(`\n── ${file}:\n${readFileSync(file, 'utf8')}`);
process.exit(run.status === 0 && !pairsMet ? 1 : (run.status ?? 1));

/**
 * Prints the pairs the engines' sessions took together, per machine and in total, and those none
 * took. @returns false when a full run (three engines, both machines, not a replay) took fewer than
 * the goal.
 */
function pairsTogether(): boolean {
  const written = ENGINES.filter((engine) => existsSync(pairsFile(engine)));
  if (written.length === 0) return true;
  const machines = new Map<string, { taken: Set<string>; reachable: Set<string> }>();
  for (const engine of written)
    for (const [machine, { taken, reachable }] of Object.entries(
      JSON.parse(readFileSync(pairsFile(engine), 'utf8')) as SessionPairs,
    )) {
      const entry = machines.get(machine) ?? { taken: new Set(), reachable: new Set(reachable) };
      for (const pair of taken) entry.taken.add(pair);
      machines.set(machine, entry);
    }
  const percent = (count: number, of: number): string =>
    `${count}/${of} ${of ? Math.floor((count / of) * 100) : 100}%`;
  const lines = [`Transition pairs the sessions took in ${written.join(', ')} together:`];
  let taken = 0;
  let reachable = 0;
  const untaken: string[] = [];
  for (const [machine, entry] of machines) {
    const own = [...entry.reachable].filter((pair) => entry.taken.has(pair)).length;
    lines.push(`  ${machine.padEnd(12)} ${percent(own, entry.reachable.size)}`);
    taken += own;
    reachable += entry.reachable.size;
    untaken.push(
      ...[...entry.reachable].filter((pair) => !entry.taken.has(pair)).map((pair) => `${machine}: ${pair}`),
    );
  }
  lines.push(`  ${'all'.padEnd(12)} ${percent(taken, reachable)} (goal ${+(pairsGoal * 100).toFixed(1)}%)`);
  lines.push(...untaken.map((pair) => `  NOT TAKEN: ${pair}`));
  console.log(lines.join('\n'));
  const full = written.length === ENGINES.length && !env.SESSIONS_MACHINE && !env.SESSIONS_REPLAY;
  if (!full) {
    console.log('  (the goal is checked on a full run: three engines, both machines, not a replay)');
    return true;
  }
  if (taken >= pairsGoal * reachable) return true;
  console.log(
    `sessions: the engines took ${percent(taken, reachable)} of the transition pairs, below the goal of ${+(pairsGoal * 100).toFixed(1)}%`,
  );
  return false;
}
