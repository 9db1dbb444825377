/**
 * `npm test`: every suite, each once, and at the end how long each took.
 *
 * 1. `typecheck` and `lint` on the system's node, side by side: each is one thread of the 2 cores, and
 *    the output of each is printed whole once it ends;
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
  /** Whether it runs beside the steps before it that say so too, rather than after them. */
  readonly beside?: boolean;
}

const ON_NODE_24 = ['bash', 'scripts/setup/with-node.sh', '24'];

/** The steps, in order. */
const STEPS: readonly Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], gates: true, beside: true },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'], gates: true, beside: true },
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

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}
// However this process ends (a closed terminal's EPIPE included), no step outlives it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Runs `step`; resolves with its exit code. Its output goes to the terminal as it comes, or, when
 * `whole`, is held and printed in one piece once it ends, so that steps side by side do not mix lines.
 */
async function run(step: Step, whole: boolean): Promise<number> {
  const [command, ...args] = step.command;
  const child = spawn(command!, args, {
    stdio: whole ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...step.env },
  });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${step.name}: ${error.message}\n`));
      resolve(1);
    });
    child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  running.delete(child);
  if (whole && output.length > 0) {
    console.log(`\n── ${step.name}, its output:`);
    process.stdout.write(Buffer.concat(output));
  }
  return code;
}

/** The steps in order, those side by side (`beside`) grouped: each group runs at once. */
const groups: Step[][] = [];
for (const step of STEPS) {
  const last = groups.at(-1);
  if (step.beside && last?.[0]?.beside) last.push(step);
  else groups.push([step]);
}

const started = Date.now();
const results: { step: Step; passed: boolean; seconds: number }[] = [];
for (const group of groups) {
  for (const step of group) console.log(`\n── ${step.name}: ${step.command.join(' ')}`);
  const outcomes = await Promise.all(
    group.map(async (step) => {
      const stepStarted = Date.now();
      const passed = (await run(step, group.length > 1)) === 0;
      return { step, passed, seconds: Math.round((Date.now() - stepStarted) / 1000) };
    }),
  );
  results.push(...outcomes);
  if (outcomes.some(({ step, passed }) => !passed && step.gates)) break;
}

console.log('');
for (const { step, passed, seconds } of results) {
  console.log(`npm test step ${step.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
}
for (const step of STEPS.slice(results.length)) console.log(`npm test step ${step.name}: not run`);
const failed = results.some((result) => !result.passed) || results.length < STEPS.length;
console.log(`npm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
