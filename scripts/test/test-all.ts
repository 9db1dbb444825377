/**
 * `npm test`: every suite, each once, and at the end how long each took.
 *
 * 1. `typecheck` and `lint` on the system's node;
 * 2. `test:unit` (Vitest projects unit, stately, tooling), `test:model` and the one production build
 *    (into dist/) on Node 24, through scripts/setup/with-node.sh, so both Node majors of package.json's
 *    `engines` run part of the work and none of it runs twice (the browser suites' runners, servers
 *    and Playwright run on the system's node, Node 20 on the build machine);
 * 3. `test:browsers` (scripts/test/test-browsers.ts), which prints each browser suite's seconds;
 * 4. `report:statecharts` (scripts/test/report-statecharts.ts): the machines' charts painted with what
 *    the covering paths and sessions of step 3 did, in reports/statecharts/index.html, whether they
 *    passed or not.
 *
 * A failure in steps 1–2 ends the run there: the browser suites need the build, and a broken type or
 * unit test is cheaper to learn of in minutes. The browser suites all run even when one fails. The
 * last lines name each step with its outcome and seconds, and the whole run's; exit code 1 on any
 * failure. Ctrl-C or SIGTERM stops the running step.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** One step of the run: its name in the summary and the command it runs. */
interface Step {
  readonly name: string;
  readonly command: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Whether its failure ends the run (the steps after it need what it makes or checks). */
  readonly gates: boolean;
}

const ON_NODE_24 = ['bash', 'scripts/setup/with-node.sh', '24'];

/** The steps, in order. */
const STEPS: readonly Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], gates: true },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'], gates: true },
  {
    name: 'unit (Node 24)',
    command: [...ON_NODE_24, 'npm', 'run', '--silent', 'test:unit'],
    env: { JUNIT_SUFFIX: '-node24' },
    gates: true,
  },
  {
    name: 'model (Node 24)',
    command: [...ON_NODE_24, 'npm', 'run', '--silent', 'test:model'],
    env: { JUNIT_SUFFIX: '-node24' },
    gates: true,
  },
  { name: 'build (Node 24)', command: [...ON_NODE_24, 'npm', 'run', '--silent', 'build'], gates: true },
  { name: 'browsers', command: ['npm', 'run', '--silent', 'test:browsers'], gates: false },
  {
    name: 'statecharts report',
    command: ['npm', 'run', '--silent', 'report:statecharts'],
    gates: false,
  },
];

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running?.kill(signal);
    process.exit(1);
  });
}

/** Runs `step` with its output on the terminal; resolves with its exit code. */
function run(step: Step): Promise<number> {
  const [command, ...args] = step.command;
  return new Promise((resolve) => {
    running = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    running.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      resolve(1);
    });
    running.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const results: { step: Step; passed: boolean; seconds: number }[] = [];
for (const step of STEPS) {
  console.log(`\n── ${step.name}: ${step.command.join(' ')}`);
  const stepStarted = Date.now();
  const passed = (await run(step)) === 0;
  results.push({ step, passed, seconds: Math.round((Date.now() - stepStarted) / 1000) });
  if (!passed && step.gates) break;
}

console.log('');
for (const { step, passed, seconds } of results) {
  console.log(`npm test step ${step.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
}
for (const step of STEPS.slice(results.length)) console.log(`npm test step ${step.name}: not run`);
const failed = results.some((result) => !result.passed) || results.length < STEPS.length;
console.log(`npm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
