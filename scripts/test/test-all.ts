/**
 * `npm test`: every suite, each once, and at the end how long each took.
 *
 * 1. The one production build (into dist/), on Node 24 through scripts/setup/with-node.sh. A failed
 *    build ends the run: every browser suite tests it.
 * 2. Then two lines of work side by side:
 *    - the browser suites, `test:browsers` (scripts/test/test-browsers.ts, which prints each one's
 *      seconds), on the system's node, its output on the terminal;
 *    - the checks without a browser, one after another: `typecheck` and `lint` on the system's node,
 *      `test:unit` (Vitest projects unit, stately, tooling) and `test:model` on Node 24. Each one's
 *      output goes to test-results/npm-test-<step>.log and is printed whole once it ends, so it never
 *      interleaves with a browser suite's. The first that fails ends this line.
 *
 * Side by side because the browser suites leave the 2-core machine's CPU idle while they wait on
 * browsers, servers and the shop's real 3 s delays; nothing is shared between the two lines (the
 * Vitest suites build into folders of their own). Both Node majors of package.json's `engines` run
 * part of the work, and none of it runs twice.
 *
 * The last lines name each step with its outcome and seconds, and the whole run's; exit code 1 on any
 * failure or step not run. Ctrl-C or SIGTERM stops the running steps.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';

/** One step of the run: its name in the summary and the command it runs. */
interface Step {
  readonly name: string;
  readonly command: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** A step's outcome. */
interface Result {
  readonly step: Step;
  readonly passed: boolean;
  readonly seconds: number;
}

const ON_NODE_24 = ['bash', 'scripts/setup/with-node.sh', '24'];
const LOGS = 'test-results';

const BUILD: Step = { name: 'build (Node 24)', command: [...ON_NODE_24, 'npm', 'run', '--silent', 'build'] };
const BROWSERS: Step = { name: 'browsers', command: ['npm', 'run', '--silent', 'test:browsers'] };
/** The checks without a browser, in order; each gates the next. */
const CHECKS: readonly Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'unit (Node 24)',
    command: [...ON_NODE_24, 'npm', 'run', '--silent', 'test:unit'],
    env: { JUNIT_SUFFIX: '-node24' },
  },
  {
    name: 'model (Node 24)',
    command: [...ON_NODE_24, 'npm', 'run', '--silent', 'test:model'],
    env: { JUNIT_SUFFIX: '-node24' },
  },
];

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

/** Runs `step` with `stdio`; resolves with its outcome. */
function run(step: Step, stdio: StdioOptions): Promise<Result> {
  const [command, ...args] = step.command;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio, env: { ...process.env, ...step.env } });
    running.add(child);
    const done = (passed: boolean) => {
      running.delete(child);
      resolve({ step, passed, seconds: Math.round((Date.now() - started) / 1000) });
    };
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      done(false);
    });
    child.on('exit', (code) => done(code === 0));
  });
}

/** Runs `step` with its output in a log of its own, printed whole once it ends. */
async function runLogged(step: Step): Promise<Result> {
  const log = `${LOGS}/npm-test-${step.name.replace(/\W+/g, '-').replace(/-$/, '')}.log`;
  const fd = openSync(log, 'w');
  const result = await run(step, ['ignore', fd, fd]);
  closeSync(fd);
  const outcome = result.passed ? 'passed' : 'FAILED';
  console.log(`\n── ${step.name}: ${step.command.join(' ')} (${log}) ──\n${readFileSync(log, 'utf8')}`);
  console.log(`── ${step.name}: ${outcome} in ${result.seconds} s ──\n`);
  return result;
}

/** Runs the checks in order until one fails. */
async function runChecks(): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of CHECKS) {
    const result = await runLogged(step);
    results.push(result);
    if (!result.passed) break;
  }
  return results;
}

mkdirSync(LOGS, { recursive: true });
const started = Date.now();
console.log(`── ${BUILD.name}: ${BUILD.command.join(' ')}`);
const build = await run(BUILD, 'inherit');
const results: Result[] = [build];
if (build.passed) {
  const [browsers, checks] = await Promise.all([run(BROWSERS, 'inherit'), runChecks()]);
  results.push(...checks, browsers);
}

console.log('');
for (const { step, passed, seconds } of results) {
  console.log(`npm test step ${step.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
}
const ran = new Set(results.map((result) => result.step));
const notRun = [...CHECKS, BROWSERS].filter((step) => !ran.has(step));
for (const step of notRun) console.log(`npm test step ${step.name}: not run`);
const failed = notRun.length > 0 || results.some((result) => !result.passed);
console.log(`npm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
