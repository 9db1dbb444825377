#!/usr/bin/env node
/**
 * `npm run test:sessions`: shoppers' sessions drawn by fast-check from the machines' models
 * (tests/engines/sessions.engines.ts) in Chromium, Firefox and WebKit side by side, run by
 * scripts/test-engines.mjs --suite sessions. Prints the seed first; every engine runs that seed.
 *
 * Usage: node scripts/test-sessions.mjs [--seed n] [--runs n] [--max-steps n]
 *   [--machine storefront|checkout] [--path p --replay-path r] [test-engines.mjs's options]
 *   --runs: sessions per engine (default 10, about a quarter of them the checkout's); --max-steps:
 *   steps per session (default 20);
 *   --machine, --path and --replay-path (as a failure prints them) replay one shrunk session.
 *   Any other argument goes to test-engines.mjs (--no-build, --engine name, --serial).
 * Reports: test-results/sessions/<engine>.log and .tap ($ENGINES_RESULTS); the covering paths' reach
 * is read from test-results/engines and test-results/engines-edge ($PATHS_RESULTS).
 * Exit code: test-engines.mjs's.
 */
import { spawnSync } from 'node:child_process';

const OPTIONS = {
  '--seed': 'SESSIONS_SEED',
  '--runs': 'SESSIONS_RUNS',
  '--max-steps': 'SESSIONS_MAX_STEPS',
  '--machine': 'SESSIONS_MACHINE',
  '--path': 'SESSIONS_PATH',
  '--replay-path': 'SESSIONS_REPLAY_PATH',
};
const env = { ...process.env };
const rest = [];
const args = process.argv.slice(2);
for (let index = 0; index < args.length; index += 1) {
  const name = OPTIONS[args[index]];
  if (name === undefined) rest.push(args[index]);
  else if (args[index + 1] === undefined) throw new Error(`${args[index]} needs a value`);
  else env[name] = args[++index];
}
env.SESSIONS_SEED ??= String(Date.now() % 2 ** 31);
// Reports of their own: the engine suite's and the paths' stay (the paths' coverage is read from there).
env.ENGINES_RESULTS ??= 'test-results/sessions';
console.log(
  `sessions: seed ${env.SESSIONS_SEED} (again: npm run test:sessions -- --seed ${env.SESSIONS_SEED})`,
);
const run = spawnSync(process.execPath, ['scripts/test-engines.mjs', '--suite', 'sessions', ...rest], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
